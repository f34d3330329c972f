import GridCore
import GridMotion

// The GridCore and GridMotion values the view layer's API speaks in, under SwiftUI's names, so a
// file that writes views imports this module alone. (GridCore's own `LazyVGrid` and `LazyHGrid`
// are grid descriptions; the views of those names here are this module's.)
public typealias GridItem = GridCore.GridItem
public typealias Animation = GridMotion.Animation
public typealias Alignment = GridCore.Alignment
public typealias HorizontalAlignment = GridCore.HorizontalAlignment
public typealias VerticalAlignment = GridCore.VerticalAlignment
public typealias Axis = GridCore.Axis
public typealias PinnedScrollableViews = GridCore.PinnedScrollableViews
public typealias UnitPoint = GridCore.UnitPoint
public typealias Rect = GridCore.Rect
public typealias Point = GridCore.Point
public typealias Size = GridCore.Size
public typealias EdgeInsets = GridMotion.EdgeInsets
public typealias UserInterfaceSizeClass = GridCore.UserInterfaceSizeClass
