import CSDL2

/// The keyboard's modifier state, as SDL tracks it from key events: a click reads it to tell a
/// Shift+click from a click. Headless scripts set it around a click (SDL_SetModState).
public enum Keyboard {
    public static var modifiers: KeyModifiers {
        get { EventTranslation.modifiers(SDL_GetModState()) }
        set {
            var raw: UInt32 = 0
            if newValue.contains(.shift) { raw |= KMOD_LSHIFT.rawValue }
            if newValue.contains(.control) { raw |= KMOD_LCTRL.rawValue }
            if newValue.contains(.alt) { raw |= KMOD_LALT.rawValue }
            if newValue.contains(.command) { raw |= KMOD_LGUI.rawValue }
            SDL_SetModState(SDL_Keymod(raw))
        }
    }
}
