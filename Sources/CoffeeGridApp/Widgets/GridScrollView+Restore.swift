import GridCore

/// The scroll position a session keeps: an item, not pixels, so it means the same at the next
/// launch whatever the window's size.
extension GridScrollView {
    /// The first item drawn in view (the top-left one of a vertical grid).
    var anchorItem: Int? { measured.visible.first?.index }

    /// Scrolls so `index` starts the viewport (an item of the first line: the top, padding and all)
    /// as soon as the grid has a size; an index beyond the items is ignored.
    func restoreAnchor(_ index: Int?) { pendingAnchor = index }

    func applyPendingAnchor() {
        guard let index = pendingAnchor, frame.width > 0, frame.height > 0 else { return }
        pendingAnchor = nil
        guard let f = layout.frame(of: index) else { return }
        let content = toContent(f)
        let start = axis == .vertical ? f.minY : f.minX
        scroll.settle(at: start <= 0 ? 0 : (axis == .vertical ? content.minY : content.minX))
    }
}
