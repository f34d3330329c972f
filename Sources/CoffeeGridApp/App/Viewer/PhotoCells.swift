import GridCore

/// The photos a scene shows, as the viewer needs them: how many, each one's file and name, where
/// its cell is drawn now and how to bring that cell into view. A scene hands one over (`Scene.
/// photoCells`); the viewer never sees the scene itself.
struct PhotoCells {
    var count: Int
    var path: (Int) -> String?
    var name: (Int) -> String?
    /// Where photo i's cell is drawn now, in window points; nil when it is not on screen.
    var frame: (Int) -> Rect?
    /// Scrolls photo i's cell into view at once (the photo then flies back to where it is).
    var reveal: (Int) -> Void
    /// The cells' corner radius: the photo's corners round again as it lands.
    var cornerRadius: Double
}

extension GridScrollView {
    /// Photo cells that are this grid's items one for one (the feed).
    func photoCells(count: Int, path: @escaping (Int) -> String?, name: @escaping (Int) -> String?, cornerRadius: Double) -> PhotoCells {
        PhotoCells(count: count, path: path, name: name,
                   frame: { [weak self] i in
                       guard let g = self, let f = g.drawnFrame(of: i) ?? g.windowFrame(of: i), f.intersects(g.frame) else { return nil }
                       return f
                   },
                   reveal: { [weak self] i in self?.scrollTo(i, anchor: nil, animation: nil) },
                   cornerRadius: cornerRadius)
    }

    /// The item a double-click or Return asked to open, once.
    func takeActivated() -> Int? {
        defer { activated = nil }
        return activated
    }
}
