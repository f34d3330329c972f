import CImageCodecs
import Foundation

/// A JPEG's frame header found in an open file by walking its marker segments by their lengths:
/// each segment costs a few bytes of reading (an EXIF payload its 64 KB at most), whatever its size,
/// so a camera's extended XMP (Google Camera portraits: more than 4 MB of APP1 before the frame
/// header) is skipped, not read. Bounded by the file's size, and by `maxSegments` before the frame.
struct JPEGProbe {
    /// More segments than this before the frame header is not a photo (a camera writes a few dozen).
    static let maxSegments = 65_536

    private let fd: Int32
    private let size: Int
    /// A small window of the file around the walk, so stray bytes and short segments cost no read each.
    private var window: [UInt8] = []
    private var windowStart = 0

    init(fd: Int32, size: Int) {
        self.fd = fd
        self.size = size
    }

    /// The header the folder scanner needs: size, EXIF orientation and capture time.
    static func probe(fd: Int32, size: Int) throws -> ImageHeader {
        var walker = JPEGProbe(fd: fd, size: size)
        return try walker.walk()
    }

    private mutating func walk() throws -> ImageHeader {
        var i = 2
        var exif = cg_exif_info()
        var segments = 0
        var sawFrame = false
        while i + 1 < size {
            // As in ImageHeader's walk (and libjpeg): stray bytes and fill bytes are skipped.
            guard try byte(i) == 0xFF else { i += 1; continue }
            let m = try byte(i + 1)
            if m == 0xFF { i += 1; continue }
            if m == 0x01 || (0xD0...0xD7).contains(m) { i += 2; continue }
            if m == 0xD9 || m == 0xDA { break }  // the end, or a scan before any frame header
            guard i + 3 < size else { break }
            let length = Int(try byte(i + 2)) << 8 | Int(try byte(i + 3))
            guard length >= 2 else { throw ImageRefusal("corrupt JPEG (bad segment length)") }
            segments += 1
            guard segments <= JPEGProbe.maxSegments else {
                throw ImageRefusal("corrupt JPEG (more than \(JPEGProbe.maxSegments) segments before the frame header)")
            }
            if m == 0xE1, exif.orientation == 0, i + 2 + length <= size, length >= 8, try bytes(i + 4, 6) == Array("Exif\0\0".utf8) {
                let payload = try bytes(i + 4, length - 2)
                _ = payload.withUnsafeBufferPointer { cg_exif_read($0.baseAddress, $0.count, &exif) }
            }
            let isFrame = (0xC0...0xCF).contains(m) && m != 0xC4 && m != 0xC8 && m != 0xCC
            if isFrame, i + 8 < size {
                try ImageHeader.supported(frame: m, precision: Int(try byte(i + 4)))
                // As the walk of the whole file: a second frame header is refused (libjpeg would).
                guard !sawFrame else { throw ImageRefusal("corrupt JPEG (two frame headers)") }
                sawFrame = true
                let f = try bytes(i + 5, 4)
                let height = Int(f[0]) << 8 | Int(f[1]), width = Int(f[2]) << 8 | Int(f[3])
                if height > 0 {
                    let time = withUnsafeBytes(of: exif.date_time_original) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
                    return ImageHeader(format: .jpeg, width: width, height: height, orientation: Orientation(exif: Int(exif.orientation)),
                                       captureTime: time.isEmpty ? nil : time)
                }
            }
            i += 2 + length
        }
        throw ImageRefusal("truncated JPEG (no frame header)", truncation: true)
    }

    private mutating func byte(_ offset: Int) throws -> UInt8 {
        if offset < windowStart || offset >= windowStart + window.count {
            window = try read(offset, min(4096, size - offset))
            windowStart = offset
            guard !window.isEmpty else { throw ImageRefusal("truncated JPEG (no frame header)", truncation: true) }
        }
        return window[offset - windowStart]
    }

    private func bytes(_ offset: Int, _ count: Int) throws -> [UInt8] {
        let got = try read(offset, count)
        guard got.count == count else { throw ImageRefusal("truncated JPEG (no frame header)", truncation: true) }
        return got
    }

    private func read(_ offset: Int, _ count: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: max(0, count))
        var total = 0
        while total < out.count {
            let n = out.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + total, $0.count - total, off_t(offset + total)) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ImageRefusal("cannot read (\(String(cString: strerror(errno))))", transient: ImageRefusal.isTransient(errno: errno)) }
            if n == 0 { break }
            total += n
        }
        out.removeSubrange(total...)
        return out
    }
}
