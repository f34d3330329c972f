import Foundation

/// A window needs a display. Without DISPLAY and WAYLAND_DISPLAY, SDL would quietly fall back to
/// its offscreen driver and the app would run unseen until killed; instead it says so and exits 1.
enum DisplayCheck {
    /// The one-line reason no window can open, or nil when one can (or SDL_VIDEODRIVER chose a driver).
    static func missingDisplay(_ env: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        func set(_ name: String) -> Bool { !(env[name] ?? "").isEmpty }
        if set("SDL_VIDEODRIVER") || set("DISPLAY") || set("WAYLAND_DISPLAY") { return nil }
        return "no display: neither DISPLAY nor WAYLAND_DISPLAY is set (run it in a desktop session, or use --headless with --screenshot or --script)"
    }
}
