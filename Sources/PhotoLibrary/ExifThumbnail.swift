/// Where a camera's EXIF thumbnail lies in an APP1 payload: IFD1 (the TIFF structure's second
/// directory) names a JPEG by `JPEGInterchangeFormat` (0x0201, its offset from the TIFF header)
/// and `JPEGInterchangeFormatLength` (0x0202). Most cameras write 160×120; some a larger preview.
/// Read here by hand rather than with libexif, which copies the thumbnail and does not say where it is.
enum ExifThumbnail {
    /// The thumbnail's byte range within `payload` ("Exif\0\0" and the TIFF structure), if IFD1
    /// names one that lies wholly inside it and starts like a JPEG.
    static func locate(_ payload: UnsafeRawBufferPointer) -> Range<Int>? {
        guard payload.count >= 14, payload.starts(with: Array("Exif".utf8) + [0, 0]) else { return nil }
        let tiff = 6
        let little: Bool
        switch (payload[tiff], payload[tiff + 1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= payload.count else { return nil }
            return little ? Int(payload[i]) | Int(payload[i + 1]) << 8 : Int(payload[i]) << 8 | Int(payload[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(tiff + 2) == 42, let ifd0 = u32(tiff + 4), let count0 = u16(tiff + ifd0),
              let ifd1 = u32(tiff + ifd0 + 2 + 12 * count0), ifd1 > 0, ifd1 != ifd0, let count1 = u16(tiff + ifd1) else { return nil }
        var offset: Int?, length: Int?
        for k in 0..<min(count1, 256) {
            let entry = tiff + ifd1 + 2 + 12 * k
            guard let tag = u16(entry) else { return nil }
            if tag == 0x0201 { offset = u32(entry + 8) }
            if tag == 0x0202 { length = u32(entry + 8) }
        }
        guard let o = offset, let n = length, n >= 4, o > 0, tiff + o + n <= payload.count,
              payload[tiff + o] == 0xFF, payload[tiff + o + 1] == 0xD8 else { return nil }
        return tiff + o..<tiff + o + n
    }
}
