import Foundation
import GridCore
import Stage

/// `coffeegrid screenshots [--out DIR] [--scale S] [SCENE…]`: renders every scene and variant
/// headless at 390×844 (portrait) and 844×390 (landscape), for the README (`make screenshots`).
enum ScreenshotsCommand {
    static let sizes = [("portrait", Size(width: 390, height: 844)), ("landscape", Size(width: 844, height: 390))]

    static func run(_ args: [String]) throws -> Int32 {
        var out = "docs/screenshots"
        var scale = 1.0
        var only: [String] = []
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--out": i += 1; guard i < args.count else { throw UsageError("--out needs a folder") }; out = args[i]
            case "--scale":
                i += 1
                guard i < args.count, let s = Double(args[i]), s >= 0.5, s <= 4 else { throw UsageError("--scale needs 0.5…4") }
                scale = s
            case let a where a.hasPrefix("-"): throw UsageError("unknown flag '\(a)' for screenshots")
            case let name: only.append(name)
            }
            i += 1
        }
        let catalog = SceneCatalog.standard()
        for name in only where catalog.entry(named: name) == nil {
            throw UsageError("unknown scene '\(name)'; scenes: \(catalog.names.joined(separator: ", "))")
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        // Pictures show the scenes as a first launch does: no saved dock from the user's own state.
        let state = NSTemporaryDirectory() + "coffeegrid-shots-\(getpid())"
        setenv("XDG_STATE_HOME", state, 1)
        defer { try? FileManager.default.removeItem(atPath: state) }
        var count = 0
        for entry in catalog.entries where only.isEmpty || only.contains(entry.name) {
            for shot in entry.shots {
                for (orientation, size) in sizes {
                    let path = "\(out)/\(entry.name)\(shot.suffix)-\(orientation).png"
                    let script = (shot.script + ["wait 1500", "screenshot \(path)"]).joined(separator: "\n")
                    let file = NSTemporaryDirectory() + "coffeegrid-shot-\(getpid()).txt"
                    try script.write(toFile: file, atomically: true, encoding: .utf8)
                    let rc = CoffeeGrid.main(["--headless", "--scene", entry.name, "--size", "\(Int(size.width))x\(Int(size.height))",
                                              "--scale", String(scale), "--script", file])
                    try? FileManager.default.removeItem(atPath: file)
                    guard rc == 0 else { return rc }
                    count += 1
                }
            }
        }
        print("wrote \(count) screenshots to \(out)")
        return 0
    }
}
