import GridCore
import GridMotion
import StageInterface

/// The feed's column count and how it changes: a button or key springs to a count, a pinch (or
/// Ctrl + wheel) blends continuously between two counts and settles on the nearest, the photo under
/// the pointer staying put. Shared by the scenes that lay photos out as the chapter's feed does;
/// `configuration` makes the grid for a column count.
final class ColumnZoom {
    let grid: GridScrollView
    let range: ClosedRange<Int>
    private let configuration: (Int) -> GridScrollView.Configuration
    private(set) var columns: Int
    private(set) var pinch: ColumnPinch
    private var pinchAnchor: (anchor: GridScrollView.Anchor, point: Point)?
    /// How a change of count animates: the seed's `.interactiveSpring()`, or what a scene's tree
    /// says (`.animation(_:value: gridLayout.count)`); nil lands at once.
    var animation: Animation? = .interactiveSpring

    init(grid: GridScrollView, columns: Int = 1, range: ClosedRange<Int>, configuration: @escaping (Int) -> GridScrollView.Configuration) {
        self.grid = grid
        self.columns = columns
        self.range = range
        self.configuration = configuration
        pinch = ColumnPinch(range: range)
    }

    /// A restored count, laid out at once.
    func restore(_ n: Int) {
        guard range.contains(n) else { return }
        columns = n
        grid.configuration = configuration(n)
    }

    /// Animates to `n` columns with `animation`, keeping `anchor` in place (the photo at the top of
    /// the viewport when nil).
    func setColumns(_ n: Int, anchor: GridScrollView.Anchor? = nil) {
        // A key or button during a pinch ends the pinch: the blend gives way to this change.
        if pinch.isActive { _ = pinch.end(); pinchAnchor = nil }
        columns = min(max(n, range.lowerBound), range.upperBound)
        grid.setConfiguration(configuration(columns), animation: animation, anchor: anchor)
    }

    /// Ctrl+= and Ctrl+-: one column fewer or more. True when the key was one of them.
    func handleKey(_ key: Key, _ modifiers: KeyModifiers) -> Bool {
        guard modifiers.contains(.control) else { return false }
        switch key {
        case .character("="), .character("+"): setColumns(columns - 1)
        case .character("-"): setColumns(columns + 1)
        default: return false
        }
        return true
    }

    /// A pinch or Ctrl + wheel; false for any other event (the grid's selection takes those).
    func handlePointer(_ event: PointerEvent, time: Double) -> Bool {
        switch event {
        case let .wheel(_, dy, _, at, mods) where mods.contains(.control):
            guard grid.frame.contains(at) else { return true }
            beginPinchIfNeeded(at: at)
            pinch.wheel(dy: dy, from: columns, at: time)
            applyPinch()
        case let .pinch(scale, at):
            guard pinch.isActive || grid.frame.contains(at) else { return true }
            beginPinchIfNeeded(at: at)
            pinch.pinch(scale: scale, from: columns, at: time)
            applyPinch()
        case .pinchEnded:
            endPinch()
        default:
            return false
        }
        return true
    }

    /// Once a frame after the grid's update: a wheel gesture has no end event, so it ends when it
    /// times out, settling from here. True when it ended (the grid should update again).
    func wheelEnded(at time: Double) -> Bool {
        guard pinch.wheelEnded(at: time) else { return false }
        endPinch()
        return true
    }

    private func beginPinchIfNeeded(at p: Point) {
        guard !pinch.isActive else { return }
        pinchAnchor = grid.anchor(at: p).map { ($0, p) }
    }

    private func applyPinch() {
        guard let b = pinch.bracket, let a = pinchAnchor else { return }
        grid.setBlend(from: configuration(b.lower), to: configuration(b.upper), fraction: b.fraction, anchor: a.anchor, at: a.point)
    }

    /// The gesture ended: spring to the nearest whole count, the photo under the pointer staying put.
    private func endPinch() {
        guard let n = pinch.end() else { return }
        let anchor = pinchAnchor?.anchor
        pinchAnchor = nil
        setColumns(n, anchor: anchor)
    }
}
