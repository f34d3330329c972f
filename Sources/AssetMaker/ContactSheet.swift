import AssetKit
import CSDL2
import Foundation

/// One picture showing every photo (labelled thumbnails) and every symbol (at 20 and 48 points,
/// tinted, labelled): the proof that the resources decode and look right.
enum ContactSheet {
    static let background = RGB(hex: 0x1c1a19)
    static let ink = RGB(hex: 0xe9e2d8)
    static let tint = RGB(hex: 0xf0b46a)

    static func write(resources: String, to out: String) throws {
        let fm = FileManager.default
        let photoDir = resources + "/Photos", symbolDir = resources + "/Symbols"
        let photos = PhotoCatalog.all.map { spec -> (String, String) in
            let jpg = photoDir + "/" + spec.name + ".jpg", png = photoDir + "/" + spec.name + ".png"
            return (spec.name, fm.fileExists(atPath: jpg) ? jpg : png)
        }
        let font = try Font(path: fontPath(resources: resources), size: 15)
        let title = try Font(path: fontPath(resources: resources), size: 22)

        let cols = 8, thumbW: Float = 230, thumbH: Float = 172, pad: Float = 14, labelH: Float = 24
        let cellW = thumbW + pad, cellH = thumbH + labelH + pad
        let photoRows = (photos.count + cols - 1) / cols
        let symCols = 8, symCellH: Float = 112
        let symbols = SymbolCatalog.all
        let symRows = (symbols.count + symCols - 1) / symCols
        let width = Int(pad + Float(cols) * cellW)
        let photoTop: Float = 56
        let symTop = photoTop + Float(photoRows) * cellH + 50
        let height = Int(symTop + Float(symRows) * symCellH + pad)
        let sheet = Canvas(width: width, height: height, fill: background)

        title.draw("Photos — Resources/Photos (\(photos.count))", on: sheet, at: V2(pad, 18), color: ink)
        for (i, (name, path)) in photos.enumerated() {
            let x = pad + Float(i % cols) * cellW, y = photoTop + Float(i / cols) * cellH
            let img = try DecodedImage.load(path)
            // Fit inside the cell, keeping the photo's own shape.
            let s = min(thumbW / Float(img.width), thumbH / Float(img.height))
            let w = Float(img.width) * s, h = Float(img.height) * s
            blit(img, into: sheet, x: x + (thumbW - w) / 2, y: y + (thumbH - h) / 2, w: w, h: h)
            let ext = (path as NSString).pathExtension
            font.draw("\(name).\(ext)  \(img.width)×\(img.height)", on: sheet, at: V2(x, y + thumbH + 4), color: ink)
        }
        title.draw("Symbols — Resources/Symbols (\(symbols.count)), at 20 pt and 48 pt", on: sheet, at: V2(pad, symTop - 36), color: ink)
        let symCellW = (Float(width) - 2 * pad) / Float(symCols)
        for (i, name) in symbols.enumerated() {
            let x = pad + Float(i % symCols) * symCellW, y = symTop + Float(i / symCols) * symCellH
            let path = symbolDir + "/" + name + ".svg"
            let small = try DecodedImage.symbol(path, size: 20), big = try DecodedImage.symbol(path, size: 48)
            stamp(small, into: sheet, x: x + 8, y: y + 30, color: tint)
            stamp(big, into: sheet, x: x + 46, y: y + 8, color: ink)
            font.draw(name, on: sheet, at: V2(x + 8, y + 66), color: ink)
        }
        try FileManager.default.createDirectory(atPath: (out as NSString).deletingLastPathComponent.isEmpty ? "." : (out as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try ImageFile.write(sheet, to: out, format: .png)
        print("wrote \(out) (\(width)×\(height))")
    }

    /// The app's text face (Inter) from Resources/Fonts, else any font there, else DejaVu Sans.
    static func fontPath(resources: String) -> String {
        let dir = resources + "/Fonts"
        if let files = try? FileManager.default.contentsOfDirectory(atPath: dir) {
            if files.contains("Inter-Medium.otf") { return dir + "/Inter-Medium.otf" }
            if let font = files.sorted().first(where: { [".ttf", ".otf"].contains(where: $0.lowercased().hasSuffix) }) {
                return dir + "/" + font
            }
        }
        return "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    }

    /// Area-averaged downscale of a decoded image into the sheet.
    static func blit(_ img: DecodedImage, into c: Canvas, x: Float, y: Float, w: Float, h: Float) {
        let x0 = Int(x), y0 = Int(y), tw = Int(w), th = Int(h)
        let sx = Float(img.width) / Float(tw), sy = Float(img.height) / Float(th)
        for ty in 0..<th {
            for tx in 0..<tw {
                let xa = Int(Float(tx) * sx), xb = max(xa + 1, Int(Float(tx + 1) * sx))
                let ya = Int(Float(ty) * sy), yb = max(ya + 1, Int(Float(ty + 1) * sy))
                var r: Float = 0, g: Float = 0, b: Float = 0, n: Float = 0
                for yy in ya..<min(yb, img.height) {
                    for xx in xa..<min(xb, img.width) {
                        let p = img.pixel(xx, yy)
                        r += Float(p.r); g += Float(p.g); b += Float(p.b); n += 1
                    }
                }
                let i = ((y0 + ty) * c.width + x0 + tx) * 3
                c.pixels[i] = r / n / 255; c.pixels[i + 1] = g / n / 255; c.pixels[i + 2] = b / n / 255
            }
        }
    }

    /// Paints `color` through the image's alpha: a tinted symbol.
    static func stamp(_ img: DecodedImage, into c: Canvas, x: Float, y: Float, color: RGB) {
        for yy in 0..<img.height {
            for xx in 0..<img.width {
                let a = Float(img.pixel(xx, yy).a) / 255
                if a == 0 { continue }
                let i = ((Int(y) + yy) * c.width + Int(x) + xx) * 3
                c.pixels[i] += (color.r - c.pixels[i]) * a
                c.pixels[i + 1] += (color.g - c.pixels[i + 1]) * a
                c.pixels[i + 2] += (color.b - c.pixels[i + 2]) * a
            }
        }
    }
}

/// A TrueType font through SDL2_ttf, drawing anti-aliased labels into a canvas.
final class Font {
    let handle: OpaquePointer

    init(path: String, size: Int32) throws {
        if TTF_WasInit() == 0 && TTF_Init() != 0 {
            throw AssetMakerCommand.UsageError(message: "TTF_Init failed: \(String(cString: SDL_GetError()))")
        }
        guard let f = TTF_OpenFont(path, size) else {
            throw AssetMakerCommand.UsageError(message: "cannot open font \(path) (install fonts-dejavu-core or add a .ttf to Resources/Fonts)")
        }
        handle = f
    }
    deinit { TTF_CloseFont(handle) }

    func draw(_ text: String, on c: Canvas, at p: V2, color: RGB) {
        guard !text.isEmpty, let s = TTF_RenderUTF8_Blended(handle, text, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return }
        defer { SDL_FreeSurface(s) }
        guard let conv = SDL_ConvertSurfaceFormat(s, SDL_PIXELFORMAT_ABGR8888.rawValue, 0) else { return }
        defer { SDL_FreeSurface(conv) }
        let w = Int(conv.pointee.w), h = Int(conv.pointee.h), pitch = Int(conv.pointee.pitch)
        let px = conv.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for y in 0..<h {
            for x in 0..<w {
                let cx = Int(p.x) + x, cy = Int(p.y) + y
                guard cx >= 0, cy >= 0, cx < c.width, cy < c.height else { continue }
                let a = Float(px[y * pitch + x * 4 + 3]) / 255
                if a == 0 { continue }
                let i = (cy * c.width + cx) * 3
                c.pixels[i] += (color.r - c.pixels[i]) * a
                c.pixels[i + 1] += (color.g - c.pixels[i + 1]) * a
                c.pixels[i + 2] += (color.b - c.pixels[i + 2]) * a
            }
        }
    }
}
