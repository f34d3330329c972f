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

    var description: String { thumbnailFirst ? "\(path)@cached thumbnail" : placeholder ? "\(path)@camera placeholder" : "\(path)@\(bucket)" }
}
