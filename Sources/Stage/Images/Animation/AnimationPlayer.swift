import Foundation
import PhotoLibrary
import SystemIO

/// Plays one animated photo: a worker thread decodes its frames in order (looping as the file
/// says) and keeps at most `framesAhead` of them waiting; the render thread (`advance`) uploads
/// the frame that is due and says when the next one will be. Nothing is decoded on the frame loop,
/// and memory is bounded whatever the frame count: the decoder's canvases plus a few frames at the
/// size they are shown. A frame that does not decode stops playback on the last good one.
public final class AnimationPlayer {
    public let path: String
    /// Frames decoded ahead of the one shown, at most.
    public static let framesAhead = 2
    /// A frame later than this behind its time is shown from when it came, not from when it was due.
    static let lateness = 0.25

    private let shared: Shared
    private let renderer: OpaquePointer?
    private let log: (String) -> Void
    private var logged = false

    // Render thread.
    public private(set) var texture: Texture?
    private var shown: AnimationFrame?
    private var shownAt = 0.0
    private var pausedFor: Double?
    private var late = false

    /// The state shared with the worker, under `condition`.
    final class Shared: @unchecked Sendable {
        let condition = NSCondition()
        var waiting: [AnimationFrame] = []
        var stopped = false
        var finished = false
        var failure: String?
        /// The failure says nothing the still decode of the same file does not say itself (the
        /// file unreadable, over the pixel caps, its first frame broken): no second line for it.
        var failureIsTheStill = false
        var still = false
        var frames: Int?
        var plays: Int?
        var decoded = 0
        /// The render thread found no frame when one was due: the worker wakes it with the next.
        var wanted = false
        let alive = FrameCounter()
        let cancel = CancelFlag()
    }

    /// Frames alive now and at most (made by the worker, freed when replaced on screen or dropped).
    // @unchecked: `now` and `peak` are only written with `lock` held.
    final class FrameCounter: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var now = 0
        private(set) var peak = 0
        func add() { lock.lock(); now += 1; peak = max(peak, now); lock.unlock() }
        func remove() { lock.lock(); now -= 1; lock.unlock() }
        var peakValue: Int { lock.lock(); defer { lock.unlock() }; return peak }
    }

    /// Starts decoding at once. `cover` is the pixel size the frames are shown at (shrunk to cover
    /// it when the canvas is larger); `renderer` nil keeps frames in main memory only (tests).
    public init(path: String, cover: (width: Int, height: Int), limits: ImageLimits = .standard, renderer: OpaquePointer?,
                playing: Bool, memory: DecodeMemoryBudget = .shared, wake: @escaping @Sendable () -> Void = { StageHost.wake() },
                log: @escaping (String) -> Void) {
        self.path = path
        self.renderer = renderer
        self.log = log
        let shared = Shared()
        self.shared = shared
        if !playing { pausedFor = 0 }
        let budget = memory.memory
        let thread = Thread {
            AnimationPlayer.decode(path: path, cover: cover, limits: limits, shared: shared, memory: budget, wake: wake)
        }
        thread.name = "coffeegrid-animation"
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { stop() }

    /// Stops the worker within a few rows of the frame it is decoding; frames are freed with it.
    public func stop() {
        let s = shared
        s.condition.lock()
        s.stopped = true
        s.waiting.removeAll()
        s.condition.broadcast()
        s.condition.unlock()
        s.cancel.cancel()
    }

    // MARK: - Render thread

    public var isPlaying: Bool { pausedFor == nil }

    public func setPlaying(_ playing: Bool, at time: Double) {
        if playing, let held = pausedFor {
            shownAt = time - held
            pausedFor = nil
        } else if !playing, pausedFor == nil {
            pausedFor = shown == nil ? 0 : max(0, time - shownAt)
        }
    }

    /// Shows the frame due at `time`; true when the frame on screen changed. `waiting` (headless
    /// runs) blocks for a frame that is due but not decoded yet, so runs are identical.
    @discardableResult
    public func advance(to time: Double, waiting: Bool = false) -> Bool {
        if shown == nil {
            guard let first = take(waiting: waiting) else { return false }
            show(first, at: time)
            return true
        }
        // A microsecond early is on time: clocks that add up frame lengths land a rounding error short.
        guard pausedFor == nil, let due = due, time + 1e-6 >= due else { return false }
        guard let next = take(waiting: waiting) else {
            late = !isOver
            return false
        }
        late = false
        show(next, at: time - due <= AnimationPlayer.lateness ? due : time)
        return true
    }

    /// When the frame after the one shown is due; nil when nothing will change by itself (paused,
    /// ended, waiting for the worker, which wakes the window when the late frame is ready).
    public var nextChange: Double? {
        guard pausedFor == nil, !late, let d = due, !isOver else { return nil }
        return d
    }

    private var due: Double? { shown.map { shownAt + $0.delay } }

    public var state: AnimationState {
        let s = shared
        s.condition.lock()
        defer { s.condition.unlock() }
        let animated: Bool? = s.still ? false : (s.frames.map { $0 > 1 } ?? (s.decoded > 1 ? true : nil))
        let finished = s.finished && !s.still && s.waiting.isEmpty
        // Once the last good frame is on screen after a failure (a truncated GIF), or the last pass
        // ended, nothing plays any more: the state file said "playing" for ever before.
        let stopped = finished || s.failure != nil && s.waiting.isEmpty && shown != nil
        return AnimationState(path: path, frame: shown?.index, frames: s.frames, isAnimated: animated, isPlaying: pausedFor == nil && !stopped,
                              isFinished: finished,
                              failure: s.failure, delay: shown?.delay, decoded: s.decoded, peakFramesAlive: s.alive.peakValue)
    }

    /// The frame shown, as decoded (tests read its pixels).
    public var pixels: PixelBuffer? { shown?.pixels }

    private var isOver: Bool {
        let s = shared
        s.condition.lock()
        defer { s.condition.unlock() }
        return (s.finished || s.failure != nil || s.still) && s.waiting.isEmpty
    }

    private func take(waiting: Bool) -> AnimationFrame? {
        let s = shared
        s.condition.lock()
        defer { s.condition.unlock() }
        if waiting {
            // The first frame waits for the second too: whether the file is animated is then known
            // (the viewer's play button), the same in every run.
            let wanted = shown == nil ? 2 : 1
            let limit = Date(timeIntervalSinceNow: 10)
            while s.waiting.count < wanted && !s.finished && s.failure == nil && !s.still && !s.stopped && !Interruption.requested {
                if !s.condition.wait(until: limit) { break }
            }
        }
        if let failure = s.failure, s.waiting.isEmpty, !logged {
            logged = true
            if !s.failureIsTheStill {
            let at = shown.map { " at frame \($0.index + 1)" } ?? ""
            log("\(path): \(failure); the animation stops\(at)")
            }
        }
        guard !s.waiting.isEmpty else {
            s.wanted = true
            return nil
        }
        let frame = s.waiting.removeFirst()
        s.wanted = false
        s.condition.broadcast()
        return frame
    }

    private func show(_ frame: AnimationFrame, at time: Double) {
        if let r = renderer {
            texture = try? Texture(renderer: r, pixels: frame.pixels)
        }
        shown = frame
        shownAt = time
        if pausedFor != nil { pausedFor = 0 }
    }

    // MARK: - Worker

    private static func decode(path: String, cover: (width: Int, height: Int), limits: ImageLimits, shared s: Shared,
                               memory: DecodeMemory, wake: @Sendable () -> Void) {
        func finish(_ update: () -> Void) {
            s.condition.lock()
            update()
            s.condition.broadcast()
            s.condition.unlock()
            wake()
        }
        do {
            guard let decoder = try AnimationSource.open(path: path, limits: limits, cancel: s.cancel) else {
                finish { s.still = true }
                return
            }
            let (w, h) = Downscale.coverSize(sourceWidth: decoder.canvasWidth, sourceHeight: decoder.canvasHeight,
                                             target: .init(width: Double(cover.width), height: Double(cover.height)), maxSide: .max)
            // The canvases (a GIF's saved region at most one more) and the frames alive at once.
            let hold = try memory.hold(2 * decoder.canvasWidth * decoder.canvasHeight * 4 + (framesAhead + 2) * w * h * 4, cancel: s.cancel)
            defer { hold.release() }
            s.condition.lock()
            s.plays = decoder.plays
            if let n = decoder.declaredFrameCount { s.frames = n }
            s.condition.unlock()
            var pass = 0, index = 0
            while true {
                s.condition.lock()
                while s.waiting.count >= framesAhead && !s.stopped { s.condition.wait() }
                let stopped = s.stopped
                s.condition.unlock()
                if stopped { return }
                guard let composited = try decoder.nextFrame() else {
                    guard index > 0 else { throw AnimationDecodeError("no frames") }
                    pass += 1
                    let plays = decoder.plays
                    let done = index == 1 || plays.map { pass >= $0 } == true
                    s.condition.lock()
                    s.frames = index
                    s.plays = plays
                    if index == 1 { s.still = true }
                    s.finished = done
                    s.condition.unlock()
                    if done { finish {}; return }
                    try decoder.rewind()
                    index = 0
                    continue
                }
                let pixels = try AnimationSource.pixels(of: composited, width: decoder.canvasWidth, height: decoder.canvasHeight,
                                                          cover: (w, h))
                let frame = AnimationFrame(pixels: pixels, index: index, delay: composited.delay, counter: s.alive)
                index += 1
                s.condition.lock()
                if s.stopped { s.condition.unlock(); return }
                s.waiting.append(frame)
                s.decoded += 1
                let wanted = s.wanted
                s.condition.broadcast()
                s.condition.unlock()
                if wanted { wake() }
            }
        } catch is DecodeCancelled {
            return
        } catch {
            let reason = (error as? ImageRefusal)?.reason ?? "\(error)"
            // Only an animation's own trouble is told: a frame after good ones, or a canvas too
            // large to play. The file's own (unreadable, over the caps, broken from the start) is
            // the still decode's one line.
            finish {
                s.failure = reason
                s.failureIsTheStill = error is ImageRefusal || s.decoded == 0 && !reason.hasPrefix("animation not played")
            }
        }
    }
}
