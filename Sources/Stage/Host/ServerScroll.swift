import CSDL2
import CX11Present

/// Shows a software frame in an X11 window by sending the X server only what changed: the scroll's
/// move is done by the server (the window's pixels copied onto itself, `XCopyArea`), then the
/// damaged rectangles are put from SDL's shared-memory image (`SDL_UpdateWindowSurfaceRects`).
///
/// Why: moving the scrolled region's pixels in the app's memory was the largest part of a scroll
/// frame (the peers' scroll at 10⁴ cells: `memmove` 28 % of the process's CPU), and presenting the
/// window whole had the server copy all 4 MB of it again; the server's copy is one blit in its own
/// memory. The app's copy of the window (SDL's surface) is then not moved: outside the rectangles
/// drawn since, it holds older pixels, which are never presented, and any frame drawn whole (a
/// resize, an exposure, a screenshot's redraw, a copy the server could not make) replaces them.
final class ServerScroll {
    private let handle: OpaquePointer

    /// nil unless `window` is on SDL's X11 driver.
    init?(window: OpaquePointer) {
        guard let h = cg_x11_present_open(UnsafeMutableRawPointer(window)) else { return nil }
        handle = h
    }

    deinit { cg_x11_present_close(handle) }

    /// Presents a retained frame: `move` done by the server, then `damage` put. False when the
    /// server could not copy part of the window (off screen or covered, no compositor keeping it):
    /// that part is undefined, and the caller draws and presents the frame whole.
    func present(move: FrameDamage.Move?, damage: [PixelRect], window: OpaquePointer) -> Bool {
        if let m = move {
            let to = m.area
            cg_x11_present_copy(handle, Int32(to.x0 - m.dx), Int32(to.y0 - m.dy), Int32(to.width), Int32(to.height),
                                Int32(to.x0), Int32(to.y0))
        }
        var rects = damage.map { SDL_Rect(x: Int32($0.x0), y: Int32($0.y0), w: Int32($0.width), h: Int32($0.height)) }
        // SDL syncs with the server after its puts; with none, the check below syncs itself.
        if !rects.isEmpty { SDL_UpdateWindowSurfaceRects(window, &rects, Int32(rects.count)) }
        guard move != nil else { return true }
        return cg_x11_present_lost(handle, rects.isEmpty ? 1 : 0) == 0
    }
}
