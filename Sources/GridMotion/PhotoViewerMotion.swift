import GridCore

/// How an open photo moves in the window, in window points: fitted, zoomed under the pointer, a
/// pan that keeps its momentum and stops at the photo's edges, and the slide to the next or
/// previous photo. (Its flight from its cell and back is a `matchedGeometryEffect` the view layer
/// runs: the app's `PhotoZoom`.) Pure: the viewer overlay feeds it events and times and draws what
/// it says.
public struct PhotoViewerMotion {
    /// The photo's frame: fitted, zoomed, panned (a slide's offset comes on top).
    public private(set) var frame: AnimatedRect
    /// Horizontal offset of the photo sliding in (0 at rest).
    public private(set) var slide = AnimatedValue(0)
    /// The photo sliding out (its frame when the slide began) and which way the viewer moved (+1 next).
    public private(set) var outgoing: (frame: Rect, direction: Double)?
    public private(set) var window: Rect
    /// The photo's upright size in pixels, and pixels per point of the window.
    public private(set) var photoSize: Size
    public private(set) var scale: Double
    private var pan: (pointer: Point, frame: Rect, samples: [(t: Double, p: Point)])?

    /// The longest a zoom goes: 8× the photo's own pixels, or 8× fit for a photo smaller than the window.
    public static let maxZoomOverPixels = 8.0
    /// A released pan coasts as far as it would go in this many seconds at its speed.
    public static let momentum = 0.3

    /// A photo of `photoSize` pixels fitted to `window`.
    public init(photoSize: Size, window: Rect, scale: Double) {
        self.photoSize = PhotoViewerMotion.sane(photoSize)
        self.window = window
        self.scale = scale > 0 && scale.isFinite ? scale : 1
        frame = AnimatedRect(PhotoViewerMotion.fit(self.photoSize, in: window))
    }

    // MARK: - Geometry

    /// The photo scaled to fit the window, centred (aspect fit).
    public var fitFrame: Rect { PhotoViewerMotion.fit(photoSize, in: window) }

    public static func fit(_ size: Size, in window: Rect) -> Rect {
        let k = min(window.width / size.width, window.height / size.height)
        let w = size.width * k, h = size.height * k
        return Rect(x: window.midX - w / 2, y: window.midY - h / 2, width: w, height: h)
    }

    /// Drawn pixels per photo pixel of where the frame is headed: 1 is 1:1.
    public var zoom: Double { frame.target.width * scale / photoSize.width }
    public var fitZoom: Double { fitFrame.width * scale / photoSize.width }
    public var maxZoom: Double { max(PhotoViewerMotion.maxZoomOverPixels, fitZoom * PhotoViewerMotion.maxZoomOverPixels) }
    /// Zoomed in past fit: dragging pans.
    public var isZoomed: Bool { frame.target.width > fitFrame.width * 1.001 }

    /// Where the photo is drawn at `time`: its frame plus the slide.
    public func drawnFrame(at time: Double) -> Rect { frame.value(at: time).offsetBy(dx: slide.value(at: time), dy: 0) }

    /// Where the photo sliding out is drawn, while it is on screen.
    public func outgoingFrame(at time: Double) -> Rect? {
        guard let o = outgoing, slide.isAnimating(at: time) else { return nil }
        return o.frame.offsetBy(dx: slide.value(at: time) - o.direction * window.width, dy: 0)
    }

    public func isAnimating(at time: Double) -> Bool { frame.isAnimating(at: time) || slide.isAnimating(at: time) }

    /// A frame of the photo's aspect kept on screen: centred along an axis where it is smaller than
    /// the window, else with no gap at either edge.
    public func clamped(_ r: Rect) -> Rect {
        func along(_ lo: Double, _ len: Double, _ wLo: Double, _ wLen: Double) -> Double {
            len <= wLen ? wLo + (wLen - len) / 2 : min(max(lo, wLo + wLen - len), wLo)
        }
        return Rect(x: along(r.minX, r.width, window.minX, window.width), y: along(r.minY, r.height, window.minY, window.height),
                    width: r.width, height: r.height)
    }

    // MARK: - Zoom and pan

    /// Zooms to `z` (drawn pixels per photo pixel, clamped to fit…max), keeping the photo's point
    /// under `p` where it is.
    public mutating func zoom(to z: Double, at p: Point, animation: Animation?, at time: Double) {
        guard z.isFinite else { return }
        let target = min(max(z, fitZoom), maxZoom)
        let from = animation == nil ? frame.value(at: time) : frame.target
        let w = photoSize.width * target / scale, h = photoSize.height * target / scale
        let k = w / max(from.width, 1e-9)
        let r = Rect(x: p.x - (p.x - from.minX) * k, y: p.y - (p.y - from.minY) * k, width: w, height: h)
        frame.set(target <= fitZoom * 1.001 ? fitFrame : clamped(r), animation: animation, at: time)
    }

    public mutating func zoom(by factor: Double, at p: Point, animation: Animation?, at time: Double) {
        zoom(to: zoom * factor, at: p, animation: animation, at: time)
    }

    /// The photo fitted again (`0`).
    public mutating func fit(animation: Animation?, at time: Double) {
        frame.set(fitFrame, animation: animation, at: time)
    }

    public mutating func beginPan(at p: Point, time: Double) {
        guard isZoomed else { return }
        let f = frame.value(at: time)
        frame.set(f, animation: nil, at: time)
        pan = (p, f, [(time, p)])
    }

    public var isPanning: Bool { pan != nil }

    /// Follows the pointer, never past the photo's edges.
    public mutating func pan(to p: Point, time: Double) {
        guard var g = pan else { return }
        g.samples.append((time, p))
        if g.samples.count > 4 { g.samples.removeFirst(g.samples.count - 4) }
        pan = g
        frame.set(clamped(g.frame.offsetBy(dx: p.x - g.pointer.x, dy: p.y - g.pointer.y)), animation: nil, at: time)
    }

    /// Lets go: the photo coasts on at the speed it had, slowing, and stops at its edges.
    public mutating func endPan(time: Double) {
        guard let g = pan else { return }
        pan = nil
        guard let first = g.samples.first, let last = g.samples.last, last.t - first.t > 1e-6, time - last.t < 0.1 else { return }
        let vx = (last.p.x - first.p.x) / (last.t - first.t), vy = (last.p.y - first.p.y) / (last.t - first.t)
        let now = frame.value(at: time)
        let coast = clamped(now.offsetBy(dx: vx * PhotoViewerMotion.momentum, dy: vy * PhotoViewerMotion.momentum))
        frame.set(coast, animation: .easeOut(duration: 0.5), at: time)
    }

    // MARK: - Another photo, another window

    /// The next (`direction` +1) or previous (-1) photo, of `size` pixels, slides in fitted.
    public mutating func show(_ size: Size, direction: Double, animation: Animation?, at time: Double) {
        pan = nil
        outgoing = (frame.value(at: time), direction)
        photoSize = PhotoViewerMotion.sane(size)
        frame = AnimatedRect(fitFrame)
        slide = AnimatedValue(direction * window.width)
        slide.set(0, animation: animation, at: time)
        if animation == nil { outgoing = nil }
    }

    /// The viewer is closing: a pan or a slide stops where the photo is drawn now, and the photo
    /// sliding out is gone (the flight back starts from there).
    public mutating func stop(at time: Double) {
        let drawn = drawnFrame(at: time)
        pan = nil
        outgoing = nil
        slide = AnimatedValue(0)
        frame = AnimatedRect(drawn)
    }

    /// The window changed size: a fitted photo fits again, a zoomed one stays zoomed, on screen.
    public mutating func resize(to newWindow: Rect, scale newScale: Double, at time: Double) {
        guard newWindow != window || newScale != scale else { return }
        let wasFit = !isZoomed
        let z = zoom
        window = newWindow
        if newScale > 0, newScale.isFinite { scale = newScale }
        if wasFit { frame.set(fitFrame, animation: nil, at: time); return }
        let f = frame.target
        zoom(to: z, at: Point(x: f.midX, y: f.midY), animation: nil, at: time)
    }

    static func sane(_ s: Size) -> Size {
        Size(width: s.width.isFinite && s.width >= 1 ? s.width : 1, height: s.height.isFinite && s.height >= 1 ? s.height : 1)
    }
}
