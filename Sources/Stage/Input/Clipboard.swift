import CSDL2

/// The system clipboard: the playground pastes from it, Ctrl+C copies a scene's code to it. Under
/// X11 or Wayland it is the desktop's; under a driver without one (headless `dummy`, `offscreen`)
/// SDL keeps the text in the process, so copy and paste still meet.
public enum Clipboard {
    public static var text: String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }

    /// Puts `text` on the clipboard. Throws SDL's reason when it cannot (no video subsystem).
    public static func set(_ text: String) throws {
        guard SDL_SetClipboardText(text) == 0 else { throw ClipboardError(message: String(cString: SDL_GetError())) }
    }
}

public struct ClipboardError: Error, CustomStringConvertible {
    public var message: String
    public var description: String { "cannot copy to the clipboard: \(message)" }
}
