import GridCore
import ViewLayer

/// What a scene body reads off its tree: the padding and axis of its grid, and an item's drawing
/// fitted to the frame the grid gives it.
extension SceneBody {
    /// An item's drawing made to fill `size`, the frame the grid gives it now. Settled, an item's
    /// views are that size; while the grid animates from one layout to another its frame is between
    /// the two, and views of a fixed size (the feed's `.frame(height: 200)` becoming 100) are
    /// stretched with their frame, as SwiftUI animates a view's frame, rather than left at the size
    /// they will end at in the middle of a frame they do not fill.
    static func filling(_ frame: ViewFrame, _ size: Size) -> [Drawing] {
        guard let root = frame.placed.first(where: { $0.parent == -1 })?.frame, root.width > 0, root.height > 0,
              abs(root.minX) > 1e-9 || abs(root.minY) > 1e-9 || abs(root.width - size.width) > 1e-9 || abs(root.height - size.height) > 1e-9
        else { return frame.drawing }
        let item = Rect(x: 0, y: 0, width: size.width, height: size.height)
        return frame.drawing.map { d in
            var d = d
            d.frame = d.frame.carried(from: root, to: item)
            return d
        }
    }

    /// The padding written on the tree's first lazy grid (between its scroll view and it), nil when
    /// the tree has no grid.
    static func gridPadding(_ node: ViewNode) -> EdgeInsets? {
        var padding = EdgeInsets.zero
        var n = node
        while case .modified(let inner, let m) = n.kind {
            if case .padding(let e) = m {
                padding = EdgeInsets(top: padding.top + e.top, leading: padding.leading + e.leading,
                                     bottom: padding.bottom + e.bottom, trailing: padding.trailing + e.trailing)
            }
            n = inner
        }
        if case .grid = n.content { return padding }
        for c in holders(n) { if let p = gridPadding(c) { return p } }
        return nil
    }

    static func gridAxis(_ node: ViewNode) -> Axis? {
        if case .grid(let d, _) = node.content { return d.axis }
        for c in holders(node) { if let a = gridAxis(c) { return a } }
        return nil
    }

    /// The children of a view that may hold the body's grid (a scroll view, a navigation stack, a
    /// group, a stack): where every walk down to the grid looks.
    static func holders(_ node: ViewNode) -> [ViewNode] {
        switch node.content {
        case .scroll(_, _, let children), .navigation(let children), .group(let children), .stack(_, _, _, let children): return children
        default: return []
        }
    }
}

extension GridCore.Rect {
    /// This rect, given in `a`'s space, carried into `b` as `a` is stretched onto `b`: how an item's
    /// drawing follows a frame of another size.
    func carried(from a: Rect, to b: Rect) -> Rect {
        let sx = a.width > 0 ? b.width / a.width : 1, sy = a.height > 0 ? b.height / a.height : 1
        return Rect(x: b.minX + (minX - a.minX) * sx, y: b.minY + (minY - a.minY) * sy, width: width * sx, height: height * sy)
    }
}
