import GridCore
import CSDL2

/// Shrinks ARGB8888 surfaces without aliasing: exact 2×2 box halvings while the image is at least
/// twice too big, then one bilinear pass (which is only alias-free for ratios under 2) to the target.
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

    /// Returns a new surface of exactly `width`×`height` and frees `source` (also on failure).
    static func resize(_ source: UnsafeMutablePointer<SDL_Surface>, width: Int, height: Int) throws -> UnsafeMutablePointer<SDL_Surface> {
        var current = source
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
            throw ImageRefusal("out of memory for a \(width)×\(height) image")
        }
        return s
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
