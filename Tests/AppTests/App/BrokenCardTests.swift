import Foundation
import GridCore
@testable import PhotoLibrary
@testable import Stage
@testable import CoffeeGridApp
import XCTest

/// A photo overwritten with text while the window is open becomes the broken-image card. Its
/// warning sign is a symbol rasterised off the frame thread, so the first card of a run is planned
/// before the sign exists; the kept frame must not keep that blank card once the sign has landed
/// (seen in a real window: `echo x > IMG_2.jpg` left a blank grey tile until something drew over it).
final class BrokenCardTests: XCTestCase {
    var dir: URL!
    var folder: String { dir.appendingPathComponent("Pics").path }
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = fm.temporaryDirectory.appendingPathComponent("coffeegrid-brokencard-\(UUID().uuidString)")
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
    }

    override func tearDownWithError() throws { try? fm.removeItem(at: dir) }

    func testTheFirstBrokenCardOfARunShowsItsSignOnceTheSignLands() throws {
        for i in 1...3 { try OwnPhotosTests.jpeg(UInt32(i)).write(to: URL(fileURLWithPath: folder + "/IMG_\(i).jpg")) }
        var options = Options()
        options.paths = [folder]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: Size(width: 900, height: 640), options: options, waitsForImages: true)
        try s.run(.settle)
        s.app.waitsForImages = false
        try Data("x\n".utf8).write(to: URL(fileURLWithPath: folder + "/IMG_2.jpg"))
        let drawer = try XCTUnwrap(s.app.painter?.renderer)
        func showsFailedCard() -> Bool {
            drawer.retained?.items.contains { if case .failed? = $0.image { return true } else { return false } } ?? false
        }
        // As a window: frames while anything is on its way, then a few idle ones.
        let deadline = Date(timeIntervalSinceNow: 15)
        var idle = 0
        while idle < 5 && Date() < deadline {
            s.host.step()
            usleep(10_000)
            idle = showsFailedCard() && !(s.app.painter?.needsFrames ?? true) ? idle + 1 : 0
        }
        XCTAssertTrue(showsFailedCard(), "the overwritten photo became the broken-image card")
        let kept = try drawer.canvas.readPixels()
        drawer.canvas.setClip(nil)
        drawer.canvas.clear(s.app.env.color(.background))
        drawer.render(s.app.lastDrawList, time: s.app.env.time)
        let whole = try drawer.canvas.readPixels()
        var differing = 0
        for i in stride(from: 0, to: kept.rgba.count, by: 4) where kept.rgba[i..<i + 3] != whole.rgba[i..<i + 3] { differing += 1 }
        XCTAssertEqual(differing, 0, "pixels the kept frame lacks (the card's sign) once it has landed")
    }
}
