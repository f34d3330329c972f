import GridCore
import GridMotion

/// A modifier applied to a view, one case per SwiftUI modifier the layer supports. Layout reads the
/// frame, padding, aspect-ratio and background ones; the environment ones (font, colour) flow to
/// the content; the rest are drawing, identity, gestures and motion.
public enum Modifier {
    // Layout
    case frame(width: Double?, height: Double?, alignment: Alignment)
    case flexibleFrame(FlexibleFrame)
    case padding(EdgeInsets)
    case aspectRatio(Double?, ContentMode)
    case background(ViewNode, alignment: Alignment)
    // Environment
    case font(Font)
    case fontWeight(Font.Weight)
    case foregroundColor(Color)
    case tint(Color)
    // Drawing
    case cornerRadius(Double)
    case clipped
    case shadow(color: Color, radius: Double, x: Double, y: Double)
    case opacity(Double)
    // Identity, gestures, motion
    case id(AnyHashable)
    /// Which branch of an `if … else` made the view: as SwiftUI's `_ConditionalContent`, the views
    /// of one branch are other views than those of the other (a view in the `else` is new, not the
    /// `if`'s view moved), which is what lets a `matchedGeometryEffect` fly between them. Written by
    /// `ViewBuilder.buildEither` and the snippet interpreter's `if … else`, never printed.
    case branch(Int)
    case onTapGesture(count: Int, Action)
    case matchedGeometryEffect(id: AnyHashable, namespace: Namespace.ID, isSource: Bool)
    case animation(Animation?, value: AnyHashable)
    case transition(AnyTransition)
    // Lifecycle: run by the host as SwiftUI runs them (see `ViewNode.lifecycle`)
    case onAppear(Action)
    /// `.onChange(of: value, initial:) { … }`: the value as this body read it, and its action.
    case onChange(ChangeHandler)
    // Navigation facts, read by the shell
    case navigationTitle(String)
    case toolbar([ViewNode])
    /// A modifier a snippet wrote that the layer does not know: kept so the code prints as written,
    /// listed for the banner, otherwise ignored.
    case unknown(name: String, source: String)
}

/// `.frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`.
public struct FlexibleFrame: Hashable, Sendable {
    public var minWidth: Double?, idealWidth: Double?, maxWidth: Double?
    public var minHeight: Double?, idealHeight: Double?, maxHeight: Double?
    public var alignment: Alignment

    public init(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
                minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center) {
        self.minWidth = minWidth; self.idealWidth = idealWidth; self.maxWidth = maxWidth
        self.minHeight = minHeight; self.idealHeight = idealHeight; self.maxHeight = maxHeight
        self.alignment = alignment
    }

    func bounds(_ axis: Axis) -> (min: Double?, ideal: Double?, max: Double?) {
        axis == .horizontal ? (minWidth, idealWidth, maxWidth) : (minHeight, idealHeight, maxHeight)
    }
}
