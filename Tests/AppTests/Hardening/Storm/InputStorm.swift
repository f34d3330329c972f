import Foundation
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// Seeded random input for the app: clicks, drags, wheels of every size, keys (the scene's own,
/// navigation, Tab/Return, `?`, `i`, scene numbers), typed text, pinches and resizes from 1×1 to
/// 8000×8000, delivered to an AppController on a headless host. After every event the app is
/// updated, its draw list built (the cheap path: no pixels) and every invariant checked; every
/// `renderEvery` events a real frame is rendered, photos and all.
final class InputStorm {
    let host: StageHost
    let app: AppController
    var rng: SplitMix64
    let home: String
    var time = 0.0
    /// Every event is followed by update and the cheap checks (window, scene invariants); every
    /// `listEvery` events the draw list is built too and checked with the scene's state (what is
    /// materialized is only counted when a list is built); every `renderEvery` a frame is rendered.
    var listEvery = 4
    var renderEvery = 200
    private var listIsFresh = false
    private(set) var delivered = 0
    private(set) var recent: [String] = []
    private(set) var maxMaterializedRatio = 0.0
    /// Visible item counts of the last two seconds (virtual time).
    private var recentVisible: [(time: Double, count: Int)] = []
    /// The draw list of the last event.
    private(set) var list = DrawList()

    /// Keys scenes bind, beyond their toolbars (symbols' pickers, the playground's edit, the feed's grid).
    static let sceneKeys: [Character] = ["c", "f", "s", "a", "p", "e", "v", "g", "r", "+", "-", "=", "d", "x"]
    static let otherKeys: [Key] = [.up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .space, .tab, .enter, .escape,
                                   .backspace, .delete, .character("?"), .character("i"), .function(11)]

    init(scene: String, seed: UInt64, resources: ResourceLocator) throws {
        var options = HostOptions()
        options.headless = true
        options.size = HostOptions.defaultSize
        options.renderer = .software
        host = try StageHost(options: options)
        app = try AppController(context: AppContext(options: Options(), resources: resources, log: { _ in }),
                                initialScene: scene, windowSize: host.size, scale: host.scale)
        // Not the host's delegate: the storm calls the app itself, on its own clock.
        app.attach(host.painter)
        rng = SplitMix64(seed: seed)
        home = scene
    }

    deinit { app.shutdown() }

    /// Delivers `count` events, checking after each; returns the first violations found (empty: none).
    func run(_ count: Int) -> [String] {
        app.handle(.resize(host.size), at: time)
        while delivered < count {
            for event in nextGesture() {
                deliver(event)
                let problems = check()
                if !problems.isEmpty {
                    return problems.map { "after event \(delivered) in \(app.currentName) (started in \(home)): \($0)" }
                        + ["last events: " + recent.joined(separator: "; ")]
                }
                if delivered >= count { break }
            }
        }
        return []
    }

    private func deliver(_ event: InputEvent) {
        time += Double(Int.random(in: 1...3, using: &rng)) / 60
        delivered += 1
        recent.append("\(event)")
        if recent.count > 8 { recent.removeFirst() }
        if case .resize(let wanted) = event {
            // Through the host, which clamps as a display and a window manager would.
            host.resize(to: wanted)
            app.handle(.resize(host.size), at: time)
        } else {
            app.handle(event, at: time)
        }
        _ = app.update(at: time)
        listIsFresh = true
        if delivered % renderEvery == 0 {
            host.paintFrame(at: time) { app.drawList(at: time, size: host.size) }
            app.presented(frame: delivered, at: time)
            list = host.painter.lastList
        } else if delivered % listEvery == 0 {
            list = app.buildDrawList()
        } else {
            listIsFresh = false
        }
    }

    // MARK: - Events

    private func point(margin: Double = 40) -> Point {
        let s = app.env.windowSize
        return Point(x: Double.random(in: -margin...(s.width + margin), using: &rng),
                     y: Double.random(in: -margin...(s.height + margin), using: &rng))
    }

    /// Log-uniform from 1 to 8000 points a side.
    private func size() -> Size {
        Size(width: exp(Double.random(in: 0...log(8000), using: &rng)).rounded(),
             height: exp(Double.random(in: 0...log(8000), using: &rng)).rounded())
    }

    private func key() -> InputEvent {
        var mods: KeyModifiers = []
        if Int.random(in: 0..<6, using: &rng) == 0 { mods.insert(.shift) }
        if Int.random(in: 0..<40, using: &rng) == 0 { mods.insert(.control) }
        let k: Key
        switch Int.random(in: 0..<10, using: &rng) {
        case 0..<4: k = .character(InputStorm.sceneKeys.randomElement(using: &rng)!)
        case 4..<8: k = InputStorm.otherKeys.randomElement(using: &rng)!
        case 8:
            // A scene number, mostly leading back home so every scene gets its share of the storm.
            let names = app.catalog.names
            let target = Bool.random(using: &rng) ? home : names.randomElement(using: &rng)!
            k = .character(Character(String(names.firstIndex(of: target)! + 1)))
        default: k = .character(Character(Unicode.Scalar(UInt8.random(in: 97...122, using: &rng))))
        }
        // Ctrl+Q quits a real window; here it only sets wantsQuit, which the storm ignores.
        return .key(k, mods)
    }

    private func nextGesture() -> [InputEvent] {
        switch Int.random(in: 0..<100, using: &rng) {
        case 0..<18:
            return [.mouseMove(point())]
        case 18..<34:
            let p = point()
            return [.mouseMove(p), .mouseDown(p, .left), .mouseUp(p, .left)]
        case 34..<42:
            var p = point()
            var events: [InputEvent] = [.mouseMove(p), .mouseDown(p, .left)]
            for _ in 0..<Int.random(in: 1...8, using: &rng) {
                p = Point(x: p.x + Double.random(in: -300...300, using: &rng), y: p.y + Double.random(in: -600...600, using: &rng))
                events.append(.mouseMove(p))
            }
            events.append(.mouseUp(p, .left))
            return events
        case 42..<58:
            let big = Int.random(in: 0..<10, using: &rng) == 0
            let r = big ? 1e7 : 2000
            return [.wheel(dx: Double.random(in: -r...r, using: &rng), dy: Double.random(in: -r...r, using: &rng),
                           precise: Bool.random(using: &rng), at: point(margin: 0), modifiers: [])]
        case 58..<84:
            return [key()]
        case 84..<90:
            return [.resize(size())]
        case 90..<93:
            return [.text(["[GridItem(.fixed(30))]", "x", "é🙂", "Array(repeating: GridItem(), count: 1000)", "\u{0}"].randomElement(using: &rng)!)]
        case 93..<96:
            let p = point()
            return [.pinch(scale: Double.random(in: 0.3...3, using: &rng), at: p), .pinchEnded(at: p)]
        case 96..<98:
            return [.mouseDown(point(), .right), .mouseUp(point(), .right)]
        default:
            return [.mouseExit]
        }
    }

    // MARK: - Invariants

    func check() -> [String] {
        var problems: [String] = []
        let w = app.env.windowSize
        let maxPoints = Double(HostOptions.maxHeadlessPixels) / host.scale
        if !(w.width.isFinite && w.height.isFinite && w.width >= 320 && w.height >= 320 && w.width <= maxPoints && w.height <= maxPoints) {
            problems.append("window \(w) outside 320…\(maxPoints) points")
        }
        if w != host.size { problems.append("app window \(w), host window \(host.size)") }
        let content = app.contentFrame
        if !(content.minX.isFinite && content.minY.isFinite && content.width >= 0 && content.height >= 0) {
            problems.append("content frame \(content)")
        }
        if let scene = app.scene as? SceneInvariants { problems += scene.invariantViolations() }
        guard listIsFresh else { return problems }
        for command in list.commands {
            guard let r = command.bounds else { continue }
            if !r.isFinite {
                problems.append("drew \(command)")
                break
            }
        }
        let state = app.scene.state(env: app.env)
        var visibleCount = 0, trackCount = 0
        for (key, value) in state {
            switch key {
            case "visible":
                guard case .array(let items) = value else { problems.append("visible is \(value.text)"); continue }
                visibleCount = items.count
                for item in items where !InputStorm.allFinite(item, ["x", "y", "width", "height"]) {
                    problems.append("visible item \(item.text) not finite")
                    break
                }
            case "tracks":
                guard case .array(let tracks) = value else { problems.append("tracks is \(value.text)"); continue }
                trackCount = tracks.count
                for t in tracks where !InputStorm.allFinite(t, ["offset", "size"]) {
                    problems.append("track \(t.text) not finite")
                    break
                }
            default:
                break
            }
        }
        // Materialized: the viewport plus half a viewport each side (about twice what is visible), a
        // partial line per track at each edge of that band, and items still flying from a layout
        // shown in the last two seconds (bounded by what was visible then). Never the whole grid.
        recentVisible.append((time, visibleCount))
        recentVisible.removeAll { $0.time < time - 2 }
        if let items = state.first(where: { $0.0 == "items" })?.1, let m = InputStorm.number(items, "materialized") {
            let lately = recentVisible.map(\.count).max() ?? visibleCount
            let bound = 4 * lately + 4 * trackCount + 16
            if Int(m) > bound { problems.append("\(Int(m)) materialized; bound \(bound) (\(visibleCount) visible, at most \(lately) in the last 2 s, \(trackCount) tracks)") }
            if lately > 0 { maxMaterializedRatio = max(maxMaterializedRatio, m / Double(lately)) }
        }
        if let images = app.images, images.stats.textureBytes > images.byteBudget * 2 {
            problems.append("textures hold \(images.stats.textureBytes) bytes, budget \(images.byteBudget)")
        }
        return problems
    }

    static func number(_ json: JSON, _ key: String) -> Double? {
        guard case .object(let pairs) = json, let v = pairs.first(where: { $0.0 == key })?.1, case .number(let n) = v else { return nil }
        return n
    }

    /// Every listed key present and a finite number.
    static func allFinite(_ json: JSON, _ keys: [String]) -> Bool {
        keys.allSatisfy { number(json, $0)?.isFinite == true }
    }
}
