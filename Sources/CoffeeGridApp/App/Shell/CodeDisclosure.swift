import GridCore
import GridMotion

/// Whether the code panel is open, and how. Where the window has room, the person's choice (the
/// toolbar's `</>` button, Ctrl+K, the panel's own chevron; remembered across launches) opens it
/// above the scene or folds it to one line. Where it has not — the panel would take more than a
/// quarter of the content, as in every phone turned to landscape — it starts folded and opens over
/// the content as a sheet, so the grid is never pushed into a strip; turning the window folds the
/// sheet again, and a roomy window shows what the person last chose.
struct CodeDisclosure {
    enum Presentation: String {
        /// Above the scene, which gives it the space.
        case inline
        /// One line, "Show code".
        case folded
        /// Over the content, which keeps its size.
        case sheet
    }

    /// The person's last choice: show the code (true) or fold it. Saved in the session.
    var wantsCode = true
    /// The sheet of a window without room for the panel: opened only by the person, never at launch.
    private(set) var sheetOpen = false
    /// Whether the window has room for the panel (as last laid out).
    private(set) var roomy = true
    /// 0 folded … 1 open: the panel (or the sheet) grows from its one-line bar.
    private var openness = AnimatedValue(1)
    private var laidOut = false

    /// How opening and folding move: a short spring, like a disclosure group's.
    static let animation = Animation.spring(response: 0.3, dampingFraction: 0.9)

    var presentation: Presentation {
        if roomy { return wantsCode ? .inline : .folded }
        return sheetOpen ? .sheet : .folded
    }

    var isOpen: Bool { presentation != .folded }

    /// The window's room, every layout. Crossing into a window without room folds the sheet;
    /// either way the new presentation shows at once (a resize is not a gesture to animate).
    mutating func setRoomy(_ hasRoom: Bool) {
        guard !laidOut || hasRoom != roomy else { return }
        laidOut = true
        roomy = hasRoom
        if !hasRoom { sheetOpen = false }
        openness = AnimatedValue(isOpen ? 1 : 0)
    }

    /// Show or fold, animated (at once under reduce motion): the panel where there is room, the
    /// sheet where there is not. The choice is remembered either way.
    mutating func toggle(at time: Double) {
        if roomy {
            wantsCode.toggle()
        } else {
            sheetOpen.toggle()
            wantsCode = sheetOpen
        }
        openness.set(isOpen ? 1 : 0, animation: MotionPolicy.resolve(CodeDisclosure.animation), at: time)
    }

    /// Another panel opens over the content: the sheet folds (the person's choice stays).
    mutating func foldSheet() {
        guard sheetOpen else { return }
        sheetOpen = false
        openness = AnimatedValue(isOpen ? 1 : 0)
    }

    /// A choice brought back from the last launch (before the first layout: no animation).
    mutating func restore(wantsCode: Bool) {
        self.wantsCode = wantsCode
        openness = AnimatedValue(isOpen ? 1 : 0)
    }

    /// How far open the panel is drawn at `time`.
    func fraction(at time: Double) -> Double { min(max(openness.value(at: time), 0), 1) }

    func isAnimating(at time: Double) -> Bool { openness.isAnimating(at: time) }
}
