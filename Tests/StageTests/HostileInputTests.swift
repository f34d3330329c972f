import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

/// Issue 12 in the Stage: the symbol budget (case 6), symbols off the render thread (case 6), and
/// absurd numbers dropped at the window's input boundary (case 9).
final class HostileInputTests: XCTestCase {
    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }
    private func svg(_ body: String, _ attrs: String = "") -> [UInt8] {
        bytes(#"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" \#(attrs)>\#(body)</svg>"#)
    }

    func testEveryShippedSymbolIsWithinBudget() throws {
        var dir = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { dir.deleteLastPathComponent() }
        let symbols = dir.appendingPathComponent("Resources/Symbols")
        let names = try FileManager.default.contentsOfDirectory(atPath: symbols.path).filter { $0.hasSuffix(".svg") }
        XCTAssertGreaterThan(names.count, 20)
        for name in names {
            XCTAssertNoThrow(try SymbolBudget.standard.check(Array(try Data(contentsOf: symbols.appendingPathComponent(name)))), name)
        }
    }

    func testDashesAreEstimatedFromAboveEvenWithOrdinaryCoordinates() {
        let b = SymbolBudget.standard
        // 34 units of line dashed every 0.00002: 1.7 million dashes.
        XCTAssertThrowsError(try b.check(svg(##"<path d="M0 0L24 24" stroke="#fff" stroke-dasharray="0.00001 0.00001"/>"##))) {
            XCTAssertTrue("\($0)".contains("dashes"), "\($0)")
        }
        // In a style attribute, and inherited from a group.
        XCTAssertThrowsError(try b.check(svg(##"<path d="M0 0L24 24" style="stroke:#fff;stroke-dasharray:0.0001,0.0001"/>"##)))
        XCTAssertThrowsError(try b.check(svg(#"<g stroke-dasharray="0.0001"><path d="M0 0L24 24"/></g>"#)))
        // A stretching transform cannot hide them.
        XCTAssertThrowsError(try b.check(svg(#"<g transform="scale(1000 0.001)"><path d="M0 0L24 0" stroke-dasharray="1 1"/></g>"#)))
        // An ordinary dashed icon is fine, and so are colours and ids full of digits.
        XCTAssertNoThrow(try b.check(svg(##"<path id="p123456789" d="M2 12h20" stroke="#999999" stroke-dasharray="2 1.5"/>"##)))
        XCTAssertNoThrow(try b.check(svg(#"<circle cx="12" cy="12" r="10" stroke-dasharray="0"/>"#)), "an all-zero array draws solid")
    }

    func testSizeElementsAndMagnitudesHaveCaps() {
        let b = SymbolBudget.standard
        XCTAssertThrowsError(try b.check(svg(String(repeating: #"<circle cx="1" cy="1" r="1"/>"#, count: 2_001))))
        XCTAssertThrowsError(try b.check(Array(repeating: 32, count: (256 << 10) + 1)))
        XCTAssertThrowsError(try b.check(svg(#"<path d="M0 0L1e9 1e9"/>"#)))
        XCTAssertThrowsError(try b.check(svg(#"<path d="M0 0L\#(String(repeating: "1 1 ", count: 20_001))"/>"#)))
    }

    /// The render thread never rasterises: the first ask is pending, the surface arrives from a worker.
    func testSymbolsRasteriseOffTheCallingThread() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("dot.svg").path
        try String(decoding: svg(#"<circle cx="12" cy="12" r="10" fill="currentColor"/>"#), as: UTF8.self).write(toFile: file, atomically: false, encoding: .utf8)
        let r = SymbolRasterizer()
        let key = SymbolKey(name: "dot", width: 48, height: 48)
        guard case .pending = r.state(key, path: file) else { return XCTFail("rasterised on the calling thread") }
        XCTAssertTrue(r.needsFrame)
        r.wait(for: key)
        guard case .ready(let surface) = r.state(key, path: file) else { return XCTFail("no result") }
        XCTAssertEqual(surface.pointee.w, 48)
        SDL_FreeSurface(surface)
        r.markSeen()
        XCTAssertFalse(r.needsFrame)
    }

    /// A rasterisation over its time budget is abandoned: the caller gets a failure, not a wait.
    func testASlowRasterisationIsAbandoned() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("symbols-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("many.svg").path
        let body = (0..<1_900).map { #"<circle cx="\#($0 % 24)" cy="\#($0 / 24 % 24)" r="9" fill="currentColor"/>"# }.joined()
        try String(decoding: svg(body), as: UTF8.self).write(toFile: file, atomically: false, encoding: .utf8)
        var budget = SymbolBudget()
        budget.maxSeconds = 0
        let r = SymbolRasterizer(budget: budget)
        let key = SymbolKey(name: "many", width: 4096, height: 4096)
        _ = r.state(key, path: file)
        usleep(1000)
        if case .failed(let reason) = r.state(key, path: file) {
            XCTAssertTrue(reason.contains("abandoned"), reason)
        } else {
            XCTFail("a rasterisation past its time budget was waited for")
        }
    }

    /// Case 9 at the window's boundary: events carrying non-finite or absurd numbers never reach the app.
    func testAbsurdEventsAreDropped() {
        let bad: [InputEvent] = [.mouseMove(Point(x: .nan, y: 1)), .mouseDown(Point(x: 1, y: 1e308), .left),
                                 .wheel(dx: 0, dy: .infinity, precise: true, at: Point(x: 1, y: 1), modifiers: []),
                                 .pinch(scale: .nan, at: Point(x: 1, y: 1)), .pinch(scale: 1e9, at: Point(x: 1, y: 1)),
                                 .pinchEnded(at: Point(x: -1e6, y: 0))]
        for e in bad { XCTAssertFalse(e.isPlausible, "\(e)") }
        let good: [InputEvent] = [.mouseMove(Point(x: 10, y: 20)), .wheel(dx: 0, dy: 40, precise: false, at: Point(x: 1, y: 1), modifiers: []),
                                  .pinch(scale: 1.1, at: Point(x: 5, y: 5)), .key(.enter, []), .text("é")]
        for e in good { XCTAssertTrue(e.isPlausible, "\(e)") }
    }

    func testTheHostDropsAbsurdEventsBeforeTheApp() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        var options = HostOptions()
        options.headless = true
        options.size = Size(width: 200, height: 200)
        options.renderer = .software
        let host = try StageHost(options: options)
        final class Recorder: HostDelegate {
            var events: [InputEvent] = []
            func handle(_ event: InputEvent, at time: Double) { events.append(event) }
            func update(at time: Double, scale: Double) -> Bool { false }
            func drawList(at time: Double, size: Size) -> DrawList { DrawList() }
            var needsDisplay: Bool { false }
            var wantsQuit: Bool { false }
        }
        let recorder = Recorder()
        host.delegate = recorder
        host.inject(.mouseMove(Point(x: 1e300, y: 0)))
        host.inject(.pinch(scale: .nan, at: Point(x: 1, y: 1)))
        host.inject(.mouseMove(Point(x: 5, y: 5)))
        XCTAssertEqual(recorder.events, [.mouseMove(Point(x: 5, y: 5))])
    }
}
