import GridCore
import StageInterface
import Stage

extension PhotoViewer {
    /// Draws the viewer over the whole window: the cell's place emptied (clipped to the scene's
    /// area), the backdrop at its opacity, the photo sliding out, the photo, and the info line.
    func draw(_ list: inout DrawList, env: AppEnvironment, sceneFrame: Rect) {
        let t = env.time
        let background = env.color(.background)
        // The photo has left its cell: the cell's place stays empty until it lands again.
        if let cell = cells.frame(index) {
            list.clipped(to: sceneFrame) { $0.fill(cell.insetBy(dx: -1, dy: -1), background, cornerRadius: cells.cornerRadius) }
        }
        let look = zoom.look
        if look.backdrop > 0 { list.fill(motion.window, background.opacity(look.backdrop)) }
        if let out = motion.outgoingFrame(at: t), let previous = outgoingPath { list.image(previous, in: out, contentMode: .fill) }
        guard let path = path else { return }
        // On the way out the photo grows: it decodes once, at the size it will be shown.
        if !isClosing { list.prefetch(path, in: motion.frame.target) }
        // `.fill` in the moving frame: the cell's crop opens to the whole photo as the frame takes its
        // aspect, and closes again on the way back.
        // Growing out of its cell, zooming or going back: the nearest texel; exact once it rests
        // (a slide to the next photo resamples nothing, so it stays exact).
        let moving = motion.frame.isAnimating(at: t) || zoom.isAnimating(at: t)
        list.image(path, in: look.photo, cornerRadius: look.corner, contentMode: .fill, sampling: moving ? .fast : .exact)
        if showsPlayButton { drawPlayButton(&list) }
        if infoVisible, !isClosing { drawInfo(&list, path: path, env: env) }
    }

    /// A paused animation (motion reduced, or Space): a play button over its frame, as video players
    /// show one; a click on it or Space plays.
    private func drawPlayButton(_ list: inout DrawList) {
        let b = playButtonFrame
        list.circle(center: Point(x: b.midX, y: b.midY), radius: b.width / 2, Color(red: 0, green: 0, blue: 0, opacity: 0.55))
        let glyph = b.insetBy(dx: b.width * 0.22, dy: b.height * 0.22)
        list.symbol("play.fill", in: glyph.offsetBy(dx: b.width * 0.03, dy: 0), Color(red: 1, green: 1, blue: 1))
    }

    /// The photo sliding out while the next one slides in.
    private var outgoingPath: String? {
        guard let o = motion.outgoing else { return nil }
        return cells.path(index - Int(o.direction))
    }

    /// File name, pixel size, file size, capture date (and camera model where the file has one),
    /// on a bar along the bottom of the window.
    private func drawInfo(_ list: inout DrawList, path: String, env: AppEnvironment) {
        let text = info.line(path: path, name: cells.name(index))
        let w = motion.window
        let bar = Rect(x: w.minX, y: w.maxY - 36, width: w.width, height: 36)
        list.fill(bar, Color(red: 0, green: 0, blue: 0, opacity: 0.55))
        list.text(text, .footnote, Color(red: 1, green: 1, blue: 1), in: bar.insetBy(dx: 16, dy: 0), alignment: .center)
    }

    /// `"viewer":{"id","index","frame","zoom","fitZoom","animating","closing","info","animation"}` for
    /// the state file (and the trace's `viewer` while it flies); `animation` is the photo's playback
    /// (`AnimationState.json`), null for a photo that is not animated.
    func state(at time: Double) -> JSON {
        .object([
            ("id", cells.name(index).map(JSON.string) ?? .number(Double(index))),
            ("index", .number(Double(index))),
            ("frame", JSON.rect(photoFrame)),
            ("zoom", .number(motion.zoom)),
            ("fitZoom", .number(motion.fitZoom)),
            ("animating", .bool(isAnimating(at: time))),
            ("closing", .bool(isClosing)),
            ("info", infoVisible ? .string(info.line(path: path ?? "", name: cells.name(index))) : .null),
            ("animation", animation.flatMap { $0.path == path && $0.isAnimated != false ? $0.json(playButton: showsPlayButton) : nil } ?? .null),
        ])
    }
}
