/// A view's identity within a tree, as SwiftUI keeps one: its place in the structure (which child
/// of which container, which modifier), a `ForEach` element's id in place of its position, and an
/// explicit `.id(…)` in place of both. The same view in the next frame's tree has the same id, which
/// is what animations, matched geometry and scroll positions follow.
public struct ViewID: Hashable, Sendable, CustomStringConvertible {
    public let value: Int

    init(value: Int) { self.value = value }

    public static let root = ViewID(value: 0)

    /// Child `index` of this container.
    public func child(_ index: Int) -> ViewID { combined(1, index) }
    /// The element of a `ForEach` (or a grid item) with this identity, view `position` of it.
    public func element(_ id: AnyHashable, position: Int = 0) -> ViewID {
        var h = Hasher()
        h.combine(value); h.combine(2); h.combine(id); h.combine(position)
        return ViewID(value: h.finalize())
    }
    /// An explicit `.id(…)`: the same whatever the structure around it.
    public static func explicit(_ id: AnyHashable, in scope: ViewID) -> ViewID { scope.element(id, position: -1) }
    /// The frame a modifier `level` levels out from the content makes (0 is the content itself).
    public func level(_ level: Int) -> ViewID { level == 0 ? self : combined(3, level) }
    /// A view of a container that is not one of its children (a background, a section header).
    public func part(_ name: String, _ index: Int = 0) -> ViewID {
        var h = Hasher()
        h.combine(value); h.combine(4); h.combine(name); h.combine(index)
        return ViewID(value: h.finalize())
    }

    private func combined(_ tag: Int, _ index: Int) -> ViewID {
        var h = Hasher()
        h.combine(value); h.combine(tag); h.combine(index)
        return ViewID(value: h.finalize())
    }

    public var description: String { String(UInt(bitPattern: value), radix: 36) }
}
