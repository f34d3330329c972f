import CSDL2

/// The host's clock, one of two: in a window, monotonic seconds since the host started (the loop
/// sleeps while nothing moves, and the next event is stamped with the real time); headless, a virtual
/// 60 Hz clock the caller steps, whole frames plus the time spent idle, so every frame's time is
/// exact and a run is the same on every machine.
struct HostClock {
    let isVirtual: Bool
    private let startCounter = SDL_GetPerformanceCounter()
    private var frames = 0
    private var idle = 0.0

    init(virtual: Bool) { isVirtual = virtual }

    /// Seconds on this clock.
    var now: Double { isVirtual ? virtualNow : monotonicNow }

    /// The virtual time: frames stepped at 60 Hz plus the seconds idled.
    var virtualNow: Double { idle + Double(frames) / HostOptions.framesPerSecond }

    var monotonicNow: Double { Double(SDL_GetPerformanceCounter() - startCounter) / Double(SDL_GetPerformanceFrequency()) }

    /// The virtual clock moves on by `count` 60 Hz frames.
    mutating func advance(frames count: Int) { frames += count }

    /// The virtual clock moves on by `seconds` without a frame.
    mutating func advance(idle seconds: Double) { idle += seconds }
}
