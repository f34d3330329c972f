import CSDL2

extension RendererChoice {
    /// The renderer a window draws with, as `requested` asks: headless the software renderer (or GL
    /// through EGL when asked, for `--renderer gl`); in a window GL when it runs on a GPU, else SDL's
    /// software renderer (not even loading GL on a machine without a GPU device node) presenting
    /// through the window system's own framebuffer. Returns the renderer and, when it draws through
    /// GL, its GL_RENDERER string. The window is the caller's to destroy when this throws.
    static func makeRenderer(for window: OpaquePointer, requested: HostOptions.RendererKind,
                             headless: Bool) throws -> (renderer: OpaquePointer, glRenderer: String?) {
        var rflags = SDL_RENDERER_ACCELERATED.rawValue | SDL_RENDERER_PRESENTVSYNC.rawValue
        if headless { rflags = requested == .gl ? SDL_RENDERER_ACCELERATED.rawValue : SDL_RENDERER_SOFTWARE.rawValue }
        if requested == .software { rflags = SDL_RENDERER_SOFTWARE.rawValue }
        let gpuDevices = RendererChoice.gpuDevices()
        // SDL 2's software renderer draws a Wayland window at its size in points and the compositor
        // enlarges that, blurred: on a HiDPI Wayland output only GL draws the output's pixels, so
        // there GL is kept even when it rasterises on the CPU.
        var pw0: Int32 = 0, w0: Int32 = 0, h0: Int32 = 0
        SDL_GetWindowSizeInPixels(window, &pw0, &h0)
        SDL_GetWindowSize(window, &w0, &h0)
        let hidpiWayland = !headless && requested == .automatic && StageHost.videoDriver == "wayland" && pw0 > w0
        if !hidpiWayland, RendererChoice.skipsGL(requested: requested, headless: headless, gpuDevices: gpuDevices) {
            rflags = SDL_RENDERER_SOFTWARE.rawValue
        }
        if !headless && gpuDevices.isEmpty && rflags == SDL_RENDERER_SOFTWARE.rawValue { RendererChoice.presentWithoutGL() }
        guard var r = SDL_CreateRenderer(window, -1, rflags) ?? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) else {
            throw SDLError("SDL_CreateRenderer")
        }
        let gl = RendererChoice.currentGLRenderer()
        if !hidpiWayland, RendererChoice.decide(requested: requested, headless: headless, sdlRenderer: StageHost.rendererName(of: r), glRenderer: gl) == .software {
            // A window holds one renderer at a time: the GL one goes before the software one is made.
            SDL_DestroyRenderer(r)
            RendererChoice.presentWithoutGL()
            guard let software = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE.rawValue) ?? SDL_CreateRenderer(window, -1, rflags) else {
                throw SDLError("SDL_CreateRenderer")
            }
            r = software
        }
        return (r, StageHost.rendererName(of: r).hasPrefix("opengl") ? gl : nil)
    }
}
