import XCTest
import GridCore
import Stage
import StageInterface
@testable import CoffeeGridApp

/// `--bench-scroll`: the peer benchmark's scroll, phase by phase, and its flag.
final class BenchScrollTests: XCTestCase {
    func testPlanParsing() throws {
        XCTAssertEqual(try BenchScroll.Plan.parse("1200,8,240,1.5"), .init(speed: 1200, seconds: 8, jumps: 240, settle: 1.5))
        XCTAssertEqual(try BenchScroll.Plan.parse("0,0,0,0"), .init(speed: 0, seconds: 0, jumps: 0, settle: 0))
        for bad in ["", "1200,8,240", "1200,8,240,1.5,9", "fast,8,240,1", "1200,8,2.5,1", "-1,8,240,1", "1200,nan,240,1",
                    "1200,8,240,inf", "1e7,8,240,1", "1200,,240,1"] {
            XCTAssertThrowsError(try BenchScroll.Plan.parse(bad), bad) { error in
                XCTAssertTrue((error as? UsageError)?.message.hasPrefix("--bench-scroll must be SPEED,SECONDS,JUMPS,SETTLE") == true)
            }
        }
        XCTAssertEqual(try Options(parsing: ["--bench-scroll", "600,2,10,0"]).benchScroll?.jumps, 10)
        XCTAssertEqual(CoffeeGrid.main(["--headless", "--scene", "feed", "--bench-scroll", "600,2,10,0"]), 2)
    }

    func testPhases() {
        var lines: [String] = []
        let b = BenchScroll(.init(speed: 1200, seconds: 2, jumps: 4, settle: 1), print: { lines.append($0) })
        XCTAssertNil(b.delta(at: 0, offset: 0, maxOffset: 10_000), "nothing moves before the first frame")
        b.frameDrawn(at: 0.5)
        XCTAssertEqual(lines, ["bench: first-frame"])
        XCTAssertFalse(b.isActive)
        XCTAssertNil(b.delta(at: 1.4, offset: 0, maxOffset: 10_000), "still settling")
        // The scroll starts at the first frame after the settle, from where the grid is.
        XCTAssertNil(b.delta(at: 1.6, offset: 100, maxOffset: 10_000))
        XCTAssertEqual(lines.last, "bench: scroll-start")
        XCTAssertTrue(b.isActive)
        // offset(t) = from + speed × (t − start), whatever the frame rate and wherever the grid was put.
        XCTAssertEqual(b.delta(at: 1.6 + 0.5, offset: 100, maxOffset: 10_000)!, 600, accuracy: 1e-9)
        b.frameDrawn(at: 2.1)
        XCTAssertEqual(b.delta(at: 1.6 + 1.5, offset: 700, maxOffset: 10_000)!, 1200, accuracy: 1e-9)
        b.frameDrawn(at: 3.1)
        // Then JUMPS frames, each a quarter of the way further, ending exactly at the end; the frame
        // that ends the scroll makes the first.
        var offset = 1900.0
        for k in 1...4 {
            let d = b.delta(at: 3.6 + Double(k - 1) / 60, offset: offset, maxOffset: 10_000)!
            if k == 1 { XCTAssertEqual(lines.last, "bench: scroll-end frames=2") }
            offset += d
            XCTAssertEqual(offset, 2500 * Double(k), accuracy: 1e-9)
            b.frameDrawn(at: 3.6 + Double(k) / 60)
        }
        XCTAssertNil(b.delta(at: 4, offset: offset, maxOffset: 10_000))
        XCTAssertEqual(lines.last, "bench: traverse-end frames=4 offset=10000 max=10000")
        XCTAssertFalse(b.isActive)
        XCTAssertEqual(b.phase, .done)
        XCTAssertEqual(lines.count, 4)
    }

    /// Under `--bench-scroll` the window holds the bare grid, as the peers' windows do: no code panel
    /// above it, so cell 0 is where Peers/bench_peers.py looks for every program's (240, 112).
    func testBenchWindowShowsTheBareGridWithCellZeroWhereThePeersHaveIt() throws {
        let options = try Options(parsing: ["--scene", "cells", "--items", "1000", "--columns",
                                            "Array(repeating: GridItem(.flexible()), count: 3)"])
        let s = try HeadlessSession(scene: "cells", size: Size(width: 1280, height: 800), options: options)
        XCTAssertGreaterThan(s.app.codePanel.frame.height, 0, "a person sees the code panel")
        func cellZeroAtTheProbe() throws -> Bool {
            let image = try XCTUnwrap(s.app.canvas).readPixels()
            // Cell 0's background, `Color(hue: 0, saturation: 0.55, brightness: 1)`.
            let want = StageInterface.Color(red: 1, green: 0.45, blue: 0.45).bytes
            return (112..<148).allSatisfy { y in
                let p = image.pixel(x: 240, y: y)
                return abs(Int(p.r) - Int(want.r)) <= 12 && abs(Int(p.g) - Int(want.g)) <= 12 && abs(Int(p.b) - Int(want.b)) <= 12
            }
        }
        XCTAssertFalse(try cellZeroAtTheProbe(), "the code panel pushes the grid down")
        s.app.benchScroll = BenchScroll(.init(speed: 1200, seconds: 1, jumps: 4, settle: 1), print: { _ in })
        s.host.step()
        XCTAssertEqual(s.app.codePanel.frame.height, 0)
        XCTAssertEqual(s.app.sceneFrame, s.app.contentFrame)
        XCTAssertTrue(try cellZeroAtTheProbe())
    }
}
