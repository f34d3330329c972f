import Foundation
import GridCore
import GridMotion
import StageInterface
import PhotoLibrary
import Stage

/// A photo opened full-window over its scene (double-click or Return on a photo): it flies from its
/// cell with seed 002's `.interactiveSpring()` while the backdrop fades in, and flies back into its
/// cell when closed (Esc, Backspace, a click on the backdrop), the cell scrolled into view first if
/// the viewer moved on to another photo. Left/Right and the wheel go to the previous and next photo
/// with a slide; Ctrl+wheel, a pinch and `+`/`-` zoom under the pointer, `1` is 1:1 pixels, `0`
/// fits, a double-click toggles fit and 1:1 where it lands, a drag pans a zoomed photo (with
/// momentum, stopping at its edges), `i` shows the photo's facts, Ctrl+Alt+O shows its file in the
/// file manager, Delete moves it to the Trash and shows the next one (the one before at the end; the
/// viewer closes when none is left), Ctrl+Z puts it back and shows it again, as Eye of GNOME and
/// gThumb do. The flight from the cell and back is `PhotoZoom`, a `matchedGeometryEffect` the view
/// layer runs; what the photo does in the window is GridMotion's `PhotoViewerMotion`. Pictures come
/// through the image pipeline like every cell's, so the cell's texture shows at once and sharper
/// decodes replace it as they land.
final class PhotoViewer {
    /// The scene's photos; the app hands new ones over when they change (`photosChanged`).
    private(set) var cells: PhotoCells
    private(set) var index: Int
    private(set) var motion: PhotoViewerMotion
    private(set) var zoom: PhotoZoom
    private(set) var infoVisible = false
    private var pointer: Point
    private var press: (point: Point, moved: Bool, onPhoto: Bool)?
    /// Asked to close: the cell is scrolled into view now, and the flight back starts next update.
    private var closeRequested = false
    /// Wheel distance not yet turned into a photo step (a touchpad sends many small deltas).
    private var wheelCarry = 0.0
    private var time: Double
    let info = PhotoInfo()
    /// The photo Ctrl+Alt+O asked to show in the file manager, until the app takes it.
    private var revealRequest: String?
    /// The photo Delete asked to move to the Trash, and Ctrl+Z's ask, until the app takes them (the
    /// viewer does no I/O: the library's worker moves the file).
    private var trashRequest: String?
    private var undoRequested = false
    /// The photo shown, by path: the photos can change under the viewer (Delete, Ctrl+Z, the folder).
    private(set) var shownPath: String?
    /// The photo Delete sent, until it is gone; then the photos it sent, newest last: one that comes
    /// back (Ctrl+Z) is shown again.
    private var leaving: String?
    private var sentToTrash: [String] = []
    /// The photo's animation as the pipeline last played it (nil: not asked yet, or not one).
    var animation: AnimationState?
    /// Space or the play button chose to play or pause this photo; nil follows reduce motion (an
    /// animated photo plays unless motion is reduced, where it waits on its first frame).
    private var playChoice: Bool?

    static let animation = Animation.interactiveSpring
    /// Points of (precise) wheel travel per photo.
    static let wheelStep = 80.0

    /// Opens photo `index` of `cells` over `window`; nil when there is no such photo.
    init?(cells: PhotoCells, index: Int, window: Rect, scale: Double, env: AppEnvironment) {
        guard index >= 0, index < cells.count, let path = cells.path(index) else { return nil }
        self.cells = cells
        self.index = index
        shownPath = path
        time = env.time
        pointer = Point(x: window.midX, y: window.midY)
        let cell = cells.frame(index) ?? Rect(x: window.midX - 50, y: window.midY - 50, width: 100, height: 100)
        motion = PhotoViewerMotion(photoSize: PhotoViewer.pixelSize(path), window: window, scale: scale)
        zoom = PhotoZoom(path: path, cell: cell, cornerRadius: cells.cornerRadius, shown: motion.drawnFrame(at: env.time), window: window,
                         animation: MotionPolicy.resolve(PhotoViewer.animation), at: env.time)
    }

    var path: String? { cells.path(index) }
    var isClosing: Bool { closeRequested || !zoom.isOpen }

    /// Where the photo is drawn: what the last frame showed (hit tests read what a person sees).
    var photoFrame: Rect { zoom.look.photo }

    /// What the pipeline should play: the photo shown, made for the window's fit at the drawing
    /// scale, playing unless paused, motion is reduced, or the photo is flying back to its cell.
    func animationRequest(scale: Double, reduced: Bool) -> (path: String, pixelSize: Size, playing: Bool)? {
        guard let path = path else { return nil }
        let fit = motion.fitFrame
        let playing = !isClosing && (playChoice ?? !reduced)
        return (path, Size(width: (fit.width * scale).rounded(.up), height: (fit.height * scale).rounded(.up)), playing)
    }

    /// The animation waits, paused, on a frame: the play button is drawn over it.
    var showsPlayButton: Bool {
        guard let a = animation, a.path == path, a.isAnimated == true, !isClosing else { return false }
        // Stopped by its end or a broken frame it is not paused: a button there would play nothing.
        return !a.isPlaying && !a.isFinished && a.failure == nil
    }

    /// The play button, centred on the photo where it is drawn now.
    var playButtonFrame: Rect {
        let f = photoFrame
        let side = min(64, max(28, min(f.width, f.height) * 0.25))
        return Rect(x: f.midX - side / 2, y: f.midY - side / 2, width: side, height: side)
    }

    /// Space: an animated photo plays or pauses.
    private func togglePlaying() {
        guard let a = animation, a.path == path, a.isAnimated == true, !a.isFinished, a.failure == nil else { return }
        playChoice = !a.isPlaying
    }

    /// The photo's upright pixel size from its header (a square when it cannot be read: the
    /// pipeline then draws its broken-image card in that square).
    static func pixelSize(_ path: String) -> Size {
        PhotoDecoder.pixelSize(ofFile: path) ?? Size(width: 1000, height: 1000)
    }

    // MARK: - Frame

    /// Advances to `time` in `window`; true while anything moves. `isDone` afterwards says whether
    /// the photo has landed back in its cell.
    func update(window: Rect, scale: Double, time t: Double) -> Bool {
        time = t
        motion.resize(to: window, scale: scale, at: t)
        // Resolved only where it is used: under reduce motion each resolve asks for a cross-fade, and
        // one asked every frame kept an open viewer drawing at 60 Hz for ever.
        if closeRequested {
            closeRequested = false
            motion.stop(at: t)
            zoom.close(animation: MotionPolicy.resolve(PhotoViewer.animation), at: t)
        }
        // Closing, the photo heads for its cell wherever the cell is now (scrolled into view, the
        // window resized); with no cell to go to, it shrinks into the window's centre.
        let cell = cells.frame(index) ?? Rect(x: window.midX - 1, y: window.midY - 1, width: 2, height: 2)
        zoom.layout(path: shownPath, shown: motion.drawnFrame(at: t), cell: cell, window: window, at: t)
        return isAnimating(at: t)
    }

    /// The photo flies, zooms, pans or slides, or the backdrop fades.
    func isAnimating(at t: Double) -> Bool { motion.isAnimating(at: t) || zoom.isAnimating(at: t) }

    var isDone: Bool { !zoom.isOpen && !zoom.isAnimating(at: time) }

    // MARK: - Input

    /// Returns false for keys the viewer leaves to the app (Ctrl+Q, Ctrl+D).
    func handleKey(_ key: Key, _ mods: KeyModifiers) -> Bool {
        guard !isClosing else { return !mods.contains(.control) }
        let animation = MotionPolicy.resolve(PhotoViewer.animation)
        if PhotosScene.isRevealKey(key, mods) {
            revealRequest = path
            return true
        }
        if mods.contains(.control) {
            switch key {
            case .character("="), .character("+"): motion.zoom(by: 1.25, at: zoomPoint, animation: animation, at: time)
            case .character("-"): motion.zoom(by: 0.8, at: zoomPoint, animation: animation, at: time)
            case .character("0"): motion.fit(animation: animation, at: time)
            case .character("z"): undoRequested = true
            default: return false
            }
            return true
        }
        switch key {
        case .escape, .backspace: close()
        case .left: step(-1)
        case .right: step(1)
        case .character("+"), .character("="): motion.zoom(by: 1.25, at: zoomPoint, animation: animation, at: time)
        case .character("-"): motion.zoom(by: 0.8, at: zoomPoint, animation: animation, at: time)
        case .character("1"): motion.zoom(to: 1, at: zoomPoint, animation: animation, at: time)
        case .character("0"): motion.fit(animation: animation, at: time)
        case .character("i"): infoVisible.toggle()
        case .space: togglePlaying()
        case .delete where !mods.contains(.shift): trashRequest = path
        default: break
        }
        return true
    }

    /// Zooms anchor under the pointer when it is over the photo, else at the photo's centre.
    private var zoomPoint: Point {
        let f = photoFrame
        return f.contains(pointer) ? pointer : Point(x: f.midX, y: f.midY)
    }

    func handlePointer(_ event: PointerEvent) {
        guard !isClosing else { return }
        let animation = MotionPolicy.resolve(PhotoViewer.animation)
        switch event {
        case let .down(p, how):
            pointer = p
            if showsPlayButton, playButtonFrame.contains(p) {
                playChoice = true
                press = nil
                return
            }
            let onPhoto = photoFrame.contains(p)
            if how.clicks >= 2, onPhoto {
                // Fit ↔ 1:1 where the double-click landed.
                if motion.isZoomed { motion.fit(animation: animation, at: time) } else { motion.zoom(to: 1, at: p, animation: animation, at: time) }
                press = nil
                return
            }
            press = (p, false, onPhoto)
            if onPhoto { motion.beginPan(at: p, time: time) }
        case .move(let p):
            pointer = p
            guard var pr = press else { return }
            if !pr.moved, max(abs(p.x - pr.point.x), abs(p.y - pr.point.y)) > GridGestures.slop { pr.moved = true; press = pr }
            if motion.isPanning { motion.pan(to: p, time: time) }
        case .up(let p):
            pointer = p
            guard let pr = press else { return }
            press = nil
            if motion.isPanning { motion.endPan(time: time) }
            if !pr.moved, !pr.onPhoto { close() }
        case let .wheel(_, dy, precise, at, mods):
            pointer = at
            if mods.contains(.control) {
                motion.zoom(by: exp(-dy / 240), at: zoomPoint, animation: precise ? nil : animation, at: time)
                return
            }
            wheelCarry += precise ? dy : (dy > 0 ? PhotoViewer.wheelStep : dy < 0 ? -PhotoViewer.wheelStep : 0)
            if abs(wheelCarry) >= PhotoViewer.wheelStep {
                step(wheelCarry > 0 ? 1 : -1)
                wheelCarry = 0
            }
        case let .pinch(scale, at):
            pointer = at
            motion.zoom(by: scale, at: zoomPoint, animation: nil, at: time)
        case .pinchEnded, .exit:
            break
        }
    }

    /// The previous (-1) or next (+1) photo slides in; at either end nothing moves.
    private func step(_ direction: Int) {
        let next = index + direction
        guard next >= 0, next < cells.count else { return }
        go(to: next, direction: direction)
    }

    /// Photo `i` slides in from the side `direction` says.
    private func go(to i: Int, direction: Int) {
        guard let path = cells.path(i) else { return }
        index = i
        shownPath = path
        playChoice = nil
        motion.show(PhotoViewer.pixelSize(path), direction: Double(direction), animation: MotionPolicy.resolve(PhotoViewer.animation), at: time)
    }

    /// The scene's photos changed (a photo trashed, put back, the folder changed): the viewer keeps
    /// showing its photo wherever it now is. Gone, the photo now in its place slides in (the next),
    /// else the one before; with none left the viewer closes. A photo it sent to the Trash that comes
    /// back is shown again.
    func photosChanged(_ new: PhotoCells) {
        cells = new
        guard !isClosing, let shown = shownPath else { return }
        if let back = sentToTrash.last, let i = find(back) {
            sentToTrash.removeLast()
            go(to: i, direction: -1)
            return
        }
        if cells.path(index) == shown { return }
        if let i = find(shown) {
            index = i
            return
        }
        if shown == leaving {
            sentToTrash.append(shown)
            leaving = nil
        }
        guard cells.count > 0 else {
            shownPath = nil
            close()
            return
        }
        let next = min(index, cells.count - 1)
        go(to: next, direction: next < index ? -1 : 1)
    }

    /// Where a photo is now (only when the photos changed: O(photos)).
    private func find(_ path: String) -> Int? { (0..<cells.count).first { cells.path($0) == path } }

    /// The photo Delete asked to move to the Trash, once.
    func takeTrashRequest() -> String? {
        defer { trashRequest = nil }
        if let p = trashRequest { leaving = p }
        return trashRequest
    }

    /// Whether Ctrl+Z asked to put back what the last Delete moved to the Trash, once.
    func takeUndoRequest() -> Bool {
        defer { undoRequested = false }
        return undoRequested
    }

    /// The photo to show in the file manager, once.
    func takeRevealRequest() -> String? {
        defer { revealRequest = nil }
        return revealRequest
    }

    /// Flies back into the cell of the photo shown now, scrolled into view first.
    func close() {
        guard !isClosing else { return }
        cells.reveal(index)
        closeRequested = true
    }
}

extension PhotoViewer {
    /// Whether the viewer takes `event` instead of the app: everything a pointer or a key does
    /// while it is open, but Ctrl+D (the app's appearance), resizes and dropped files. (Ctrl+Q never
    /// gets here: `AppKeyPolicy` takes it before any event reaches the app.)
    func consumes(_ event: InputEvent) -> Bool {
        switch event {
        case .mouseMove, .mouseDown, .mouseUp, .wheel, .pinch, .pinchEnded, .mouseExit: return true
        case let .key(key, mods): return !(mods.contains(.control) && key == .character("d"))
        case .text: return true
        case .resize, .quit, .dropFile, .focusGained: return false
        }
    }

    func handle(_ event: InputEvent, at t: Double) {
        time = t
        switch event {
        case .mouseMove(let p): handlePointer(.move(p))
        case let .mouseDown(p, .left, how): handlePointer(.down(p, how))
        case .mouseUp(let p, .left): handlePointer(.up(p))
        case let .wheel(dx, dy, precise, at, mods): handlePointer(.wheel(dx: dx, dy: dy, precise: precise, at: at, modifiers: mods))
        case let .pinch(scale, at): handlePointer(.pinch(scale: scale, at: at))
        case let .key(key, mods): _ = handleKey(key, mods)
        default: break
        }
    }
}
