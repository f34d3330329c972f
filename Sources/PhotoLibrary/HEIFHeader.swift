/// The size of a HEIF/HEIC or AVIF file's primary image, read from its boxes (ISO/IEC 14496-12 and
/// 23008-12) without libheif, so the folder scanner's probe and the pixel cap know it before any
/// decoder allocates: `ftyp` names the brand, `meta` holds `pitm` (the primary item), `iprp`'s
/// `ipco` the properties and `ipma` which belong to which item: `ispe` the size as coded, `clap`
/// the clean aperture it is cropped to, `irot` a quarter turn (libheif applies them, and `imir`,
/// when it decodes; so the size here is the upright picture's).
enum HEIFHeader {
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs", "mif1", "msf1", "mif2"]
    static let avifBrands: Set<String> = ["avif", "avis"]

    /// Whether `b` starts with an `ftyp` box naming a brand we decode (nil if not a HEIF at all).
    static func format(_ b: UnsafeRawBufferPointer) -> ImageFormat? {
        guard b.count >= 16, b[4] == 0x66, b[5] == 0x74, b[6] == 0x79, b[7] == 0x70 else { return nil }  // "ftyp"
        let size = min(be32(b, 0), b.count)
        guard size >= 16 else { return nil }
        var brands = [brand(b, 8)]
        var i = 16
        while i + 4 <= size { brands.append(brand(b, i)); i += 4 }
        // AVIF files list mif1 too; a brand of the AV1 family decides.
        if brands.contains(where: avifBrands.contains) { return .avif }
        if brands.contains(where: heifBrands.contains) { return .heif }
        return nil
    }

    /// The primary image's upright size. `complete` false: `b` is the file's first bytes, and
    /// running out of them before the `meta` box ends is a refusal with `isTruncation` set.
    static func parse(_ b: UnsafeRawBufferPointer, format: ImageFormat, complete: Bool) throws -> ImageHeader {
        let name = format.rawValue
        var i = 0
        while i + 8 <= b.count {
            let (start, end) = try box(b, at: i, limit: b.count, complete: complete, name: name, topLevel: true)
            if fourCC(b, i + 4) == "meta" {
                guard end <= b.count else {
                    throw ImageRefusal("truncated \(name) (metadata cut off)", truncation: true)
                }
                let (w, h) = try meta(b, from: start + 4, to: end, name: name)
                return ImageHeader(format: format, width: w, height: h)
            }
            i = end
        }
        throw ImageRefusal("truncated or corrupt \(name) (no metadata)", truncation: !complete || i > b.count)
    }

    /// One box at `i`: where its contents start and where it ends (which may lie past `limit` for a
    /// top-level box of a file read in part, such as `mdat`).
    private static func box(_ b: UnsafeRawBufferPointer, at i: Int, limit: Int, complete: Bool, name: String,
                            topLevel: Bool = false) throws -> (start: Int, end: Int) {
        var size = be32(b, i)
        var start = i + 8
        if size == 1 {
            guard i + 16 <= limit else { throw ImageRefusal("truncated \(name) (box header)", truncation: true) }
            guard be32(b, i + 8) == 0 else { throw ImageRefusal("corrupt \(name) (box larger than 4 GB)") }
            size = be32(b, i + 12)
            start = i + 16
        } else if size == 0 {
            guard topLevel else { throw ImageRefusal("corrupt \(name) (box without a size)") }
            size = complete ? limit - i : Int(Int32.max)
        }
        guard size >= start - i else { throw ImageRefusal("corrupt \(name) (box size \(size))") }
        let end = i + size
        guard topLevel || end <= limit else { throw ImageRefusal("corrupt \(name) (box past its parent)") }
        if complete && end > limit { throw ImageRefusal("truncated \(name) (a box runs past the end)") }
        return (start, end)
    }

    /// The `meta` box's children (after its version and flags): the primary item's `ispe` and `irot`.
    private static func meta(_ b: UnsafeRawBufferPointer, from: Int, to: Int, name: String) throws -> (Int, Int) {
        var primary: Int?
        var properties: [(type: String, start: Int, end: Int)] = []
        var associations: [Int: [Int]] = [:]
        var i = from
        while i + 8 <= to {
            let (start, end) = try box(b, at: i, limit: to, complete: true, name: name)
            switch fourCC(b, i + 4) {
            case "pitm" where end - start >= 6:
                primary = b[start] == 0 ? be16(b, start + 4) : (end - start >= 8 ? be32(b, start + 4) : nil)
            case "iprp":
                var j = start
                while j + 8 <= end {
                    let (s, e) = try box(b, at: j, limit: end, complete: true, name: name)
                    if fourCC(b, j + 4) == "ipco" {
                        var k = s
                        while k + 8 <= e, properties.count < 4096 {
                            let (ps, pe) = try box(b, at: k, limit: e, complete: true, name: name)
                            properties.append((fourCC(b, k + 4), ps, pe))
                            k = pe
                        }
                    } else if fourCC(b, j + 4) == "ipma" {
                        try ipma(b, from: s, to: e, into: &associations, name: name)
                    }
                    j = e
                }
            default: break
            }
            i = end
        }
        guard let item = primary else { throw ImageRefusal("corrupt \(name) (no primary image)") }
        var size: (Int, Int)?
        var clean: (Int, Int)?
        var turns = 0
        for index in associations[item] ?? [] where index >= 1 && index <= properties.count {
            let p = properties[index - 1]
            if p.type == "ispe", p.end - p.start >= 12 { size = (be32(b, p.start + 4), be32(b, p.start + 8)) }
            if p.type == "clap", p.end - p.start >= 32 { clean = cleanAperture(b, at: p.start) }
            if p.type == "irot", p.end > p.start { turns = Int(b[p.start] & 3) }
        }
        guard var (w, h) = size else { throw ImageRefusal("corrupt \(name) (primary image has no size)") }
        // The clean aperture crops the coded picture before it is turned (MIAF's order: clap, irot,
        // imir), and libheif shows only it: the picture's size is the crop's, or the cell's shape is wrong.
        if let (cw, ch) = clean, cw >= 1, ch >= 1, cw <= w, ch <= h { (w, h) = (cw, ch) }
        return turns % 2 == 1 ? (h, w) : (w, h)
    }

    /// A `clap` box's width and height (fractions N/D, rounded as libheif does: down, the centre kept).
    private static func cleanAperture(_ b: UnsafeRawBufferPointer, at i: Int) -> (Int, Int)? {
        let wn = be32(b, i), wd = be32(b, i + 4), hn = be32(b, i + 8), hd = be32(b, i + 12)
        guard wd > 0, hd > 0, wn < 1 << 31, hn < 1 << 31 else { return nil }
        return (wn / wd, hn / hd)
    }

    /// Item property associations: for each item, its 1-based indices into `ipco`.
    private static func ipma(_ b: UnsafeRawBufferPointer, from: Int, to: Int, into map: inout [Int: [Int]], name: String) throws {
        guard from + 8 <= to else { throw ImageRefusal("corrupt \(name) (short ipma)") }
        let version = b[from], wide = b[from + 3] & 1 == 1
        let count = be32(b, from + 4)
        var i = from + 8
        for _ in 0..<min(count, 65_536) {
            let idBytes = version < 1 ? 2 : 4
            guard i + idBytes + 1 <= to else { throw ImageRefusal("corrupt \(name) (short ipma)") }
            let item = idBytes == 2 ? be16(b, i) : be32(b, i)
            let n = Int(b[i + idBytes])
            i += idBytes + 1
            var indices: [Int] = []
            for _ in 0..<n {
                guard i + (wide ? 2 : 1) <= to else { throw ImageRefusal("corrupt \(name) (short ipma)") }
                indices.append(wide ? be16(b, i) & 0x7FFF : Int(b[i] & 0x7F))
                i += wide ? 2 : 1
            }
            map[item, default: []] += indices
        }
    }

    private static func fourCC(_ b: UnsafeRawBufferPointer, _ i: Int) -> String {
        String(decoding: b[i..<i + 4], as: UTF8.self)
    }
    private static func brand(_ b: UnsafeRawBufferPointer, _ i: Int) -> String { fourCC(b, i) }
    private static func be16(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func be32(_ b: UnsafeRawBufferPointer, _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
}
