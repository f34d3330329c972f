import CSDL2
import Foundation
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Images and broken files made at test time in a fresh temporary folder (no binaries in git).
final class ImageFixtures {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-images-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Four coloured quadrants (top-left red, top-right green, bottom-left blue, bottom-right a colour
    /// picked by `seed`), so orientation and distinctness can be checked after decoding.
    static func quadrants(width: Int, height: Int, seed: UInt32 = 0) -> UnsafeMutablePointer<SDL_Surface> {
        let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        let w = Int32(width / 2), h = Int32(height / 2)
        let fills: [(Int32, Int32, UInt32)] = [(0, 0, 0xFFFF_0000), (w, 0, 0xFF00_FF00), (0, h, 0xFF00_00FF),
                                               (w, h, 0xFF00_0000 | (seed &* 0x9E37_79B9) & 0x00FF_FFFF)]
        for (x, y, color) in fills {
            var r = SDL_Rect(x: x, y: y, w: Int32(width) - w, h: Int32(height) - h)
            SDL_FillRect(s, &r, color)
        }
        return s
    }

    /// One-pixel black and white checks: the worst case for aliasing when shrunk.
    static func checkerboard(width: Int, height: Int) -> UnsafeMutablePointer<SDL_Surface> {
        let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        for y in 0..<height {
            let row = (s.pointee.pixels! + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width { row[x] = (x + y) % 2 == 0 ? 0xFFFF_FFFF : 0xFF00_0000 }
        }
        return s
    }

    @discardableResult
    func savePNG(_ name: String, _ surface: UnsafeMutablePointer<SDL_Surface>) throws -> String {
        defer { SDL_FreeSurface(surface) }
        let p = path(name)
        guard IMG_SavePNG(surface, p) == 0 else { throw SDLError("IMG_SavePNG") }
        return p
    }

    @discardableResult
    func saveJPG(_ name: String, _ surface: UnsafeMutablePointer<SDL_Surface>) throws -> String {
        defer { SDL_FreeSurface(surface) }
        let p = path(name)
        guard IMG_SaveJPG(surface, p, 90) == 0 else { throw SDLError("IMG_SaveJPG") }
        return p
    }

    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let p = path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// A PNG whose IHDR claims `width`×`height`, with no pixel data behind it.
    static func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
        var ihdr: [UInt8] = Array("IHDR".utf8) + be32(width) + be32(height) + [8, 6, 0, 0, 0]
        ihdr = be32(13) + ihdr + be32(crc32(Array(ihdr[0...])))
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + ihdr + be32(0) + Array("IEND".utf8) + be32(0xAE42_6082)
    }

    /// A JPEG whose baseline frame header (SOF0) claims `width`×`height`, with a scan and an end marker.
    static func jpegHeader(width: UInt16, height: UInt16) -> [UInt8] {
        let sof: [UInt8] = [0xFF, 0xC0, 0x00, 0x11, 8, UInt8(height >> 8), UInt8(height & 0xFF),
                            UInt8(width >> 8), UInt8(width & 0xFF), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
        let sos: [UInt8] = [0xFF, 0xDA, 0x00, 0x0C, 3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0]
        return [0xFF, 0xD8] + sof + sos + [0x12, 0x34, 0x56] + [0xFF, 0xD9]
    }

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}

/// A software renderer drawing into a plain surface: no display, no video subsystem needed.
final class HeadlessRenderer {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer

    init() throws {
        setenv("SDL_VIDEODRIVER", "dummy", 1)
        surface = SDL_CreateRGBSurfaceWithFormat(0, 64, 64, 32, SDL_PIXELFORMAT_ARGB8888.rawValue)!
        guard let r = SDL_CreateSoftwareRenderer(surface) else { throw SDLError("SDL_CreateSoftwareRenderer") }
        renderer = r
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }
}

extension XCTestCase {
    /// A pipeline on a headless renderer, shut down (textures released) before the renderer goes.
    func makePipeline(workers: Int = 2, budget: Int = 96 << 20, thumbnails: ThumbnailCache? = nil, placeholders: Bool = false,
                      log: @escaping (String) -> Void = { _ in }) throws -> ImagePipeline {
        let headless = try HeadlessRenderer()
        let pipeline = ImagePipeline(renderer: headless.renderer, workerCount: workers, byteBudget: budget, thumbnails: thumbnails,
                                     placeholders: placeholders, log: log)
        addTeardownBlock {
            pipeline.shutdown()
            withExtendedLifetime(headless) {}
        }
        return pipeline
    }

    /// Waits (bounded) until `count` decodes wait for upload.
    func waitForDecodes(_ pipeline: ImagePipeline, _ count: Int, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date(timeIntervalSinceNow: 30)
        while pipeline.stats.waitingForUpload < count && Date() < deadline { usleep(2000) }
        XCTAssertEqual(pipeline.stats.waitingForUpload, count, file: file, line: line)
    }
}

/// Collects log lines; the pipeline calls it on the render thread only.
final class LogRecorder {
    private(set) var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
}
