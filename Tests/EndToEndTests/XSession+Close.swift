import CX11
import Foundation

extension XSession {
    /// Asks the app's window to close, as a window manager does when its close button is clicked:
    /// a WM_DELETE_WINDOW client message. (Bare Xvfb has no window manager to ask `wmctrl -c`, and
    /// `xdotool windowclose` destroys the window instead of asking.) False if it could not be sent.
    @discardableResult
    func closeWindow() -> Bool {
        guard let id = UInt(window), let dpy = XOpenDisplay(display) else { return false }
        defer { XCloseDisplay(dpy) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(id)
        event.xclient.message_type = XInternAtom(dpy, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(dpy, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        let sent = XSendEvent(dpy, Window(id), 0, NoEventMask, &event) != 0
        XFlush(dpy)
        return sent
    }
}
