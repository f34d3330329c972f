/// SwiftUI's `UserInterfaceSizeClass`: how much room there is along one axis.
public enum UserInterfaceSizeClass: String, Hashable, Sendable {
    case compact, regular
}

/// The horizontal and vertical size classes of a window, derived from its size in points the way
/// iOS assigns them to the devices the seeds were written on: a phone in portrait is compact ×
/// regular; a phone turned to landscape is compact × compact, except the Plus and Max phones (414 pt
/// or more across), which get a regular width there; an iPad-sized window is regular × regular.
public struct SizeClasses: Hashable, Sendable {
    public var horizontal: UserInterfaceSizeClass
    public var vertical: UserInterfaceSizeClass

    /// Narrower than this is horizontally compact (an iPad in a narrow split, every phone in portrait).
    public static let compactWidthLimit = 700.0
    /// Lower than this is vertically compact: every phone in landscape (the tallest, a Pro Max, is
    /// 440 pt high there), never an iPad (744 pt at the least).
    public static let compactHeightLimit = 500.0
    /// A window at least this high is as wide across as a Plus or Max phone (414 pt: the 8 Plus and
    /// the XR; 428–440 the later Max phones), which iOS gives a regular width in landscape. The
    /// other phones, 375–402 pt across (the iPhone 13 Pro the seeds use is 390), stay compact.
    public static let regularLandscapeHeight = 414.0

    public init(horizontal: UserInterfaceSizeClass, vertical: UserInterfaceSizeClass) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public init(windowSize: Size) {
        horizontal = SizeClasses.rule(for: windowSize).horizontal
        vertical = windowSize.height < SizeClasses.compactHeightLimit ? .compact : .regular
    }

    /// Which clause of the rule gave a window its horizontal class: what the inspector shows.
    public enum Reason: Equatable, Sendable {
        /// Narrower than `compactWidthLimit`: a phone in portrait, a narrow split.
        case narrow
        /// Wide but lower than `regularLandscapeHeight`: a phone in landscape that is not a Plus or Max.
        case phoneLandscape
        /// Wide and at least `regularLandscapeHeight` high but vertically compact: a Plus or Max in landscape.
        case largePhoneLandscape
        /// Wide and tall: an iPad, a desktop window.
        case wide
    }

    /// The horizontal class of `size` and why.
    public static func rule(for size: Size) -> (horizontal: UserInterfaceSizeClass, reason: Reason) {
        if size.width < compactWidthLimit { return (.compact, .narrow) }
        if size.height < regularLandscapeHeight { return (.compact, .phoneLandscape) }
        return (.regular, size.height < compactHeightLimit ? .largePhoneLandscape : .wide)
    }

    /// One line per axis saying which rule applies to `size`, with its numbers.
    public static func explanation(for size: Size) -> [String] {
        let w = formatPoints(size.width), h = formatPoints(size.height)
        let classes = SizeClasses(windowSize: size)
        let horizontal: String
        switch rule(for: size).reason {
        case .narrow:
            horizontal = "\(w) < \(formatPoints(compactWidthLimit)) pt wide: compact, as every iPhone in portrait"
        case .phoneLandscape:
            horizontal = "\(h) pt high, under \(formatPoints(regularLandscapeHeight)): a phone in landscape that is not a Plus or Max "
                + "(iPhone 13 Pro: 844 × 390) stays compact"
        case .largePhoneLandscape:
            horizontal = "\(h) pt high, \(formatPoints(regularLandscapeHeight)) or more: a Plus or Max phone in landscape is regular"
        case .wide:
            horizontal = "\(w) pt wide, \(h) pt high: regular, as an iPad"
        }
        let vertical = classes.vertical == .compact
            ? "\(h) < \(formatPoints(compactHeightLimit)) pt high: compact, as every iPhone in landscape"
            : "\(h) pt high, \(formatPoints(compactHeightLimit)) or more: regular"
        return ["horizontalSizeClass = .\(classes.horizontal.rawValue): " + horizontal,
                "verticalSizeClass = .\(classes.vertical.rawValue): " + vertical]
    }
}
