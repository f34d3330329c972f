import GridCore

/// The frame's drawing, in order, with small builders that read like SwiftUI modifiers.
public struct DrawList {
    public private(set) var commands: [DrawCommand] = []

    public init() {}

    public mutating func append(_ c: DrawCommand) { commands.append(c) }

    public mutating func fill(_ r: Rect, _ color: Color, cornerRadius: Double = 0) {
        commands.append(.fill(r, color, cornerRadius: cornerRadius))
    }

    public mutating func stroke(_ r: Rect, _ color: Color, cornerRadius: Double = 0, lineWidth: Double = 1) {
        commands.append(.stroke(r, color, cornerRadius: cornerRadius, lineWidth: lineWidth))
    }

    /// `.shadow(color:radius:x:y:)`. Pass `beneathOpaque: true` when an opaque view (a photo) is
    /// drawn over `r` next: the shadow's middle is then never seen and is not painted.
    public mutating func shadow(_ r: Rect, cornerRadius: Double = 0, radius: Double, color: Color, offset: Size = .zero,
                                beneathOpaque: Bool = false) {
        commands.append(.shadow(r, cornerRadius: cornerRadius, radius: radius, color: color, offset: offset, hollow: beneathOpaque))
    }

    public mutating func image(_ path: String, in r: Rect, cornerRadius: Double = 0, contentMode: ContentMode = .fill,
                               opacity: Double = 1, priority: Double = 0, sampling: ImageSampling = .exact) {
        commands.append(.image(path: path, r, cornerRadius: cornerRadius, contentMode: contentMode, opacity: opacity, priority: priority,
                               sampling: sampling))
    }

    /// Decodes `path` for a rect of `r`'s size ahead of drawing it there (see `DrawCommand.prefetch`).
    public mutating func prefetch(_ path: String, in r: Rect, priority: Double = 0) {
        commands.append(.prefetch(path: path, r, priority: priority))
    }

    public mutating func text(_ s: String, _ font: Font, _ color: Color, in r: Rect, alignment: Alignment = .leading) {
        commands.append(.text(s, font, color, r, alignment))
    }

    public mutating func symbol(_ name: String, in r: Rect, _ color: Color) {
        commands.append(.symbol(name, r, color))
    }

    public mutating func line(from a: Point, to b: Point, width: Double = 1, _ color: Color) {
        commands.append(.line(from: a, to: b, width: width, color))
    }

    public mutating func circle(center: Point, radius: Double, _ color: Color) {
        commands.append(.circle(center: center, radius: radius, color))
    }

    /// Draws the part of an earlier frame under `r` at `opacity`.
    public mutating func snapshot(_ picture: KeptPicture, in r: Rect, opacity: Double) {
        commands.append(.snapshot(picture, r, opacity: opacity))
    }

    /// Draws `body` clipped to `r` (`.clipped()`).
    public mutating func clipped(to r: Rect, _ body: (inout DrawList) -> Void) {
        commands.append(.pushClip(r))
        body(&self)
        commands.append(.popClip)
    }

    public mutating func opacity(_ o: Double, _ body: (inout DrawList) -> Void) {
        guard o < 1 else { body(&self); return }
        commands.append(.beginOpacity(o))
        body(&self)
        commands.append(.endOpacity)
    }

    public mutating func append(contentsOf other: DrawList) { commands.append(contentsOf: other.commands) }
}
