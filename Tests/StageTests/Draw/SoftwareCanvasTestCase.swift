import XCTest
@testable import Stage

/// A canvas on SDL's software renderer drawing into a headless window of `canvasSize` pixels, made
/// for each test and let go after it: what the drawing tests that read pixels back stand on.
class SoftwareCanvasTestCase: XCTestCase {
    var host: StageHost!
    var canvas: Canvas!

    /// The window's size in pixels; a test class overrides it for more room.
    class var canvasSize: (width: Double, height: Double) { (360, 280) }

    override func setUpWithError() throws {
        host = try StageHost.softwareForTests(width: Self.canvasSize.width, height: Self.canvasSize.height)
        canvas = Canvas(renderer: host.renderer, resources: Headless.resources)
    }

    override func tearDown() {
        canvas = nil
        host = nil
    }
}
