import CSDL2
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

/// SDL's events read as the app's, without a window: the translation is a pure function of the
/// event and of the pointer, modifiers, window size and user scale it is read against.
final class EventTranslationTests: XCTestCase {
    let context = EventTranslation.Context(userScale: 2, windowSize: Size(width: 400, height: 300), pointer: (100, 60), modifiers: KMOD_LCTRL)

    func event(_ type: SDL_EventType) -> SDL_Event {
        var e = SDL_Event()
        e.type = type.rawValue
        return e
    }

    func testMouseEventsArriveInPoints() {
        var move = event(SDL_MOUSEMOTION)
        move.motion.x = 50
        move.motion.y = 30
        XCTAssertEqual(EventTranslation.translate(move, context), .mouseMove(Point(x: 25, y: 15)))
        var down = event(SDL_MOUSEBUTTONDOWN)
        down.button.button = UInt8(SDL_BUTTON_LEFT)
        down.button.x = 10
        down.button.y = 20
        XCTAssertEqual(EventTranslation.translate(down, context), .mouseDown(Point(x: 5, y: 10), .left, MousePress(modifiers: .control)),
                       "a press carries the modifiers held when it was read")
        down.button.clicks = 2
        down.button.which = UInt32.max
        XCTAssertEqual(EventTranslation.translate(down, context), .mouseDown(Point(x: 5, y: 10), .left, MousePress(modifiers: .control, clicks: 2, isTouch: true)),
                       "the click count, and SDL_TOUCH_MOUSEID for a touchscreen's")
        var up = event(SDL_MOUSEBUTTONUP)
        up.button.button = UInt8(SDL_BUTTON_RIGHT)
        XCTAssertEqual(EventTranslation.translate(up, context), .mouseUp(.zero, .right))
        up.button.button = UInt8(SDL_BUTTON_MIDDLE)
        XCTAssertEqual(EventTranslation.translate(up, context), .mouseUp(.zero, .middle))
    }

    func testAWheelNotchIsFortyPointsAtThePointerWithTheHeldModifiers() {
        var wheel = event(SDL_MOUSEWHEEL)
        wheel.wheel.y = 1
        wheel.wheel.preciseY = 1
        XCTAssertEqual(EventTranslation.translate(wheel, context),
                       .wheel(dx: 0, dy: -40, precise: false, at: Point(x: 50, y: 30), modifiers: .control))
        // A touchpad's fractional delta is precise; a flipped one goes the other way.
        wheel.wheel.y = 0
        wheel.wheel.preciseY = 0.25
        wheel.wheel.direction = SDL_MOUSEWHEEL_FLIPPED.rawValue
        XCTAssertEqual(EventTranslation.translate(wheel, context),
                       .wheel(dx: 0, dy: 10, precise: true, at: Point(x: 50, y: 30), modifiers: .control))
    }

    func testWindowEvents() {
        for kind in [SDL_WINDOWEVENT_SIZE_CHANGED, SDL_WINDOWEVENT_RESIZED, SDL_WINDOWEVENT_EXPOSED, SDL_WINDOWEVENT_SHOWN, SDL_WINDOWEVENT_RESTORED] {
            var e = event(SDL_WINDOWEVENT)
            e.window.event = UInt8(kind.rawValue)
            XCTAssertEqual(EventTranslation.translate(e, context), .resize(Size(width: 400, height: 300)))
        }
        var leave = event(SDL_WINDOWEVENT)
        leave.window.event = UInt8(SDL_WINDOWEVENT_LEAVE.rawValue)
        XCTAssertEqual(EventTranslation.translate(leave, context), .mouseExit)
        var focus = event(SDL_WINDOWEVENT)
        focus.window.event = UInt8(SDL_WINDOWEVENT_FOCUS_GAINED.rawValue)
        XCTAssertEqual(EventTranslation.translate(focus, context), .focusGained)
        var moved = event(SDL_WINDOWEVENT)
        moved.window.event = UInt8(SDL_WINDOWEVENT_MOVED.rawValue)
        XCTAssertNil(EventTranslation.translate(moved, context))
        XCTAssertEqual(EventTranslation.translate(event(SDL_QUIT), context), .quit)
    }

    func testKeysWithTheirModifiersOnAUSLayout() {
        func key(_ sym: Int32, _ mod: SDL_Keymod = KMOD_NONE) -> InputEvent? {
            var e = event(SDL_KEYDOWN)
            e.key.keysym.sym = sym
            e.key.keysym.mod = UInt16(mod.rawValue)
            return EventTranslation.translate(e, context)
        }
        XCTAssertEqual(key(Int32(SDLK_g.rawValue)), .key(.character("g"), []))
        XCTAssertEqual(key(Int32(SDLK_SLASH.rawValue), KMOD_LSHIFT), .key(.character("?"), .shift))
        XCTAssertEqual(key(Int32(SDLK_EQUALS.rawValue), KMOD_RSHIFT), .key(.character("+"), .shift))
        XCTAssertEqual(key(Int32(SDLK_KP_ENTER.rawValue)), .key(.enter, []))
        XCTAssertEqual(key(Int32(SDLK_F11.rawValue)), .key(.function(11), []))
        XCTAssertEqual(key(Int32(SDLK_q.rawValue), SDL_Keymod(KMOD_LCTRL.rawValue | KMOD_LALT.rawValue)), .key(.character("q"), [.control, .alt]))
        XCTAssertNil(key(Int32(SDLK_CAPSLOCK.rawValue)))
    }

    func testTextTouchesAndPinches() {
        var text = event(SDL_TEXTINPUT)
        withUnsafeMutableBytes(of: &text.text.text) { raw in
            for (i, b) in "é!".utf8.enumerated() { raw[i] = b }
        }
        XCTAssertEqual(EventTranslation.translate(text, context), .text("é!"))
        XCTAssertNil(EventTranslation.translate(event(SDL_TEXTINPUT), context), "no text, no event")
        var pinch = event(SDL_MULTIGESTURE)
        pinch.mgesture.numFingers = 2
        pinch.mgesture.x = 0.5
        pinch.mgesture.y = 0.25
        pinch.mgesture.dDist = 0.05
        XCTAssertEqual(EventTranslation.translate(pinch, context), .pinch(scale: 1 + Double(Float(0.05)) * 4, at: Point(x: 200, y: 75)))
        pinch.mgesture.numFingers = 3
        XCTAssertNil(EventTranslation.translate(pinch, context))
        var lift = event(SDL_FINGERUP)
        lift.tfinger.x = 1
        lift.tfinger.y = 0
        XCTAssertEqual(EventTranslation.translate(lift, context), .pinchEnded(at: Point(x: 400, y: 0)))
    }
}
