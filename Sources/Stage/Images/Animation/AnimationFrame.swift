import CSDL2

/// One composited frame at the size it is shown, owned here and freed with it.
final class AnimationFrame {
    let surface: UnsafeMutablePointer<SDL_Surface>
    let index: Int
    let delay: Double
    private let counter: AnimationPlayer.FrameCounter

    init(surface: UnsafeMutablePointer<SDL_Surface>, index: Int, delay: Double, counter: AnimationPlayer.FrameCounter) {
        self.surface = surface
        self.index = index
        self.delay = delay
        self.counter = counter
        counter.add()
    }

    deinit {
        SDL_FreeSurface(surface)
        counter.remove()
    }
}
