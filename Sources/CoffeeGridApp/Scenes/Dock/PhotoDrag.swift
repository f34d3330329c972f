import GridCore
import GridMotion

/// A press on a photo, which becomes a drag once the pointer travels more than 4 points. The lifted
/// photo follows the pointer, held where it was grabbed, slightly enlarged (with a spring, so the
/// lift is felt) and casting a shadow.
struct PhotoDrag {
    /// Farther than this from the press, the press is a drag; released nearer, it is a click.
    static let slop = 4.0
    static let liftScale = 1.08

    let id: String
    let start: Point
    /// The photo's drawn frame when pressed.
    let frame: Rect
    private(set) var pointer: Point
    private(set) var lifted = false
    private var lift = AnimatedValue(0)
    /// Where a drop would put the photo in the dock (counted without it), while over the dock.
    var dockInsertion: Int?

    init(id: String, at p: Point, frame: Rect) {
        self.id = id
        start = p
        pointer = p
        self.frame = frame
    }

    static func distance(_ a: Point, _ b: Point) -> Double { max(abs(a.x - b.x), abs(a.y - b.y)) }

    /// Follows the pointer; returns true when this move lifted the photo.
    mutating func move(to p: Point, at time: Double) -> Bool {
        pointer = p
        guard !lifted, PhotoDrag.distance(p, start) > PhotoDrag.slop else { return false }
        lifted = true
        lift.set(1, animation: .interactiveSpring, at: time)
        return true
    }

    /// A release here is a click.
    func isClick(releasedAt p: Point) -> Bool { PhotoDrag.distance(p, start) < PhotoDrag.slop }

    /// Where the lifted photo is drawn: grown about the grab point, which stays under the pointer.
    func liftedFrame(at time: Double) -> Rect {
        let s = 1 + (PhotoDrag.liftScale - 1) * lift.value(at: time)
        let gx = (start.x - frame.minX) / max(frame.width, 1), gy = (start.y - frame.minY) / max(frame.height, 1)
        let w = frame.width * s, h = frame.height * s
        return Rect(x: pointer.x - gx * w, y: pointer.y - gy * h, width: w, height: h)
    }

    func isLifting(at time: Double) -> Bool { lift.isAnimating(at: time) }
}
