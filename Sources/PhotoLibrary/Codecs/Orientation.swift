/// EXIF orientation (tag 0x0112): how the stored pixels must be turned to stand upright. Values as
/// in the EXIF specification; 5…8 swap width and height.
public enum Orientation: Int, CaseIterable, Sendable {
    case up = 1, mirrored = 2, down = 3, downMirrored = 4
    case leftMirrored = 5, right = 6, rightMirrored = 7, left = 8

    public init(exif value: Int) { self = Orientation(rawValue: value) ?? .up }

    public var swapsAxes: Bool { rawValue >= 5 }

    /// The display size of a stored `width`×`height` image.
    public func displaySize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// The stored pixel shown at display pixel (x, y), for a stored image of `w`×`h`.
    func source(x: Int, y: Int, w: Int, h: Int) -> (x: Int, y: Int) {
        switch self {
        case .up: return (x, y)
        case .mirrored: return (w - 1 - x, y)
        case .down: return (w - 1 - x, h - 1 - y)
        case .downMirrored: return (x, h - 1 - y)
        case .leftMirrored: return (y, x)
        case .right: return (y, h - 1 - x)
        case .rightMirrored: return (w - 1 - y, h - 1 - x)
        case .left: return (w - 1 - y, x)
        }
    }

    /// The orientation that undoes this one: the two quarter turns undo each other, the half turn
    /// and every mirror undo themselves.
    public var inverse: Orientation {
        switch self {
        case .right: return .left
        case .left: return .right
        default: return self
        }
    }

    /// Where a part of the stored pixels lands in the upright picture (fractions of each).
    public func upright(_ p: ImagePart) -> ImagePart {
        let flipX = 1 - p.x - p.width, flipY = 1 - p.y - p.height
        switch self {
        case .up: return p
        case .mirrored: return ImagePart(x: flipX, y: p.y, width: p.width, height: p.height)
        case .down: return ImagePart(x: flipX, y: flipY, width: p.width, height: p.height)
        case .downMirrored: return ImagePart(x: p.x, y: flipY, width: p.width, height: p.height)
        case .leftMirrored: return ImagePart(x: p.y, y: p.x, width: p.height, height: p.width)
        case .right: return ImagePart(x: flipY, y: p.x, width: p.height, height: p.width)
        case .rightMirrored: return ImagePart(x: flipY, y: flipX, width: p.height, height: p.width)
        case .left: return ImagePart(x: p.y, y: flipX, width: p.height, height: p.width)
        }
    }
}
