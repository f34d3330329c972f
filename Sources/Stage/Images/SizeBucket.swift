import GridCore
import Foundation
import PhotoLibrary

/// A requested pixel size rounded up, side by side, to steps of 2^(1/4) (about 19 %), so a cell that
/// grows or shrinks a little keeps its texture and only real growth costs a new decode.
struct SizeBucket: Hashable, CustomStringConvertible {
    let width: Int
    let height: Int

    static let stepsPerDoubling = 4.0

    static func roundUp(_ value: Double) -> Int {
        let x = value.isFinite ? min(max(value, 1), 65536) : 1
        let step = (log2(x) * stepsPerDoubling - 1e-9).rounded(.up)
        let stepped = Int((pow(2, step / stepsPerDoubling) - 1e-9).rounded(.up))
        return max(stepped, Int(x.rounded(.up)))
    }

    func covers(_ other: SizeBucket) -> Bool { width >= other.width && height >= other.height }

    var size: Size { Size(width: Double(width), height: Double(height)) }
    var description: String { "\(width)×\(height)" }
}

// In an extension so that the memberwise `init(width:height:)` stays.
extension SizeBucket {
    init(covering size: Size) {
        self.init(width: Self.roundUp(size.width), height: Self.roundUp(size.height))
    }
}

/// One decode: a file at a size bucket. At most one job per key is queued or running.
///
/// A `thumbnailFirst` job reads the best valid thumbnail the shared cache already holds, to show
/// while the file decodes at a size larger than any thumbnail; it never decodes the file itself.
/// A file has at most one such job, whatever the bucket asked for.
struct JobKey: Hashable, CustomStringConvertible {
    let path: String
    let bucket: SizeBucket
    /// The shape of the cell the decode is for, in quarter steps of log2(width ÷ height), when only
    /// the band it shows is decoded (`ImagePart.decoded`, whose margin takes the rounding); nil:
    /// the whole photo.
    var shape: Int? = nil
    var thumbnailFirst = false
    /// A camera thumbnail too small for the cell at `bucket`, shown blurred while the file decodes
    /// (`PhotoDecoder.cameraPlaceholder`); at most one a file.
    var placeholder = false

    static func placeholder(_ path: String, for bucket: SizeBucket) -> JobKey {
        JobKey(path: path, bucket: bucket, placeholder: true)
    }

    static func thumbnailFirst(_ path: String) -> JobKey {
        let side = ThumbnailCache.Flavor.allCases.last!.rawValue
        return JobKey(path: path, bucket: SizeBucket(width: side, height: side), thumbnailFirst: true)
    }

    static let shapeStepsPerDoubling = 4.0

    /// `aspect` (width ÷ height) as a `shape` step; nil for no aspect or a degenerate one.
    static func shape(of aspect: Double?) -> Int? {
        guard let a = aspect, a.isFinite, a > 0 else { return nil }
        return Int(min(max(log2(a) * shapeStepsPerDoubling, -64), 64).rounded())
    }

    /// The aspect the decode is made for.
    var aspect: Double? { shape.map(Self.aspect(ofShape:)) }

    /// The aspect a `shape` step stands for.
    static func aspect(ofShape shape: Int) -> Double { pow(2, Double(shape) / shapeStepsPerDoubling) }

    /// This decode would do for `other`, asked for by a cell of `aspect` (nil: the whole photo) of a
    /// photo of `sourceAspect`: as large, and of the whole photo, of the same shape's band, or of a
    /// band holding what that cell shows.
    func serves(_ other: JobKey, aspect: Double?, sourceAspect: Double) -> Bool {
        guard bucket.covers(other.bucket) else { return false }
        guard let mine = self.aspect, shape != other.shape else { return true }
        guard let aspect else { return false }
        return ImagePart.decoded(forAspect: mine, sourceAspect: sourceAspect)
            .contains(ImagePart.shown(aspect: aspect, sourceAspect: sourceAspect))
    }

    var description: String { thumbnailFirst ? "\(path)@cached thumbnail" : placeholder ? "\(path)@camera placeholder"
        : shape.map { "\(path)@\(bucket) band \($0)" } ?? "\(path)@\(bucket)" }
}
