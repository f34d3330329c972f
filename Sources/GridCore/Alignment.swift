/// The scroll direction of a lazy grid. A vertical grid (`LazyVGrid`) grows downward in rows and
/// sizes its columns across the width; a horizontal one (`LazyHGrid`) grows rightward.
public enum Axis: String, Hashable, Sendable, CaseIterable {
    case horizontal, vertical
}

/// Where a view sits horizontally inside the space it is given.
public enum HorizontalAlignment: String, Hashable, Sendable, CaseIterable {
    case leading, center, trailing

    /// The share of leftover space placed before the view: 0, ½ or 1.
    public var fraction: Double {
        switch self {
        case .leading: return 0
        case .center: return 0.5
        case .trailing: return 1
        }
    }
}

/// Where a view sits vertically inside the space it is given.
public enum VerticalAlignment: String, Hashable, Sendable, CaseIterable {
    case top, center, bottom

    /// The share of leftover space placed above the view: 0, ½ or 1.
    public var fraction: Double {
        switch self {
        case .top: return 0
        case .center: return 0.5
        case .bottom: return 1
        }
    }
}

/// A two-axis alignment, as SwiftUI's `Alignment` (`.topLeading`, `.center`, …).
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment

    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The names SwiftUI code uses, for parsing pasted specs.
    public static let named: [String: Alignment] = [
        "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing,
        "bottomLeading": .bottomLeading, "bottomTrailing": .bottomTrailing,
    ]
}
