/// Windows bitmaps, as SDL_LoadBMP read them for us before: the core (OS/2 1.x), INFO, V2–V5 and OS/2 2.x
/// headers; 1, 4 and 8 bits through a palette, 16 (5-5-5 unless masks say otherwise), 24 and 32 bits;
/// BI_RGB, BI_BITFIELDS and BI_ALPHABITFIELDS, RLE8 and RLE4; bottom-up or top-down. A 32-bit BI_RGB
/// bitmap whose alpha bytes are all zero is opaque (SDL's rule: most writers leave them zero).
/// Every size and offset is checked against the bytes there before anything is read or allocated,
/// and the caller has already held the header's size to the pixel caps.
enum BMPDecoder {
    static func decode(_ b: UnsafeRawBufferPointer, header: ImageHeader) throws -> PixelBuffer {
        let f = try Fields(b)
        guard f.width == header.width, f.height == header.height else {
            throw ImageRefusal("corrupt BMP (the data is \(f.width)×\(f.height) px, the header \(header.width)×\(header.height))")
        }
        let out = try PixelBuffer.make(width: f.width, height: f.height)
        switch f.compression {
        case 1, 2: try decodeRLE(b, f, into: out)
        default: try decodeRows(b, f, into: out)
        }
        return out
    }

    /// What the headers say, checked.
    struct Fields {
        var width = 0, height = 0, bits = 0, compression = 0
        var topDown = false
        var dataOffset = 0
        var masks: (r: UInt32, g: UInt32, b: UInt32, a: UInt32) = (0, 0, 0, 0)
        var palette = [UInt32](repeating: 0xFF00_0000, count: 256)

        init(_ b: UnsafeRawBufferPointer) throws {
            guard b.count >= 26 else { throw ImageRefusal("truncated or corrupt BMP (header)", truncation: true) }
            dataOffset = Int(u32(b, 10))
            let dib = Int(u32(b, 14))
            guard [12, 16, 40, 52, 56, 64, 108, 124].contains(dib) else { throw ImageRefusal("unsupported BMP (a \(dib)-byte header)") }
            guard b.count >= 14 + dib else { throw ImageRefusal("truncated or corrupt BMP (header)", truncation: true) }
            if dib == 12 {
                (width, height, bits) = (Int(u16(b, 18)), Int(u16(b, 20)), Int(u16(b, 24)))
            } else {
                width = Int(Int32(bitPattern: u32(b, 18)))
                let h = Int(Int32(bitPattern: u32(b, 22)))
                (height, topDown) = (abs(h), h < 0)
                bits = Int(u16(b, 28))
                compression = dib >= 20 ? Int(u32(b, 30)) : 0
            }
            guard width > 0, height > 0 else { throw ImageRefusal("corrupt BMP (\(width)×\(height) px)") }
            var masksEnd = 14 + dib
            switch (compression, bits) {
            case (0, 1), (0, 4), (0, 8), (1, 8), (2, 4), (0, 24): break
            case (0, 16): masks = (0x7C00, 0x03E0, 0x001F, 0)
            case (0, 32): masks = (0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000)
            case (3, 16), (3, 32), (6, 16), (6, 32):
                // INFO headers are followed by the masks; V2 and later hold them.
                let count = compression == 6 || dib >= 56 ? 4 : 3
                let at = 54
                if dib == 40 { masksEnd = at + 4 * count }
                guard b.count >= at + 4 * count else { throw ImageRefusal("truncated or corrupt BMP (masks)", truncation: true) }
                masks = (u32(b, at), u32(b, at + 4), u32(b, at + 8), count == 4 ? u32(b, at + 12) : 0)
                guard masks.r != 0 || masks.g != 0 || masks.b != 0 else { throw ImageRefusal("corrupt BMP (no colour masks)") }
            default:
                throw ImageRefusal("unsupported BMP (\(bits) bits a pixel, compression \(compression))")
            }
            if bits <= 8 {
                let entry = dib == 12 ? 3 : 4
                let used = dib >= 40 ? Int(u32(b, 46)) : 0
                let count = min(used == 0 ? 1 << bits : used, 1 << bits)
                guard masksEnd + count * entry <= b.count else { throw ImageRefusal("truncated or corrupt BMP (palette)", truncation: true) }
                for i in 0..<count {
                    let p = masksEnd + i * entry
                    palette[i] = 0xFF00_0000 | UInt32(b[p + 2]) << 16 | UInt32(b[p + 1]) << 8 | UInt32(b[p])
                }
            }
            guard dataOffset >= 14 && dataOffset <= b.count else { throw ImageRefusal("truncated or corrupt BMP (no pixel data)", truncation: true) }
        }

        /// Row `y` of the picture (0 = top) is stored `storedRow(y)`-th.
        func storedRow(_ y: Int) -> Int { topDown ? y : height - 1 - y }
    }

    private static func decodeRows(_ b: UnsafeRawBufferPointer, _ f: Fields, into out: PixelBuffer) throws {
        let (rowBits, o1) = f.width.multipliedReportingOverflow(by: f.bits)
        let stride = (rowBits + 31) / 32 * 4
        let (bytes, o2) = stride.multipliedReportingOverflow(by: f.height)
        guard !o1, !o2, bytes <= b.count - f.dataOffset else {
            throw ImageRefusal("truncated or corrupt BMP (pixel data ends early)", truncation: true)
        }
        let channels = [f.masks.r, f.masks.g, f.masks.b, f.masks.a].map(Channel.init)
        var alphaSeen = false
        for y in 0..<f.height {
            let row = b.baseAddress!.advanced(by: f.dataOffset + f.storedRow(y) * stride).assumingMemoryBound(to: UInt8.self)
            let d = out.row(y)
            switch f.bits {
            case 1, 4, 8:
                let perByte = 8 / f.bits, mask = (1 << f.bits) - 1
                for x in 0..<f.width {
                    let byte = Int(row[x / perByte]), shift = 8 - f.bits * (x % perByte + 1)
                    d[x] = f.palette[byte >> shift & mask]
                }
            case 24:
                for x in 0..<f.width {
                    d[x] = 0xFF00_0000 | UInt32(row[3 * x + 2]) << 16 | UInt32(row[3 * x + 1]) << 8 | UInt32(row[3 * x])
                }
            default:
                let size = f.bits / 8
                for x in 0..<f.width {
                    let v = size == 2 ? UInt32(row[2 * x]) | UInt32(row[2 * x + 1]) << 8
                        : UInt32(row[4 * x]) | UInt32(row[4 * x + 1]) << 8 | UInt32(row[4 * x + 2]) << 16 | UInt32(row[4 * x + 3]) << 24
                    let a = channels[3].mask == 0 ? 255 : channels[3].value(v)
                    if a != 0 { alphaSeen = true }
                    d[x] = a << 24 | channels[0].value(v) << 16 | channels[1].value(v) << 8 | channels[2].value(v)
                }
            }
        }
        // 32-bit BI_RGB's fourth byte is "reserved": all zero means no alpha, as SDL reads it.
        if f.compression == 0 && f.bits == 32 && !alphaSeen {
            for y in 0..<f.height {
                let d = out.row(y)
                for x in 0..<f.width { d[x] |= 0xFF00_0000 }
            }
        }
    }

    /// One colour mask: where its bits are and how to widen them to 8.
    private struct Channel {
        let mask: UInt32, shift: UInt32, maximum: UInt32
        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            maximum = mask == 0 ? 0 : mask >> shift
        }
        @inline(__always) func value(_ v: UInt32) -> UInt32 {
            guard maximum > 0 else { return 0 }
            let raw = (v & mask) >> shift
            // Truncated, as SDL widens them (5 bits of 12 are 98, not 99).
            return maximum == 255 ? raw : UInt32(UInt64(raw) * 255 / UInt64(maximum))
        }
    }

    /// RLE8 and RLE4: runs and literal stretches, end-of-line, end-of-bitmap and delta codes, read
    /// from the bottom row up; pixels a file skips are black, as SDL leaves them.
    private static func decodeRLE(_ b: UnsafeRawBufferPointer, _ f: Fields, into out: PixelBuffer) throws {
        guard !f.topDown else { throw ImageRefusal("corrupt BMP (a compressed bitmap cannot be top-down)") }
        for y in 0..<f.height { out.row(y).update(repeating: 0xFF00_0000, count: f.width) }
        let four = f.compression == 2
        var p = f.dataOffset, x = 0, row = 0  // row 0 is the bottom one
        func byte() throws -> Int {
            guard p < b.count else { throw ImageRefusal("truncated or corrupt BMP (pixel data ends early)", truncation: true) }
            defer { p += 1 }
            return Int(b[p])
        }
        func put(_ index: Int) {
            guard x < f.width, row < f.height else { return }
            out.row(f.height - 1 - row)[x] = f.palette[index]
            x += 1
        }
        while row < f.height {
            let count = try byte(), value = try byte()
            if count > 0 {
                for i in 0..<count { put(four ? (i % 2 == 0 ? value >> 4 : value & 0xF) : value) }
                continue
            }
            switch value {
            case 0: (x, row) = (0, row + 1)
            case 1: return
            case 2:
                let dx = try byte(), dy = try byte()
                (x, row) = (x + dx, row + dy)
            default:
                // A literal stretch of `value` pixels, padded to a whole 16-bit word.
                let bytes = four ? (value + 1) / 2 : value
                guard p + bytes <= b.count else { throw ImageRefusal("truncated or corrupt BMP (pixel data ends early)", truncation: true) }
                for i in 0..<value {
                    let v = Int(b[p + (four ? i / 2 : i)])
                    put(four ? (i % 2 == 0 ? v >> 4 : v & 0xF) : v)
                }
                p += bytes + bytes % 2
            }
        }
    }

}

private func u16(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 { UInt32(b[at]) | UInt32(b[at + 1]) << 8 }
private func u32(_ b: UnsafeRawBufferPointer, _ at: Int) -> UInt32 { u16(b, at) | u16(b, at + 2) << 16 }
