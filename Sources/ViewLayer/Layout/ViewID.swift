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
    public func element(_ id: AnyHashable, position: Int = 0) -> ViewID { combined(2, id.hashValue).combined(5, position) }
    /// An explicit `.id(…)`: the same whatever the structure around it.
    public static func explicit(_ id: AnyHashable, in scope: ViewID) -> ViewID { scope.element(id, position: -1) }
    /// The frame a modifier `level` levels out from the content makes (0 is the content itself).
    public func level(_ level: Int) -> ViewID { level == 0 ? self : combined(3, level) }
    /// A view of a container that is not one of its children (a background, a section header).
    public func part(_ name: String, _ index: Int = 0) -> ViewID { combined(4, name.hashValue).combined(6, index) }

    /// SplitMix64's finaliser over the parent's value, a tag and an index: cheap (views get an id
    /// each, every frame) and well mixed, so ids of different places do not meet in practice.
    private func combined(_ tag: UInt64, _ index: Int) -> ViewID {
        var z = UInt64(bitPattern: Int64(value)) &+ 0x9E37_79B9_7F4A_7C15 &* (tag &+ 1) &+ UInt64(bitPattern: Int64(index)) &* 0xD6E8_FEB8_6659_FD93
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return ViewID(value: Int(bitPattern: UInt(z ^ (z >> 31))))
    }

    public var description: String { String(UInt(bitPattern: value), radix: 36) }
}
