import GridCore

extension PhotoDecoder {
    /// A file's pixel size from its header, without decoding it: what a layout needs to size a photo
    /// by its aspect ratio (`.scaledToFill()` in a LazyHGrid row), upright (after EXIF orientation).
    /// Nil when the file is missing, unreadable or not a complete image the decoder would accept.
    public static func pixelSize(ofFile path: String) -> Size? {
        guard let bytes = try? readFile(path, limits: .standard) else { return nil }
        return bytes.withUnsafeBytes { raw -> Size? in
            guard let h = try? ImageHeader.parse(raw), h.width > 0, h.height > 0 else { return nil }
            return Size(width: Double(h.displayWidth), height: Double(h.displayHeight))
        }
    }
}
