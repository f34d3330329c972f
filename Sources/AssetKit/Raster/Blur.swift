/// Three box blurs in each direction approximate a gaussian of `sigma` at a cost independent of the
/// radius, which keeps big depth-of-field blurs cheap.
func boxBlur3(_ data: inout [Float], width: Int, height: Int, channels: Int, sigma: Float) {
    // Box width for three passes giving this sigma (Kovesi's formula), as a radius.
    let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
    let r = max(1, Int((ideal - 1) / 2 + 0.5))
    var tmp = [Float](repeating: 0, count: max(width, height) * channels)
    data.withUnsafeMutableBufferPointer { buf in
        tmp.withUnsafeMutableBufferPointer { line in
            for _ in 0..<3 {
                for y in 0..<height {
                    boxLine(buf, start: y * width * channels, step: channels, count: width, channels: channels, r: r, tmp: line)
                }
                for x in 0..<width {
                    boxLine(buf, start: x * channels, step: width * channels, count: height, channels: channels, r: r, tmp: line)
                }
            }
        }
    }
}

/// One sliding-window pass along a row or column; edges repeat the border pixel.
private func boxLine(_ buf: UnsafeMutableBufferPointer<Float>, start: Int, step: Int, count: Int, channels: Int,
                     r: Int, tmp: UnsafeMutableBufferPointer<Float>) {
    let norm = 1 / Float(2 * r + 1)
    for c in 0..<channels {
        @inline(__always) func v(_ i: Int) -> Float { buf[start + min(count - 1, max(0, i)) * step + c] }
        var sum: Float = 0
        for i in -r...r { sum += v(i) }
        for i in 0..<count {
            tmp[i * channels + c] = sum * norm
            sum += v(i + r + 1) - v(i - r)
        }
    }
    for i in 0..<count { for c in 0..<channels { buf[start + i * step + c] = tmp[i * channels + c] } }
}
