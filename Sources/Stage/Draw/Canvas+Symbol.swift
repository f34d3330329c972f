import CSDL2
import Foundation
import GridCore
import StageInterface

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
        drawSymbol(symbolResource(name, in: rect), in: rect, color: color)
    }

    /// Draws what `symbolResource` found for a symbol in `rect`.
    func drawSymbol(_ resource: FrameItem.Resource, in rect: Rect, color: Color) {
        guard rect.width > 0, rect.height > 0, !isClippedAway else { return }
        guard case .texture(let texture) = resource else {
            if case .missing = resource { drawMissingSymbol(in: rect, color: color) }
            return
        }
        flush()
        let c = sdlColor(color)
        SDL_SetTextureColorMod(texture.handle, c.r, c.g, c.b)
        SDL_SetTextureAlphaMod(texture.handle, c.a)
        var dst = SDL_Rect(x: Canvas.nearest(px(rect.midX) - Double(texture.pixelWidth) / 2),
                           y: Canvas.nearest(px(rect.midY) - Double(texture.pixelHeight) / 2),
                           w: Int32(texture.pixelWidth), h: Int32(texture.pixelHeight))
        SDL_RenderCopy(renderer, texture.handle, nil, &dst)
    }

    /// The symbol's texture, rasterised off this thread: nil while it is on its way (nothing is
    /// drawn; the next frames show it) or when it failed (`missingSymbols`, logged once).
    func symbolTexture(_ name: String, width: Int, height: Int) -> Texture? {
        let key = SymbolKey(name: name, width: width, height: height)
        if let t = symbolCache[key] { return t }
        if missingSymbols.contains(name) { return nil }
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            return failedSymbol(name, "not a symbol name")
        }
        let path = resources.path("Symbols/\(name).svg")
        var state = symbols.state(key, path: path)
        if case .pending = state, waitsForSymbols {
            symbols.wait(for: key)
            state = symbols.state(key, path: path)
        }
        switch state {
        case .pending:
            return nil
        case .failed(let reason):
            return failedSymbol(name, reason)
        case .ready(let surface):
            do {
                return try keepTexture(of: surface, in: symbolCache, for: key)
            } catch {
                return failedSymbol(name, "\(error)")
            }
        }
    }

    private func failedSymbol(_ name: String, _ reason: String) -> Texture? {
        missingSymbols.insert(name)
        log("Canvas: symbol \"\(name)\": \(reason)")
        return nil
    }

    /// True while a symbol is being rasterised or has just arrived: draw another frame.
    public var symbolsNeedDisplay: Bool { symbols.needsFrame }

    /// Call at the start of each frame's drawing (see `SymbolRasterizer.markSeen`).
    public func beginSymbolFrame() { symbols.markSeen() }

    private func drawMissingSymbol(in rect: Rect, color: Color) {
        let side = min(rect.width, rect.height) * 0.8
        let box = Rect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side)
        strokeRoundedRect(box, cornerRadius: side * 0.2, lineWidth: max(1, side * 0.08), color)
        text("?", font: .system(size: side * 0.7, weight: .bold), color: color, in: box, alignment: .center)
    }
}
