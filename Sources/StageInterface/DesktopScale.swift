import Foundation

/// How much larger than 96 dpi the desktop draws, for X11, where SDL 2 reports every window at one
/// pixel per point. (On Wayland the compositor's scale arrives as the drawable's pixel ratio.)
public enum DesktopScale {
    /// `GDK_SCALE` when the session sets it (the scale GTK apps use), else `Xft.dpi` / 96 from the
    /// X resources (what GNOME, KDE and xrdb users set), else 1; at most 4. Below 1 counts as 1:
    /// a 72-dpi resource is an old default, not a wish for a smaller window.
    public static func x11(environment: [String: String], xftDPI: Double?) -> Double {
        if let text = environment["GDK_SCALE"], let s = Double(text.trimmingCharacters(in: .whitespaces)), s.isFinite, s > 0 {
            return min(max(s, 1), 4)
        }
        if let dpi = xftDPI, dpi.isFinite, dpi > 0 { return min(max(dpi / 96, 1), 4) }
        return 1
    }

    /// `Xft.dpi` from the X server's resources (`xrdb -query`), read as Xft itself reads it
    /// (`XGetDefault(display, "Xft", "dpi")`). libX11 is loaded at run time: SDL's X11 driver
    /// loads it anyway, and the binary then links nothing more. Nil without X or without the resource.
    public static func xftDPI(display: String?) -> Double? {
        guard let display = display, !display.isEmpty,
              let lib = dlopen("libX11.so.6", RTLD_NOW | RTLD_LOCAL) else { return nil }
        defer { dlclose(lib) }
        typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
        typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
        typealias GetDefault = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
        guard let o = dlsym(lib, "XOpenDisplay"), let c = dlsym(lib, "XCloseDisplay"), let g = dlsym(lib, "XGetDefault") else { return nil }
        let open = unsafeBitCast(o, to: OpenDisplay.self)
        let close = unsafeBitCast(c, to: CloseDisplay.self)
        let getDefault = unsafeBitCast(g, to: GetDefault.self)
        guard let dpy = open(display) else { return nil }
        defer { _ = close(dpy) }
        guard let value = getDefault(dpy, "Xft", "dpi") else { return nil }
        return Double(String(cString: value).trimmingCharacters(in: .whitespaces))
    }
}
