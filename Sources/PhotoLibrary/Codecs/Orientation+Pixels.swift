/// Turning decoded pixels upright (the decode's last step, on the small image).
extension Orientation {
    /// `source` upright: a new buffer, or `source` itself for `.up`.
    func apply(to source: PixelBuffer) throws -> PixelBuffer {
        guard self != .up else { return source }
        return try turned(source)
    }

    /// A new buffer: the stored pixels of `source` as they stand upright. Turned by `inverse`,
    /// upright pixels become the stored ones a camera would write (`SyntheticPhoto`).
    func turned(_ source: PixelBuffer) throws -> PixelBuffer {
        let w = source.width, h = source.height
        let (dw, dh) = displaySize(width: w, height: h)
        let out = try PixelBuffer.make(width: dw, height: dh)
        for y in 0..<dh {
            let row = out.row(y)
            for x in 0..<dw {
                let s = self.source(x: x, y: y, w: w, h: h)
                row[x] = source.row(s.y)[s.x]
            }
        }
        return out
    }
}
