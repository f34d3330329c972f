import CSDL2

/// Turning decoded pixels upright (the decode's last step, on the small image).
extension Orientation {
    /// A new upright ARGB8888 surface from `source` (freed), or `source` itself for `.up`.
    func apply(to source: UnsafeMutablePointer<SDL_Surface>) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard self != .up else { return source }
        defer { SDL_FreeSurface(source) }
        return try turned(source)
    }

    /// A new ARGB8888 surface: the stored pixels of `source` (kept) as they stand upright. Turned by
    /// `inverse`, upright pixels become the stored ones a camera would write (`SyntheticPhoto`).
    func turned(_ source: UnsafeMutablePointer<SDL_Surface>) throws -> UnsafeMutablePointer<SDL_Surface> {
        let w = Int(source.pointee.w), h = Int(source.pointee.h)
        let (dw, dh) = displaySize(width: w, height: h)
        let out = try Downscale.makeSurface(width: dw, height: dh)
        let sp = UnsafeRawPointer(source.pointee.pixels!), spitch = Int(source.pointee.pitch)
        let dp = out.pointee.pixels!, dpitch = Int(out.pointee.pitch)
        for y in 0..<dh {
            let row = (dp + y * dpitch).assumingMemoryBound(to: UInt32.self)
            for x in 0..<dw {
                let s = self.source(x: x, y: y, w: w, h: h)
                row[x] = (sp + s.y * spitch).assumingMemoryBound(to: UInt32.self)[s.x]
            }
        }
        return out
    }
}
