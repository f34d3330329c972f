import CSDL2
import Foundation
import SystemIO
@testable import PhotoLibrary
@testable import Stage

/// A throwaway Resources folder: the checkout's fonts plus a few small SVG symbols written here,
/// in the shape the real set uses (24×24 viewBox, currentColor).
enum TestResources {
    static let symbols: [String: String] = [
        "circle.fill": #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="currentColor"/></svg>"#,
        "square.grid.2x2": #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="currentColor">
        <rect x="3" y="3" width="8" height="8" rx="2"/><rect x="13" y="3" width="8" height="8" rx="2"/>
        <rect x="3" y="13" width="8" height="8" rx="2"/><rect x="13" y="13" width="8" height="8" rx="2"/></svg>
        """#,
        "heart": #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor"
         stroke-width="2" stroke-linecap="round" stroke-linejoin="round">
        <path d="M12 20.5s-8-4.9-8-10.6A4.4 4.4 0 0 1 12 7a4.4 4.4 0 0 1 8 2.9c0 5.7-8 10.6-8 10.6z"/></svg>
        """#,
        "cup": #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
        <path d="M4 9h12v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z"/><path d="M16 11h1.5a2.5 2.5 0 0 1 0 5H16"/>
        <path d="M8 3v3M12 3v3"/></svg>
        """#,
    ]

    static let locator: ResourceLocator = {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-stage-tests-\(getpid())")
        let symbolDir = root.appendingPathComponent("Symbols")
        try? FileManager.default.createDirectory(at: symbolDir, withIntermediateDirectories: true)
        let fonts = root.appendingPathComponent("Fonts")
        if !FileManager.default.fileExists(atPath: fonts.path) {
            try? FileManager.default.createSymbolicLink(at: fonts, withDestinationURL: Headless.resources.url("Fonts"))
        }
        for (name, svg) in Self.symbols {
            try? svg.write(to: symbolDir.appendingPathComponent(name + ".svg"), atomically: true, encoding: .utf8)
        }
        return ResourceLocator(root: root)
    }()

    /// A texture whose pixels `color(x, y)` gives, RGBA bytes.
    static func texture(_ renderer: OpaquePointer, width: Int, height: Int,
                        _ color: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) throws -> Texture {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw SDLError("SDL_CreateRGBSurfaceWithFormat")
        }
        defer { SDL_FreeSurface(s) }
        let pitch = Int(s.pointee.pitch)
        let p = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y)
                let q = p + y * pitch + 4 * x
                q[0] = c.0; q[1] = c.1; q[2] = c.2; q[3] = c.3
            }
        }
        return try Texture(renderer: renderer, surface: s)
    }

    /// A warm photo-like gradient with a few soft "bokeh" discs.
    static func photo(_ renderer: OpaquePointer, width: Int = 320, height: Int = 200) throws -> Texture {
        try texture(renderer, width: width, height: height) { x, y in
            let u = Double(x) / Double(width), v = Double(y) / Double(height)
            var r = 0.30 + 0.45 * (1 - v) + 0.15 * u, g = 0.18 + 0.30 * (1 - v), b = 0.10 + 0.15 * u
            for (cx, cy, rad) in [(0.25, 0.35, 0.12), (0.7, 0.3, 0.08), (0.55, 0.7, 0.15)] {
                let d = ((u - cx) * (u - cx) * 2.5 + (v - cy) * (v - cy)).squareRoot() / rad
                let k = max(0, 1 - d) * 0.35
                r += k; g += k * 0.8; b += k * 0.5
            }
            func byte(_ c: Double) -> UInt8 { UInt8(max(0, min(255, c * 255))) }
            return (byte(r), byte(g), byte(b), 255)
        }
    }
}
