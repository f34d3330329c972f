import PhotoLibrary

/// A large picture going up to its texture a band of rows a frame, so that no frame spends more
/// than `ImagePipeline.uploadBytesPerFrame` copying pixels (a 1200-px photo is about 4 MB: 3 ms
/// of a scroll frame in one go). The texture is shown only once every row is in.
struct BandedUpload {
    let key: JobKey
    let admission: ImagePipeline.Admission
    let image: DecodedImage
    let texture: Texture
    private(set) var rowsDone = 0

    init(_ image: DecodedImage, key: JobKey, admission: ImagePipeline.Admission, renderer: OpaquePointer) throws {
        self.key = key
        self.admission = admission
        self.image = image
        texture = try Texture(renderer: renderer, width: image.pixelWidth, height: image.pixelHeight)
        texture.isOpaque = image.isOpaque
        texture.part = image.part
    }

    var isDone: Bool { rowsDone >= image.pixelHeight }

    /// A picture goes up in this many frames at most, whatever its size: a zoomed photo's 64 MB
    /// would otherwise take a second at a megabyte a frame.
    static let mostFrames = 4

    /// Copies the next rows, `bytes` worth (at least a row, and a `mostFrames`th of the picture), or
    /// all that are left when `bytes` is nil. Returns the bytes copied.
    mutating func advance(bytes: Int?) throws -> Int {
        let rowBytes = image.pixelWidth * 4
        let share = (image.pixelHeight + Self.mostFrames - 1) / Self.mostFrames
        let rows = bytes.map { max(1, share, $0 / max(1, rowBytes)) } ?? image.pixelHeight
        let end = min(image.pixelHeight, rowsDone + rows)
        try texture.update(from: image.pixels, rows: rowsDone..<end)
        defer { rowsDone = end }
        return (end - rowsDone) * rowBytes
    }
}
