import CSDL2
import Foundation
import SystemIO

/// The one SVG rasteriser: the window's symbols (`SymbolRasterizer`, on a worker) and the asset
/// tools' contact sheet and tests (AssetKit's `DecodedImage.symbol`) both come here, so what the
/// tests check is what the window shows. The file is read with a size cap and scanned against
/// `SymbolBudget` before nanosvg (inside SDL_image) sees it.
public enum SymbolSVG {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Reads, checks and rasterises the SVG at `path` at exactly `width`×`height` pixels (aspect
    /// fit), `currentColor` drawn white so the alpha carries the shape and any tint can be applied.
    /// Returns an ARGB8888 surface (the render target's format) the caller owns and frees.
    public static func rasterize(path: String, width: Int, height: Int,
                                 budget: SymbolBudget = .standard) throws -> UnsafeMutablePointer<SDL_Surface> {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFile.read(path, maxBytes: budget.maxFileBytes)
        } catch let p as BoundedFile.Problem {
            throw Failure(description: p.kind == .tooLarge ? "over budget: \(path) \(p.description)" : "\(path) \(p.description)")
        } catch {
            throw Failure(description: "cannot read \(path)")
        }
        do { try budget.check(bytes) } catch { throw Failure(description: "\(path): \(error)") }
        guard let source = String(validating: bytes, as: UTF8.self) else { throw Failure(description: "\(path) is not UTF-8 text") }
        // nanosvg knows no currentColor: draw white and tint at draw time.
        var svg = Array(source.replacingOccurrences(of: "currentColor", with: "#FFFFFF").utf8)
        let surface: UnsafeMutablePointer<SDL_Surface>? = svg.withUnsafeMutableBytes { buf in
            guard let rw = SDL_RWFromConstMem(buf.baseAddress, Int32(buf.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            return IMG_LoadSizedSVG_RW(rw, Int32(width), Int32(height))
        }
        guard let s = surface else { throw Failure(description: "cannot rasterize \(path): \(String(cString: SDL_GetError()))") }
        defer { SDL_FreeSurface(s) }
        guard s.pointee.w > 0, s.pointee.h > 0 else { throw Failure(description: "\(path) has no size") }
        // Same format as the render target: the software renderer's copies are fastest so.
        guard let argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw Failure(description: "cannot convert \(path): \(String(cString: SDL_GetError()))")
        }
        return argb
    }
}
