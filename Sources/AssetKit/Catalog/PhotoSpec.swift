/// One photograph the generator makes: its file name, native size and how to draw it. Drawing
/// code works in fractions of the canvas, so a photo can also be rendered small (tests, previews).
public struct PhotoSpec {
    public enum Format { case jpeg, png }

    public let name: String
    public let width: Int
    public let height: Int
    public let format: Format
    let draw: (Canvas) -> Void

    public init(_ name: String, _ width: Int, _ height: Int, format: Format = .jpeg, draw: @escaping (Canvas) -> Void) {
        self.name = name; self.width = width; self.height = height; self.format = format; self.draw = draw
    }

    public var fileName: String { name + (format == .jpeg ? ".jpg" : ".png") }

    /// Draws the photo at `scale` × its native size.
    public func render(scale: Float = 1) -> Canvas {
        let c = Canvas(width: max(8, Int((Float(width) * scale).rounded())),
                       height: max(8, Int((Float(height) * scale).rounded())))
        draw(c)
        return c
    }
}

/// Every photo, in the order the seeds name them.
public enum PhotoCatalog {
    public static var all: [PhotoSpec] { CoffeePhotos.all + CafePhotos.all }
    public static func named(_ name: String) -> PhotoSpec? { all.first { $0.name == name } }
    /// JPEG quality the photos are saved at.
    public static let jpegQuality: Int32 = 85
}
