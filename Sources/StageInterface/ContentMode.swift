/// How an image fills a frame, as SwiftUI's `.scaledToFill()` / `.scaledToFit()`.
public enum ContentMode: Hashable, Sendable {
    /// Covers the frame, cropping the overflow equally on both sides.
    case fill
    /// Fits inside the frame, centred, leaving bands where the aspect ratios differ.
    case fit
}
