import CSDL2
import GridCore
import StageInterface
import PhotoLibrary

/// SDL's events as the app's, in points: a pure function of the event and of what it is read
/// against (the user's extra scale, the window's size, where the pointer is and which modifier
/// keys are down), so every case is tested without a window.
enum EventTranslation {
    /// What an event is read against, asked of SDL by the host when the event arrives.
    struct Context {
        /// Window units per point beyond the drawable's own pixel ratio (`--scale`, the X11 desktop scale).
        var userScale: Double
        /// The window in points (touch positions are fractions of it).
        var windowSize: Size
        /// The pointer in window units (a wheel event does not say where it happened).
        var pointer: (x: Int32, y: Int32) = (0, 0)
        /// The modifier keys held (neither a wheel event nor a button event says: the host asks SDL
        /// as it reads the event, so a click carries the keys held when it was made).
        var modifiers: SDL_Keymod = KMOD_NONE
    }

    /// One notch of a wheel scrolls 40 points, as a desktop list does.
    static let wheelStep = 40.0

    /// The app's event for `e`, nil for events the app does not care about. A dropped file's name
    /// is copied; freeing SDL's string is the caller's.
    static func translate(_ e: SDL_Event, _ c: Context) -> InputEvent? {
        // Mouse coordinates arrive in window units; divide out only the user's extra scale.
        let p = { (x: Int32, y: Int32) in Point(x: Double(x) / c.userScale, y: Double(y) / c.userScale) }
        switch e.type {
        case SDL_QUIT.rawValue:
            return .quit
        case SDL_WINDOWEVENT.rawValue:
            switch UInt32(e.window.event) {
            case SDL_WINDOWEVENT_SIZE_CHANGED.rawValue, SDL_WINDOWEVENT_RESIZED.rawValue,
                 SDL_WINDOWEVENT_EXPOSED.rawValue, SDL_WINDOWEVENT_SHOWN.rawValue, SDL_WINDOWEVENT_RESTORED.rawValue:
                return .resize(c.windowSize)
            case SDL_WINDOWEVENT_LEAVE.rawValue:
                return .mouseExit
            case SDL_WINDOWEVENT_FOCUS_GAINED.rawValue:
                return .focusGained
            default:
                return nil
            }
        case SDL_MOUSEMOTION.rawValue:
            return .mouseMove(p(e.motion.x, e.motion.y))
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let button: MouseButton
            switch Int32(e.button.button) {
            case SDL_BUTTON_LEFT: button = .left
            case SDL_BUTTON_RIGHT: button = .right
            default: button = .middle
            }
            let at = p(e.button.x, e.button.y)
            guard e.type == SDL_MOUSEBUTTONDOWN.rawValue else { return .mouseUp(at, button) }
            // SDL marks the mouse events it makes from a touchscreen with SDL_TOUCH_MOUSEID ((Uint32)-1).
            return .mouseDown(at, button, MousePress(modifiers: modifiers(c.modifiers), clicks: max(1, Int(e.button.clicks)),
                                                     isTouch: e.button.which == UInt32.max))
        case SDL_MOUSEWHEEL.rawValue:
            let flipped = e.wheel.direction == SDL_MOUSEWHEEL_FLIPPED.rawValue ? -1.0 : 1.0
            let precise = e.wheel.preciseY != Float(e.wheel.y) || e.wheel.preciseX != Float(e.wheel.x)
            // SDL's y is positive away from the user; the app's dy is positive down the content.
            return .wheel(dx: Double(e.wheel.preciseX) * wheelStep * flipped, dy: -Double(e.wheel.preciseY) * wheelStep * flipped,
                          precise: precise, at: p(c.pointer.x, c.pointer.y), modifiers: modifiers(c.modifiers))
        case SDL_MULTIGESTURE.rawValue:
            guard e.mgesture.numFingers == 2 else { return nil }
            let at = Point(x: Double(e.mgesture.x) * c.windowSize.width, y: Double(e.mgesture.y) * c.windowSize.height)
            return .pinch(scale: 1 + Double(e.mgesture.dDist) * 4, at: at)
        case SDL_FINGERUP.rawValue:
            return .pinchEnded(at: Point(x: Double(e.tfinger.x) * c.windowSize.width, y: Double(e.tfinger.y) * c.windowSize.height))
        case SDL_TEXTINPUT.rawValue:
            var t = e.text
            let text = withUnsafeBytes(of: &t.text) { raw in String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self) }
            return text.isEmpty ? nil : .text(text)
        case SDL_DROPFILE.rawValue:
            guard let file = e.drop.file else { return nil }
            // A file name is bytes: kept exactly (`PathBytes`), not repaired into other text.
            let path = PathBytes.string(UnsafeRawBufferPointer(start: file, count: strlen(file)))
            return path.isEmpty ? nil : .dropFile(path)
        case SDL_KEYDOWN.rawValue:
            guard let k = key(e.key.keysym) else { return nil }
            return .key(k, modifiers(SDL_Keymod(UInt32(e.key.keysym.mod))))
        default:
            return nil
        }
    }

    static func modifiers(_ m: SDL_Keymod) -> KeyModifiers {
        var mods: KeyModifiers = []
        let raw = m.rawValue
        if raw & KMOD_SHIFT.rawValue != 0 { mods.insert(.shift) }
        if raw & KMOD_CTRL.rawValue != 0 { mods.insert(.control) }
        if raw & KMOD_ALT.rawValue != 0 { mods.insert(.alt) }
        if raw & KMOD_GUI.rawValue != 0 { mods.insert(.command) }
        return mods
    }

    /// US-layout mapping: shift turns `/` into `?` and `=` into `+`, the keys the app binds.
    static func key(_ sym: SDL_Keysym) -> Key? {
        let k = Int(sym.sym)
        let shift = UInt32(sym.mod) & KMOD_SHIFT.rawValue != 0
        switch k {
        case Int(SDLK_UP.rawValue): return .up
        case Int(SDLK_DOWN.rawValue): return .down
        case Int(SDLK_LEFT.rawValue): return .left
        case Int(SDLK_RIGHT.rawValue): return .right
        case Int(SDLK_PAGEUP.rawValue): return .pageUp
        case Int(SDLK_PAGEDOWN.rawValue): return .pageDown
        case Int(SDLK_HOME.rawValue): return .home
        case Int(SDLK_END.rawValue): return .end
        case Int(SDLK_SPACE.rawValue): return .space
        case Int(SDLK_TAB.rawValue): return .tab
        case Int(SDLK_RETURN.rawValue), Int(SDLK_KP_ENTER.rawValue): return .enter
        case Int(SDLK_ESCAPE.rawValue): return .escape
        case Int(SDLK_BACKSPACE.rawValue): return .backspace
        case Int(SDLK_DELETE.rawValue): return .delete
        case Int(SDLK_F1.rawValue)...Int(SDLK_F12.rawValue): return .function(k - Int(SDLK_F1.rawValue) + 1)
        case Int(SDLK_SLASH.rawValue) where shift: return .character("?")
        case Int(SDLK_EQUALS.rawValue) where shift: return .character("+")
        case Int(SDLK_KP_PLUS.rawValue): return .character("+")
        case Int(SDLK_KP_MINUS.rawValue): return .character("-")
        case 32..<127:
            guard let scalar = Unicode.Scalar(k) else { return nil }
            return .character(Character(scalar))
        default: return nil
        }
    }
}
