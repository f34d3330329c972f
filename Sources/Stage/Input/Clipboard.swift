import CSDL2

/// The system clipboard, for pasting SwiftUI code into the playground.
public enum Clipboard {
    public static var text: String? {
        guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
        defer { SDL_free(raw) }
        return String(cString: raw)
    }
}
