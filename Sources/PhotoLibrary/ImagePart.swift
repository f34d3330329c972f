import Foundation

/// The part of a photo a decoded picture holds, in fractions of the upright photo (0…1 each way).
///
/// `.scaledToFill()` into a cell of another shape shows only a centred band of the photo: a 4:3
/// photo in the feed's 6:1 cell shows a fifth of its rows, a portrait one a seventh. Decoding and
/// uploading only that band (plus a margin, so a cell that changes shape a little keeps it) costs
/// a fraction of the whole; the texture cache and the drawing know which part a texture holds.
public struct ImagePart: Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public static let whole = ImagePart(x: 0, y: 0, width: 1, height: 1)

    public var isWhole: Bool { width >= 1 && height >= 1 }

    /// The whole photo's size in pixels at the scale of a picture of this part `width` × `height` big.
    public func wholeSize(width w: Int, height h: Int) -> (width: Int, height: Int) {
        (Int((Double(w) / width).rounded()), Int((Double(h) / height).rounded()))
    }

    /// `other` lies inside this part (to a millionth: fractions made from whole pixels).
    public func contains(_ other: ImagePart) -> Bool {
        let e = 1e-6
        return other.x >= x - e && other.y >= y - e
            && other.x + other.width <= x + width + e && other.y + other.height <= y + height + e
    }

    /// The same part of the photo turned a quarter (stored ↔ upright for EXIF orientations 5…8).
    /// Only centred parts are made, and a centred part stays centred under every turn and mirror.
    public var swapped: ImagePart { ImagePart(x: y, y: x, width: height, height: width) }

    /// A centred part `width` × `height` of the whole.
    public static func centred(width: Double, height: Double) -> ImagePart {
        let w = min(1, max(0, width)), h = min(1, max(0, height))
        return ImagePart(x: (1 - w) / 2, y: (1 - h) / 2, width: w, height: h)
    }

    /// What `.scaledToFill()` into a frame of `aspect` (width ÷ height) shows of a photo of
    /// `sourceAspect`: the whole when either is not a finite positive number.
    public static func shown(aspect: Double, sourceAspect: Double) -> ImagePart {
        guard aspect.isFinite, sourceAspect.isFinite, aspect > 0, sourceAspect > 0 else { return .whole }
        return aspect > sourceAspect ? centred(width: 1, height: sourceAspect / aspect)
                                     : centred(width: aspect / sourceAspect, height: 1)
    }

    /// How much wider than what it shows a decoded band is, each way: a cell may become this much
    /// more like the photo's own shape (a feed toggle from 2 to 3 columns: 6:1 → 4:1) and keep it.
    public static let margin = 1.5
    /// A band is decoded only when it is at most this much of the photo; more saves too little to
    /// be worth a texture that serves fewer shapes.
    public static let worthwhile = 0.67

    /// The part to decode for a cell of `aspect`: what it shows widened by `margin`, or the whole
    /// when that is most of the photo.
    public static func decoded(forAspect aspect: Double, sourceAspect: Double) -> ImagePart {
        let shown = shown(aspect: aspect, sourceAspect: sourceAspect)
        let band = centred(width: shown.width * margin, height: shown.height * margin)
        return band.width * band.height <= worthwhile ? band : .whole
    }

    public var description: String {
        isWhole ? "whole" : String(format: "%.3f,%.3f %.3f×%.3f", x, y, width, height)
    }
}
