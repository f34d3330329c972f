import CSDL2
import Foundation
@testable import PhotoLibrary
@testable import Stage

/// Fixtures are drawn with SDL (SDL_FillRect, SDL_ConvertSurfaceFormat); the photo library takes
/// plain pixel buffers. These copy a fixture surface across, so the tests keep drawing as before.
extension PixelBuffer {
    /// A copy of an ARGB8888 `surface` (kept by the caller).
    convenience init(copying surface: UnsafeMutablePointer<SDL_Surface>) {
        precondition(surface.pointee.format.pointee.format == SDL_PIXELFORMAT_ARGB8888.rawValue)
        self.init(width: Int(surface.pointee.w), height: Int(surface.pointee.h))!
        for y in 0..<height {
            UnsafeMutableRawPointer(row(y)).copyMemory(from: surface.pointee.pixels + y * Int(surface.pointee.pitch), byteCount: width * 4)
        }
    }
}

extension JPEGEncoder {
    static func encode(_ surface: UnsafeMutablePointer<SDL_Surface>, _ options: Options = Options()) throws -> Data {
        try encode(PixelBuffer(copying: surface), options)
    }
}
