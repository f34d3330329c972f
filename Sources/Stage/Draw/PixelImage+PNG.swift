import CSDL2
import StageInterface

extension PixelImage {
    /// Writes the pixels as a PNG (through SDL_image).
    public func savePNG(_ path: String) throws {
        var copy = rgba
        let rc: Int32 = copy.withUnsafeMutableBytes { buf in
            guard let s = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, Int32(width), Int32(height), 32,
                                                             Int32(width * 4), SDL_PIXELFORMAT_RGBA32.rawValue) else {
                return -2
            }
            defer { SDL_FreeSurface(s) }
            return IMG_SavePNG(s, path)
        }
        if rc == -2 { throw SDLError("SDL_CreateRGBSurfaceWithFormatFrom") }
        if rc != 0 { throw SDLError("IMG_SavePNG(\(path))") }
    }
}
