import XCTest
import Foundation
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp

/// Thousands of random events in every scene, invariants checked after each. The suite runs
/// 1,500 per scene; `make storm` runs 10,000 (STORM_EVENTS) with another seed (STORM_SEED).
final class InputStormTests: XCTestCase {
    override func setUp() { setenv("SDL_VIDEODRIVER", "dummy", 1) }

    func testStormInEveryScene() throws {
        let env = ProcessInfo.processInfo.environment
        let events = env["STORM_EVENTS"].flatMap(Int.init) ?? 1_500
        let seed = env["STORM_SEED"].flatMap(UInt64.init) ?? 1
        let resources = try ResourceLocator.locate()
        for (i, scene) in SceneCatalog.standard().names.enumerated() {
            let storm = try InputStorm(scene: scene, seed: seed &* 1000 &+ UInt64(i), resources: resources)
            let problems = storm.run(events)
            XCTAssertEqual(problems, [], "storm seed \(seed) in \(scene)")
            XCTAssertEqual(storm.delivered, events, scene)
            if events > 1_500 {
                print("storm \(scene): \(storm.delivered) events, materialized at most \(String(format: "%.2f", storm.maxMaterializedRatio))× visible")
            }
        }
    }

    /// The storm's own checks catch what they claim to: a broken window size is reported.
    func testInvariantCheckReportsAWindowOutsideTheHeadlessDisplay() throws {
        let storm = try InputStorm(scene: "symbols", seed: 1, resources: try ResourceLocator.locate())
        XCTAssertEqual(storm.check(), [])
        storm.app.handle(.resize(Size(width: 9000, height: 100)), at: 0)
        _ = storm.app.update(at: 0)
        XCTAssertFalse(storm.check().isEmpty)
    }

    /// What an 8000×8000 resize does headless: the window stops at the pretend display, so the
    /// framebuffer stays 4096² at most instead of 8000².
    func testHugeResizeIsClampedHeadless() throws {
        var options = HostOptions()
        options.headless = true
        options.size = Size(width: 8000, height: 8000)
        let host = try StageHost(options: options)
        XCTAssertEqual(host.size.width, Double(HostOptions.maxHeadlessPixels))
        host.resize(to: Size(width: 1, height: 1))
        XCTAssertEqual(host.size, Size(width: 320, height: 320))
        host.resize(to: Size(width: 8000, height: 8000))
        XCTAssertEqual(host.size, Size(width: 4096, height: 4096))
        host.resize(to: Size(width: .nan, height: .infinity))
        XCTAssertTrue(host.size.width >= 320 && host.size.height <= 4096, "\(host.size)")
    }
}
