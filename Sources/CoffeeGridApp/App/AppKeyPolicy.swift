import StageInterface

/// The app's keys for its window, asked by the host before any event reaches the app, so they work
/// whatever is open or focused (a text field being edited, the help, the photo viewer): Ctrl+Q quits,
/// F11 fills the screen.
enum AppKeyPolicy {
    static func windowRequest(for event: InputEvent) -> WindowRequest? {
        switch event {
        case .key(.character("q"), let mods) where mods.contains(.control): return .quit
        case .key(.function(11), _): return .toggleFullScreen
        default: return nil
        }
    }
}
