import Foundation
import XCTest
import GridCore
import Stage
@testable import CoffeeGridTools

/// The `frame` suite's scenarios on a person's photos (issue 25) run on a tiny camera folder and
/// report their figures. No timing is asserted: speed is the benchmark's, not a test's.
final class FrameBenchPhotosTests: XCTestCase {
    private var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-framebench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        setenv("XDG_STATE_HOME", dir.appendingPathComponent("state").path, 1)
        setenv("XDG_CACHE_HOME", dir.appendingPathComponent("cache").path, 1)
        let root = dir.path
        BenchSettings.change { $0.cameraFolder = (count: 12, width: 400, height: 300); $0.cameraFolderRoot = root }
    }

    override func tearDownWithError() throws {
        BenchSettings.change { $0 = BenchSettings() }
        FrameBench.removeCaches()
        try? FileManager.default.removeItem(at: dir)
    }

    func testThePhotoScenariosRunOnACameraFolderAndReportTheirFigures() throws {
        for name in ["photos.scroll", "photos.fling", "photos.toggle"] {
            var s = try XCTUnwrap(FrameBench.scenarios.first { $0.name == name }, "\(name) is in the frame suite")
            XCTAssertTrue(s.photos, "\(name) opens the camera folder")
            s.frames = 40
            let results = try FrameBench.measure(s, renderer: .software)
            let byName = Dictionary(results.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            let tag = "frame.\(name).software"
            for figure in ["median", "p99", "render_thread.p99", "render_thread.max", "placeholder_frames"] {
                let r = try XCTUnwrap(byName["\(tag).\(figure)"], "\(name) reports \(figure)")
                XCTAssertTrue(r.value.isFinite && r.value >= 0, "\(name) \(figure) = \(r.value)")
            }
            if name == "photos.fling" {
                let filled = try XCTUnwrap(byName["\(tag).screen_filled_after_fling"], "the fling reports when the screen was filled")
                XCTAssertEqual(filled.goal, "≤ 1000")
                XCTAssertNotNil(byName["\(tag).render_thread.max"]?.met, "the fling holds every frame to 16.7 ms")
            } else {
                XCTAssertEqual(byName["\(tag).render_thread.p99"]?.goal, "< 8", "\(name)'s goal is the render thread's p99")
            }
        }
        // Made once, kept complete with its marker, and found again by the next run.
        let folder = dir.appendingPathComponent("camera-12-400x300").path
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".JPG") }.count, 12)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/.complete"))
    }
}
