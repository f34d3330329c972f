import GridCore

extension ImagePipeline {
    /// The pixel size an image file declares in its header, read without decoding (for layouts
    /// that follow a photo's aspect ratio, as SwiftUI's `scaledToFill` does). Nil for a missing,
    /// unreadable or broken file, which the layout then treats like any photo it cannot know.
    public static func pixelSize(ofFile path: String) -> Size? {
        guard let bytes = try? readFile(path, limits: .standard) else { return nil }
        return bytes.withUnsafeBytes { raw in
            guard let h = try? ImageHeader.parse(raw), h.width > 0, h.height > 0 else { return nil }
            return Size(width: Double(h.width), height: Double(h.height))
        }
    }
}
