import XCTest
import Foundation
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// The app run headless on a Resources folder whose photos are broken in every way a disk can break
/// them (made here, at test time): each photo scene still exits 0, draws a broken-image card for each
/// bad file, logs exactly one line per bad file, and stays inside its texture budget.
final class BadImageTests: XCTestCase {
    var dir: URL!
    var resources: URL { dir.appendingPathComponent("Resources") }
    var photos: URL { resources.appendingPathComponent("Photos") }

    /// The checkout's real Resources folder (beside the Package.swift above this file, wherever it sits).
    static let realResources: URL = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path), dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return dir.appendingPathComponent("Resources")
    }()

    /// Each kind of damage, applied to photo number `n` of both the coffee and the cafe sets.
    enum Damage: Int, CaseIterable {
        case truncatedJPEG = 1, randomBytes, directory, zeroBytes, hugePNGHeader, unreadable, namedPipe, danglingLink, missing
    }

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        setenv("SDL_VIDEODRIVER", "dummy", 1)
    }

    override func tearDownWithError() throws {
        // The unreadable file and the pipe need no special care to delete; the folder goes whole.
        try? FileManager.default.removeItem(at: dir)
    }

    /// Symlinks to everything real, then the damaged photos in place of some. Returns the bad files.
    @discardableResult
    func makeCorpus() throws -> Set<String> {
        let fm = FileManager.default
        for entry in try fm.contentsOfDirectory(atPath: Self.realResources.path) where entry != "Photos" {
            try fm.createSymbolicLink(at: resources.appendingPathComponent(entry), withDestinationURL: Self.realResources.appendingPathComponent(entry))
        }
        let real = Self.realResources.appendingPathComponent("Photos")
        for name in try fm.contentsOfDirectory(atPath: real.path) {
            try fm.createSymbolicLink(at: photos.appendingPathComponent(name), withDestinationURL: real.appendingPathComponent(name))
        }
        var bad = Set<String>()
        var rng = SplitMix64(seed: 17)
        for prefix in ["coffee", "cafe"] {
            for damage in Damage.allCases {
                let name = "\(prefix)-\(damage.rawValue).jpg"
                let file = photos.appendingPathComponent(name)
                let original = try Data(contentsOf: real.appendingPathComponent(name))
                try fm.removeItem(at: file)
                switch damage {
                case .truncatedJPEG:
                    try original.prefix(original.count * 2 / 5).write(to: file)
                case .randomBytes:
                    try Data((0..<6000).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: file)
                case .directory:
                    try fm.createDirectory(at: file, withIntermediateDirectories: false)
                case .zeroBytes:
                    try Data().write(to: file)
                case .hugePNGHeader:
                    try Self.pngClaiming(width: 60000, height: 60000).write(to: file)
                case .unreadable:
                    // A good photo nobody may read. Root reads it anyway (CAP_DAC_OVERRIDE), so as root it
                    // decodes and is not bad here; testUnreadablePhotoForAnOrdinaryUser covers it as `nobody`.
                    try original.write(to: file)
                    try fm.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
                    if geteuid() == 0 { continue }
                case .namedPipe:
                    // Opening a FIFO for reading would block until a writer came: it must be refused unopened.
                    XCTAssertEqual(mkfifo(file.path, 0o644), 0)
                case .danglingLink:
                    try fm.createSymbolicLink(atPath: file.path, withDestinationPath: dir.appendingPathComponent("gone.jpg").path)
                case .missing:
                    break
                }
                bad.insert(name)
            }
        }
        return bad
    }

    /// A well-formed PNG (signature, IHDR, a little IDAT, IEND) whose header claims `width`×`height`.
    static func pngClaiming(width: Int, height: Int) -> Data {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(body.count) + Array(type.utf8) + body + [0, 0, 0, 0] }
        let ihdr = be32(width) + be32(height) + [8, 6, 0, 0, 0]
        return Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00]) + chunk("IEND", []))
    }

    /// Scenes of the catalog whose first frame draws photos (stack now; feed, cafes and dock later).
    func photoScenes() throws -> [String] {
        let context = AppContext(options: Options(), resources: ResourceLocator(root: Self.realResources), log: { _ in })
        return try SceneCatalog.standard().names.filter { name in
            let app = try AppController(context: context, initialScene: name, windowSize: HostOptions.defaultSize, scale: 1)
            _ = app.update(at: 0)
            return !Self.photoCommands(app.buildDrawList()).isEmpty
        }
    }

    static func photoCommands(_ list: DrawList) -> [(path: String, rect: Rect)] {
        list.commands.compactMap { command in
            if case let .image(path, r, _, _, _, _, _) = command, path.contains("/Photos/") { return (path, r) }
            return nil
        }
    }

    struct Run {
        var exitCode: Int32
        var log: [String]
        var drawn: [(path: String, rect: Rect)] = []
        var states: [String: ImageState] = [:]
        var stats = ImagePipelineStats()
        var budget = 0
        var pixels: PixelImage?
    }

    func run(scene: String) throws -> Run {
        var lines: [String] = []
        var result = Run(exitCode: -1, log: [])
        let shot = dir.appendingPathComponent("\(scene).png").path
        let hooks = RunHooks(log: { lines.append($0) }, finished: { app in
            result.drawn = Self.photoCommands(app.lastDrawList)
            guard let images = app.images else { return }
            for (path, r) in result.drawn { result.states[path] = images.request(path, pixelSize: Size(width: r.width, height: r.height), priority: 0) }
            result.stats = images.stats
            result.budget = images.byteBudget
            result.pixels = try? app.canvas?.readPixels()
        })
        result.exitCode = CoffeeGrid.main(["--headless", "--resources", resources.path, "--scene", scene, "--size", "390x844", "--screenshot", shot], hooks: hooks)
        result.log = lines
        return result
    }

    func testEveryPhotoSceneSurvivesBrokenPhotos() throws {
        let bad = try makeCorpus()
        let scenes = try photoScenes()
        XCTAssertTrue(scenes.contains("stack"), "photo scenes found: \(scenes)")
        for scene in scenes {
            let r = try run(scene: scene)
            XCTAssertEqual(r.exitCode, 0, scene)
            XCTAssertFalse(r.drawn.isEmpty, scene)
            let drawnNames = Set(r.drawn.map { URL(fileURLWithPath: $0.path).lastPathComponent })
            let drawnBad = drawnNames.intersection(bad)
            // Exactly one line per bad file drawn, and nothing else.
            for name in drawnBad {
                let about = r.log.filter { $0.contains("image \(name):") }
                XCTAssertEqual(about.count, 1, "\(scene): log lines about \(name): \(about)")
            }
            XCTAssertEqual(r.log.count, drawnBad.count, "\(scene): \(r.log)")
            XCTAssertEqual(r.stats.failed, drawnBad.count, scene)
            // Each bad file is a broken-image card; each good one a photo.
            for (path, _) in r.drawn {
                let name = URL(fileURLWithPath: path).lastPathComponent
                switch r.states[path] {
                case .failed?: XCTAssertTrue(bad.contains(name), "\(scene): \(name) failed")
                case .ready?: XCTAssertFalse(bad.contains(name), "\(scene): \(name) drew as a photo")
                default: XCTFail("\(scene): \(name) still loading after a headless run")
                }
            }
            XCTAssertLessThanOrEqual(r.stats.textureBytes, r.budget, scene)
        }
    }

    func testStackDrawsTheBrokenImageCardInPlaceOfEachBadPhoto() throws {
        let bad = try makeCorpus()
        let r = try run(scene: "stack")
        XCTAssertEqual(r.exitCode, 0)
        let pixels = try XCTUnwrap(r.pixels)
        let card = SystemColor.systemGray5.resolved(.light)
        var cards = 0
        for (path, rect) in r.drawn where rect.maxY <= Double(pixels.height) {
            // A quarter of the way in: clear of the card's border and of its centred warning symbol.
            let p = pixels.pixel(x: Int(rect.minX + rect.width / 4), y: Int(rect.minY + rect.height / 4))
            let isCard = abs(Double(p.r) - card.red * 255) <= 2 && abs(Double(p.g) - card.green * 255) <= 2 && abs(Double(p.b) - card.blue * 255) <= 2
            let name = URL(fileURLWithPath: path).lastPathComponent
            XCTAssertEqual(isCard, bad.contains(name), "\(name) at \(rect): pixel \(p)")
            if isCard { cards += 1 }
        }
        XCTAssertEqual(cards, bad.filter { $0.hasPrefix("coffee-") }.count)
    }

    /// As root the mode-000 photo is readable, so the same folder is shown to the app running as
    /// `nobody` (setpriv), where it must log exactly one "permission denied" line for it.
    func testUnreadablePhotoForAnOrdinaryUser() throws {
        try makeCorpus()
        let name = "coffee-\(Damage.unreadable.rawValue).jpg"
        guard geteuid() == 0 else {
            // Not root: the in-process run already meets the permission bits.
            let r = try run(scene: "stack")
            XCTAssertEqual(r.log.filter { $0.contains("image \(name): cannot read (permission denied)") }.count, 1, "\(r.log)")
            return
        }
        // The test bundle runs from the build folder, beside the app.
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("coffeegrid").path
        // The binary is built with the tests (EndToEndTests depends on it); setpriv is util-linux, always on Debian.
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary), "no \(binary)")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "no /usr/bin/setpriv")
        // `nobody` must be able to reach the folder (temporary directories are world-searchable).
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        p.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary, "--headless", "--resources", resources.path,
                       "--scene", "stack", "--screenshot", "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        env["SDL_VIDEODRIVER"] = "dummy"
        p.environment = env
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0, text)
        let lines = text.split(separator: "\n").filter { $0.contains("image \(name):") }
        XCTAssertEqual(lines.count, 1, text)
        XCTAssertTrue(lines.first?.hasSuffix("image \(name): cannot read (permission denied)") == true, text)
    }

    func testMissingResourcesFolderIsOneLineAndExitOne() throws {
        var lines: [String] = []
        let rc = CoffeeGrid.main(["--headless", "--resources", dir.appendingPathComponent("Nowhere").path],
                                 hooks: RunHooks(log: { lines.append($0) }))
        XCTAssertEqual(rc, 1)
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("cannot find the Resources folder") == true, "\(lines)")
        XCTAssertFalse(lines.first?.contains("\n") ?? true)
    }
}
