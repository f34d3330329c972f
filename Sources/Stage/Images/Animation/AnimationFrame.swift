import PhotoLibrary

/// One composited frame at the size it is shown, freed with this object.
final class AnimationFrame {
    let pixels: PixelBuffer
    let index: Int
    let delay: Double
    private let counter: AnimationPlayer.FrameCounter

    init(pixels: PixelBuffer, index: Int, delay: Double, counter: AnimationPlayer.FrameCounter) {
        self.pixels = pixels
        self.index = index
        self.delay = delay
        self.counter = counter
        counter.add()
    }

    deinit { counter.remove() }
}
