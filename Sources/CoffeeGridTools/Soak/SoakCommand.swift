import CoffeeGridApp
import Foundation
import GridCore
import SystemIO
import Stage

/// `coffeegrid soak [--seconds N] [--warmup N]`: runs the app headless for a long time doing what a
/// person does (switching scenes, toggling columns and modes, scrolling through the photos) and fails
/// if the resident set grows more than `--max-growth` percent (default 5) after the warm-up.
enum SoakCommand {
    static let usage = "usage: coffeegrid soak [--seconds N] [--warmup N] [--max-growth PERCENT]"
    /// Thirty days: longer soaks are typing mistakes (and 1e300 seconds cannot be counted in frames).
    static let maxSeconds = 2_592_000.0

    /// Keys that change a scene's layout but are not on its toolbar.
    static let layoutKeys: [String: [Character]] = ["symbols": ["c", "f", "s"], "feed": ["g"], "cafes": ["g"]]

    static func run(_ args: [String], log: @escaping (String) -> Void) throws -> Int32 {
        var seconds = 600.0, warmup: Double?, maxGrowth = 5.0
        let ranges: [String: ClosedRange<Double>] = ["--seconds": 1...maxSeconds, "--warmup": 0...maxSeconds, "--max-growth": 0...1000]
        func outOfRange(_ flag: String, _ text: String) -> String {
            let range = ranges[flag] ?? 0...0
            return "\(flag) needs a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), not \(ScriptMessage.excerpt(text)); \(usage)"
        }
        var args = ArgumentReader(args, missingValue: { flag, _ in outOfRange(flag, "") })
        while let word = args.next() {
            switch word {
            case .flag(let flag) where ranges[flag] != nil:
                let range = ranges[flag]!
                let v = try args.value(as: Double.self, { Double($0).flatMap { range.contains($0) ? $0 : nil } }, invalid: { outOfRange(flag, $0) })
                switch flag {
                case "--seconds": seconds = v
                case "--warmup": warmup = v
                default: maxGrowth = v
                }
            case .flag("-h"), .flag("--help"): print(usage); return 0
            case .flag(let a), .word(let a): throw UsageError("unknown argument '\(a)' for soak; \(usage)")
            }
        }
        let warm = min(warmup ?? min(60, seconds / 5), seconds)
        let session = try HeadlessSession(scene: nil, size: HostOptions.defaultSize, log: log)
        let start = ProcessStats.monotonicMilliseconds / 1000
        var baseline: Int?
        var laps = 0, lastPrint = start
        print("soak: \(Int(seconds)) s, warm-up \(Int(warm)) s, RSS now \(mb(ProcessStats.residentBytes))")
        while ProcessStats.monotonicMilliseconds / 1000 - start < seconds {
            try lap(session)
            if let code = Interruption.exitCode {
                print("soak: interrupted after \(laps) laps, \(session.host.frameCount) frames, RSS \(mb(ProcessStats.residentBytes))")
                return code
            }
            laps += 1
            let now = ProcessStats.monotonicMilliseconds / 1000
            if baseline == nil && now - start >= warm {
                baseline = ProcessStats.residentBytes
                print("soak: baseline after \(laps) laps: RSS \(mb(baseline))")
            }
            if now - lastPrint >= 60 {
                lastPrint = now
                print("soak: \(Int(now - start)) s, \(laps) laps, \(session.host.frameCount) frames, RSS \(mb(ProcessStats.residentBytes))")
            }
            StandardOutput.flush()
        }
        guard let base = baseline, let end = ProcessStats.residentBytes else {
            throw UsageError("soak ran too briefly for a baseline after the warm-up, or /proc/self/status is unreadable")
        }
        let growth = Double(end - base) / Double(base) * 100
        print("soak: \(laps) laps, \(session.host.frameCount) frames; RSS \(mb(base)) after warm-up, \(mb(end)) at the end "
              + "(\(String(format: "%+.1f", growth)) %), peak \(mb(ProcessStats.peakResidentBytes))")
        if growth > maxGrowth {
            log("coffeegrid: soak failed: RSS grew \(String(format: "%.1f", growth)) % after the warm-up (limit \(maxGrowth) %)")
            return 1
        }
        return 0
    }

    /// Every scene once: its layout keys and toolbar toggles with time to animate, a scroll down
    /// through the content and back.
    static func lap(_ s: HeadlessSession) throws {
        for entry in s.app.catalog.entries where !Interruption.requested {
            try s.run(.scene(entry.name))
            let keys = (layoutKeys[entry.name] ?? []) + s.app.sceneToolbarKeys.compactMap { $0.count == 1 ? $0.first : nil }
            for key in keys where !Interruption.requested {
                try s.press(key)
                try s.run(.wait(milliseconds: 250))
            }
            for _ in 0..<6 {
                try s.run(.scroll(dx: 0, dy: 900, modifiers: []))
                try s.run(.wait(milliseconds: 50))
            }
            try s.run(.key(.home, []))
            try s.run(.wait(milliseconds: 300))
        }
    }

    static func mb(_ bytes: Int?) -> String {
        bytes.map { String(format: "%.1f MB", ProcessStats.megabytes($0)) } ?? "?"
    }
}
