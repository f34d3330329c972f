import Foundation

/// Issue 21's hostile photos, made at test time: a few bytes that claim to be one format and are
/// another, or that make a decoder spend far more than their size suggests.
extension Bombs {
    /// A WebP container (`RIFF…WEBPVP8L`, a 4370×1093 lossless header, well within every cap) whose
    /// data is an SVG declaring `side`×`side` pixels. No byte is zero, so SDL_image's SVG sniff
    /// (`strstr(first 4 KB, "<svg")`) finds it: 148 bytes at 30000, as the issue measured.
    static func svgInWebP(side: Int) -> [UInt8] {
        let svg = Array(" <svg width=\"\(side)\" height=\"\(side)\" xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"red\"/></svg>".utf8)
        let vp8l = Array("VP8L".utf8) + [1, 1, 1, 1] + [0x2F, 0x11, 0x11, 0x11, 0x11] + svg
        return Array("RIFF".utf8) + [1, 1, 1, 1] + Array("WEBP".utf8) + vp8l
    }
}

extension HostileTestCase {
    /// The environment a photo test runs in: its own state and thumbnail cache folders.
    var photoEnv: [String: String?] { ["XDG_CACHE_HOME": dir.appendingPathComponent("cache").path] }

    /// A folder `name` under the test's folder holding `files` (name → bytes).
    @discardableResult
    func photoFolder(_ name: String, _ files: [String: [UInt8]]) throws -> String {
        let folder = dir.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (file, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(file)) }
        return folder.path
    }

    /// The own-photos dock file holding `paths`, as a person who docked them left it.
    func dockOwnPhotos(_ paths: [String]) throws {
        let file = dir.appendingPathComponent("xdg/coffeegrid/own-photos-dock.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let list = paths.map { "\"\($0)\"" }.joined(separator: ",")
        try "{\"dock\":[\(list)]}\n".write(to: file, atomically: false, encoding: .utf8)
    }
}

extension Bombs {
    /// A progressive JPEG made by cjpeg from a 16×16 picture (about 700 bytes) whose frame header
    /// is then patched to claim `width`×`height`: libjpeg allocates the whole image's coefficients
    /// (3 bytes a pixel in 4:2:0, 192 MB at 16000×4000) before it finds the data missing.
    static func patchedProgressiveJPEG(width: Int, height: Int, in dir: URL) throws -> [UInt8] {
        guard let cjpeg = XSession.which("cjpeg") else { throw Unavailable(description: "cjpeg (libjpeg-turbo-progs) is not installed") }
        let ppm = dir.appendingPathComponent("small-\(UUID().uuidString).ppm"), out = dir.appendingPathComponent("small-\(UUID().uuidString).jpg")
        defer { try? FileManager.default.removeItem(at: ppm); try? FileManager.default.removeItem(at: out) }
        try Data(Array("P6\n16 16\n255\n".utf8) + (0..<(16 * 16 * 3)).map { UInt8(($0 * 7) % 256) }).write(to: ppm)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: cjpeg)
        p.arguments = ["-progressive", "-outfile", out.path, ppm.path]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0, var bytes = try? [UInt8](Data(contentsOf: out)) else { throw Unavailable(description: "cjpeg failed") }
        guard let sof = segmentStarts(bytes).first(where: { $0.marker == 0xC2 }) else { throw Unavailable(description: "cjpeg wrote no SOF2") }
        bytes[sof.offset + 5] = UInt8(height >> 8)
        bytes[sof.offset + 6] = UInt8(height & 0xFF)
        bytes[sof.offset + 7] = UInt8(width >> 8)
        bytes[sof.offset + 8] = UInt8(width & 0xFF)
        return bytes
    }
}

/// PNG files assembled chunk by chunk, for bombs no encoder would write.
enum PNGBomb {
    /// A `width`×`height` PNG of one grey (8-bit RGB, a stored zlib stream) with `texts` zTXt chunks
    /// after the header, each inflating to `inflated` zero bytes from about `inflated / 160` bytes:
    /// each chunk's text is a zlib bomb, and libpng inflates every one before the pixels.
    static func zTXtBomb(width: Int, height: Int, texts: Int, inflated: Int, keys: [(String, String)] = []) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0])
        let bomb = Array("Comment".utf8) + [0, 0] + zlibZeros(inflated)
        for _ in 0..<texts { out += chunk("zTXt", bomb) }
        for (k, v) in keys { out += chunk("tEXt", Array(k.utf8) + [0] + Array(v.utf8)) }
        let row = [UInt8](repeating: 0, count: 1) + [UInt8](repeating: 0x80, count: width * 3)
        out += chunk("IDAT", zlibStored(Array([[UInt8]](repeating: row, count: height).joined())))
        out += chunk("IEND", [])
        return out
    }

    /// A `width`×`height` 8-bit RGBA PNG of one colour, small however big (each row's run of one
    /// byte value is deflated as back-references): 8000×8000 is about 1.3 MB.
    static func flat(width: Int, height: Int, interlaced: Bool = false) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 6, 0, 0, interlaced ? 1 : 0])
        var bits = BitWriter()
        bits.put(1, 1)
        bits.put(1, 2)
        var adlerA: UInt64 = 1, adlerB: UInt64 = 0
        // Adler-32 over a run of `n` bytes `v`, in closed form (the picture is 256 MB of them).
        func adler(_ v: UInt8, _ n: Int) {
            let n64 = UInt64(n), v64 = UInt64(v)
            adlerB = (adlerB + n64 * adlerA + v64 * ((n64 * (n64 + 1) / 2) % 65521)) % 65521
            adlerA = (adlerA + n64 * v64) % 65521
        }
        func literal(_ v: UInt8) {
            if v < 144 { bits.code(0x30 + Int(v), 8) } else { bits.code(0x190 + Int(v) - 144, 9) }
            adler(v, 1)
        }
        // Every byte of a row but the filter byte is 0x80 (a mid grey, half opaque): a run.
        let passes: [(x0: Int, dx: Int, y0: Int, dy: Int)] = interlaced
            ? [(0, 8, 0, 8), (4, 8, 0, 8), (0, 4, 4, 8), (2, 4, 0, 4), (0, 2, 2, 4), (1, 2, 0, 2), (0, 1, 1, 2)] : [(0, 1, 0, 1)]
        for p in passes {
            let w = (width - p.x0 + p.dx - 1) / p.dx, h = (height - p.y0 + p.dy - 1) / p.dy
            guard w > 0, h > 0 else { continue }
            for _ in 0..<h {
                literal(0)
                literal(0x80)
                var left = 4 * w - 1
                while left >= 258 {
                    bits.code(0xC5, 8)
                    bits.code(0, 5)
                    adler(0x80, 258)
                    left -= 258
                }
                for _ in 0..<left { literal(0x80) }
            }
        }
        bits.code(0, 7)
        out += chunk("IDAT", [0x78, 0x01] + bits.bytes + be32(UInt32(adlerB << 16 | adlerA)))
        out += chunk("IEND", [])
        return out
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// zlib: one fixed-Huffman block of a zero literal and runs of (length 258, distance 1).
    static func zlibZeros(_ n: Int) -> [UInt8] {
        var bits = BitWriter()
        bits.put(1, 1)  // BFINAL
        bits.put(1, 2)  // BTYPE 01: fixed codes
        bits.code(0x30, 8)  // literal 0
        var left = n - 1
        while left >= 258 {
            bits.code(0xC5, 8)  // length code 285: 258
            bits.code(0, 5)     // distance code 0: 1
            left -= 258
        }
        for _ in 0..<left { bits.code(0x30, 8) }
        bits.code(0, 7)  // end of block
        return [0x78, 0x01] + bits.bytes + be32(UInt32(n % 65521) << 16 | 1)  // Adler-32 of zeros
    }

    /// zlib with stored (uncompressed) blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            out += [i + n == data.count ? 1 : 0, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in data { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return out + be32(b << 16 | a)
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    /// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
    struct BitWriter {
        var bytes: [UInt8] = []
        private var bit = 0
        mutating func put(_ value: Int, _ count: Int) { for i in 0..<count { one((value >> i) & 1) } }
        mutating func code(_ value: Int, _ count: Int) { for i in (0..<count).reversed() { one((value >> i) & 1) } }
        private mutating func one(_ b: Int) {
            if bit == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(b << bit)
            bit = (bit + 1) % 8
        }
    }
}
