/// How alike two photos look at a glance: each becomes an 8×8 grey thumbnail and the thumbnails are
/// compared cell by cell. Two photos that a person would call "the same picture" in a grid of small
/// thumbnails have close thumbnails; that is what the catalog must avoid.
///
/// The measure, exactly:
/// 1. Decode the file to 8-bit sRGB (as the app does) and take each pixel's Rec.601 luma,
///    `Y = 0.299 R + 0.587 G + 0.114 B` (0…255, on the encoded values, no linearisation).
/// 2. Box-average Y to 8×8, ignoring the aspect ratio: pixel (x, y) of a W×H image belongs to
///    column `⌊8x/W⌋` and row `⌊8y/H⌋`, and each cell is the plain mean of its pixels.
/// 3. The distance between two photos is the mean over the 64 cells of `|a − b|`, in 0…255.
public struct GreyThumbnail {
    public static let side = 8
    /// The 64 cells, row by row, in 0…255.
    public let cells: [Double]

    public init(cells: [Double]) {
        precondition(cells.count == GreyThumbnail.side * GreyThumbnail.side)
        self.cells = cells
    }

    /// The thumbnail of row-major RGB(A) bytes, at least 8×8 pixels.
    public init(width: Int, height: Int, bytesPerPixel: Int, bytes: [UInt8]) {
        precondition(width >= GreyThumbnail.side && height >= GreyThumbnail.side && bytes.count >= width * height * bytesPerPixel)
        let n = GreyThumbnail.side
        var sum = [Double](repeating: 0, count: n * n), count = [Double](repeating: 0, count: n * n)
        let col = (0..<width).map { $0 * n / width }
        for y in 0..<height {
            let row = y * n / height
            var i = y * width * bytesPerPixel
            for x in 0..<width {
                let luma = 0.299 * Double(bytes[i]) + 0.587 * Double(bytes[i + 1]) + 0.114 * Double(bytes[i + 2])
                sum[row * n + col[x]] += luma
                count[row * n + col[x]] += 1
                i += bytesPerPixel
            }
        }
        self.init(cells: zip(sum, count).map { $1 > 0 ? $0 / $1 : 0 })
    }

    public init(_ image: DecodedImage) {
        self.init(width: image.width, height: image.height, bytesPerPixel: 4, bytes: image.rgba)
    }

    public init(_ canvas: Canvas) {
        self.init(width: canvas.width, height: canvas.height, bytesPerPixel: 3, bytes: canvas.rgb24())
    }

    /// Mean absolute difference over the 64 cells, 0…255.
    public func distance(to other: GreyThumbnail) -> Double {
        zip(cells, other.cells).reduce(0) { $0 + abs($1.0 - $1.1) } / Double(cells.count)
    }

    /// Every pair of `named` thumbnails, closest first.
    public static func pairs(_ named: [(String, GreyThumbnail)]) -> [(a: String, b: String, distance: Double)] {
        var out: [(a: String, b: String, distance: Double)] = []
        for i in named.indices {
            for j in named.indices where j > i {
                out.append((named[i].0, named[j].0, named[i].1.distance(to: named[j].1)))
            }
        }
        return out.sorted { $0.distance < $1.distance || ($0.distance == $1.distance && ($0.a, $0.b) < ($1.a, $1.b)) }
    }
}
