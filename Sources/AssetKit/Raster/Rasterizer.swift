import Glibc

/// Exact-area anti-aliasing by signed-area accumulation (the technique of font-rs and stb_truetype):
/// each edge deposits the area it covers in the cells it crosses, and a running sum along every row
/// gives coverage. A positive and a negative contour over the same pixel cancel, which is how holes
/// work; overlapping positive contours clamp to full coverage.
public enum Rasterizer {
    public static func mask(_ path: Path, width canvasW: Int, height canvasH: Int) -> Mask {
        let p = path.closed
        let b = p.bounds
        guard b.min.x.isFinite else { return Mask(x0: 0, y0: 0, width: 0, height: 0) }
        let x0 = max(0, Int(floor(b.min.x))), y0 = max(0, Int(floor(b.min.y)))
        let x1 = min(canvasW, Int(ceil(b.max.x)) + 1), y1 = min(canvasH, Int(ceil(b.max.y)) + 1)
        guard x1 > x0, y1 > y0 else { return Mask(x0: 0, y0: 0, width: 0, height: 0) }
        let w = x1 - x0, h = y1 - y0
        let stride = w + 2
        var acc = [Float](repeating: 0, count: stride * h)
        acc.withUnsafeMutableBufferPointer { buf in
            for contour in p.contours {
                for i in contour.indices {
                    let a = contour[i] - V2(Float(x0), Float(y0))
                    let c = contour[(i + 1) % contour.count] - V2(Float(x0), Float(y0))
                    addLine(a, c, buf, stride: stride, w: w, h: h)
                }
            }
        }
        var m = Mask(x0: x0, y0: y0, width: w, height: h)
        m.coverage.withUnsafeMutableBufferPointer { out in
            acc.withUnsafeBufferPointer { a in
                for y in 0..<h {
                    var sum: Float = 0
                    for x in 0..<w {
                        sum += a[y * stride + x]
                        out[y * w + x] = min(1, abs(sum))
                    }
                }
            }
        }
        return m
    }

    private static func addLine(_ p0: V2, _ p1: V2, _ acc: UnsafeMutableBufferPointer<Float>, stride: Int, w: Int, h: Int) {
        if p0.y == p1.y { return }
        let dir: Float = p0.y < p1.y ? 1 : -1
        let (a, b) = p0.y < p1.y ? (p0, p1) : (p1, p0)
        if b.y <= 0 || a.y >= Float(h) { return }
        let dxdy = (b.x - a.x) / (b.y - a.y)
        var x = a.x
        var ya = a.y
        if ya < 0 { x -= ya * dxdy; ya = 0 }
        let yEnd = min(Float(h), b.y)
        let maxX = Float(w)
        var y = Int(ya)
        while Float(y) < yEnd {
            let row = y * stride
            let dy = min(Float(y + 1), yEnd) - max(Float(y), ya)
            let xnext = x + dxdy * dy
            let d = dy * dir
            let xa = min(max(min(x, xnext), 0), maxX), xb = min(max(max(x, xnext), 0), maxX)
            let xaFloor = floor(xa)
            let xai = Int(xaFloor)
            let xbCeil = ceil(xb)
            let xbi = Int(xbCeil)
            if xbi <= xai + 1 {
                let xmf = 0.5 * (xa + xb) - xaFloor
                acc[row + xai] += d - d * xmf
                acc[row + xai + 1] += d * xmf
            } else {
                let s = 1 / (xb - xa)
                let x0f = xa - xaFloor
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = xb - xbCeil + 1
                let am = 0.5 * s * x1f * x1f
                acc[row + xai] += d * a0
                if xbi == xai + 2 {
                    acc[row + xai + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    acc[row + xai + 1] += d * (a1 - a0)
                    if xai + 2 < xbi - 1 {
                        for xi in (xai + 2)..<(xbi - 1) { acc[row + xi] += d * s }
                    }
                    let a2 = a1 + Float(xbi - xai - 3) * s
                    acc[row + xbi - 1] += d * (1 - a2 - am)
                }
                acc[row + xbi] += d * am
            }
            x = xnext
            y += 1
        }
    }
}
