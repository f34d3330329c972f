/// A `ForEach` over a range or a collection, kept lazy: it knows how many elements there are and
/// makes an element's views only when asked. A lazy grid asks for the elements it shows; a stack
/// asks for all of them (up to `eagerLimit`).
public struct ForEachContent {
    public let count: Int
    /// The identity of element `i` (`id: \.self` over a range: the number itself).
    public let id: (Int) -> AnyHashable
    /// Element `i`'s views (several when the closure writes several, as seed 004's five bars).
    let makeViews: (Int) -> [ViewNode]
    /// The index of the element with this identity, when it can be found without making views.
    let indexOfID: (AnyHashable) -> Int?
    /// How the data and the closure were written, for printing (`0..<10000`, `id: \.self`).
    public let dataSource: String
    public let idSource: String?
    /// The closure's source when a snippet wrote it; a body written in Swift prints its first element.
    public let contentSource: String?
    /// Element `i`'s paints (`ElementSignature`) worked out without making its views, when the
    /// closure's views differ from element to element in their paints alone (nil otherwise, and nil
    /// for an element it cannot answer): a host that keeps templates draws a new element from them.
    public let paints: ((Int) -> [ElementSignature.Paint]?)?
    let cache = ElementCache()

    /// A stack lays out at most this many elements (more would stall a frame); the rest are dropped
    /// and the frame says so.
    public static let eagerLimit = 10_000

    public init(count: Int, id: @escaping (Int) -> AnyHashable, indexOfID: @escaping (AnyHashable) -> Int?,
                dataSource: String, idSource: String?, contentSource: String? = nil,
                paints: ((Int) -> [ElementSignature.Paint]?)? = nil, views: @escaping (Int) -> [ViewNode]) {
        self.count = max(0, count)
        self.id = id
        self.indexOfID = indexOfID
        self.dataSource = dataSource
        self.idSource = idSource
        self.contentSource = contentSource
        self.paints = paints
        self.makeViews = { ForEachContent.opened(views($0)) }
    }

    /// An element's views as a grid takes them, each its own cell: a group opened into its views,
    /// and an `if` whose condition is false (an empty group) or an `EmptyView` no view at all — as
    /// SwiftUI's lazy grids make no cell for them (seed 000's exercise: a cafe without its coffee
    /// grid is one cell, not two).
    static func opened(_ views: [ViewNode]) -> [ViewNode] {
        func opens(_ v: ViewNode) -> Bool {
            switch v.kind {
            case .content(.group), .content(.empty): return true
            default: return false
            }
        }
        guard views.contains(where: opens) else { return views }
        return views.flatMap { v -> [ViewNode] in
            switch v.kind {
            case .content(.group(let children)): return opened(children)
            case .content(.empty): return []
            default: return [v]
            }
        }
    }

    /// Element `i`'s views, made once per tree however often layout asks — within bounds: past
    /// `ElementCache.limit` elements the older ones are let go a generation later (a tree kept while
    /// a billion cells scroll by stays small; a layout pass never asks for that many).
    public func views(_ i: Int) -> [ViewNode] {
        if let v = cache.views[i] { return v }
        let v = cache.previous[i] ?? makeViews(i)
        if cache.views.count >= ElementCache.limit {
            cache.previous = cache.views
            cache.views = [:]
        }
        cache.views[i] = v
        return v
    }

    /// How many views an element makes: every element makes as many as the first (a ForEach
    /// closure's views are fixed by its code; an `if` on the state is no view in every element when
    /// false; one that differs from element to element leaves an empty cell where it is false).
    public var viewsPerElement: Int { count == 0 ? 0 : max(1, views(0).count) }

    final class ElementCache {
        static let limit = 4096
        var views: [Int: [ViewNode]] = [:]
        var previous: [Int: [ViewNode]] = [:]
    }
}
