import Foundation
import GridCore

/// The app's flags, parsed strictly: an unknown flag or a bad value is a one-line error (exit 2).
public struct Options {
    public var scene: String?
    public var size: Size?
    public var scale: Double = 1
    public var headless = false
    public var script: String?
    public var screenshot: String?
    public var state: String?
    public var resources: String?
    public var renderer = "automatic"
    public var seed: UInt64 = 29
    public var columns: String?
    /// `--items N`: how many cells the `cells` scene holds (nil: its 10,000).
    public var items: Int?
    /// `--no-restore`: the dock and the session (window, scene, appearance, variants) start fresh.
    public var restore = true
    /// `--reduce-motion`: layout changes cross-fade, whatever the desktop says.
    public var reduceMotion = false
    /// Folders and files to show in the feed and the dock instead of the bundled photos.
    public var paths: [String] = []
    /// `name` or `date` (the feed's order button starts there).
    public var order = "name"
    /// `--no-thumbnail-cache`: neither read nor write `$XDG_CACHE_HOME/thumbnails`.
    public var thumbnailCache = true
    /// Hidden (`--report-startup`): print startup timings and quit once the photos on screen are decoded.
    public var reportStartup = false
    /// Hidden (`--bench-scroll SPEED,SECONDS,JUMPS,SETTLE`): the peer benchmark's scroll (see BenchScroll).
    var benchScroll: BenchScroll.Plan?

    public static let usage = """
    usage: coffeegrid [--scene NAME] [--size WxH] [--scale S] [--headless] [--script FILE|-]
                      [--screenshot FILE] [--state FILE] [--resources DIR] [--renderer automatic|software|gl]
                      [--seed N] [--columns SPEC] [--items N] [--no-restore] [--reduce-motion] [--order name|date]
                      [--no-thumbnail-cache] [PATH…]
           coffeegrid layout [--axis vertical|horizontal] --extent W [--alignment A] [--explain] SPEC
           coffeegrid bench [--json FILE] [--scene NAME] [SUITE…]
           coffeegrid soak [--seconds N] [--warmup N] [--max-growth PERCENT]
           coffeegrid screenshots [--out DIR] [--scale S] [SCENE…]
           coffeegrid --help | --version
    """

    /// The most cells `--items` asks for. The layout is arithmetic at any count; the cap keeps every
    /// scroll offset an exact integer in a Double (10⁹ rows of 58 points ≈ 6·10¹⁰ ≪ 2⁵³).
    public static let maxItems = 1_000_000_000

    public init() {}

    public init(parsing args: [String]) throws {
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError("\(flag) needs a value") }
            return args[i]
        }
        var onlyPaths = false
        while i < args.count {
            let a = args[i]
            // Anything not a flag is a folder or file to open; after `--` everything is.
            if onlyPaths || !a.hasPrefix("-") || a == "-" {
                guard a != "-" || onlyPaths else { throw UsageError("'-' is not a folder or file; to open one named so, write ./-") }
                paths.append(a)
                i += 1
                continue
            }
            if a == "--" { onlyPaths = true; i += 1; continue }
            // Accept --flag=value as well as --flag value.
            var flag = a
            var inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
                flag = String(a[..<eq])
                inline = String(a[a.index(after: eq)...])
            }
            func v() throws -> String {
                if let inline = inline { return inline }
                return try value(flag)
            }
            switch flag {
            case "--scene": scene = try v()
            case "--size": size = try Options.parseSize(try v())
            case "--scale":
                let text = try v()
                guard let s = Double(text), s.isFinite, s >= 0.5, s <= 4 else {
                    throw UsageError("--scale must be a number from 0.5 to 4, not '\(text)'")
                }
                scale = s
            case "--headless": headless = true
            case "--script": script = try v()
            case "--screenshot": screenshot = try v()
            case "--state": state = try v()
            case "--resources": resources = try v()
            case "--renderer":
                let r = try v()
                guard ["automatic", "software", "gl"].contains(r) else {
                    throw UsageError("--renderer must be automatic, software or gl, not '\(r)'")
                }
                renderer = r
            case "--seed":
                let text = try v()
                guard let n = UInt64(text) else { throw UsageError("--seed must be a whole number ≥ 0, not '\(text)'") }
                seed = n
            case "--columns":
                let spec = try v()
                // Checked here so a typo is one line at launch, not a surprise after a scene switch.
                do { _ = try GridSpec.parse(spec) } catch let e as GridSpecError { throw UsageError("invalid --columns SPEC at \(e)") }
                columns = spec
            case "--items":
                let text = try v()
                guard let n = Int(text), n >= 0, n <= Options.maxItems else {
                    throw UsageError("--items must be a whole number from 0 to \(Options.maxItems), not '\(text)'")
                }
                items = n
            case "--no-restore": restore = false
            case "--reduce-motion": reduceMotion = true
            case "--no-thumbnail-cache": thumbnailCache = false
            case "--order":
                let text = try v()
                guard ["name", "date"].contains(text) else { throw UsageError("--order must be name or date, not '\(text)'") }
                order = text
            case "--report-startup": reportStartup = true
            case "--bench-scroll": benchScroll = try BenchScroll.Plan.parse(try v())
            default:
                throw UsageError("unknown flag '\(a)'; try coffeegrid --help")
            }
            i += 1
        }
    }

    /// `390x844` (also `390×844`), in points, each side 1…16384.
    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x")
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw UsageError("--size must be WIDTHxHEIGHT in points (1…16384), such as 390x844, not '\(text)'")
        }
        return Size(width: w, height: h)
    }
}
