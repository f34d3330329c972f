import GridCore
import StageInterface

/// One drawing command as it touches pixels this frame: with the clips and opacity in force where
/// it stands in the list, the pixels it can reach, and what it shows beyond its own values (a
/// photo's texture, a symbol on its way). Two items that compare equal draw the same pixels; an
/// item equal to another moved by whole pixels (and its moving clips with it) draws those pixels
/// moved. That is all a retained frame needs to know to keep pixels instead of drawing them again.
final class FrameItem {
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
    /// The point its geometry is placed by (`DrawCommand.anchor`), and the hash of the command moved
    /// so that point is the origin: what it looks like wherever it stands. Worked out once, when the
    /// item is planned; every key a retained frame matches items by is made from these two, so the
    /// last frame's items are never hashed again and a text's string is hashed once a frame.
    let anchor: Point?
    let look: Int

    init(command: DrawCommand, levels: [PixelRect], clip: PixelRect?, opacity: Double, bounds: PixelRect,
         resource: Resource, image: ImageState?) {
        self.command = command
        self.levels = levels
        self.clip = clip
        self.opacity = opacity
        self.bounds = bounds
        self.resource = resource
        self.image = image
        anchor = command.anchor
        look = anchor.map { command.translated(dx: -$0.x, dy: -$0.y).hashValue } ?? command.hashValue
    }

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
        var h = UInt64(bitPattern: Int64(movedKey(by: (0, 0))))
        if let c = clip {
            h = FrameItem.mix(FrameItem.mix(h, UInt64(bitPattern: Int64(c.x0 << 32 ^ c.y0))), UInt64(bitPattern: Int64(c.x1 << 32 ^ c.y1)))
        }
        return Int(bitPattern: UInt(FrameItem.mix(h, opacity.bitPattern)))
    }

    /// The key of this item moved back by `points` (zero: where it is): what `drawsMoved` agrees
    /// with, for an item of the last frame keyed where it was.
    func movedKey(by points: (dx: Double, dy: Double)) -> Int {
        guard let a = anchor else { return look }
        let h = FrameItem.mix(FrameItem.mix(UInt64(bitPattern: Int64(look)), (a.x - points.dx).bitPattern), (a.y - points.dy).bitPattern)
        return Int(bitPattern: UInt(h))
    }

    /// One step of a fast word mixer (multiply, then fold the high half down): keys only sort
    /// candidates into buckets, the exact comparison follows, so a rare collision costs a compare.
    @inline(__always)
    static func mix(_ h: UInt64, _ v: UInt64) -> UInt64 {
        let m = (h ^ v) &* 0x9E37_79B9_7F4A_7C15
        return m ^ (m >> 29)
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
