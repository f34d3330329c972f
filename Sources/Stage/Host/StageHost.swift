import CSDL2
import Foundation
import GridCore
import PhotoLibrary
import SystemIO
import StageInterface

/// Owns the SDL window, renderer and clock, and runs the frame loop: real (vsync, sleeping while
/// idle) or headless (offscreen, a virtual 60 Hz clock driven by the caller, for tests and screenshots).
public final class StageHost {
    public let window: OpaquePointer
    public let renderer: OpaquePointer
    public let headless: Bool
    /// The app: it gets the painter as soon as it is set.
    public weak var delegate: HostDelegate? { didSet { delegate?.attach(painter) } }
    /// The canvas, the image pipeline and the draw-list renderer over them; lives as long as the renderer.
    public let painter: FramePainter

    /// Window size in points.
    public private(set) var size: Size
    /// Pixels per point: the display's HiDPI ratio times the user's `--scale`.
    public private(set) var scale: Double
    /// The last frame's time on the host clock (`now`): virtual in headless mode, monotonic otherwise.
    public private(set) var time: Double = 0
    public private(set) var frameCount = 0
    public private(set) var isAnimating = false
    public private(set) var isFullscreen = false
    /// GL_RENDERER when drawing through GL (say "llvmpipe (LLVM 15.0.6, 256 bits)"), else nil.
    public let glRenderer: String?

    public static func rendererName(of renderer: OpaquePointer) -> String {
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(renderer, &info)
        return info.name.map { String(cString: $0) } ?? "unknown"
    }

    /// Window units per point beyond the drawable's own pixel ratio: the user's `--scale`, times
    /// the desktop's scale on X11 (where SDL 2 reports no HiDPI ratio).
    private let userScale: Double
    /// The largest drawable side, in pixels: the renderer's maximum texture size, and at most 8192
    /// (wider than an 8K display; a 16384² frame is a gigabyte a buffer). A window made bigger
    /// (`xdotool windowsize W 32767 32767`) is sized back, and nothing is drawn until it is —
    /// llvmpipe crashes drawing a 32767-pixel framebuffer.
    public private(set) var maxDrawablePixels = StageHost.drawableLimit
    public static let drawableLimit = 8192
    private var oversized = false
    /// The desktop's own scale on X11 (`GDK_SCALE` or `Xft.dpi`); 1 elsewhere, where the drawable's
    /// pixel ratio carries it.
    public let desktopScale: Double
    /// The pixel ratio the window was last fitted to its display at.
    private var fittedScale = 0.0
    /// The window's size changed: measured once, at the start of the next frame.
    private var resizePending = false
    /// The window's pixels may be gone (it was exposed, shown, restored or resized, or the window
    /// memory was drawn for a screenshot): the next frame is drawn and presented whole.
    private var wholeFramePending = false
    /// On X11 a scroll is moved by the server and only what changed is sent (nil elsewhere).
    private var serverScroll: ServerScroll?
    /// Frames left before the server is asked to move a scroll again, after it could not (part of
    /// the window off the screen or covered, no compositor): it would fail again on each frame,
    /// each then drawn twice, so meanwhile pixels move in memory and frames are presented whole.
    /// The window moving ends the pause.
    private var serverScrollPause = 0
    static let serverScrollPauseFrames = 120
    private var quitRequested = false
    private var clock: HostClock

    public init(options: HostOptions) throws {
        clock = HostClock(virtual: options.headless)
        headless = options.headless
        let requestedScale = options.scale > 0 && options.scale.isFinite ? options.scale : 1
        if headless {
            // Respect an explicit choice (tests may ask for "dummy"); default to the software path for
            // identical screenshots on every machine, or GL through EGL when asked.
            if getenv("SDL_VIDEODRIVER") == nil {
                setenv("SDL_VIDEODRIVER", options.renderer == .gl ? "offscreen" : "dummy", 1)
            }
        }
        // SDL 2.26 names the X11 window class from SDL_VIDEO_X11_WMCLASS (else the executable's
        // name) and the Wayland app id from SDL_VIDEO_WAYLAND_WMCLASS, both read at video init; the
        // desktop entry of that name matches the window even when the binary is renamed or linked.
        if let id = options.appID {
            setenv("SDL_VIDEO_X11_WMCLASS", id, 0)
            setenv("SDL_VIDEO_WAYLAND_WMCLASS", id, 0)
        }
        if !headless, let drivers = VideoDriver.hint(environment: ProcessInfo.processInfo.environment, available: StageHost.videoDrivers) {
            SDL_SetHint(SDL_HINT_VIDEODRIVER, drivers)
        }
        if !headless { StageHost.useUTF8CharacterLocale() }
        SDL_SetHint(SDL_HINT_APP_NAME, options.title)
        SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0")
        SDL_SetHint(SDL_HINT_MOUSE_FOCUS_CLICKTHROUGH, "1")
        // SIGINT/SIGTERM are `Interruption`'s: SDL's own handlers turn them into a quit event that
        // headless runs never read, and the exit code would say nothing of the signal.
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        if SDL_WasInit(UInt32(SDL_INIT_VIDEO)) == 0 {
            let started = SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0
            if options.namedComposeCache { ComposeCache.forget() }
            guard started else { throw SDLError("SDL_Init") }
        }
        if IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue)) == 0 { /* formats load lazily anyway */ }
        desktopScale = !headless && StageHost.videoDriver == "x11"
            ? DesktopScale.x11(environment: ProcessInfo.processInfo.environment, xftDPI: DesktopScale.xftDPI(display: getenv("DISPLAY").map { String(cString: $0) }))
            : 1
        userScale = requestedScale * desktopScale

        let points = options.size ?? StageHost.defaultSize(scale: userScale)
        var flags = SDL_WINDOW_RESIZABLE.rawValue
        if !headless { flags |= SDL_WINDOW_ALLOW_HIGHDPI.rawValue | SDL_WINDOW_SHOWN.rawValue }
        let pos = Int32(bitPattern: UInt32(SDL_WINDOWPOS_UNDEFINED_MASK))
        let maxSide = headless ? HostOptions.maxHeadlessPixels : Int(Int32.max)
        let pw = StageHost.pixels(points.width * userScale, max: maxSide)
        let ph = StageHost.pixels(points.height * userScale, max: maxSide)
        guard let w = SDL_CreateWindow(options.title, pos, pos, pw, ph, flags) else {
            throw SDLError("SDL_CreateWindow")
        }
        window = w
        SDL_SetWindowMinimumSize(w, Int32(options.minimumSize.width * userScale), Int32(options.minimumSize.height * userScale))
        if headless { SDL_SetWindowMaximumSize(w, Int32(maxSide), Int32(maxSide)) }
        let r: OpaquePointer
        do {
            (r, glRenderer) = try RendererChoice.makeRenderer(for: w, requested: options.renderer, headless: headless)
        } catch {
            SDL_DestroyWindow(w)
            throw error
        }
        renderer = r
        RendererLife.begin(r)
        let canvas = Canvas(renderer: r, resources: options.resources ?? (try? ResourceLocator.locate()) ?? ResourceLocator(root: URL(fileURLWithPath: ".")), log: options.log)
        let images = ImagePipeline(renderer: r, workerCount: options.imageWorkers, byteBudget: options.imageByteBudget,
                                   thumbnails: options.thumbnails, jpeg: options.cameraThumbnails ? .cameraThumbnail : .dctScaled,
                                   placeholders: options.cameraThumbnails, log: options.log)
        painter = FramePainter(renderer: DrawListRenderer(canvas: canvas, images: images), rendererName: StageHost.rendererName(of: r))
        var info = SDL_RendererInfo()
        if SDL_GetRendererInfo(r, &info) == 0 {
            let sides = [info.max_texture_width, info.max_texture_height].filter { $0 > 0 }.map(Int.init)
            maxDrawablePixels = min(sides.min() ?? StageHost.drawableLimit, StageHost.drawableLimit)
        }
        SDL_SetRenderDrawBlendMode(r, SDL_BLENDMODE_BLEND)
        serverScroll = headless ? nil : ServerScroll(window: w)
        painter.renderer.movesOnServer = serverScroll != nil
        // Through the photos' own checks and loaders: a file in its place is sniffed, capped and
        // decoded by the one loader its header names (IMG_Load would try SVG first).
        if let icon = options.iconPath,
           let image = try? PhotoDecoder.decode(path: icon, pixelSize: nil, maxSide: 1024,
                                                 limits: ImageLimits(maxFileBytes: 4 << 20, maxSide: 4096, maxPixels: 16 << 20)) {
            image.pixels.withSurface { SDL_SetWindowIcon(w, $0) }
        }
        size = points
        scale = userScale
        measure()
        if !headless { fitToDisplay() }
    }

    /// The video drivers this SDL was built with.
    public static var videoDrivers: [String] {
        (0..<max(0, SDL_GetNumVideoDrivers())).compactMap { SDL_GetVideoDriver($0).map { String(cString: $0) } }
    }

    /// The video driver in use (`wayland`, `x11`, `dummy`, …), or "none" before SDL starts.
    public static var videoDriver: String { SDL_GetCurrentVideoDriver().map { String(cString: $0) } ?? "none" }

    /// Wakes a real loop sleeping in `run()` from any thread (a desktop setting changed); the next
    /// frame's update sees the change.
    public static func wake() {
        var event = SDL_Event()
        event.type = SDL_USEREVENT.rawValue
        SDL_PushEvent(&event)
    }

    /// A window bigger than its display's usable area (a size remembered from a larger monitor,
    /// or asked for) shrinks to fit it.
    private func fitToDisplay() {
        fittedScale = scale
        var bounds = SDL_Rect()
        let display = max(0, SDL_GetWindowDisplayIndex(window))
        guard SDL_GetDisplayUsableBounds(display, &bounds) == 0 else { return }
        // Wayland gives displays in pixels and windows in compositor points; X11 both in pixels.
        let ratio = StageHost.videoDriver == "wayland" ? scale / userScale : 1
        guard let fitted = StageHost.fit(size, into: Size(width: Double(bounds.w), height: Double(bounds.h)), unitsPerPoint: ratio * userScale),
              fitted != size else { return }
        SDL_SetWindowSize(window, StageHost.pixels(fitted.width * userScale, max: Int(Int32.max)),
                          StageHost.pixels(fitted.height * userScale, max: Int(Int32.max)))
        measure()
    }

    /// `size` (points) shrunk, side by side, to fit `display` (in display units at `unitsPerPoint`);
    /// nil for a display with no area.
    static func fit(_ size: Size, into display: Size, unitsPerPoint: Double) -> Size? {
        guard display.width > 0, display.height > 0, unitsPerPoint > 0, unitsPerPoint.isFinite else { return nil }
        return Size(width: min(size.width, (display.width / unitsPerPoint).rounded(.down)),
                    height: min(size.height, (display.height / unitsPerPoint).rounded(.down)))
    }

    deinit {
        // Textures die with the renderer that made them: the decoders stop and the painter's go first.
        painter.shutdown()
        RendererLife.end(renderer)
        SDL_DestroyRenderer(renderer)
        serverScroll = nil  // its graphics context, on SDL's X connection, goes before the window
        SDL_DestroyWindow(window)
    }

    /// 390×844 points, shrunk proportionally to fit the display's usable area.
    static func defaultSize(scale: Double) -> Size {
        var base = HostOptions.defaultSize
        var bounds = SDL_Rect()
        if SDL_GetDisplayUsableBounds(0, &bounds) == 0, bounds.h > 0 {
            let fit = min(1, Double(bounds.h) * 0.92 / (base.height * scale), Double(bounds.w) * 0.92 / (base.width * scale))
            base = Size(width: (base.width * fit).rounded(), height: (base.height * fit).rounded())
        }
        return base
    }

    /// Reads the window's size in points and the pixel ratio from SDL.
    @discardableResult
    private func measure() -> Bool {
        var w: Int32 = 0, h: Int32 = 0, pw: Int32 = 0, ph: Int32 = 0
        SDL_GetWindowSize(window, &w, &h)
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        let limit = Int32(maxDrawablePixels)
        oversized = pw > limit || ph > limit
        if oversized {
            // Shrink the window to what the renderer can draw; its resize event measures again.
            let fit = min(1, Double(limit) / Double(max(pw, 1)), Double(limit) / Double(max(ph, 1)))
            SDL_SetWindowSize(window, Int32((Double(w) * fit).rounded(.down)), Int32((Double(h) * fit).rounded(.down)))
            resizePending = true
            return false
        }
        let hidpi = w > 0 ? Double(pw) / Double(w) : 1
        let newScale = hidpi * userScale
        let newSize = Size(width: Double(pw) / newScale, height: Double(ph) / newScale)
        let changed = newSize != size || newScale != scale
        size = newSize
        scale = newScale
        return changed
    }

    // MARK: - The frame loop (one for the window and headless runs; only the clock differs)

    /// Runs until the window closes or the app asks to quit (a window request, `wantsQuit`). Sleeps while nothing moves.
    public func run() {
        SDL_StartTextInput()
        var event = SDL_Event()
        // A signal wakes the event wait below: SDL_PushEvent is safe from any thread.
        Interruption.onSignal {
            var wake = SDL_Event()
            wake.type = SDL_USEREVENT.rawValue
            SDL_PushEvent(&wake)
        }
        delegate?.handle(.resize(size), at: now)
        var batch: [SDL_Event] = []
        while !quitRequested && !(delegate?.wantsQuit ?? false) && !Interruption.requested {
            let busy = isAnimating || (delegate?.needsDisplay ?? true) || resizePending
            // Idle: block in the kernel until something happens (≈0% CPU), or until what the app
            // said is due next (an animated photo's next frame).
            if !busy {
                let wait = StageHost.idleWait(until: delegate?.nextWake, now: now)
                if wait > 0, SDL_WaitEventTimeout(&event, wait) != 0 { batch.append(event) }
            }
            while SDL_PollEvent(&event) != 0 { batch.append(event) }
            // One time for the events and the frame that shows what they did: an animation an
            // event starts begins at the frame that first draws it, however long the window slept.
            let t = now
            if !batch.isEmpty {
                catchUp(to: t)
                for e in batch { process(e, at: t) }
                batch.removeAll(keepingCapacity: true)
            }
            frame(at: t)
            pace(frameStart: t)
        }
    }

    /// Milliseconds an idle loop sleeps: a second, or until `wake` (rounded up, so the frame drawn
    /// on waking is at or after it); 0 when it is due already.
    static func idleWait(until wake: Double?, now: Double) -> Int32 {
        guard let w = wake, w.isFinite else { return 1000 }
        return Int32(min(1000, max(0, ((w - now) * 1000).rounded(.up))))
    }

    /// Headless: whole frames from the virtual clock's now until `time` (0 when it has passed).
    public func frames(until time: Double) -> Int {
        guard time.isFinite else { return Int.max }
        return max(0, Int(((time - clock.virtualNow) * HostOptions.framesPerSecond - 1e-9).rounded(.up)))
    }

    /// Seconds on the host clock: monotonic since start in a window; virtual headless (advanced by
    /// `step()` and `idle(seconds:)`). Events and frames are stamped with it.
    public var now: Double { clock.now }

    /// The time the app was last advanced to.
    private var updatedTo = -Double.infinity

    /// Before events are delivered the app is advanced to their time, once for a batch of them:
    /// the last frame may be seconds old (an idle window sleeps, so does the virtual clock in
    /// `idle(seconds:)`), and whatever an event starts, a column toggle, a flight, a scroll, must
    /// start then and from where things are then, not at the last frame's time.
    private func catchUp(to t: Double) {
        guard t > updatedTo else { return }
        updatedTo = t
        delegate?.advance(to: t, scale: scale)
    }

    /// One frame at `t`, the same code for the window and headless runs: apply the coalesced
    /// resize, advance the app to `t`, draw, show. A window skips drawing when nothing changed or
    /// moved (the picture would be identical); headless steps always draw (a benchmark times each
    /// frame, a screenshot reads the last one). A window presents; headless flushes instead (a
    /// screenshot reads the unpresented back buffer).
    private func frame(at t: Double) {
        time = t
        if resizePending {
            resizePending = false
            measure()
            // A new pixel ratio is a new output (on Wayland, often the first one known): fit it.
            if !headless && scale != fittedScale { fitToDisplay() }
            catchUp(to: t)
            delegate?.handle(.resize(size), at: t)
        }
        if oversized { measure(); if oversized { return } }
        let wasAnimating = isAnimating
        updatedTo = t
        isAnimating = delegate?.update(at: t, scale: scale) ?? false
        if let title = delegate?.windowTitle { self.title = title }
        // The frame on which motion ends is drawn too: it shows everything at rest, exactly.
        guard headless || isAnimating || wasAnimating || wholeFramePending || (delegate?.needsDisplay ?? false) else { return }
        // Mesa sizes its buffers from the X window at the first draw call: a resize that arrived
        // since the events were read is handled first (the next frame), so a window made huge
        // is never drawn at that size, even for a frame.
        if !headless && resizeIsQueued() { resizePending = true; return }
        if wholeFramePending {
            wholeFramePending = false
            painter.renderer.discardRetainedFrame()
        }
        // Switched only here: the window memory holds the whole last frame whenever the moves are
        // in memory, and after a frame drawn whole when they were the server's.
        if serverScrollPause > 0 { serverScrollPause -= 1 }
        let serverMoves = serverScroll != nil && serverScrollPause == 0
        if serverMoves != painter.renderer.movesOnServer {
            if serverMoves == false { painter.renderer.discardRetainedFrame() }
            painter.renderer.movesOnServer = serverMoves
        }
        paintApp(at: t)
        if headless { flush() } else { present(at: t) }
        frameCount += 1
        delegate?.presented(frame: frameCount, at: t)
    }

    /// Xlib converts a window's title through the C library's character locale, which a program
    /// starts in as "C": a title with "—" or "é" then reaches only WM_NAME, garbled, and never the
    /// _NET_WM_NAME window managers read. The desktop's locale (LANG), or C.UTF-8 where that is not
    /// UTF-8; character conversion only (numbers still print with a point).
    static func useUTF8CharacterLocale() {
        setlocale(LC_CTYPE, "")
        if let set = nl_langinfo(nl_item(CODESET)), String(cString: set) != "UTF-8" { setlocale(LC_CTYPE, "C.UTF-8") }
    }

    /// The window's title, as the window manager shows it (the task bar, the title bar, Alt+Tab).
    /// Set only when it changes: the title is a round trip to the window system.
    public var title: String {
        get { String(cString: SDL_GetWindowTitle(window)) }
        set { if newValue != title { SDL_SetWindowTitle(window, newValue) } }
    }

    /// Paints the list `makeList` builds for time `t`: the painter is ready for the frame first, so
    /// text in the list is measured at this frame's scale.
    private func paint(at t: Double, _ makeList: () -> DrawList) {
        painter.begin(scale: scale)
        painter.paint(makeList(), time: t)
    }

    /// Paints the app's draw list for `t` (a frame, its whole redraw after a copy the server could
    /// not make, a screenshot's redraw).
    private func paintApp(at t: Double) {
        paint(at: t) { delegate?.drawList(at: t, size: size) ?? DrawList() }
    }

    /// Shows the frame just painted: on X11 with the software renderer only what it changed (the
    /// server moving a scroll's pixels), else the whole window.
    private func present(at t: Double) {
        guard let server = serverScroll, painter.renderer.movesOnServer,
              case .changed(let move, let damage) = painter.renderer.presentation else {
            SDL_RenderPresent(renderer)
            return
        }
        if server.present(move: move, damage: damage, window: window) {
            if move != nil { painter.serverScrolls += 1 }
            return
        }
        // Part of the window could not be copied: this frame again, whole.
        painter.renderer.discardRetainedFrame()
        paintApp(at: t)
        SDL_RenderPresent(renderer)
        serverScrollPause = StageHost.serverScrollPauseFrames
    }

    /// Paints a list now, flushed and not presented: for a driver that runs the app on a clock of its
    /// own instead of as the delegate (the input storm).
    public func paintFrame(at t: Double, _ makeList: () -> DrawList) {
        paint(at: t, makeList)
        flush()
    }

    /// True when a window size change waits in SDL's queue (events pumped from the system first).
    private func resizeIsQueued() -> Bool {
        SDL_PumpEvents()
        var events = [SDL_Event](repeating: SDL_Event(), count: 16)
        let n = SDL_PeepEvents(&events, 16, SDL_PEEKEVENT, SDL_WINDOWEVENT.rawValue, SDL_WINDOWEVENT.rawValue)
        return events.prefix(max(0, Int(n))).contains {
            let kind = UInt32($0.window.event)
            return kind == SDL_WINDOWEVENT_SIZE_CHANGED.rawValue || kind == SDL_WINDOWEVENT_RESIZED.rawValue
        }
    }

    /// Without vsync (Xvfb, some drivers) presenting returns at once: sleep out the rest of the
    /// display's refresh period rather than spin. With vsync the present already took the period.
    private func pace(frameStart: Double) {
        guard isAnimating || (delegate?.needsDisplay ?? false) || resizePending else { return }
        let rest = frameStart + refreshPeriod - now
        if rest > 0.0005 { usleep(useconds_t(rest * 1_000_000)) }
    }

    /// One refresh of the window's display (60 Hz when the display does not say).
    private var refreshPeriod: Double {
        var mode = SDL_DisplayMode()
        let hz = SDL_GetWindowDisplayMode(window, &mode) == 0 && mode.refresh_rate >= 24 ? Double(mode.refresh_rate) : HostOptions.framesPerSecond
        return 1 / min(hz, 360)
    }

    /// The app's event for `e`, read against the window as it is now.
    func translate(_ e: SDL_Event) -> InputEvent? {
        var context = EventTranslation.Context(userScale: userScale, windowSize: size)
        if e.type == SDL_MOUSEWHEEL.rawValue {
            SDL_GetMouseState(&context.pointer.x, &context.pointer.y)
        }
        if e.type == SDL_MOUSEWHEEL.rawValue || e.type == SDL_MOUSEBUTTONDOWN.rawValue {
            context.modifiers = SDL_GetModState()
        }
        let input = EventTranslation.translate(e, context)
        // SDL hands a dropped file's name over in a string it allocated, for the event's reader to free.
        if e.type == SDL_DROPFILE.rawValue, let file = e.drop.file { SDL_free(file) }
        return input
    }

    private func process(_ e: SDL_Event, at t: Double) {
        if e.type == SDL_WINDOWEVENT.rawValue && UInt32(e.window.event) == SDL_WINDOWEVENT_MOVED.rawValue { serverScrollPause = 0 }
        if let input = translate(e), input.isPlausible {
            switch input {
            case .quit:
                quitRequested = true
            case .resize:
                resizePending = true  // coalesced: measured once at the start of the next frame
                wholeFramePending = true
            default:
                switch delegate?.windowRequest(for: input) {
                case .quit?: quitRequested = true
                case .toggleFullScreen?: toggleFullscreen()
                case nil: delegate?.handle(input, at: t)
                }
            }
        }
    }

    public func toggleFullscreen() {
        isFullscreen.toggle()
        SDL_SetWindowFullscreen(window, isFullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP.rawValue : 0)
        resizePending = true
    }

    // MARK: - Headless control (virtual clock)

    /// Delivers an event as if it came from the window, at the virtual clock's current time.
    public func inject(_ event: InputEvent) {
        guard event.isPlausible else { return }
        switch event {
        case .resize(let s): resize(to: s)
        case .quit: quitRequested = true
        // A headless window has no screen to fill: only a quit is the window's; the rest reaches the app.
        case _ where delegate?.windowRequest(for: event) == .quit: quitRequested = true
        default:
            catchUp(to: now)
            delegate?.handle(event, at: now)
        }
    }

    /// Resizes the window to `points` (clamped to the minimum size, as a real window is, and headless
    /// to `HostOptions.maxHeadlessPixels`, as a display would). Headless, the app sees it at once, at
    /// the current virtual time, as a window's coalesced resize reaches it at the next frame's start.
    public func resize(to points: Size) {
        if headless {
            applySize(points)
            catchUp(to: now)
            delegate?.handle(.resize(size), at: now)
        } else {
            let w = StageHost.pixels(points.width * userScale, max: Int(Int32.max))
            let h = StageHost.pixels(points.height * userScale, max: Int(Int32.max))
            SDL_SetWindowSize(window, w, h)
            resizePending = true
        }
    }

    private func applySize(_ points: Size) {
        let maxSide = headless ? HostOptions.maxHeadlessPixels : Int(Int32.max)
        SDL_SetWindowSize(window, StageHost.pixels(points.width * userScale, max: maxSide), StageHost.pixels(points.height * userScale, max: maxSide))
        // The offscreen drivers apply the size at once; some need the event pumped.
        if headless { SDL_PumpEvents() }
        measure()
    }

    /// A window side in pixels from any number: NaN and below 1 become 1, above `max` becomes `max`.
    static func pixels(_ v: Double, max maxSide: Int) -> Int32 {
        guard v.isFinite else { return v == .infinity ? Int32(maxSide) : 1 }
        return Int32(min(max(1, v.rounded()), Double(maxSide)))
    }

    /// Advances the virtual clock by one 60 Hz frame, then runs the frame.
    public func step() {
        clock.advance(frames: 1)
        frame(at: clock.virtualNow)
    }

    /// Moves the virtual clock `frames` frames on without updating or drawing: for headless waits
    /// while nothing moves, so an idle minute costs nothing.
    public func skip(frames: Int) {
        guard headless, frames > 0 else { return }
        clock.advance(frames: frames)
    }

    /// Advances the virtual clock without running frames: what a window does while it sleeps with
    /// nothing to draw. The next event and frame happen `seconds` later than the last frame.
    public func idle(seconds: Double) {
        guard headless, seconds.isFinite, seconds > 0 else { return }
        clock.advance(idle: seconds)
    }

    /// Draws the current state again (for a screenshot), at the clock's current time: the last
    /// frame's, unless the clock idled since.
    public func redraw() {
        // The screenshot reads the window memory, which holds older pixels outside what the last
        // frames changed when the server moved their scrolls.
        if serverScroll != nil {
            painter.renderer.discardRetainedFrame()
            wholeFramePending = true
        }
        time = now
        updatedTo = time
        _ = delegate?.update(at: time, scale: scale)
        paintApp(at: time)
        flush()
        delegate?.presented(frame: frameCount, at: time)
    }

    /// Runs the frame's batched render commands without presenting. SDL queues commands until a
    /// present; headless frames are never presented (the screenshot reads the back buffer), and the
    /// unflushed queue grew by tens of kilobytes a frame without bound.
    private func flush() { SDL_RenderFlush(renderer) }

    public var quitWasRequested: Bool { quitRequested || (delegate?.wantsQuit ?? false) || Interruption.requested }

    /// Reads the last drawn frame (before it is presented) and saves it as PNG.
    public func screenshot(to path: String) throws {
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &pw, &ph)
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, pw, ph, 32, SDL_PIXELFORMAT_ABGR8888.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_ABGR8888.rawValue, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw SDLError("SDL_RenderReadPixels")
        }
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true) }
        guard IMG_SavePNG(surface, path) == 0 else { throw SDLError("IMG_SavePNG(\(path))") }
    }
}
