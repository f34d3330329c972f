import GridCore
import ViewLayer

/// What the stack scene reads of its body laid out at rest in the scene's size: the views the
/// seed's stacks made, every one of them (nothing here is lazy).
struct StackViews {
    /// Each photo's square (`.frame(width: itemWidth, height: itemWidth).clipped()`) in the scroll
    /// view's content, by photo; `.zero` for a photo the code did not show.
    var photos: [Rect]
    /// The colour stack's views, in the scene's coordinates, in order.
    var colours: [Rect]
    /// How tall the scroll view's content is (0: the colour stacks do not scroll).
    var contentHeight: Double
    /// The tree's drawing, in the scene's coordinates at rest.
    var drawing: [Drawing]

    /// Reads `frame`: a photo is known by its image's name (`names[i]`), its square is the
    /// outermost modifier around it; content coordinates are the scroll view's (laid out unscrolled).
    init(_ frame: ViewFrame, names: [String]) {
        let scroll = frame.scrollViews.first
        let origin = scroll?.viewport.origin ?? .zero
        let index = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var photos = Array(repeating: Rect.zero, count: names.count)
        var colours: [Rect] = []
        for (i, view) in frame.placed.enumerated() {
            switch view.kind {
            case .image(.named(let name)):
                guard let p = index[name] else { continue }
                photos[p] = StackViews.outermostModifier(around: i, in: frame.placed).frame.offsetBy(dx: -origin.x, dy: -origin.y)
            case .color:
                colours.append(view.frame)
            default:
                break
            }
        }
        self.init(photos: photos, colours: colours, contentHeight: scroll?.contentSize.height ?? 0, drawing: frame.drawing)
    }

    init(photos: [Rect], colours: [Rect], contentHeight: Double, drawing: [Drawing]) {
        self.photos = photos
        self.colours = colours
        self.contentHeight = contentHeight
        self.drawing = drawing
    }

    /// The view a modifier chain around placed view `i` ends in: what its `ForEach` element is.
    private static func outermostModifier(around i: Int, in placed: [PlacedView]) -> PlacedView {
        var v = placed[i]
        while v.parent >= 0, placed[v.parent].kind == .modifier { v = placed[v.parent] }
        return v
    }

    /// The rows the photos make: how many distinct tops.
    var rows: Int { Set(photos.filter { $0 != .zero }.map(\.minY)).count }
}
