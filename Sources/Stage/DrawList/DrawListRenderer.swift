import CSDL2
import Foundation
import GridCore
import StageInterface

/// Executes a draw list on a canvas, asking the image pipeline for photos. A photo not decoded yet
/// is a softly shimmering placeholder; one that failed is a visible broken-image card. The frame
/// never waits for a decode.
public final class DrawListRenderer {
    public let canvas: Canvas
    public let images: ImagePipeline
    /// Symbol drawn on broken-image placeholders.
    public var brokenSymbol = "exclamationmark.triangle"
    /// Placeholders on screen this frame: the host keeps drawing while they shimmer.
    public internal(set) var pendingImages = 0

    var opacityStack: [Double] = []
    /// What the last frame drawn by `renderFrame` left in the window, to keep what it can of it.
    var retained: RetainedFrame?
    /// The window memory the last frame was drawn into on the software renderer (found again
    /// cheaply while it stays the same).
    var knownTarget: SoftwareTarget?
    /// Whether `renderFrame` may keep the last frame's pixels (tests turn it off to compare).
    public var retains = true
    /// What the last `renderFrame` drew again and moved, in pixels (for tests and the bench).
    public internal(set) var lastFrame = FrameStats()
    /// A scroll's move is left to whoever presents the frame (`ServerScroll`: the X server copies
    /// the window's pixels); the window memory is not moved, and only `presentation` may be shown.
    var movesOnServer = false
    /// What the last `renderFrame` changed in the window, for presenting no more than that.
    var presentation = FramePresentation.whole

    public init(canvas: Canvas, images: ImagePipeline) {
        self.canvas = canvas
        self.images = images
    }

    var opacity: Double { opacityStack.last ?? 1 }

    private func faded(_ c: Color) -> Color { opacity < 1 ? c.opacity(opacity) : c }

    public func render(_ list: DrawList, time: Double) {
        pendingImages = 0
        opacityStack.removeAll()
        for command in list.commands {
            // Commands wholly outside the canvas's clip are skipped: prefetched items beyond the
            // viewport are in the list so their photos decode, but cost no drawing.
            if let r = command.bounds, let clip = canvas.clipRect, !r.intersects(clip) {
                if case let .image(path, r, _, mode, _, priority, _) = command, r.width > 0, r.height > 0 {
                    images.prefetch(path, pixelSize: pixelSize(r), priority: priority, fill: mode == .fill)
                }
                continue
            }
            execute(command, time: time)
        }
    }

    /// Asks the pipeline for every photo in the list up front (headless runs then `drain()`).
    public func preload(_ list: DrawList) {
        for case let .image(path, r, _, mode, _, priority, _) in list.commands where r.width > 0 && r.height > 0 {
            _ = images.request(path, pixelSize: pixelSize(r), priority: priority, fill: mode == .fill)
        }
    }

    /// What a photo is decoded for: the pixels it covers, at most `maxPhotoPixels` of them (a photo
    /// zoomed far past the window is drawn from a capped decode, scaled up, so a 100-megapixel file
    /// never asks for a 400 MB texture).
    func pixelSize(_ r: Rect) -> Size {
        let w = (r.width * canvas.scale).rounded(.up), h = (r.height * canvas.scale).rounded(.up)
        guard w * h > Self.maxPhotoPixels else { return Size(width: w, height: h) }
        let k = (Self.maxPhotoPixels / (w * h)).squareRoot()
        return Size(width: (w * k).rounded(.down), height: (h * k).rounded(.down))
    }

    /// 16 megapixels (64 MB decoded): 4096 × 4096, or more than 4K × 2 at 2× scale.
    public static let maxPhotoPixels = 16_777_216.0

    func execute(_ command: DrawCommand, time: Double) {
        guard let profile = canvas.profile else { return perform(command, time: time) }
        let outer = profile.enter(Self.part(command))
        perform(command, time: time)
        profile.leave(outer)
    }

    /// The profile's name for what `command` costs.
    static func part(_ command: DrawCommand) -> FrameProfile.Part {
        switch command {
        case .fill(_, _, let radius): return radius > 0 ? .rounded : .fill
        case .stroke: return .stroke
        case .shadow: return .shadow
        case .image, .prefetch: return .photo
        case .text: return .text
        case .symbol: return .symbol
        case .line: return .line
        case .circle: return .rounded
        case .snapshot: return .snapshot
        case .pushClip, .popClip, .beginOpacity, .endOpacity: return .clip
        }
    }

    func perform(_ command: DrawCommand, time: Double) {
        switch command {
        case let .fill(r, color, radius):
            if radius > 0 { canvas.fillRoundedRect(r, cornerRadius: radius, faded(color)) } else { canvas.fill(r, faded(color)) }
        case let .stroke(r, color, radius, width):
            canvas.strokeRoundedRect(r, cornerRadius: radius, lineWidth: width, faded(color))
        case let .shadow(r, radius, blur, color, offset, hollow):
            canvas.shadow(r, cornerRadius: radius, radius: blur, color: faded(color), offset: offset,
                          hollow: hollow && offset == .zero && opacity >= 1)
        case let .image(path, r, radius, mode, alpha, priority, sampling):
            guard r.width > 0, r.height > 0 else { return }
            let state = images.request(path, pixelSize: pixelSize(r), priority: priority, fill: mode == .fill)
            if case .loading = state { pendingImages += 1 }
            drawImage(state, r, radius, mode, alpha * opacity, sampling, time: time)
        case let .prefetch(path, r, priority):
            // Prefetches are of cells, and cells fill.
            if r.width > 0, r.height > 0 { images.prefetch(path, pixelSize: pixelSize(r), priority: priority, fill: true) }
        case let .text(s, font, color, r, alignment):
            canvas.text(s, font: font, color: faded(color), in: r, alignment: alignment)
        case let .symbol(name, r, color):
            canvas.symbol(name, in: r, color: faded(color))
        case let .line(a, b, width, color):
            canvas.line(from: a, to: b, width: width, faded(color))
        case let .circle(c, radius, color):
            canvas.fillCircle(center: c, radius: radius, faded(color))
        case let .snapshot(picture, r, alpha):
            // Only this stage makes kept pictures (Canvas.snapshot); another's draws nothing.
            if let kept = picture.object as? FrameSnapshot { canvas.draw(kept, in: r, opacity: alpha * opacity) }
        case .pushClip(let r):
            canvas.pushClip(r)
        case .popClip:
            canvas.popClip()
        case .beginOpacity(let o):
            opacityStack.append(opacity * o)
        case .endOpacity:
            _ = opacityStack.popLast()
        }
    }

    func drawImage(_ state: ImageState, _ r: Rect, _ radius: Double, _ mode: ContentMode, _ alpha: Double, _ sampling: ImageSampling,
                   time: Double) {
        switch state {
        case .ready(let texture):
            canvas.drawTexture(texture, in: r, contentMode: mode, cornerRadius: radius, opacity: alpha, sampling: sampling)
        case .loading:
            let outer = canvas.profile?.enter(.placeholder)
            defer { if let p = canvas.profile { p.leave(outer) } }
            // A slow, subtle shimmer: the placeholder breathes between two greys.
            let phase = 0.5 + 0.5 * sin(time * 2 * Double.pi / 1.4 + r.minX * 0.01 + r.minY * 0.01)
            let base = SystemColor.systemGray5.resolved(canvas.appearance)
            let light = SystemColor.systemGray6.resolved(canvas.appearance)
            canvas.fillRoundedRect(r, cornerRadius: radius, base.mix(light, phase).opacity(alpha))
        case .failed:
            let outer = canvas.profile?.enter(.placeholder)
            defer { if let p = canvas.profile { p.leave(outer) } }
            let bg = SystemColor.systemGray5.resolved(canvas.appearance)
            canvas.fillRoundedRect(r, cornerRadius: radius, bg.opacity(alpha))
            canvas.strokeRoundedRect(r, cornerRadius: radius, lineWidth: 1, SystemColor.systemGray3.resolved(canvas.appearance).opacity(alpha))
            if let icon = DrawListRenderer.brokenIcon(in: r) {
                canvas.symbol(brokenSymbol, in: icon, color: SystemColor.secondary.resolved(canvas.appearance).opacity(alpha))
            }
        }
    }

    /// Where a broken-image card in `r` shows its symbol (nil: too small for one).
    static func brokenIcon(in r: Rect) -> Rect? {
        let side = min(28, r.width * 0.4, r.height * 0.4)
        guard side >= 6 else { return nil }
        return Rect(x: r.midX - side / 2, y: r.midY - side / 2, width: side, height: side)
    }
}
