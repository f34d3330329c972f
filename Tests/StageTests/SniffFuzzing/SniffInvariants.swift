// Shared by the Stage tests and the libFuzzer target (Fuzz/PhotoSniffFuzzer.swift), which compiles
// it with the photo library sources it needs as one module named PhotoLibrary.
#if !PHOTOSNIFF_FUZZ_STANDALONE
@testable import PhotoLibrary
#endif
import CImageCodecs
import Foundation

/// What must hold for any bytes the photo path sniffs (issue 21, case 1: photos never reach a loader
/// the app did not choose): the header walk ends in a header or an `ImageRefusal`, never a trap; an
/// accepted format is the one the bytes' own magic names (so the loader the app calls is theirs);
/// the scanner's probe of the first bytes and its walk through the open file agree with the walk of
/// the whole file; and the C decoders the format leads to, on a header within a small pixel cap,
/// end in an image or an error code.
enum SniffInvariants {
    /// Pixels the fuzzer lets the C decoders allocate for (the app's cap is 64 MP).
    static let maxFuzzPixels = 4 << 20

    static func check(_ bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        let whole = header(bytes, complete: true, &problems)
        if let h = whole {
            if !magic(of: h.format, in: bytes) { problems.append("accepted as \(h.format) without its magic: \(hex(bytes))") }
            if h.width < 0 || h.height < 0 { problems.append("negative size \(h.width)×\(h.height)") }
        }
        // The scanner reads the first bytes (64 KB, or a JPEG walked through the file).
        let prefix = Array(bytes.prefix(64 << 10))
        let probed = header(prefix, complete: false, &problems)
        if let h = probed, !magic(of: h.format, in: bytes) { problems.append("probe accepted \(h.format) without its magic: \(hex(bytes))") }
        if let w = whole, let p = probed, w.format == p.format, w.format != .gif, (w.width, w.height) != (p.width, p.height) {
            problems.append("probe says \(p.width)×\(p.height), the whole file \(w.width)×\(w.height): \(hex(bytes))")
        }
        problems += probeThroughFile(bytes, expected: probed)
        if let h = whole { problems += decode(bytes, h) }
        // The same bytes as a file's path: its id names them exactly (`PathBytes`, case 7).
        let path = bytes.filter { $0 != 0 }
        let id = PathBytes.string(path)
        if PathBytes.bytes(id) != path || PathBytes.canonical(id) != id { problems.append("path bytes do not round-trip: \(hex(path))") }
        return problems
    }

    /// The walk, its refusals caught; anything else thrown is a problem.
    static func header(_ bytes: [UInt8], complete: Bool, _ problems: inout [String]) -> ImageHeader? {
        do {
            return try bytes.withUnsafeBytes { try ImageHeader.parse($0, complete: complete) }
        } catch is ImageRefusal {
            return nil
        } catch {
            problems.append("threw \(type(of: error)): \(hex(bytes))")
            return nil
        }
    }

    /// The magic each format's loader is chosen by (read here independently of the parser).
    static func magic(of format: ImageFormat, in b: [UInt8]) -> Bool {
        switch format {
        case .png: return b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        case .jpeg: return b.starts(with: [0xFF, 0xD8, 0xFF])
        case .gif: return b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8))
        case .bmp: return b.starts(with: Array("BM".utf8))
        case .webp: return b.count >= 12 && b.starts(with: Array("RIFF".utf8)) && Array(b[8..<12]) == Array("WEBP".utf8)
        case .heif, .avif: return b.count >= 8 && Array(b[4..<8]) == Array("ftyp".utf8)
        }
    }

    /// The folder scanner's probe of an open file (a JPEG's segments walked by `pread`) must agree
    /// with the walk of the same first bytes in memory: the same format and the same upright size.
    static func probeThroughFile(_ bytes: [UInt8], expected: ImageHeader?) -> [String] {
        // An unlinked file in memory (tmpfs) where there is one.
        var template = Array((FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()).utf8CString.dropLast())
            + Array("/coffeegrid-sniff-XXXXXX".utf8CString)
        let fd = mkstemp(&template)
        guard fd >= 0 else { return [] }
        unlink(template)
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, !bytes.isEmpty else { return [] }
        let probe = try? ImageProbe.probe(fd: fd, size: bytes.count)
        let short = bytes.count <= 64 << 10
        switch (expected, probe) {
        case let (e?, p?):
            if (p.width, p.height) != (e.displayWidth, e.displayHeight) || p.orientation != e.orientation {
                return ["the file probe found \(p.width)×\(p.height) \(p.orientation), the walk \(e.displayWidth)×\(e.displayHeight) \(e.orientation): \(hex(bytes))"]
            }
        case (_?, nil):
            return ["the file probe refused what the walk of the same bytes accepted: \(hex(bytes))"]
        case (nil, let p?) where short:
            // Within the first 64 KB both read the same bytes: only a longer file may give more.
            return ["the file probe found \(p.width)×\(p.height) where the walk found nothing: \(hex(bytes))"]
        default:
            break
        }
        return []
    }

    /// JPEG and PNG headers within the fuzz cap go through the C decoders the app uses, at a small
    /// target size, with a plain allocator: each ends in an image or an error code.
    static func decode(_ bytes: [UInt8], _ h: ImageHeader) -> [String] {
        guard h.width > 0, h.height > 0, h.width <= 4096, h.height <= 4096, h.width * h.height <= maxFuzzPixels else { return [] }
        let allocate: cg_alloc_fn = { context, width, height, pitch in
            let buffer = context!.assumingMemoryBound(to: UnsafeMutablePointer<UInt8>?.self)
            guard width > 0, height > 0, Int(width) * Int(height) <= SniffInvariants.maxFuzzPixels else { return nil }
            free(buffer.pointee)
            buffer.pointee = malloc(Int(width) * Int(height) * 4)?.assumingMemoryBound(to: UInt8.self)
            pitch?.pointee = width * 4
            return buffer.pointee
        }
        var pixels: UnsafeMutablePointer<UInt8>?
        defer { free(pixels) }
        var code = CG_OK
        switch h.format {
        case .jpeg:
            var request = cg_jpeg_request()
            request.target_width = 8
            request.target_height = 8
            request.max_scans = 100
            request.max_memory = 64 << 20
            var result = cg_jpeg_result()
            code = Int(bytes.withUnsafeBufferPointer { b in withUnsafeMutablePointer(to: &pixels) { cg_jpeg_decode(b.baseAddress, b.count, &request, allocate, $0, &result) } })
        case .png:
            var request = cg_png_request()
            request.max_side = 4096
            request.target_width = 8
            request.target_height = 8
            var w: Int32 = 0, hh: Int32 = 0
            var message = [CChar](repeating: 0, count: 200)
            code = Int(bytes.withUnsafeBufferPointer { b in withUnsafeMutablePointer(to: &pixels) { cg_png_decode(b.baseAddress, b.count, &request, allocate, nil, $0, &w, &hh, &message) } })
        default:
            return []
        }
        return [CG_OK, CG_ERROR, CG_NO_MEMORY, CG_TOO_MANY_SCANS].contains(code) ? [] : ["decoder returned \(code): \(hex(bytes))"]
    }

    /// Small photos of every format, written byte by byte (no encoder): the fuzzer's first corpus
    /// and part of the mutation test's seeds.
    static var seeds: [[UInt8]] {
        let gif: [UInt8] = Array("GIF89a".utf8) + [8, 0, 8, 0, 0, 0, 0] + [0x21, 0xFE, 1, 0x61, 0] + [0x2C, 0, 0, 0, 0, 8, 0, 8, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]
        var bmp: [UInt8] = Array("BM".utf8) + [UInt8](repeating: 0, count: 52)
        bmp[14] = 40; bmp[18] = 4; bmp[22] = 4; bmp[26] = 1; bmp[28] = 24
        let webp = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8L".utf8) + [13, 0, 0, 0, 0x2F, 7, 0xC0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        let webpX = Array("RIFF".utf8) + [30, 0, 0, 0] + Array("WEBPVP8X".utf8) + [10, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 7, 0, 0]
        // A baseline JPEG header: SOF0 640×480, three components, a scan and the end marker; and
        // the same behind an APP1 EXIF block of orientation 6 and a long APP2.
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 8, 0x01, 0xE0, 0x02, 0x80, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]
        let tiff: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let exif = [UInt8(0xFF), 0xE1, 0, UInt8(2 + 6 + tiff.count)] + Array("Exif".utf8) + [0, 0] + tiff
        let app2 = [UInt8(0xFF), 0xE2, 0x01, 0x02] + [UInt8](repeating: 0x41, count: 0x100)
        let jpeg = [0xFF, 0xD8] + sof + sos + [0x12, 0x34, 0x56, 0xFF, 0xD9]
        let exifJPEG = [0xFF, 0xD8] + exif + app2 + sof + sos + [0x12, 0x34, 0x56, 0xFF, 0xD9]
        // A PNG header (IHDR 3×2 RGBA) and its end, no image data; and one text chunk before it.
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(type.utf8) + data
            var c: UInt32 = 0xFFFF_FFFF
            for byte in body { c ^= UInt32(byte); for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 } }
            func be(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
            return be(UInt32(data.count)) + body + be(~c)
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = chunk("IHDR", [0, 0, 0, 3, 0, 0, 0, 2, 8, 6, 0, 0, 0])
        let png = signature + ihdr + chunk("IEND", [])
        let textPNG = signature + ihdr + chunk("tEXt", Array("Thumb::URI".utf8) + [0] + Array("file:///a.jpg".utf8)) + chunk("IEND", [])
        // A HEIC's boxes: ftyp, then meta (pitm item 1; ipco: ispe 64×48, irot a quarter turn;
        // ipma associating both with item 1), then an mdat; and an AVIF's brand.
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let n = UInt32(8 + body.count)
            return [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + Array(type.utf8) + body
        }
        let ipco = box("ipco", box("ispe", [0, 0, 0, 0, 0, 0, 0, 64, 0, 0, 0, 48]) + box("irot", [1]))
        let ipma = box("ipma", [0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 2, 0x81, 0x02])
        let meta = box("meta", [0, 0, 0, 0] + box("pitm", [0, 0, 0, 0, 0, 1]) + box("iprp", ipco + ipma))
        let heic = box("ftyp", Array("heic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)) + meta + box("mdat", [1, 2, 3, 4])
        let avif = box("ftyp", Array("avif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8)) + meta + box("mdat", [1, 2, 3, 4])
        return [gif, bmp, webp, webpX, jpeg, exifJPEG, png, textPNG, heic, avif]
    }

    static func hex(_ b: [UInt8]) -> String {
        b.prefix(48).map { String($0, radix: 16) }.joined(separator: " ") + (b.count > 48 ? " … (\(b.count) bytes)" : "")
    }
}
