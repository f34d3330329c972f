import CSDL2

/// Where a C decoder's allocation callback leaves the ARGB8888 surface it asked for, so Swift frees
/// it whatever the decode's outcome.
final class SurfaceBox {
    var surface: UnsafeMutablePointer<SDL_Surface>?

    /// Makes the surface and returns its rows for the decoder (nil when it cannot be had).
    static func allocate(_ box: SurfaceBox, width: Int32, height: Int32, pitch: UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<UInt8>? {
        guard width > 0, height > 0,
              let s = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        box.surface = s
        pitch?.pointee = s.pointee.pitch
        return s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    }
}
