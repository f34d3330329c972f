import CSDL2
import Foundation
import Stage

/// An image file decoded by SDL2_image into RGBA bytes: how the tests and the contact sheet read
/// back what the app will read.
public struct DecodedImage {
    public let width: Int
    public let height: Int
    /// Row-major RGBA, four bytes a pixel.
    public let rgba: [UInt8]

    public struct DecodeError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Decodes a PNG or JPEG.
    public static func load(_ path: String) throws -> DecodedImage {
        _ = IMG_Init(Int32(IMG_INIT_JPG.rawValue | IMG_INIT_PNG.rawValue))
        guard let s = IMG_Load(path) else {
            throw DecodeError(description: "cannot decode \(path): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(s) }
        return try from(s, what: path)
    }

    /// Rasterizes a symbol SVG at `size`×`size` pixels through the Stage's own rasteriser
    /// (`SymbolSVG`: the same budget, and `currentColor` white so the alpha carries the shape), so
    /// the tests and the contact sheet check exactly what the window shows.
    public static func symbol(_ path: String, size: Int) throws -> DecodedImage {
        let s: UnsafeMutablePointer<SDL_Surface>
        do { s = try SymbolSVG.rasterize(path: path, width: size, height: size) } catch {
            throw DecodeError(description: "\(error)")
        }
        defer { SDL_FreeSurface(s) }
        return try from(s, what: path)
    }

    static func from(_ s: UnsafeMutablePointer<SDL_Surface>, what: String) throws -> DecodedImage {
        // ABGR8888 is R, G, B, A in memory on a little-endian machine.
        guard let conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else {
            throw DecodeError(description: "cannot convert \(what): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(conv) }
        let w = Int(conv.pointee.w), h = Int(conv.pointee.h), pitch = Int(conv.pointee.pitch)
        var out = [UInt8](repeating: 0, count: w * h * 4)
        let src = UnsafeRawPointer(conv.pointee.pixels!)
        out.withUnsafeMutableBytes { dst in
            for y in 0..<h { (dst.baseAddress! + y * w * 4).copyMemory(from: src + y * pitch, byteCount: w * 4) }
        }
        return DecodedImage(width: w, height: h, rgba: out)
    }

    public func pixel(_ x: Int, _ y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (rgba[i], rgba[i + 1], rgba[i + 2], rgba[i + 3])
    }
}
