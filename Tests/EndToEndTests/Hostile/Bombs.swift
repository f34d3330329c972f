import Foundation
import TestEnvironment

/// Hostile files made at test time (nothing this big or this nasty is committed).
enum Bombs {
    struct Unavailable: Error, CustomStringConvertible { var description: String }

    /// A progressive JPEG, `side`×`side` grey, whose one AC scan is repeated until there are
    /// `scans` of them: about 2 MB that passes every size limit, yet a decoder without a scan
    /// limit walks every block of the image once per scan (the issue measured 150 s). Made with
    /// cjpeg (libjpeg-turbo-progs) from a flat PGM, then the last scan — its Huffman table, header
    /// and all-EOB data — copied. Each copy is an "empty" AC scan: libjpeg only warns about it.
    /// Made once per test run (cjpeg on a 64 MB picture takes seconds) and copied where asked.
    static let cachedBomb = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-bomb-\(getpid()).jpg").path

    static func progressiveScanBomb(at path: String) throws {
        let cache = cachedBomb
        if !FileManager.default.fileExists(atPath: cache) { try progressiveScanBomb(at: cache, side: 8000, scans: 20_000) }
        try FileManager.default.copyItem(atPath: cache, toPath: path)
    }

    static func progressiveScanBomb(at path: String, side: Int, scans: Int) throws {
        let cjpeg = try TestEnvironment.require(tool: "cjpeg", package: "libjpeg-turbo-progs")
        let dir = (path as NSString).deletingLastPathComponent
        let pgm = (dir as NSString).appendingPathComponent("flat-\(UUID().uuidString).pgm")
        let script = (dir as NSString).appendingPathComponent("scans-\(UUID().uuidString).txt")
        let base = (dir as NSString).appendingPathComponent("base-\(UUID().uuidString).jpg")
        defer { for f in [pgm, script, base] { try? FileManager.default.removeItem(atPath: f) } }
        var header = Array("P5\n\(side) \(side)\n255\n".utf8)
        header += [UInt8](repeating: 0x80, count: side * side)
        try Data(header).write(to: URL(fileURLWithPath: pgm))
        try "0: 0 0 0 0;\n0: 1 63 0 0;\n".write(toFile: script, atomically: false, encoding: .utf8)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: cjpeg)
        p.arguments = ["-grayscale", "-optimize", "-scans", script, "-outfile", base, pgm]
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0, let jpeg = FileManager.default.contents(atPath: base) else {
            throw Unavailable(description: "cjpeg failed (\(p.terminationStatus))")
        }
        let bytes = [UInt8](jpeg)
        // The last scan runs from its DHT (or its SOS) to the EOI marker at the end.
        guard bytes.count > 4, bytes[bytes.count - 2] == 0xFF, bytes[bytes.count - 1] == 0xD9,
              let lastScan = segmentStarts(bytes).filter({ $0.marker == 0xDA }).last else {
            throw Unavailable(description: "cjpeg wrote no scans")
        }
        var start = lastScan.offset
        if let dht = segmentStarts(bytes).last(where: { $0.marker == 0xC4 && $0.offset < lastScan.offset }),
           !segmentStarts(bytes).contains(where: { $0.marker == 0xDA && $0.offset > dht.offset && $0.offset < lastScan.offset }) {
            start = dht.offset
        }
        let scan = bytes[start..<(bytes.count - 2)]
        var out = Array(bytes[..<(bytes.count - 2)])
        out.reserveCapacity(out.count + scan.count * scans + 2)
        for _ in 1..<scans { out += scan }
        out += [0xFF, 0xD9]
        try Data(out).write(to: URL(fileURLWithPath: path))
    }

    /// Marker segments up to and including each SOS; entropy-coded data is skipped to the next marker.
    static func segmentStarts(_ b: [UInt8]) -> [(marker: UInt8, offset: Int)] {
        var result: [(UInt8, Int)] = []
        var i = 2
        while i + 3 < b.count {
            guard b[i] == 0xFF else { i += 1; continue }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            if marker == 0xD9 { break }
            result.append((marker, i))
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            i += 2 + length
            if marker == 0xDA {
                // Entropy-coded data: 0xFF 0x00 is a stuffed byte, 0xFF 0xD0–D7 a restart marker.
                while i + 1 < b.count && !(b[i] == 0xFF && b[i + 1] != 0x00 && !(0xD0...0xD7).contains(b[i + 1])) { i += 1 }
            }
        }
        return result
    }

    /// An SVG symbol whose dashes nanosvg would expand for ever: a billion-point line dashed every
    /// 0.002 points.
    static let dashBombSVG = """
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24">
    <path d="M0 0L1e9 1e9" stroke="currentColor" stroke-dasharray="0.001 0.001"/>
    </svg>
    """

    /// An SVG of `count` circles (15 MB at 300,000): within no symbol's budget.
    static func circlesSVG(count: Int) -> String {
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\" viewBox=\"0 0 24 24\">\n"
        s.reserveCapacity(count * 52)
        for i in 0..<count { s += "<circle cx=\"\(i % 24).5\" cy=\"\(i / 24 % 24).5\" r=\"0.4\" fill=\"currentColor\"/>\n" }
        return s + "</svg>\n"
    }
}
