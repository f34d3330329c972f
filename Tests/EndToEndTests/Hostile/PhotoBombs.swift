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
