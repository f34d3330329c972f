import GridCore
import CSDL2

/// Shrinks decoded images into ARGB8888 without aliasing: exact 2×2 box halvings while the image is at
/// least twice too big, then one bilinear pass (alias-free only for ratios under 2) to the exact size.
enum Downscale {
    /// The smallest size with the source's aspect ratio that covers `target` (scaledToFill), never
    /// larger than the source, and no side above `maxSide`.
    static func coverSize(sourceWidth sw: Int, sourceHeight sh: Int, target: Size, maxSide: Int) -> (width: Int, height: Int) {
        let tw = target.width.isFinite ? max(1, target.width) : 1
        let th = target.height.isFinite ? max(1, target.height) : 1
        var scale = min(1, max(tw / Double(sw), th / Double(sh)))
        let limit = Double(max(1, maxSide))
        scale = min(scale, limit / Double(sw), limit / Double(sh))
        // The epsilon keeps exact fits (e.g. 800 of 1600 at 0.5) from rounding up a pixel.
        let w = min(sw, max(1, Int((Double(sw) * scale - 1e-6).rounded(.up))))
        let h = min(sh, max(1, Int((Double(sh) * scale - 1e-6).rounded(.up))))
        return (w, h)
    }

    /// A picture of `width`×`height` is at least `cover` on both sides.
    static func covers(width: Int, height: Int, _ cover: (width: Int, height: Int)) -> Bool {
        width >= cover.width && height >= cover.height
    }

    /// The largest centred rectangle of `width`×`height` with the shape of `aspect`: an embedded
    /// thumbnail (a HEIF's, a camera's EXIF one) may be 4:3 or 16:9 letterboxed whatever the photo
    /// is, so it is cropped as the shared thumbnail cache's thumbnails are scaled, never stretched.
    /// Shapes within one pixel of each other are left whole.
    static func centredCrop(width: Int, height: Int, aspect: (Int, Int)) -> (x: Int, y: Int, width: Int, height: Int) {
        let (aw, ah) = (max(1, aspect.0), max(1, aspect.1))
        // Compare width × ah with height × aw to stay in integers.
        if width * ah > height * aw {
            let w = max(1, (height * aw + ah / 2) / ah)
            if width - w > 1 { return ((width - w) / 2, 0, w, height) }
        } else if width * ah < height * aw {
            let h = max(1, (width * ah + aw / 2) / aw)
            if height - h > 1 { return (0, (height - h) / 2, width, h) }
        }
        return (0, 0, width, height)
    }

    /// Blurs an ARGB8888 `surface` in place: `passes` separable box blurs of `radius` pixels (two
    /// approach a Gaussian). For a camera thumbnail shown larger than it is: it reads as a soft
    /// preview rather than a blocky one.
    static func blur(_ surface: UnsafeMutablePointer<SDL_Surface>, radius: Int, passes: Int) {
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch) / 4
        guard w > 0, h > 0, radius > 0, let base = surface.pointee.pixels?.assumingMemoryBound(to: UInt32.self) else { return }
        var line = [UInt32](repeating: 0, count: max(w, h))
        func run(_ count: Int, _ at: (Int) -> Int) {
            for k in 0..<count { line[k] = base[at(k)] }
            for k in 0..<count {
                var sum = (0, 0, 0, 0)
                let lo = max(0, k - radius), hi = min(count - 1, k + radius)
                for j in lo...hi {
                    let p = line[j]
                    sum = (sum.0 + Int(p >> 24), sum.1 + Int(p >> 16 & 0xFF), sum.2 + Int(p >> 8 & 0xFF), sum.3 + Int(p & 0xFF))
                }
                let n = hi - lo + 1
                base[at(k)] = UInt32(sum.0 / n) << 24 | UInt32(sum.1 / n) << 16 | UInt32(sum.2 / n) << 8 | UInt32(sum.3 / n)
            }
        }
        for _ in 0..<passes {
            for y in 0..<h { run(w) { y * pitch + $0 } }
            for x in 0..<w { run(h) { $0 * pitch + x } }
        }
    }

    /// The `rect` of an ARGB8888 `surface` as a surface of its own; frees `surface` (also on failure).
    static func cropped(_ surface: UnsafeMutablePointer<SDL_Surface>, to rect: (x: Int, y: Int, width: Int, height: Int)) throws -> UnsafeMutablePointer<SDL_Surface> {
        defer { SDL_FreeSurface(surface) }
        guard let pixels = surface.pointee.pixels,
              let view = SDL_CreateRGBSurfaceWithFormatFrom(pixels + rect.y * Int(surface.pointee.pitch) + rect.x * 4, Int32(rect.width),
                                                            Int32(rect.height), 32, surface.pointee.pitch, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw ImageRefusal("out of memory for a \(rect.width)×\(rect.height) image", transient: true)
        }
        defer { SDL_FreeSurface(view) }
        return try copy(view)
    }

    /// Returns a new ARGB8888 surface of exactly `width`×`height` from a decoder's surface in any
    /// layout, and frees `source` (also on failure). When the first halving can read the decoder's
    /// layout itself, the full-size image is never converted: that saves a pass and a full-size copy.
    static func resize(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) throws -> UnsafeMutablePointer<SDL_Surface> {
        var current = source
        let halving = Int(source.pointee.w) / 2 >= width && Int(source.pointee.h) / 2 >= height
        if halving, let layout = SourceLayout(source.pointee.format.pointee.format) {
            defer { SDL_FreeSurface(source) }
            current = try halve(source, from: layout)
        } else {
            current = try toARGB8888(source)
        }
        while Int(current.pointee.w) / 2 >= width && Int(current.pointee.h) / 2 >= height {
            let half = try halve(current)
            SDL_FreeSurface(current)
            current = half
        }
        if Int(current.pointee.w) == width && Int(current.pointee.h) == height { return current }
        defer { SDL_FreeSurface(current) }
        let out = try makeSurface(width: width, height: height)
        guard SDL_SoftStretchLinear(current, nil, out, nil) == 0 else {
            SDL_FreeSurface(out)
            throw ImageRefusal("cannot scale: \(String(cString: SDL_GetError()))")
        }
        return out
    }

    static func makeSurface(width: Int, height: Int) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw ImageRefusal("out of memory for a \(width)×\(height) image", transient: true)
        }
        return s
    }

    /// A copy of `surface`, which stays the caller's.
    static func copy(_ surface: UnsafeMutablePointer<SDL_Surface>) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let s = SDL_DuplicateSurface(surface) else { throw ImageRefusal("out of memory for a copy", transient: true) }
        return s
    }

    /// Frees `source` and returns it as ARGB8888 (itself if it already is).
    static func toARGB8888(_ source: UnsafeMutablePointer<SDL_Surface>) throws -> UnsafeMutablePointer<SDL_Surface> {
        if source.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue { return source }
        defer { SDL_FreeSurface(source) }
        guard let converted = SDL_ConvertSurfaceFormat(source, SDL_PIXELFORMAT_ARGB8888.rawValue, 0) else {
            throw ImageRefusal("cannot convert pixels (\(String(cString: SDL_GetError())))")
        }
        return converted
    }

    /// Decoder layouts the first halving reads directly: SDL_image gives RGB24 for JPEG and RGBA
    /// bytes (ABGR8888) for PNG with alpha.
    enum SourceLayout {
        case argb8888, abgr8888, rgb24
        init?(_ format: UInt32) {
            switch format {
            case SDL_PIXELFORMAT_ARGB8888.rawValue: self = .argb8888
            case SDL_PIXELFORMAT_ABGR8888.rawValue: self = .abgr8888
            case SDL_PIXELFORMAT_RGB24.rawValue: self = .rgb24
            default: return nil
            }
        }
    }

    /// Halves any supported layout into ARGB8888; `source` stays owned by the caller.
    static func halve(_ src: UnsafeMutablePointer<SDL_Surface>, from layout: SourceLayout) throws -> UnsafeMutablePointer<SDL_Surface> {
        switch layout {
        case .argb8888: return try halve(src)
        case .abgr8888:
            let out = try halve(src)
            // Same averaging; red and blue swap places afterwards.
            let p = out.pointee.pixels!, pitch = Int(out.pointee.pitch)
            for y in 0..<Int(out.pointee.h) {
                let row = (p + y * pitch).assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(out.pointee.w) {
                    let v = row[x]
                    row[x] = (v & 0xFF00_FF00) | (v >> 16 & 0xFF) | (v & 0xFF) << 16
                }
            }
            return out
        case .rgb24: return try halveRGB24(src)
        }
    }

    /// RGB24 is three bytes a pixel, red first in memory; the result is opaque ARGB8888.
    static func halveRGB24(_ src: UnsafeMutablePointer<SDL_Surface>) throws -> UnsafeMutablePointer<SDL_Surface> {
        let dw = Int(src.pointee.w) / 2, dh = Int(src.pointee.h) / 2
        let dst = try makeSurface(width: dw, height: dh)
        let sp = UnsafeRawPointer(src.pointee.pixels!).assumingMemoryBound(to: UInt8.self), spitch = Int(src.pointee.pitch)
        let dp = dst.pointee.pixels!, dpitch = Int(dst.pointee.pitch)
        for y in 0..<dh {
            let r0 = sp + 2 * y * spitch, r1 = r0 + spitch
            let d = (dp + y * dpitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<dw {
                let i = 6 * x
                let r = (UInt32(r0[i]) + UInt32(r0[i + 3]) + UInt32(r1[i]) + UInt32(r1[i + 3]) + 2) >> 2
                let g = (UInt32(r0[i + 1]) + UInt32(r0[i + 4]) + UInt32(r1[i + 1]) + UInt32(r1[i + 4]) + 2) >> 2
                let b = (UInt32(r0[i + 2]) + UInt32(r0[i + 5]) + UInt32(r1[i + 2]) + UInt32(r1[i + 5]) + 2) >> 2
                d[x] = 0xFF00_0000 | r << 16 | g << 8 | b
            }
        }
        return dst
    }

    /// Averages each 2×2 block; an odd last row or column is dropped (under one source pixel of shift).
    /// Channels are summed two at a time in 16-bit lanes: four 8-bit values plus rounding fit easily.
    static func halve(_ src: UnsafeMutablePointer<SDL_Surface>) throws -> UnsafeMutablePointer<SDL_Surface> {
        let dw = Int(src.pointee.w) / 2, dh = Int(src.pointee.h) / 2
        let dst = try makeSurface(width: dw, height: dh)
        let sp = UnsafeRawPointer(src.pointee.pixels!), spitch = Int(src.pointee.pitch)
        let dp = dst.pointee.pixels!, dpitch = Int(dst.pointee.pitch)
        let mask: UInt32 = 0x00FF_00FF, round: UInt32 = 0x0002_0002
        for y in 0..<dh {
            let r0 = (sp + 2 * y * spitch).assumingMemoryBound(to: UInt32.self)
            let r1 = (sp + (2 * y + 1) * spitch).assumingMemoryBound(to: UInt32.self)
            let d = (dp + y * dpitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<dw {
                let a = r0[2 * x], b = r0[2 * x + 1], c = r1[2 * x], e = r1[2 * x + 1]
                let lo = (a & mask) &+ (b & mask) &+ (c & mask) &+ (e & mask) &+ round
                let hi = ((a >> 8) & mask) &+ ((b >> 8) & mask) &+ ((c >> 8) & mask) &+ ((e >> 8) & mask) &+ round
                d[x] = ((lo >> 2) & mask) | (((hi >> 2) & mask) << 8)
            }
        }
        return dst
    }
}
