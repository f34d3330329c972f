import GridCore
import SystemIO
import StageInterface

/// What every scene may read each frame, as SwiftUI's `@Environment` values.
struct AppEnvironment {
    /// Window size in points.
    var windowSize: Size
    var sizeClasses: SizeClasses
    /// Pixels per point.
    var scale: Double
    var appearance: Appearance
    /// Host clock in seconds.
    var time: Double
    /// Where the photos live.
    var resources: ResourceLocator
    /// Text widths with the fonts the frame is drawn in (an estimate until a renderer is attached).
    var measure = TextMeasure.estimate

    func color(_ c: SystemColor) -> Color { c.resolved(appearance) }

    /// `Resources/Photos/NAME.jpg` (or `.png` where the generator made a PNG); a person's own photo
    /// is its own absolute path.
    func photoPath(_ name: String) -> String { name.hasPrefix("/") ? name : BundledPhotos.shared.path(name, in: resources) }
}
