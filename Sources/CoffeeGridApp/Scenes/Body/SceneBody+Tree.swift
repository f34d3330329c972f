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
        let sx = size.width / root.width, sy = size.height / root.height
        return frame.drawing.map { d in
            var d = d
            d.frame = Rect(x: (d.frame.minX - root.minX) * sx, y: (d.frame.minY - root.minY) * sy,
                           width: d.frame.width * sx, height: d.frame.height * sy)
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
        switch n.content {
        case .grid: return padding
        case .scroll(_, _, let children), .navigation(let children), .group(let children), .stack(_, _, _, let children):
            for c in children { if let p = gridPadding(c) { return p } }
            return nil
        default: return nil
        }
    }

    static func gridAxis(_ node: ViewNode) -> Axis? {
        switch node.content {
        case .grid(let d, _): return d.axis
        case .scroll(_, _, let children), .navigation(let children), .group(let children), .stack(_, _, _, let children):
            for c in children { if let a = gridAxis(c) { return a } }
            return nil
        default: return nil
        }
    }
}
