import CSDL2
import GridCore
import StageInterface

/// What the last frame left in the window: its items and everything else its pixels depend on.
struct RetainedFrame {
    var items: [FrameItem]
    var target: SoftwareTarget
    var scale: Double
    var appearance: Appearance
    var background: Color
    /// A few of its pixels, read back at the next frame: anything that changed the window in
    /// between (a new surface, a stray draw) shows there, and the frame is drawn whole.
    var samples: [(index: Int, value: UInt32)]

    static let sampleCount = 64

    static func sample(_ t: SoftwareTarget) -> [(index: Int, value: UInt32)] {
        var s: [(Int, UInt32)] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<sampleCount {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let i = Int((seed >> 33) % UInt64(t.width * t.height))
            s.append((i, t.row(i / t.width)[i % t.width]))
        }
        return s
    }

    func holds(_ t: SoftwareTarget) -> Bool {
        t == target && samples.allSatisfy { t.row($0.index / t.width)[$0.index % t.width] == $0.value }
    }
}

/// What a `renderFrame` changed in the window: all of it, or a move and the rectangles drawn again
/// (in that order; without `movesOnServer` the move is done in the window's memory already).
enum FramePresentation {
    case whole
    case changed(move: FrameDamage.Move?, damage: [PixelRect])
}

/// How much of the last frame a `renderFrame` drew again.
public struct FrameStats: Equatable {
    /// Pixels cleared and drawn again.
    public var redrawn = 0
    /// Pixels moved by a scroll.
    public var moved = 0
    /// The whole frame was drawn (nothing could be kept).
    public var whole = true
}

extension DrawListRenderer {
    /// Draws a whole frame — `background` everywhere, then `list` — into the window. On the
    /// software renderer it keeps what it can of the last frame's pixels: a scrolled region's are
    /// moved, and only what changed (`FrameDamage`) is drawn again. The pixels are the same as
    /// clearing and calling `render` (`retains = false` does just that).
    public func renderFrame(_ list: DrawList, background: Color, time: Double) {
        canvas.setClip(nil)
        opacityStack.removeAll()
        let window = SoftwareTarget.current(canvas.renderer, known: knownTarget)
        knownTarget = window
        // Opaque fills store straight into the window's memory while this frame is drawn.
        canvas.directTarget = window
        defer {
            canvas.directTarget = nil
            canvas.endFrame()
        }
        presentation = .whole
        guard retains, let target = window else {
            retained = nil
            canvas.clear(background)
            render(list, time: time)
            lastFrame = FrameStats(redrawn: canvas.pixelSize.width * canvas.pixelSize.height, moved: 0, whole: true)
            return
        }
        let items = canvas.profile.measure(.damage) { plan(list, bounds: target.bounds, time: time) }
        var stats = FrameStats(redrawn: target.bounds.area, moved: 0, whole: true)
        if let last = retained, last.scale == canvas.scale, last.appearance == canvas.appearance, last.background == background,
           last.holds(target) {
            let d = canvas.profile.measure(.damage) {
                FrameDamage.between(last.items, items, target: target.bounds, scale: canvas.scale) { [canvas] in canvas.coverage(of: $0) }
            }
            let moved = d.move?.area.area ?? 0
            // Past most of the window, drawing it whole is cheaper than drawing it piece by piece.
            if d.damagedArea + moved / 8 < target.bounds.area * 7 / 10 {
                if let m = d.move {
                    canvas.flush()
                    SDL_RenderFlush(canvas.renderer)
                    if !movesOnServer { profiled(.retained) { target.move(m.area, dx: m.dx, dy: m.dy) } }
                }
                for rect in d.damage { draw(items, in: rect, background: background, time: time) }
                presentation = .changed(move: d.move, damage: d.damage)
                stats = FrameStats(redrawn: d.damagedArea, moved: moved, whole: false)
            } else {
                draw(items, in: target.bounds, background: background, time: time)
            }
        } else {
            draw(items, in: target.bounds, background: background, time: time)
        }
        canvas.setClip(nil)
        canvas.flush()
        SDL_RenderFlush(canvas.renderer)
        retained = RetainedFrame(items: items, target: target, scale: canvas.scale, appearance: canvas.appearance,
                                 background: background, samples: RetainedFrame.sample(target))
        lastFrame = stats
    }

    /// Forgets the last frame's pixels: the next `renderFrame` draws everything.
    public func discardRetainedFrame() { retained = nil }

    private func profiled(_ part: FrameProfile.Part, _ body: () -> Void) {
        guard let p = canvas.profile else { return body() }
        let outer = p.enter(part)
        body()
        p.leave(outer)
    }

    /// Walks the list as `render` does — the same clips, the same culling, the same requests to the
    /// image pipeline in the same order — and returns what each drawn command will touch.
    func plan(_ list: DrawList, bounds: PixelRect, time: Double) -> [FrameItem] {
        pendingImages = 0
        var items: [FrameItem] = []
        items.reserveCapacity(list.commands.count)
        var levels: [PixelRect] = []
        var clips: [SDL_Rect] = []
        var opacities: [Double] = []
        let scale = canvas.scale
        for command in list.commands {
            switch command {
            case .pushClip(let r):
                let p = canvas.pixels(r)
                levels.append(PixelRect(p))
                clips.append(Canvas.clip(p, within: clips.last))
                continue
            case .popClip:
                if !levels.isEmpty { levels.removeLast(); clips.removeLast() }
                continue
            case .beginOpacity(let o):
                opacities.append((opacities.last ?? 1) * o)
                continue
            case .endOpacity:
                _ = opacities.popLast()
                continue
            case let .prefetch(path, r, priority):
                if r.width > 0, r.height > 0 { images.prefetch(path, pixelSize: pixelSize(r), priority: priority, fill: true) }
                continue
            default:
                break
            }
            let clip = clips.last
            if let r = command.bounds, let c = clip,
               !r.intersects(Rect(x: Double(c.x) / scale, y: Double(c.y) / scale, width: Double(c.w) / scale, height: Double(c.h) / scale)) {
                if case let .image(path, r, _, mode, _, priority, _) = command, r.width > 0, r.height > 0 {
                    images.prefetch(path, pixelSize: pixelSize(r), priority: priority, fill: mode == .fill)
                }
                continue
            }
            var resource = FrameItem.Resource.none
            var state: ImageState?
            switch command {
            case let .image(path, r, _, mode, _, priority, _):
                guard r.width > 0, r.height > 0 else { continue }
                let s = images.request(path, pixelSize: pixelSize(r), priority: priority, fill: mode == .fill)
                switch s {
                case .ready(let t): resource = .texture(t)
                case .loading: resource = .loading; pendingImages += 1
                case .failed:
                    // The card's symbol is rasterised off this thread: a card drawn before it landed
                    // lacks it, so it is not the same pixels as the card with it (the first broken
                    // photo of a run stayed a blank tile until something else drew over it).
                    let icon = DrawListRenderer.brokenIcon(in: r).map { canvas.symbolResource(brokenSymbol, in: $0) }
                    resource = icon == .pending ? .pending : .failed
                }
                state = s
            case let .symbol(name, r, _):
                guard clip.map({ $0.w > 0 && $0.h > 0 }) ?? true else { continue }
                resource = canvas.symbolResource(name, in: r)
            default:
                break
            }
            guard var b = canvas.pixelBounds(of: command) else { continue }
            if let c = clip { b = b.intersection(PixelRect(c)) }
            b = b.intersection(bounds)
            guard !b.isEmpty else { continue }
            items.append(FrameItem(command: command, levels: levels, clip: clip.map(PixelRect.init), opacity: opacities.last ?? 1,
                                   bounds: b, resource: resource, image: state))
        }
        return items
    }

    /// Clears `rect` to the background and draws every item that reaches into it, clipped to it.
    private func draw(_ items: [FrameItem], in rect: PixelRect, background: Color, time: Double) {
        canvas.setClip(rect)
        canvas.clear(background)
        for item in items where item.bounds.intersects(rect) {
            canvas.setClip(item.clip?.intersection(rect) ?? rect)
            opacityStack = item.opacity < 1 ? [item.opacity] : []
            draw(item, time: time)
        }
        opacityStack.removeAll()
    }

    private func draw(_ item: FrameItem, time: Double) {
        let outer = canvas.profile?.enter(DrawListRenderer.part(item.command))
        defer { if let p = canvas.profile { p.leave(outer) } }
        switch item.command {
        case let .image(_, r, radius, mode, alpha, _, sampling):
            if let state = item.image { drawImage(state, r, radius, mode, alpha * opacity, sampling, time: time) }
        case let .symbol(_, r, color):
            canvas.drawSymbol(item.resource, in: r, color: opacity < 1 ? color.opacity(opacity) : color)
        default:
            perform(item.command, time: time)
        }
    }
}
