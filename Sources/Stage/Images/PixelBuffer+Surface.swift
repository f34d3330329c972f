import CSDL2
import PhotoLibrary

extension PixelBuffer {
    /// Runs `body` with an SDL surface that points at these pixels (no copy; freed afterwards, the
    /// pixels stay the buffer's): how the GPU side and the window icon hand them to SDL. Nil when SDL
    /// cannot make the surface header.
    func withSurface<T>(_ body: (UnsafeMutablePointer<SDL_Surface>) throws -> T) rethrows -> T? {
        guard let view = SDL_CreateRGBSurfaceWithFormatFrom(pixels, Int32(width), Int32(height), 32, Int32(stride),
                                                            SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        defer { SDL_FreeSurface(view) }
        return try body(view)
    }
}
