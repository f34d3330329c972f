import GridCore

/// A side of a rectangle, as SwiftUI's `Edge`, and sets of them for `.padding(_:_:)`.
public enum Edge: String, Hashable, Sendable, CaseIterable {
    case top, leading, bottom, trailing

    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]

        /// The names `.padding(.horizontal, 12)` spells, for parsing and printing.
        public static let named: [(String, Set)] = [("all", .all), ("horizontal", .horizontal), ("vertical", .vertical),
                                                    ("top", .top), ("leading", .leading), ("bottom", .bottom), ("trailing", .trailing)]
    }
}

extension EdgeInsets {
    /// `length` on each edge of `edges`, nothing on the others.
    public init(_ edges: Edge.Set, _ length: Double) {
        self.init(top: edges.contains(.top) ? length : 0, leading: edges.contains(.leading) ? length : 0,
                  bottom: edges.contains(.bottom) ? length : 0, trailing: edges.contains(.trailing) ? length : 0)
    }

    var horizontal: Double { leading + trailing }
    var vertical: Double { top + bottom }
}

extension Axis {
    /// The axes a `ScrollView` scrolls along, as SwiftUI's `Axis.Set`.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// How an image fills the space an `aspectRatio` gives it, as SwiftUI's `ContentMode`.
public enum ContentMode: String, Hashable, Sendable {
    case fit, fill
}
