import Glibc

/// A menu board: wooden frame, smudged slate, rows of hand-chalked "writing" (wavy strokes the eye
/// reads as script at a distance) and a doodled cup.
public enum Chalkboard {
    public static func draw(_ canvas: Canvas, x: Float, y: Float, w: Float, h: Float, frame: RGB, seed: UInt64, light: Float = 1) {
        var rng = SeededRandom(seed: seed)
        let f = min(w, h) * 0.05
        canvas.soft(.rect(x + f * 0.5, y + f, w, h), RGB.black, sigma: f, opacity: 0.45, blend: .multiply)
        canvas.fill(.rect(x, y, w, h), .linear(V2(x, y), V2(x + w, y + h), [0: frame.shade(0.15), 1: frame.shade(-0.2)]))
        let slate = Surface.plaster(base: RGB(hex: 0x23282a), seed: UInt32(truncatingIfNeeded: seed), scale: w * 0.05, strength: 0.25)
        canvas.fill(.rect(x + f, y + f, w - 2 * f, h - 2 * f), slate)
        // Old erasures leave a chalky haze.
        canvas.soft(.ellipse(center: V2(x + w * 0.6, y + h * 0.5), rx: w * 0.3, ry: h * 0.2), RGB(gray: 0.5), sigma: w * 0.08, opacity: 0.12 * light, blend: .screen)
        let chalk = RGB(hex: 0xf2efe6)
        let ix = x + f * 2.2, iw = w - f * 4.4
        var yy = y + f * 2.5
        // Heading: bigger, centred.
        scribble(canvas, from: V2(x + w * 0.25, yy + f * 0.8), width: w * 0.5, height: f * 1.3, color: RGB(hex: 0xf7d774), rng: &rng, opacity: 0.9 * light)
        yy += f * 3.2
        let doodleRight = rng.chance(0.5)
        let textW = iw * 0.62
        let tx = doodleRight ? ix : ix + iw - textW
        while yy < y + h - f * 2.5 {
            scribble(canvas, from: V2(tx, yy), width: textW * rng.range(0.55, 0.75), height: f * 0.7, color: chalk, rng: &rng, opacity: 0.8 * light)
            // Price, right-aligned.
            scribble(canvas, from: V2(tx + textW * 0.85, yy), width: textW * 0.12, height: f * 0.7, color: chalk, rng: &rng, opacity: 0.8 * light)
            yy += f * 1.9
        }
        // A doodled cup with steam beside the list.
        let cc = V2(doodleRight ? ix + iw * 0.82 : ix + iw * 0.18, y + h * 0.55)
        let s = min(iw * 0.13, h * 0.18)
        let cup = [V2(-1, -0.6), V2(1, -0.6), V2(0.8, 0.5), V2(-0.8, 0.5), V2(-1, -0.6)].map { cc + $0 * s }
        canvas.fill(.stroke(cup, width: f * 0.22), chalk, opacity: 0.85 * light)
        var handle: [V2] = []
        for i in 0...16 { let a = -pi / 2 + Float(i) / 16 * pi; handle.append(cc + V2(0.95 * s + cos(a) * s * 0.4, -0.1 * s + sin(a) * s * 0.35)) }
        canvas.fill(.stroke(handle, width: f * 0.2), chalk, opacity: 0.85 * light)
        canvas.fill(.stroke([cc + V2(-1.3 * s, 0.75 * s), cc + V2(1.3 * s, 0.75 * s)], width: f * 0.2), chalk, opacity: 0.85 * light)
        for k in -1...1 {
            let base = cc + V2(Float(k) * s * 0.45, -0.85 * s)
            let steam = (0...12).map { i -> V2 in let t = Float(i) / 12; return base + V2(sin(t * 6) * s * 0.12, -t * s * 0.8) }
            canvas.fill(.stroke(steam, width: f * 0.15), chalk, opacity: 0.7 * light)
        }
    }

    /// One "word group": a wavy stroke with loops of varying height, broken into words.
    static func scribble(_ canvas: Canvas, from p: V2, width: Float, height: Float, color: RGB, rng: inout SeededRandom, opacity: Float) {
        var x = p.x
        let end = p.x + width
        while x < end - height {
            let wordLen = min(end - x, height * rng.range(2, 6))
            var pts: [V2] = []
            let n = max(6, Int(wordLen / (height * 0.18)))
            let phase = rng.range(0, 6)
            for i in 0...n {
                let t = Float(i) / Float(n)
                let wave = sin(t * wordLen / height * 7 + phase)
                let tall = rng.chance(0.12) ? -0.6 : 0
                pts.append(V2(x + t * wordLen, p.y + wave * height * 0.3 + Float(tall) * height))
            }
            canvas.fill(.stroke(pts, width: max(1, height * 0.17)), color, opacity: opacity)
            x += wordLen + height * rng.range(0.6, 1)
        }
    }
}
