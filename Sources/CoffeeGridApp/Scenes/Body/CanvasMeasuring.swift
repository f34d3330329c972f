import GridCore
import ViewLayer
import StageInterface

/// The view layer's text measured with the fonts the frame is drawn in: one line is the renderer's
/// own advance as its texture draws (`Canvas.layoutAdvance`), rounded up to whole pixels, so a text
/// laid out at its size is drawn whole (the renderer cuts text short only where its rect is
/// narrower than its pixels). Text too wide for
/// its proposal wraps as the estimate wraps it; symbols are the estimate's, and images are the
/// sizes the scene read from their headers (`images`), else the estimate's.
struct CanvasMeasuring: ViewMeasuring {
    let measure: TextMeasure
    let scale: Double
    private var estimate = EstimatedMeasuring()

    init(_ env: AppEnvironment) { self.init(measure: env.measure, scale: env.scale) }

    init(measure: TextMeasure, scale: Double) {
        self.measure = measure
        self.scale = scale > 0 && scale.isFinite ? scale : 1
    }

    /// Before a renderer is attached: the font's numbers alone.
    static var estimate: CanvasMeasuring { CanvasMeasuring(measure: .estimate, scale: 1) }

    /// What a laid-out tree's text widths depend on: a tree is laid out again when it changes.
    var signature: String { measure.signature + "@\(scale)" + (estimate.images.isEmpty ? "" : "+\(estimate.images.count) images") }

    /// These measurements with images' natural sizes known (a photo's pixels, from its header).
    func knowing(images: [String: GridCore.Size]) -> CanvasMeasuring {
        var m = self
        m.estimate.images = images
        return m
    }

    func size(of text: String, font: ViewLayer.Font, maxWidth: Double?) -> GridCore.Size {
        let width = (measure.layoutWidth(text, font.stage) * scale).rounded(.up) / scale
        if let limit = maxWidth, width > limit {
            let wrapped = estimate.size(of: text, font: font, maxWidth: limit)
            return GridCore.Size(width: min(limit, wrapped.width), height: wrapped.height)
        }
        return GridCore.Size(width: width, height: EstimatedMeasuring.lineHeight(font))
    }

    func naturalSize(ofSymbol name: String, font: ViewLayer.Font) -> GridCore.Size { estimate.naturalSize(ofSymbol: name, font: font) }

    func naturalSize(ofImage name: String) -> GridCore.Size? { estimate.naturalSize(ofImage: name) }
}
