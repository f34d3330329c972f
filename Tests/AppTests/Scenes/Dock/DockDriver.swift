import Foundation
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// Drives the app on the dock scene without a window or renderer: events and frames on a clock the
/// test controls. Fast enough for thousands of events.
final class DockDriver {
    let app: AppController
    private(set) var time = 0.0
    private final class Lines { var all: [String] = [] }
    private let lines = Lines()
    /// Lines the app logged.
    var logged: [String] { lines.all }

    /// `paths`: a person's folders and files instead of the bundled photos (scanned before the first frame).
    init(size: Size = Size(width: 390, height: 844), restore: Bool = false, paths: [String] = []) throws {
        var options = Options()
        options.restore = restore
        options.paths = paths
        let context = AppContext(options: options, resources: try ResourceLocator.locate(), log: { [lines] in lines.all.append($0) })
        context.photos.finishScanning()
        app = try AppController(context: context, initialScene: "dock", windowSize: size, scale: 1)
        app.recordsState = true
        app.handle(.resize(size), at: 0)
        _ = app.update(at: 0)
    }

    var scene: DockScene { app.sceneNamed("dock") as! DockScene }

    func send(_ e: InputEvent) { app.handle(e, at: time) }

    /// Advances the clock by `seconds` in 60 Hz frames.
    func advance(_ seconds: Double) {
        let frames = max(1, Int((seconds * 60).rounded()))
        for _ in 0..<frames {
            time += 1.0 / 60
            _ = app.update(at: time)
        }
    }

    func settle() { advance(2) }

    func click(_ p: Point) {
        send(.mouseMove(p)); send(.mouseDown(p, .left)); advance(1.0 / 60)
        send(.mouseUp(p, .left)); advance(1.0 / 60)
    }

    func press(_ p: Point) { send(.mouseMove(p)); send(.mouseDown(p, .left)); advance(1.0 / 60) }
    func move(_ p: Point) { send(.mouseMove(p)); advance(1.0 / 60) }
    func release(_ p: Point) { send(.mouseUp(p, .left)); advance(1.0 / 60) }

    func drag(_ a: Point, _ b: Point, steps: Int = 10) {
        press(a)
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            move(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
        }
        release(b)
    }

    func key(_ k: Key, _ mods: KeyModifiers = []) { send(.key(k, mods)); advance(1.0 / 60) }

    func frame(of id: String) -> Rect? { scene.drawnFrame(of: id) }
    func centre(of id: String) -> Point { frame(of: id)!.center }
}
