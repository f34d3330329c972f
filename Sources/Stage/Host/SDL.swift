import CSDL2

/// Process-wide SDL switches.
public enum SDL {
    /// Shuts the video subsystem down so the next host can pick another driver (benchmarks compare
    /// the software and GL renderers in one run).
    public static func quitVideo() {
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) != 0 { SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO)) }
    }
}
