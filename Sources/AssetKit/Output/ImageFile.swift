import CSDL2

/// Writing canvases to disk through SDL2_image, the same library the app decodes with.
public enum ImageFile {
    public enum Format { case jpeg(quality: Int32), png }

    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// An RGB24 surface holding the canvas; the caller frees it with SDL_FreeSurface.
    public static func surface(_ canvas: Canvas) throws -> UnsafeMutablePointer<SDL_Surface> {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(canvas.width), Int32(canvas.height), 24,
                                                     SDL_PIXELFORMAT_RGB24.rawValue) else {
            throw WriteError(description: "cannot create a \(canvas.width)×\(canvas.height) surface: \(String(cString: SDL_GetError()))")
        }
        let bytes = canvas.rgb24()
        let pitch = Int(s.pointee.pitch)
        let dst = s.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        bytes.withUnsafeBufferPointer { src in
            for y in 0..<canvas.height {
                (dst + y * pitch).update(from: src.baseAddress! + y * canvas.width * 3, count: canvas.width * 3)
            }
        }
        return s
    }

    public static func write(_ canvas: Canvas, to path: String, format: Format) throws {
        let s = try surface(canvas)
        defer { SDL_FreeSurface(s) }
        let rc: Int32
        switch format {
        case .jpeg(let q): rc = IMG_SaveJPG(s, path, q)
        case .png: rc = IMG_SavePNG(s, path)
        }
        if rc != 0 { throw WriteError(description: "cannot write \(path): \(String(cString: SDL_GetError()))") }
    }
}
