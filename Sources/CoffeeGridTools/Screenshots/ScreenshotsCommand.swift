import CoffeeGridApp
import Foundation
import GridCore

/// `coffeegrid screenshots [--out DIR] [--scale S] [SCENE…]`: renders every scene and variant
/// headless at 390×844 (portrait), 844×390 (landscape) and 320×320 (small, the smallest window),
/// for the README (`make screenshots`) and the golden-screenshot test (`make goldens`). Each
/// scene's first picture is also taken with the code panel the other way (`-code`: folded in
/// portrait, opened over the content in landscape and small).
enum ScreenshotsCommand {
    static let sizes = [("portrait", Size(width: 390, height: 844)), ("landscape", Size(width: 844, height: 390)),
                        ("small", Size(width: 320, height: 320))]
    /// The code panel the other way from how it starts.
    static let codeShot = (suffix: "-code", script: ["key Ctrl+K"])

    /// One picture: the file it is saved as, the scene, the window and the script lines before it.
    struct Shot {
        var file: String
        var scene: String
        var size: Size
        var script: [String]
    }

    /// Every variant each scene declares, and its first with the code panel the other way, at
    /// every size, in catalog order.
    static func shots(_ catalog: SceneCatalog, only: [String] = []) -> [Shot] {
        catalog.entries.filter { only.isEmpty || only.contains($0.name) }.flatMap { entry in
            (entry.shots + [(codeShot.suffix, (entry.shots.first?.script ?? []) + codeShot.script)]).flatMap { shot in
                sizes.map { orientation, size in
                    Shot(file: "\(entry.name)\(shot.suffix)-\(orientation).png", scene: entry.name, size: size, script: shot.script)
                }
            }
        }
    }

    /// Renders `shot` into `path` with a fresh app, as the command line would; returns the exit code.
    /// Each picture shows a first launch: its own empty state folder, so no variant sees the dock an
    /// earlier one saved (the docked landscape picture used to start from the portrait one's dock).
    static func render(_ shot: Shot, to path: String, scale: Double = 1) throws -> Int32 {
        let state = NSTemporaryDirectory() + "coffeegrid-shots-\(getpid())"
        let saved = getenv("XDG_STATE_HOME").map { String(cString: $0) }
        setenv("XDG_STATE_HOME", state, 1)
        defer {
            try? FileManager.default.removeItem(atPath: state)
            if let s = saved { setenv("XDG_STATE_HOME", s, 1) } else { unsetenv("XDG_STATE_HOME") }
        }
        let script = (shot.script + ["wait 1500", "screenshot \(path)"]).joined(separator: "\n")
        let file = NSTemporaryDirectory() + "coffeegrid-shot-\(getpid()).txt"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return CoffeeGrid.main(["--headless", "--scene", shot.scene, "--size", "\(Int(shot.size.width))x\(Int(shot.size.height))",
                                "--scale", String(scale), "--script", file])
    }

    static func run(_ args: [String]) throws -> Int32 {
        var out = "docs/screenshots"
        var scale = 1.0
        var only: [String] = []
        var args = ArgumentReader(args, missingValue: { flag, what in "\(flag) needs \(what)" })
        while let word = args.next() {
            switch word {
            case .flag("--out"): out = try args.value("a folder")
            case .flag("--scale"):
                scale = try args.value(as: Double.self, what: "0.5…4", { Double($0).flatMap { $0 >= 0.5 && $0 <= 4 ? $0 : nil } }, invalid: { _ in "--scale needs 0.5…4" })
            case .flag(let a): throw UsageError("unknown flag '\(a)' for screenshots")
            case .word(let name): only.append(name)
            }
        }
        let catalog = SceneCatalog.standard()
        for name in only where catalog.entry(named: name) == nil {
            throw UsageError("unknown scene '\(name)'; scenes: \(catalog.names.joined(separator: ", "))")
        }
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var count = 0
        for shot in shots(catalog, only: only) {
            let rc = try render(shot, to: "\(out)/\(shot.file)", scale: scale)
            guard rc == 0 else { return rc }
            count += 1
        }
        print("wrote \(count) screenshots to \(out)")
        return 0
    }
}
