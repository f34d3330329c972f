/// Which SDL video driver to ask for. SDL 2 tries X11 first, so on a Wayland desktop the window
/// ran through XWayland: blurry or tiny on HiDPI screens, and without the compositor's scale.
public enum VideoDriver {
    /// The `SDL_VIDEODRIVER` hint to set before SDL starts, or nil to leave SDL's own choice:
    /// Wayland first (X11 after it when there is an X display too) when the session has a Wayland
    /// display and this SDL has the driver. A driver the user named in `SDL_VIDEODRIVER` always wins.
    public static func hint(environment: [String: String], available: [String]) -> String? {
        if let user = environment["SDL_VIDEODRIVER"], !user.isEmpty { return nil }
        guard let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty, available.contains("wayland") else { return nil }
        let x11 = (environment["DISPLAY"] ?? "").isEmpty == false && available.contains("x11")
        return x11 ? "wayland,x11" : "wayland"
    }
}
