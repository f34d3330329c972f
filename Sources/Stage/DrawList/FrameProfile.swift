import CSDL2
import Foundation

/// Where a frame's render-thread CPU time goes, by kind of work: `coffeegrid bench frame --profile`
/// attaches one to the canvas and the image pipeline and reads it after every frame. Time is charged
/// to whichever part is current, so a nested part (a text line rasterised while a `text` command
/// draws) is taken out of its parent. Off (nil) everywhere else: then it costs one nil check a call.
///
/// SDL batches render commands and draws them at the next flush; profiled runs turn batching off
/// (`SDL_HINT_RENDER_BATCHING`) so each command's pixels are drawn, and timed, where it is issued.
public final class FrameProfile {
    public enum Part: Int, CaseIterable {
        /// The whole-target clear before the draw list.
        case clear
        /// Plain (sharp-cornered) rectangles.
        case fill
        /// Rounded rectangles and circles.
        case rounded
        case stroke
        /// Blurred shadows drawn from their cached images.
        case shadow
        /// Making a shadow's or a rounded shape's image (a cache miss).
        case shapeImage
        /// Photos drawn from their textures (rounded rims, copies, scaling).
        case photo
        /// Shimmering or broken-image placeholders.
        case placeholder
        /// Text lines copied from their cached textures.
        case text
        /// Rasterising a text line (a cache miss): FreeType and the texture upload.
        case textRaster
        case symbol
        case line
        case snapshot
        /// Clip changes.
        case clip
        /// Uploading decoded photos to textures, and the pipeline's bookkeeping.
        case upload
        /// Reusing retained pixels: copies of the last frame and a scroll's blit.
        case retained
        /// Working out what a retained frame keeps: the draw list planned into items, matched with
        /// the last frame's (`FrameDamage`).
        case damage

        public var name: String {
            switch self {
            case .clear: return "clear"
            case .fill: return "fill"
            case .rounded: return "rounded"
            case .stroke: return "stroke"
            case .shadow: return "shadow"
            case .shapeImage: return "shape image"
            case .photo: return "photo"
            case .placeholder: return "placeholder"
            case .text: return "text"
            case .textRaster: return "text raster"
            case .symbol: return "symbol"
            case .line: return "line"
            case .snapshot: return "snapshot"
            case .clip: return "clip"
            case .upload: return "upload"
            case .retained: return "retained"
            case .damage: return "damage"
            }
        }
    }

    /// Nanoseconds of thread CPU time per part since `reset`.
    public private(set) var nanoseconds = [Double](repeating: 0, count: Part.allCases.count)
    /// Commands executed per part since `reset`.
    public private(set) var counts = [Int](repeating: 0, count: Part.allCases.count)
    private var current: Part?
    private var mark = 0.0

    public init() {}

    /// Off, SDL queues drawing until a flush; on (profiled runs), every call draws at once, so its
    /// time is charged where it is made. Read when a renderer is made.
    public static var drawsEachCommandAtOnce: Bool {
        get { SDL_GetHintBoolean(SDL_HINT_RENDER_BATCHING, SDL_TRUE) == SDL_FALSE }
        set { if newValue { SDL_SetHint(SDL_HINT_RENDER_BATCHING, "0") } else { SDL_ResetHint(SDL_HINT_RENDER_BATCHING) } }
    }

    public func reset() {
        for i in nanoseconds.indices { nanoseconds[i] = 0; counts[i] = 0 }
        current = nil
    }

    public subscript(part: Part) -> Double { nanoseconds[part.rawValue] }

    /// Charges the time from now until the matching `leave` to `part`; returns what to pass to it.
    public func enter(_ part: Part) -> Part? {
        let now = FrameProfile.threadCPU()
        charge(until: now)
        let outer = current
        current = part
        counts[part.rawValue] += 1
        return outer
    }

    public func leave(_ outer: Part?) {
        charge(until: FrameProfile.threadCPU())
        current = outer
    }

    private func charge(until now: Double) {
        if let c = current { nanoseconds[c.rawValue] += now - mark }
        mark = now
    }

    /// CPU time of the calling thread in nanoseconds.
    public static func threadCPU() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) * 1e9 + Double(ts.tv_nsec)
    }
}

extension Optional where Wrapped == FrameProfile {
    /// Runs `body`, charging its time to `part` when profiling.
    @inline(__always)
    func measure<T>(_ part: FrameProfile.Part, _ body: () throws -> T) rethrows -> T {
        guard let profile = self else { return try body() }
        let outer = profile.enter(part)
        defer { profile.leave(outer) }
        return try body()
    }
}
