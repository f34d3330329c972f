import Foundation

/// What the folder scanner learns of a file without decoding it: format, upright pixel size, EXIF
/// orientation and capture time, read from the first bytes (a camera JPEG's EXIF and frame header
/// sit in its first few kilobytes).
public struct ImageProbe: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var orientation: Orientation
    /// EXIF DateTimeOriginal as seconds since 1970 (read as local time), if the file has one.
    public var captureTime: Double?

    /// Probes an open regular file of `size` bytes. A JPEG's segments are walked by their lengths
    /// (`JPEGProbe`: however long its APPn data, a few reads); other formats read 64 KB, more only
    /// when the headers are longer (up to 4 MB). Throws `ImageRefusal` with a short reason.
    static func probe(fd: Int32, size: Int) throws -> ImageProbe {
        guard size > 0 else { throw ImageRefusal("empty file") }
        var magic = [UInt8](repeating: 0, count: 3)
        if size >= 3, pread(fd, &magic, 3, 0) == 3, magic == [0xFF, 0xD8, 0xFF] {
            return ImageProbe(try JPEGProbe.probe(fd: fd, size: size))
        }
        var length = min(size, 64 << 10)
        while true {
            var bytes = [UInt8](repeating: 0, count: length)
            let got = bytes.withUnsafeMutableBytes { buffer -> Int in
                var total = 0
                while total < length {
                    let n = pread(fd, buffer.baseAddress! + total, length - total, off_t(total))
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { return -Int(errno) }
                    if n == 0 { break }
                    total += n
                }
                return total
            }
            if got < 0 { throw ImageRefusal("cannot read (\(String(cString: strerror(Int32(-got)))))") }
            if got == 0 { throw ImageRefusal("empty file") }
            bytes.removeSubrange(got...)
            do {
                return ImageProbe(try bytes.withUnsafeBytes { try ImageHeader.parse($0, complete: false) })
            } catch let refusal as ImageRefusal {
                // Cut off mid-header: read more while there is more, up to a bound.
                guard refusal.isTruncation, got == length, length < size, length < 4 << 20 else { throw refusal }
                length = min(size, length * 4, 4 << 20)
            }
        }
    }

    /// "YYYY:MM:DD HH:MM:SS" (camera local time) as seconds since 1970.
    static func seconds(_ exif: String) -> Double? {
        let parts = exif.split(whereSeparator: { $0 == ":" || $0 == " " }).compactMap { Int($0) }
        guard parts.count == 6, parts[0] > 1800, (1...12).contains(parts[1]), (1...31).contains(parts[2]) else { return nil }
        var t = tm()
        t.tm_year = Int32(parts[0] - 1900)
        t.tm_mon = Int32(parts[1] - 1)
        t.tm_mday = Int32(parts[2])
        t.tm_hour = Int32(parts[3])
        t.tm_min = Int32(parts[4])
        t.tm_sec = Int32(parts[5])
        t.tm_isdst = -1
        let s = mktime(&t)
        return s == -1 ? nil : Double(s)
    }
}

extension ImageProbe {
    /// What the scanner keeps of a header: upright size, orientation, capture time in seconds.
    init(_ header: ImageHeader) {
        self.init(width: header.displayWidth, height: header.displayHeight, orientation: header.orientation,
                  captureTime: header.captureTime.flatMap(ImageProbe.seconds))
    }
}
