import Foundation

/// "Camera" photos made from any picture, for tests, screenshots and the benchmark (made where they
/// are needed, never committed): scaled up to a camera's size with film grain, stored turned as a
/// camera held sideways stores them, with the EXIF orientation and capture time to show them upright.
public enum SyntheticPhoto {
    public struct Failure: Error, CustomStringConvertible { public var description: String }

    /// A JPEG of `width`×`height` (upright) from the picture at `source`.
    /// - Parameters:
    ///   - grain: noise amplitude per channel (0…64); 7 makes a 4000×3000 file of about 2.5 MB at quality 90.
    ///   - orientation: how the pixels are stored; the EXIF tag says how to turn them back.
    ///   - thumbnail: a camera's EXIF thumbnail (IFD1) of this size (landscape; turned with the stored
    ///     pixels), scaled from them, at the best JPEG quality that fits the 64 KB APP1 segment.
    public static func make(from source: String, width: Int, height: Int, grain: Int = 7, orientation: Orientation = .up,
                            captureTime: String? = nil, quality: Int = 90, progressive: Bool = false, seed: UInt64 = 1,
                            thumbnail: (width: Int, height: Int)? = nil) throws -> Data {
        let decoded = try PhotoDecoder.decode(path: source, pixelSize: nil)
        guard let upright = PixelBuffer(width: width, height: height) else {
            throw Failure(description: "out of memory for \(width)×\(height)")
        }
        // Cover the frame (centre crop) with the source, scaled up linearly.
        decoded.pixels.withView { BilinearStretch.stretch(coverCrop($0, width: width, height: height), into: upright) }
        addGrain(upright, amplitude: max(0, min(grain, 64)), seed: seed)
        let stored = try turn(upright, for: orientation)
        var exif = ExifBlock(orientation: orientation == .up && captureTime == nil ? nil : orientation.rawValue, dateTimeOriginal: captureTime)
        if let t = thumbnail {
            let portrait = stored.width < stored.height
            exif.thumbnail = try exifThumbnail(of: stored, width: portrait ? t.height : t.width, height: portrait ? t.width : t.height)
            if exif.orientation == nil { exif.orientation = orientation.rawValue }
        }
        return try JPEGEncoder.encode(stored, .init(quality: quality, progressive: progressive,
                                                    exif: exif.orientation == nil && exif.dateTimeOriginal == nil ? nil : exif))
    }

    /// The most an EXIF thumbnail may take: APP1 holds 65,533 bytes, less its header and IFDs.
    static let exifThumbnailBytes = 65_533 - 512

    /// `stored` scaled to `width`×`height` (centre-cropped to that shape) as a JPEG that fits in APP1.
    static func exifThumbnail(of stored: PixelBuffer, width: Int, height: Int) throws -> Data {
        guard let small = PixelBuffer(width: width, height: height) else {
            throw Failure(description: "out of memory for a \(width)×\(height) thumbnail")
        }
        stored.withView { BilinearStretch.stretch(coverCrop($0, width: width, height: height), into: small) }
        for q in stride(from: 90, through: 20, by: -10) {
            let jpeg = try JPEGEncoder.encode(small, .init(quality: q))
            if jpeg.count <= exifThumbnailBytes { return jpeg }
        }
        throw Failure(description: "a \(width)×\(height) thumbnail does not fit in EXIF's 64 KB even at quality 20")
    }

    /// The centred part of `image` with the shape of `width`×`height` (at least a pixel a side).
    static func coverCrop(_ image: PixelView, width: Int, height: Int) -> PixelView {
        let sw = Double(image.width), sh = Double(image.height)
        let k = max(Double(width) / sw, Double(height) / sh)
        let cw = Double(width) / k, ch = Double(height) / k
        return image.cropped((Int((sw - cw) / 2), Int((sh - ch) / 2), max(1, Int(cw.rounded(.down))), max(1, Int(ch.rounded(.down)))))
    }

    /// Film grain: the same offset on all three channels (luminance noise, as a sensor makes).
    static func addGrain(_ s: PixelBuffer, amplitude: Int, seed: UInt64) {
        guard amplitude > 0 else { return }
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        let w = s.width, h = s.height
        let span = UInt64(2 * amplitude + 1)
        for y in 0..<h {
            let row = s.row(y)
            for x in 0..<w {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let n = Int((state >> 32) % span) - amplitude
                let v = row[x]
                let r = min(255, max(0, Int(v >> 16 & 0xFF) + n)), g = min(255, max(0, Int(v >> 8 & 0xFF) + n))
                let b = min(255, max(0, Int(v & 0xFF) + n))
                row[x] = 0xFF00_0000 | UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
            }
        }
    }

    /// The stored pixels for `orientation`: display pixel (x, y) goes where the decoder reads it from.
    static func turn(_ upright: PixelBuffer, for orientation: Orientation) throws -> PixelBuffer {
        guard orientation != .up else { return upright }
        return try orientation.inverse.turned(upright)
    }
}
