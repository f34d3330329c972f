extension Canvas {
    /// Draws `body` with every colour and texture alpha multiplied by `o`. Overlapping shapes
    /// inside still show through each other (this is not SwiftUI's group compositing).
    public func withOpacity(_ o: Double, _ body: () -> Void) {
        opacityStack.append(opacity)
        opacity *= max(0, min(1, o.isFinite ? o : 1))
        body()
        opacity = opacityStack.removeLast()
    }
}
