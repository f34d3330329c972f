import CSDL2

/// A resizable, HiDPI-aware SDL window with an accelerated (or, headless, software) renderer.
public final class Window {
    public let handle: OpaquePointer
    public let renderer: OpaquePointer

    public init(title: String, width: Int32, height: Int32, resizable: Bool = true) throws {
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 {
            guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError("SDL_Init") }
        }
        var flags = SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue
        if resizable { flags |= SDL_WINDOW_RESIZABLE.rawValue }
        let pos = Int32(bitPattern: UInt32(SDL_WINDOWPOS_UNDEFINED_MASK))
        guard let w = SDL_CreateWindow(title, pos, pos, width, height, flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        handle = w
        guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_PRESENTVSYNC.rawValue) ?? SDL_CreateRenderer(w, -1, 0) else {
            SDL_DestroyWindow(w)
            throw SDLError("SDL_CreateRenderer")
        }
        renderer = r
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(handle)
    }
}
