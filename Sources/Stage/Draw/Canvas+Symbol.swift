import CSDL2
import Foundation
import GridCore

struct SymbolKey: Hashable {
    var name: String
    var width: Int
    var height: Int
}

extension Canvas {
    /// An SF-Symbol-like icon from `Resources/Symbols/NAME.svg`, rasterized at exactly the pixel
    /// size it is shown at (aspect fit, centred) and tinted. A missing or broken file draws a
    /// boxed "?" and logs one line per name.
    public func symbol(_ name: String, in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0, !isClippedAway else { return }
        let w = max(1, min(4096, Int(px(rect.width).rounded()))), h = max(1, min(4096, Int(px(rect.height).rounded())))
        guard let texture = symbolTexture(name, width: w, height: h) else {
            drawMissingSymbol(in: rect, color: color)
            return
        }
        flush()
        let c = sdlColor(color)
        SDL_SetTextureColorMod(texture.handle, c.r, c.g, c.b)
        SDL_SetTextureAlphaMod(texture.handle, c.a)
        var dst = SDL_Rect(x: Int32(clamping: Int((px(rect.midX) - Double(texture.pixelWidth) / 2).rounded())),
                           y: Int32(clamping: Int((px(rect.midY) - Double(texture.pixelHeight) / 2).rounded())),
                           w: Int32(texture.pixelWidth), h: Int32(texture.pixelHeight))
        SDL_RenderCopy(renderer, texture.handle, nil, &dst)
    }

    private func symbolTexture(_ name: String, width: Int, height: Int) -> Texture? {
        let key = SymbolKey(name: name, width: width, height: height)
        if let t = symbolCache[key] { return t }
        if missingSymbols.contains(name) { return nil }
        do {
            let t = try rasterizeSymbol(name, width: width, height: height)
            symbolCache.insert(t, for: key, cost: t.byteCount)
            return t
        } catch {
            missingSymbols.insert(name)
            log("Canvas: symbol \"\(name)\": \(error)")
            return nil
        }
    }

    private struct SymbolError: Error, CustomStringConvertible {
        var description: String
    }

    private func rasterizeSymbol(_ name: String, width: Int, height: Int) throws -> Texture {
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw SymbolError(description: "not a symbol name")
        }
        let path = resources.path("Symbols/\(name).svg")
        guard let source = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw SymbolError(description: "cannot read \(path)")
        }
        // nanosvg knows no currentColor: draw white and tint at draw time.
        var svg = Array(source.replacingOccurrences(of: "currentColor", with: "#FFFFFF").utf8)
        let surface: UnsafeMutablePointer<SDL_Surface>? = svg.withUnsafeMutableBytes { buf in
            guard let rw = SDL_RWFromConstMem(buf.baseAddress, Int32(buf.count)) else { return nil }
            defer { SDL_RWclose(rw) }
            return IMG_LoadSizedSVG_RW(rw, Int32(width), Int32(height))
        }
        guard let s = surface else {
            throw SymbolError(description: "cannot rasterize \(path): \(String(cString: SDL_GetError()))")
        }
        defer { SDL_FreeSurface(s) }
        guard s.pointee.w > 0, s.pointee.h > 0 else { throw SymbolError(description: "\(path) has no size") }
        // Same format as the render target: the software renderer's copies are fastest so.
        guard let argb = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw SDLError("SDL_ConvertSurfaceFormat")
        }
        defer { SDL_FreeSurface(argb) }
        return try Texture(renderer: renderer, surface: argb)
    }

    private func drawMissingSymbol(in rect: Rect, color: Color) {
        let side = min(rect.width, rect.height) * 0.8
        let box = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        strokeRoundedRect(box, cornerRadius: side * 0.2, lineWidth: max(1, side * 0.08), color)
        text("?", font: .system(size: side * 0.7, weight: .bold), color: color, in: box, alignment: .center)
    }
}
