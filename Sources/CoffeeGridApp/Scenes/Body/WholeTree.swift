import GridCore
import ViewLayer
import StageInterface

/// A tree with no lazy grid, laid out once at rest (`SceneBody.stillFrame`), shown in an area with
/// its first scroll view scrolled by `offset`: what that scroll view holds (however deep, through
/// the scroll views inside it) moves and is cut to its viewport; the rest stays. A wheel step moves
/// the drawing instead of laying ten thousand views out again, and only what meets the viewport
/// goes into the frame's draw list.
///
/// Made once for a layout (`SceneBody.wholeTree`), not once a frame: working out what scrolls, and
/// counting the views, walks every view placed.
struct WholeTree {
    let frame: ViewFrame
    var offset = Point.zero
    /// For each placed view: whether it scrolls with the first scroll view.
    private let scrolls: [Bool]
    /// How many images, colours and texts it placed (not its stacks and modifiers).
    let leafCount: Int

    init(_ frame: ViewFrame) {
        self.frame = frame
        leafCount = frame.placed.reduce(0) { n, v in
            switch v.kind {
            case .image, .color, .text: return n + 1
            default: return n
            }
        }
        // A scroll view's own view lies in the scroll view around it (or none): what holds it.
        var outer = [Int](repeating: -1, count: frame.scrollViews.count)
        var index: [ViewID: Int] = [:]
        for (k, s) in frame.scrollViews.enumerated() { index[s.id] = k }
        for v in frame.placed { if let k = index[v.id], v.scrollView != k { outer[k] = v.scrollView } }
        func insideFirst(_ k: Int) -> Bool {
            var k = k, steps = 0
            while k > 0, steps < outer.count { k = outer[k]; steps += 1 }
            return k == 0
        }
        let moving = frame.scrollViews.indices.map(insideFirst)
        scrolls = frame.placed.map { $0.scrollView >= 0 && $0.scrollView < moving.count && moving[$0.scrollView] }
    }

    /// The first scroll view's viewport, in the tree's coordinates.
    var viewport: Rect? { frame.scrollViews.first?.viewport }

    /// How far placed view `i` is moved.
    func shift(_ i: Int) -> Point { i >= 0 && i < scrolls.count && scrolls[i] ? Point(x: -offset.x, y: -offset.y) : .zero }

    /// Placed view `i`'s frame as shown.
    func frame(of i: Int) -> Rect { let d = shift(i); return frame.placed[i].frame.offsetBy(dx: d.x, dy: d.y) }

    /// Draws the tree with its top left at `origin`: what scrolls and lies outside the viewport is
    /// left out (its clips kept, so they stay paired).
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment) {
        let port = viewport
        for d in frame.drawing {
            let s = shift(d.owner)
            if s != .zero, let port {
                switch d.shape {
                case .pushClip, .popClip: break
                default: if !d.frame.offsetBy(dx: s.x, dy: s.y).intersects(port) { continue }
                }
            }
            d.draw(at: GridCore.Point(x: origin.x + s.x, y: origin.y + s.y), &list, env: env, tint: nil)
        }
    }
}
