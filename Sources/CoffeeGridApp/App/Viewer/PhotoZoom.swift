import GridCore
import GridMotion
import ViewLayer

/// The viewer's zoom: a photo opening from its cell to the window and back into its cell, written
/// as SwiftUI writes it (the cell's image in the `else`, the window's in the `if`, one
/// `matchedGeometryEffect` id in one namespace, seed 002's `.interactiveSpring()` on the change) and
/// run by the view layer: its matched geometry flies the photo between the two places (and follows
/// either place while it moves: a cell scrolled into view, a photo zoomed mid-flight), its
/// transition fades the backdrop in and out. The viewer feeds it where the cell is and where the
/// photo is shown (fitted, zoomed, panned, sliding: `PhotoViewerMotion`), and draws what it says.
struct PhotoZoom {
    /// What a frame shows: the photo's frame, the backdrop's opacity, the photo's corner radius.
    struct Look: Equatable {
        var photo: Rect
        var backdrop: Double
        var corner: Double
    }

    @Namespace private var zoom
    private(set) var isOpen = false
    private(set) var look: Look
    private var memory = ViewMemory()
    private var animation: Animation?
    /// The cell's rounded corner on the way out and back: the one thing of the cell's look matched
    /// geometry does not carry (in SwiftUI the cell's rounded image cross-fades into the square one).
    private var corner: AnimatedValue
    private let cornerRadius: Double
    /// The photo's matched id: the last photo shown (the viewer may close with none left to show).
    private var path: String

    /// The photo at `path`, in its `cell`, starting to open (`animation` nil: it is simply open).
    init(path: String, cell: Rect, cornerRadius: Double, shown: Rect, window: Rect, animation: Animation?, at time: Double) {
        self.animation = animation
        self.path = path
        self.cornerRadius = max(0, cornerRadius.isFinite ? cornerRadius : 0)
        corner = AnimatedValue(self.cornerRadius)
        look = Look(photo: cell, backdrop: 0, corner: self.cornerRadius)
        layout(path: path, shown: shown, cell: cell, window: window, at: time)
        isOpen = true
        corner.set(0, animation: animation, at: time)
        layout(path: path, shown: shown, cell: cell, window: window, at: time)
    }

    /// The photo flies back into its cell (wherever the cell is in the frames that follow).
    mutating func close(animation: Animation?, at time: Double) {
        guard isOpen else { return }
        isOpen = false
        self.animation = animation
        corner.set(cornerRadius, animation: animation, at: time)
    }

    func isAnimating(at time: Double) -> Bool { memory.isAnimating(at: time) || corner.isAnimating(at: time) }

    /// The frame at `time`: photo `path` (nil: the last one) `shown` there when open, else in `cell`;
    /// both in window points.
    mutating func layout(path: String?, shown: Rect, cell: Rect, window: Rect, at time: Double) {
        if let path { self.path = path }
        let tree = PhotoZoom.body(open: isOpen, photo: self.path, shown: shown.offsetBy(dx: -window.minX, dy: -window.minY),
                                  cell: cell.offsetBy(dx: -window.minX, dy: -window.minY), window: window.size, zoom: zoom, animation: animation)
        let frame = ViewLayout().frame(for: tree.viewNode, in: window.size, time: time, memory: &memory)
        var next = Look(photo: isOpen ? shown : cell, backdrop: 0, corner: max(0, corner.value(at: time)))
        for d in frame.drawing {
            switch d.shape {
            case .image:
                // A spring overshooting a tiny cell (the window's centre when there is none) would
                // make a negative size: nothing is drawn then.
                let f = d.frame.offsetBy(dx: window.minX, dy: window.minY)
                next.photo = Rect(x: f.minX, y: f.minY, width: max(0, f.width), height: max(0, f.height))
            case .fill: next.backdrop = max(next.backdrop, min(max(d.opacity, 0), 1))
            default: break
            }
        }
        look = next
    }

    /// The body: the backdrop while open, and the photo, in the window or in its cell.
    static func body(open: Bool, photo: String, shown: Rect, cell: Rect, window: Size, zoom: Namespace.ID, animation: Animation?) -> some View {
        ZStack(alignment: .topLeading) {
            if open {
                Color(.systemBackground)
            }
            if open {
                Image(photo).resizable()
                    .frame(width: shown.width, height: shown.height)
                    .matchedGeometryEffect(id: photo, in: zoom)
                    .padding(.leading, shown.minX).padding(.top, shown.minY)
            } else {
                Image(photo).resizable()
                    .frame(width: cell.width, height: cell.height)
                    .matchedGeometryEffect(id: photo, in: zoom)
                    .padding(.leading, cell.minX).padding(.top, cell.minY)
            }
        }
        .frame(width: window.width, height: window.height, alignment: .topLeading)
        .animation(animation, value: open)
    }
}
