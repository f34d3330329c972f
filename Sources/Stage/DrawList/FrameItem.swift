import GridCore
import StageInterface

/// One drawing command as it touches pixels this frame: with the clips and opacity in force where
/// it stands in the list, the pixels it can reach, and what it shows beyond its own values (a
/// photo's texture, a symbol on its way). Two items that compare equal draw the same pixels; an
/// item equal to another moved by whole pixels (and its moving clips with it) draws those pixels
/// moved. That is all a retained frame needs to know to keep pixels instead of drawing them again.
struct FrameItem {
    enum Resource: Equatable {
        case none
        /// Held, so the texture cannot be freed and another made at its address while the frame
        /// that drew it is still compared with the next.
        case texture(Texture)
        /// A shimmering placeholder: different every frame.
        case loading
        /// A broken-image card.
        case failed
        /// A symbol still being rasterised: nothing is drawn yet.
        case pending
        /// A symbol whose file is missing or broken: a boxed "?".
        case missing

        static func == (a: Resource, b: Resource) -> Bool {
            switch (a, b) {
            case (.none, .none), (.failed, .failed), (.pending, .pending), (.missing, .missing): return true
            case let (.texture(x), .texture(y)): return x === y
            default: return false
            }
        }
    }

    let command: DrawCommand
    /// Each clip in force, outermost first, as pushed (on whole pixels, not yet intersected).
    let levels: [PixelRect]
    /// Their intersection, as the canvas clips: nil with no clip.
    let clip: PixelRect?
    let opacity: Double
    /// The pixels it can touch, inside its clip and the target. Never empty.
    let bounds: PixelRect
    let resource: Resource
    /// The photo's state, for drawing without asking the pipeline again.
    let image: ImageState?
    /// A fill of the same colour, clip and opacity as `other`, maybe of another size or place.
    func fillsAlike(_ other: FrameItem) -> Bool {
        guard case let .fill(_, a, _) = command, case let .fill(_, b, _) = other.command else { return false }
        return a == b && opacity == other.opacity && clip == other.clip && resource == other.resource
    }

    /// Same pixels as `other` in the same place.
    func drawsSame(as other: FrameItem) -> Bool {
        command == other.command && clip == other.clip && opacity == other.opacity && resource == other.resource
    }

    /// The key `drawsSame` agrees with, for finding candidates in a dictionary.
    var key: Int {
        var h = Hasher()
        h.combine(command)
        h.combine(clip)
        h.combine(opacity)
        return h.finalize()
    }

    /// Same pixels as `other` moved by `shift` (pixels; `points` the same in points) with the content
    /// of the scroll region `region`: clips equal to or around the region stay, clips inside the
    /// content move with it, and the region is one of them.
    func drawsMoved(_ other: FrameItem, shift: (dx: Int, dy: Int), points: (dx: Double, dy: Double), region: PixelRect) -> Bool {
        guard levels.count == other.levels.count, opacity == other.opacity, resource == other.resource else { return false }
        var inRegion = false
        for (mine, theirs) in zip(levels, other.levels) {
            if mine == theirs && mine.contains(region) {
                inRegion = inRegion || mine == region
            } else if mine != theirs.offsetBy(dx: shift.dx, dy: shift.dy) {
                return false
            }
        }
        return inRegion && command.isTranslation(of: other.command, dx: points.dx, dy: points.dy)
    }
}
