/// What the decoder refuses before spending memory on it. Checked against the file size and the
/// dimensions written in the header, so a hostile or broken file costs a few bytes of reading.
public struct ImageLimits: Sendable {
    public var maxFileBytes: Int
    public var maxSide: Int
    public var maxPixels: Int

    public init(maxFileBytes: Int = 64 << 20, maxSide: Int = 16384, maxPixels: Int = 64_000_000) {
        self.maxFileBytes = maxFileBytes
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    public static let standard = ImageLimits()
}
