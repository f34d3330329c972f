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
    public var trace: String?
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
    /// `name`, `date` (capture), `modified` or `size`: where the Photos scene's sort starts.
    public var order = "name"
    /// `--no-thumbnail-cache`: neither read nor write `$XDG_CACHE_HOME/thumbnails`.
    public var thumbnailCache = true
    /// `--no-camera-thumbnails`: decode every JPEG's own pixels, never its EXIF thumbnail (the bench's other side).
    public var cameraThumbnails = true
    /// Hidden (`--report-startup`): print startup timings and quit once the photos on screen are decoded.
    public var reportStartup = false
    /// Hidden (`--bench-scroll SPEED,SECONDS,JUMPS,SETTLE`): the peer benchmark's scroll (see BenchScroll).
    var benchScroll: BenchScroll.Plan?

    /// The app's own usage lines; the executable's commands (`Subcommand`) go between `layout` and `--help`.
    static let appUsage = """
    usage: coffeegrid [--scene NAME] [--size WxH] [--scale S] [--headless] [--script FILE|-]
                      [--screenshot FILE] [--state FILE] [--resources DIR] [--renderer automatic|software|gl]
                      [--seed N] [--columns SPEC] [--items N] [--no-restore] [--reduce-motion] [--order name|date|modified|size]
                      [--no-thumbnail-cache] [--no-camera-thumbnails] [--trace FILE] [PATH…]
           coffeegrid layout [--axis vertical|horizontal] --extent W [--alignment A] [--explain] SPEC
    """

    /// `coffeegrid --help`: the app's lines, a line for each command that is not hidden, the last line.
    static func usage(adding commands: [Subcommand]) -> String {
        ([appUsage] + commands.compactMap { $0.usage.map { "       " + $0 } } + ["       coffeegrid --help | --version"]).joined(separator: "\n")
    }

    /// The most cells `--items` asks for. The layout is arithmetic at any count; the cap keeps every
    /// scroll offset an exact integer in a Double (10⁹ rows of 58 points ≈ 6·10¹⁰ ≪ 2⁵³).
    public static let maxItems = 1_000_000_000

    public init() {}

    public init(parsing args: [String]) throws {
        var args = ArgumentReader(args)
        while let word = args.next() {
            // Anything not a flag is a folder or file to open; after `--` everything is.
            guard case .flag(let flag) = word else {
                guard case .word(let path) = word, path != "-" || args.onlyWords else {
                    throw UsageError("'-' is not a folder or file; to open one named so, write ./-")
                }
                // An empty word (`coffeegrid ""`, an unset variable) names nothing: not the current folder.
                guard !path.isEmpty else { throw UsageError("an empty path is not a folder or file; to open the current folder, write .") }
                paths.append(path)
                continue
            }
            switch flag {
            case "--scene": scene = try args.value()
            case "--size": size = try Options.parseSize(try args.value())
            case "--scale":
                scale = try args.value(as: Double.self, { Double($0).flatMap { $0.isFinite && $0 >= 0.5 && $0 <= 4 ? $0 : nil } },
                                       invalid: { "--scale must be a number from 0.5 to 4, not '\($0)'" })
            case "--headless": headless = true
            case "--script": script = try args.value()
            case "--screenshot": screenshot = try args.value()
            case "--state": state = try args.value()
            case "--trace": trace = try args.value()
            case "--resources": resources = try args.value()
            case "--renderer":
                renderer = try args.value(as: String.self, { ["automatic", "software", "gl"].contains($0) ? $0 : nil },
                                          invalid: { "--renderer must be automatic, software or gl, not '\($0)'" })
            case "--seed":
                seed = try args.value(as: UInt64.self, { UInt64($0) }, invalid: { "--seed must be a whole number ≥ 0, not '\($0)'" })
            case "--columns":
                let spec = try args.value()
                // Checked here so a typo is one line at launch, not a surprise after a scene switch.
                do { _ = try GridSpec.parse(spec) } catch let e as GridSpecError { throw UsageError("invalid --columns SPEC at \(e)") }
                columns = spec
            case "--items":
                items = try args.value(as: Int.self, { Int($0).flatMap { (0...Options.maxItems).contains($0) ? $0 : nil } },
                                       invalid: { "--items must be a whole number from 0 to \(Options.maxItems), not '\($0)'" })
            case "--no-restore": restore = false
            case "--reduce-motion": reduceMotion = true
            case "--no-thumbnail-cache": thumbnailCache = false
            case "--no-camera-thumbnails": cameraThumbnails = false
            case "--order":
                order = try args.value(as: String.self, { ["name", "date", "modified", "size"].contains($0) ? $0 : nil },
                                       invalid: { "--order must be name, date, modified or size, not '\($0)'" })
            case "--report-startup": reportStartup = true
            case "--bench-scroll": benchScroll = try BenchScroll.Plan.parse(try args.value())
            default:
                throw UsageError("unknown flag '\(flag)'; try coffeegrid --help")
            }
        }
    }

    /// `390x844` (also `390×844`), in points, each side 1…16384; exactly two numbers (`390x844x`
    /// and `x390x844` are mistakes, not sizes).
    static func parseSize(_ text: String) throws -> Size {
        let parts = text.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w.isFinite, h.isFinite, w >= 1, h >= 1, w <= 16384, h <= 16384 else {
            throw UsageError("--size must be WIDTHxHEIGHT in points (1…16384), such as 390x844, not '\(text)'")
        }
        return Size(width: w, height: h)
    }
}
