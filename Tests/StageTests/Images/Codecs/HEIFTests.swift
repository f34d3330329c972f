import CSDL2
import Foundation
import GridCore
import TestEnvironment
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// HEIF/HEIC and AVIF through libheif (issue 24), on files made here by `heif-enc` (Debian's
/// libheif-examples) from quadrant pictures: upright (irot, imir), at the cell's size, from the
/// embedded thumbnail when it covers the cell, and a broken file as one line.
final class HEIFTests: XCTestCase {
    private var files: ImageFixtures!

    override func setUpWithError() throws {
        try TestEnvironment.require(tool: "heif-enc", package: "libheif-examples")
        files = try ImageFixtures()
    }

    static let heifEnc: String? = ["/usr/bin/heif-enc", "/usr/local/bin/heif-enc"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// An 80×60 quadrant picture (red, green / blue, seed) encoded by heif-enc; `thumbnail` is the
    /// `-t` bound; `property` replaces every `pixi` box (heif-enc 1.15 writes one per image and
    /// cannot write a rotation) with an `irot` or `imir` of the same 16 bytes, as a phone's file has.
    func encode(_ name: String, avif: Bool = false, thumbnail: Int? = nil, property: (type: String, value: UInt8)? = nil,
                size: (Int, Int) = (80, 60), onlyBox: Int? = nil) throws -> String {
        let png = try files.savePNG(name + ".png", ImageFixtures.quadrants(width: size.0, height: size.1, seed: 3))
        let out = files.path(name)
        var arguments = ["-q", "95", "-o", out]
        if avif { arguments.insert("-A", at: 0) }
        if let t = thumbnail { arguments += ["-t", String(t)] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.heifEnc!)
        process.arguments = arguments + [png]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "heif-enc \(arguments)")
        guard let (type, value) = property else { return out }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        var replaced = 0
        var i = 4
        while i + 12 <= bytes.count {
            if Array(bytes[i..<i + 4]) == Array("pixi".utf8), Array(bytes[i - 4..<i]) == [0, 0, 0, 16] {
                if onlyBox == nil || onlyBox == replaced {
                    bytes.replaceSubrange(i..<i + 12, with: Array(type.utf8) + [value] + [UInt8](repeating: 0, count: 7))
                }
                replaced += 1
            }
            i += 1
        }
        XCTAssertEqual(replaced, thumbnail == nil ? 1 : 2, "one pixi box for each image")
        return try files.write(name, bytes)
    }

    private func scan() -> (found: [FolderScanner.Found], log: [String]) {
        let scanner = FolderScanner(roots: [files.folder.path])
        scanner.waitUntilFinished(timeout: 60)
        let (found, log, finished) = scanner.take()
        XCTAssertTrue(finished, "the scan must end")
        return (found, log)
    }

    private func header(_ path: String) throws -> ImageHeader {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try bytes.withUnsafeBytes { try ImageHeader.parse($0) }
    }

    /// Which quadrant colour a pixel is (r, g, b or other), HEVC's and AV1's loss allowed for.
    private func colour(_ image: DecodedImage, _ fx: Double, _ fy: Double) -> Character {
        let p = image.pixel(x: Int(Double(image.pixelWidth) * fx), y: Int(Double(image.pixelHeight) * fy))
        let (r, g, b) = (p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF)
        if r > 180 && g < 80 && b < 80 { return "r" }
        if g > 180 && r < 80 && b < 80 { return "g" }
        if b > 180 && r < 80 && g < 80 { return "b" }
        return "?"
    }

    /// The corners' colours read left to right, top to bottom.
    private func corners(_ image: DecodedImage) -> String {
        String([colour(image, 0.2, 0.2), colour(image, 0.8, 0.2), colour(image, 0.2, 0.8), colour(image, 0.8, 0.8)])
    }

    /// libheif is opened when the first HEIF is decoded, not linked (it and its codecs cost every
    /// launch ~7 ms): opened here it works; a library that cannot be opened is a one-line refusal.
    func testLibheifIsOpenedWhenNeededAndItsAbsenceIsOneLine() throws {
        XCTAssertNoThrow(try LibHeif.shared.get())
        guard case .failure(let refusal) = LibHeif.open("libheif-not-installed.so.9") else { return XCTFail("opened a missing library") }
        XCTAssertTrue(refusal.reason.contains("libheif"), refusal.reason)
        XCTAssertFalse(refusal.reason.contains("\n"))
    }

    func testHEICDecodesUprightAtItsSize() throws {
        let path = try encode("plain.heic")
        let h = try header(path)
        XCTAssertEqual(h.format, .heif)
        XCTAssertEqual([h.displayWidth, h.displayHeight], [80, 60])
        let image = try PhotoDecoder.decode(path: path, pixelSize: nil)
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [80, 60])
        XCTAssertEqual(corners(image), "rgb?")
    }

    /// A phone held upright stores the sensor's landscape picture and a quarter turn (irot 3: 270°
    /// anticlockwise). The header, the scanner and the pixels all say portrait; the thumbnail
    /// turns with the photo.
    func testPortraitWithIrotIsUprightInHeaderProbeAndPixels() throws {
        let path = try encode("portrait.heic", thumbnail: 40, property: ("irot", 3))
        let h = try header(path)
        XCTAssertEqual([h.displayWidth, h.displayHeight], [60, 80])
        XCTAssertEqual(h.orientation, .up, "libheif applies irot itself: not turned twice")
        let found = scan().found
        let probe = try XCTUnwrap(found.first { $0.path.hasSuffix("portrait.heic") }?.probe)
        XCTAssertEqual([probe.width, probe.height], [60, 80])
        let full = try PhotoDecoder.decode(path: path, pixelSize: nil)
        XCTAssertEqual([full.pixelWidth, full.pixelHeight], [60, 80])
        // Turned 90° clockwise: blue (bottom left) is now top left, red top right.
        XCTAssertEqual(corners(full), "br?g")
        let small = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 24, height: 32))
        XCTAssertEqual(corners(small), "br?g", "the thumbnail is upright too")
    }

    /// The same portrait without a thumbnail: every size comes from the primary image, turned.
    func testPortraitWithIrotAndNoThumbnailIsUprightAtEverySize() throws {
        let path = try encode("portrait-bare.heic", property: ("irot", 3))
        let h = try header(path)
        XCTAssertEqual([h.displayWidth, h.displayHeight], [60, 80])
        for size in [nil, Size(width: 24, height: 32), Size(width: 45, height: 60)] {
            let image = try PhotoDecoder.decode(path: path, pixelSize: size)
            XCTAssertLessThan(image.pixelWidth, image.pixelHeight, "portrait at \(String(describing: size))")
            XCTAssertEqual(corners(image), "br?g", "upright at \(String(describing: size))")
            XCTAssertFalse(image.fromEmbeddedThumbnail)
        }
    }

    func testMirroredHEICIsFlipped() throws {
        let path = try encode("mirror.heic", property: ("imir", 1))
        let image = try PhotoDecoder.decode(path: path, pixelSize: nil)
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [80, 60])
        // libheif 1.15 (and so heif-convert) reads axis 1 as a left-right mirror.
        XCTAssertEqual(corners(image), "gr?b", "imir: left and right swapped")
    }

    /// The embedded thumbnail serves a cell it covers; a larger cell decodes the primary image.
    func testThumbnailUsedOnlyWhenItCoversTheCell() throws {
        let with = try encode("thumb.heic", thumbnail: 40)
        let without = try encode("nothumb.heic")
        func source(_ path: String, _ cover: (Int, Int)) throws -> HEIFDecoder.Source {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            return try bytes.withUnsafeBytes { raw in
                let h = try ImageHeader.parse(raw)
                let decoded = try XCTUnwrap(HEIFDecoder.decode(raw, header: h, cover: cover, limits: .standard, cancel: nil,
                                                               memory: DecodeMemory.shared.ticket(cancel: nil)))
                // Cropped to the primary's 4:3 whatever the thumbnail's shape (heif-enc rounds it to even sides).
                XCTAssertEqual(Double(decoded.pixels.width) / Double(decoded.pixels.height), 80.0 / 60.0, accuracy: 0.07)
                return decoded.source
            }
        }
        XCTAssertEqual(try source(with, (40, 30)), .thumbnail)
        XCTAssertEqual(try source(with, (20, 15)), .thumbnail)
        XCTAssertEqual(try source(with, (60, 45)), .primary, "a thumbnail smaller than the cell is not blown up")
        XCTAssertEqual(try source(without, (20, 15)), .primary)
        let image = try PhotoDecoder.decode(path: with, pixelSize: Size(width: 40, height: 30))
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [40, 30])
        XCTAssertEqual(corners(image), "rgb?")
        XCTAssertFalse(image.isLargestPossible, "a bigger cell asks again")
    }

    /// A phone's HEIC (a 320-px thumbnail inside) in a grid cell the thumbnail covers, as the app
    /// asks for it (through the shared thumbnail cache, whose smallest covering size is 512 for a
    /// 288-px cell): served from the thumbnail, the primary image never decoded; the viewer at full
    /// size decodes the primary. Before, the cache's decode asked for its 512×384 and the 320×240
    /// thumbnail, judged against that instead of the cell, was never used.
    func testGridCellIsServedFromTheThumbnailAndTheViewerFromThePrimary() throws {
        let path = try encode("phone.heic", thumbnail: 320, size: (1600, 1200))
        let cache = ThumbnailCache(root: files.path("cache/thumbnails"), version: "9.9")
        let pipeline = try makePipeline(workers: 1, thumbnails: cache)
        // 256×192 asks for 288×216 (its size bucket): the 320×240 thumbnail covers it.
        let cell = Size(width: 256, height: 192)
        _ = pipeline.request(path, pixelSize: cell, priority: 0)
        pipeline.drain()
        pipeline.beginFrame()
        guard case .ready(let t) = pipeline.request(path, pixelSize: cell, priority: 0) else { return XCTFail("decoded") }
        XCTAssertGreaterThanOrEqual(t.pixelWidth, 256)
        XCTAssertLessThanOrEqual(t.pixelWidth, 320, "the thumbnail's pixels, not a 512 decode's")
        XCTAssertEqual(pipeline.stats.decoded, 1)
        XCTAssertEqual(pipeline.stats.embeddedThumbnails, 1, "the cell came from the embedded thumbnail")
        XCTAssertEqual(pipeline.decodePathsThisFrame, [.embeddedThumbnail: 1])
        let viewer = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 1600, height: 1200), maxSide: .max, limits: .standard,
                                              cancel: nil, cache: cache)
        XCTAssertFalse(viewer.fromEmbeddedThumbnail, "the viewer decodes the primary image")
        XCTAssertEqual([viewer.pixelWidth, viewer.pixelHeight], [1600, 1200])
        XCTAssertEqual(corners(viewer), "rgb?")
    }

    /// The same rule as a camera's EXIF thumbnail: a HEIF thumbnail of another shape than the
    /// primary (a stale one, here a 4:3 picture's left in a file whose `ispe` says 2:1) is refused.
    func testThumbnailOfAnotherShapeIsNotUsed() throws {
        XCTAssertFalse(EmbeddedThumbnailRule.check(thumbnail: (320, 240), photo: (1600, 800)).sameShape)
        XCTAssertTrue(EmbeddedThumbnailRule.check(thumbnail: (320, 240), photo: (1600, 1200)).sameShape)
        XCTAssertFalse(EmbeddedThumbnailRule.check(thumbnail: (1600, 1200), photo: (1600, 1200)).allowed, "not smaller: not a thumbnail")
    }

    /// A quarter turn on one of the two images only (the primary's irot, its thumbnail stored as
    /// coded, or the other way round): upright, the thumbnail is not the primary's shape, so it is
    /// not used and the photo is decoded upright. Before, the sideways thumbnail was cut to the
    /// primary's shape and drawn: a strip of a picture lying on its side.
    func testThumbnailTurnedOtherwiseThanThePrimaryIsNotUsed() throws {
        for k in 0..<2 {
            let path = try encode("half-turned-\(k).heic", thumbnail: 40, property: ("irot", 3), onlyBox: k)
            let h = try header(path)
            let portrait = h.displayHeight > h.displayWidth
            let cell = portrait ? Size(width: 15, height: 20) : Size(width: 20, height: 15)
            let image = try PhotoDecoder.decode(path: path, pixelSize: cell)
            XCTAssertFalse(image.fromEmbeddedThumbnail, "pixi \(k): \(h.displayWidth)×\(h.displayHeight)")
            XCTAssertEqual(corners(image), portrait ? "br?g" : "rgb?", "pixi \(k): upright")
            XCTAssertEqual(image.pixelWidth < image.pixelHeight, portrait)
        }
    }

    /// A clean aperture (`clap`, the crop a phone or an editor leaves to the coded picture): the
    /// header, the folder scanner's probe and the decode all say the crop's size, so the cell has
    /// the picture's shape. Before, the probe said the coded 160×120 of an 80×120 picture.
    /// (libheif 1.15 places the crop by its own reading of the offsets: its colours are not checked.)
    func testCleanApertureIsThePicturesSizeInHeaderProbeAndDecode() throws {
        let path = try encode("clap.heic", size: (160, 120))
        try files.write("clap.heic", try Self.addingCleanAperture([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), width: 80, height: 120))
        let h = try header(path)
        XCTAssertEqual([h.displayWidth, h.displayHeight], [80, 120])
        let probe = try XCTUnwrap(scan().found.first { $0.path.hasSuffix("clap.heic") }?.probe)
        XCTAssertEqual([probe.width, probe.height], [80, 120])
        let full = try PhotoDecoder.decode(path: path, pixelSize: nil)
        XCTAssertEqual([full.pixelWidth, full.pixelHeight, full.sourceWidth, full.sourceHeight], [80, 120, 80, 120])
        let cell = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 40, height: 60))
        XCTAssertEqual([cell.pixelWidth, cell.pixelHeight], [40, 60])
    }

    /// `bytes` (heif-enc's one-image HEIC: meta before mdat) with a `clap` of `width`×`height`,
    /// centred, added to the primary item's properties: the box appended to `ipco`, its index to
    /// the primary's `ipma` entry, the sizes of `ipco`, `ipma`, `iprp` and `meta` and the `iloc`
    /// extent offsets moved by what was inserted.
    static func addingCleanAperture(_ input: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        var b = input
        func u16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func u32(_ i: Int) -> Int { u16(i) << 16 | u16(i + 2) }
        func put32(_ i: Int, _ v: Int) { for k in 0..<4 { b[i + k] = UInt8(v >> (24 - 8 * k) & 0xFF) } }
        func children(_ from: Int, _ to: Int) -> [(at: Int, size: Int, type: String)] {
            var out: [(Int, Int, String)] = [], i = from
            while i + 8 <= to, u32(i) >= 8 { out.append((i, u32(i), String(decoding: b[i + 4..<i + 8], as: UTF8.self))); i += u32(i) }
            return out
        }
        let top = children(0, b.count)
        let meta = try XCTUnwrap(top.first { $0.type == "meta" }), mdat = try XCTUnwrap(top.first { $0.type == "mdat" })
        XCTAssertGreaterThan(mdat.at, meta.at, "mdat after meta")
        let inMeta = children(meta.at + 12, meta.at + meta.size)
        let iloc = try XCTUnwrap(inMeta.first { $0.type == "iloc" }), iprp = try XCTUnwrap(inMeta.first { $0.type == "iprp" })
        let pitm = try XCTUnwrap(inMeta.first { $0.type == "pitm" })
        let primary = b[pitm.at + 8] == 0 ? u16(pitm.at + 12) : u32(pitm.at + 12)
        let inIprp = children(iprp.at + 8, iprp.at + iprp.size)
        let ipco = try XCTUnwrap(inIprp.first { $0.type == "ipco" }), ipma = try XCTUnwrap(inIprp.first { $0.type == "ipma" })
        XCTAssertGreaterThan(ipma.at, ipco.at)
        let index = children(ipco.at + 8, ipco.at + ipco.size).count + 1
        let delta = 40 + 1
        // iloc: every extent of a file-offset item moves by what is inserted before mdat.
        let version = Int(b[iloc.at + 8])
        let offsetSize = Int(b[iloc.at + 12] >> 4), lengthSize = Int(b[iloc.at + 12] & 15)
        let baseSize = Int(b[iloc.at + 13] >> 4), indexSize = version >= 1 ? Int(b[iloc.at + 13] & 15) : 0
        XCTAssertEqual(offsetSize, 4, "heif-enc writes 4-byte extent offsets")
        var i = iloc.at + 14
        let items = version < 2 ? u16(i) : u32(i)
        i += version < 2 ? 2 : 4
        for _ in 0..<items {
            i += version < 2 ? 2 : 4
            let method = version >= 1 ? u16(i) & 15 : 0
            if version >= 1 { i += 2 }
            i += 2 + baseSize
            let extents = u16(i)
            i += 2
            for _ in 0..<extents {
                i += indexSize
                if method == 0 { put32(i, u32(i) + delta) }
                i += offsetSize + lengthSize
            }
        }
        // ipma: the primary's entry gains the new property, essential.
        XCTAssertEqual(b[ipma.at + 11] & 1, 0, "one-byte property indices")
        let ipmaVersion = Int(b[ipma.at + 8])
        var j = ipma.at + 16
        for _ in 0..<u32(ipma.at + 12) {
            let item = ipmaVersion < 1 ? u16(j) : u32(j)
            j += ipmaVersion < 1 ? 2 : 4
            let n = Int(b[j])
            if item == primary {
                b[j] += 1
                b.insert(0x80 | UInt8(index), at: j + 1 + n)
                break
            }
            j += 1 + n
        }
        put32(ipma.at, ipma.size + 1)
        var clap: [UInt8] = [0, 0, 0, 40] + Array("clap".utf8)
        for v in [width, 1, height, 1, 0, 1, 0, 1] { clap += [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        b.insert(contentsOf: clap, at: ipco.at + ipco.size)
        put32(ipco.at, ipco.size + 40)
        put32(iprp.at, iprp.size + delta)
        put32(meta.at, meta.size + delta)
        return b
    }

    /// An `ispe` that disagrees with the coded picture (here it claims 160×60 for an 80×60 HEVC
    /// image): the pixels decide, so the picture is neither cropped to the claim's shape nor
    /// stretched into it: 80×60 with its four quadrants, as heif-convert shows it.
    func testIspeThatDisagreesWithTheCodedImageIsNotCroppedOrStretched() throws {
        let path = try encode("wide-claim.heic")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var i = 4, patched = 0
        while i + 16 <= bytes.count {
            if Array(bytes[i..<i + 4]) == Array("ispe".utf8) {
                bytes.replaceSubrange(i + 8..<i + 12, with: [0, 0, 0, 160])
                patched += 1
            }
            i += 1
        }
        XCTAssertGreaterThan(patched, 0)
        try files.write("wide-claim.heic", bytes)
        let image: DecodedImage
        do { image = try PhotoDecoder.decode(path: path, pixelSize: nil) } catch {
            // libheif may refuse the file outright: a clear one-line refusal is as good as the picture.
            let message = String(describing: error)
            XCTAssertFalse(message.contains("\n"), message)
            return
        }
        XCTAssertEqual(Double(image.pixelWidth) / Double(image.pixelHeight), 80.0 / 60.0, accuracy: 0.05,
                       "\(image.pixelWidth)×\(image.pixelHeight): the coded picture's shape")
        XCTAssertEqual(corners(image), "rgb?")
        XCTAssertEqual([image.sourceWidth, image.sourceHeight], [image.pixelWidth, image.pixelHeight])
    }

    func testAVIF() throws {
        let path = try encode("photo.avif", avif: true)
        XCTAssertEqual(try header(path).format, .avif)
        let image = try PhotoDecoder.decode(path: path, pixelSize: Size(width: 40, height: 30))
        XCTAssertEqual([image.pixelWidth, image.pixelHeight], [40, 30])
        XCTAssertEqual(corners(image), "rgb?")
    }

    /// A HEIC cut short, or with its coded data overwritten, is one line naming the file, and the
    /// folder scanner lists HEIC and AVIF by name (they were skipped without a word).
    func testBrokenHEICIsOneLineAndScannerListsHEIF() throws {
        let good = try encode("good.heic")
        _ = try encode("good.avif", avif: true)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: good)))
        try files.write("cut.heic", Array(bytes.prefix(bytes.count - 40)))
        for k in bytes.count - 60..<bytes.count { bytes[k] = 0xFF }
        try files.write("garbled.heic", bytes)
        try files.write("text.heic", Array("not a photo\n".utf8))
        for name in ["cut.heic", "garbled.heic", "text.heic"] {
            XCTAssertThrowsError(try PhotoDecoder.decode(path: files.path(name), pixelSize: nil), name) { error in
                let message = String(describing: error)
                XCTAssertFalse(message.contains("\n"), message)
                XCTAssertTrue(message.contains(name), message)
            }
        }
        let (found, log) = scan()
        let names = Set(found.map { ($0.path as NSString).lastPathComponent })
        XCTAssertTrue(names.isSuperset(of: ["good.heic", "good.avif"]), "\(names)")
        XCTAssertTrue(log.contains { $0.contains("text.heic") }, "\(log)")
    }

    /// The pixel cap holds before libheif allocates: a header claiming 30000×30000 is refused by size.
    func testHugeClaimRefusedBeforeDecoding() throws {
        let path = try encode("huge.heic")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // Every ispe (the grid's and its tile's) claims 30000×30000.
        var i = 4
        while i + 16 <= bytes.count {
            if Array(bytes[i..<i + 4]) == Array("ispe".utf8) {
                bytes.replaceSubrange(i + 8..<i + 16, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
            }
            i += 1
        }
        try files.write("huge.heic", bytes)
        XCTAssertThrowsError(try PhotoDecoder.decode(path: path, pixelSize: Size(width: 40, height: 30))) { error in
            XCTAssertTrue(String(describing: error).contains("image too large"), String(describing: error))
        }
    }
}
