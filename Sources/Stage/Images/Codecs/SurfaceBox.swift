import CSDL2

/// Where a C decoder's allocation callback leaves the ARGB8888 surface it asked for, so Swift frees
/// it whatever the decode's outcome; and the decode's memory ticket, which its reserve callback fills.
final class SurfaceBox {
    var surface: UnsafeMutablePointer<SDL_Surface>?
    let memory: DecodeMemory.Ticket

    init(memory: DecodeMemory.Ticket) { self.memory = memory }

    /// The reserve callback's work: false when the decode was cancelled while it waited.
    func reserve(_ bytes: Int) -> Bool { (try? memory.reserve(bytes)) != nil }

    /// Makes the surface and returns its rows for the decoder (nil when it cannot be had).
    static func allocate(_ box: SurfaceBox, width: Int32, height: Int32, pitch: UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<UInt8>? {
        guard width > 0, height > 0,
              let s = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        box.surface = s
        pitch?.pointee = s.pointee.pitch
        return s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
    }
}
