import GridCore

/// A tree laid out for one frame: the immutable value drawing, hit testing, the state file, the
/// inspector and the tests read, so none of them lays anything out again. Window points throughout.
public struct ViewFrame {
    public let size: Size
    /// Every view's frame (drawn, and where layout put it), parents before their children.
    public let placed: [PlacedView]
    /// What to draw, back to front.
    public let drawing: [Drawing]
    /// Views that answer taps, back to front.
    public let taps: [TapTarget]
    public let scrollViews: [ScrollViewFrame]
    public let grids: [GridFacts]
    /// `.navigationTitle` and `.toolbar` of the tree, for the shell's navigation bar.
    public let navigationTitle: String?
    public let toolbar: [ViewNode]
    /// What the layout could only approximate, or dropped (a `ForEach` of millions in a stack).
    public let notes: [String]
    /// Something is still moving: ask for another frame.
    public let isAnimating: Bool
    let explicitIDs: [AnyHashable: Int]
    let info: [PlacedInfo]

    /// The lazy grid item placed view `i` belongs to, if any (what a tap on it hit).
    public func gridItem(of i: Int) -> GridItemRef? { i >= 0 && i < info.count ? info[i].gridItem : nil }

    /// The frontmost view answering a tap at `point`.
    public func tapTarget(at point: Point, count: Int = 1) -> TapTarget? {
        taps.last { $0.frame.contains(point) && $0.count == count && isVisible(point, through: $0.placed) }
    }

    /// The view with `.id(id)`.
    public func view(id: AnyHashable) -> PlacedView? { explicitIDs[id].map { placed[$0] } }

    /// Whether `point` inside placed view `i` is inside every scroll view around it (a view scrolled
    /// out of its scroll view cannot be tapped).
    func isVisible(_ point: Point, through i: Int) -> Bool {
        let s = placed[i].scrollView
        return s < 0 || scrollViews[s].viewport.contains(point)
    }
}

/// Lays out a tree into a `ViewFrame`, animating from the last frame: a pure function of the tree,
/// the size, the scroll offsets, the time, the event's transaction and the memory the host keeps.
public struct ViewLayout {
    public var measuring: ViewMeasuring
    /// How far beyond its scroll view a lazy grid makes items, in viewports (the app's 0.5).
    public var prefetchViewports: Double
    /// False: lazy grids are laid out (their tracks, sizes, sections) but none of their items is
    /// made or placed — for a host that draws the items itself and reads only the grid's facts.
    public var placesGridItems = true

    public init(measuring: ViewMeasuring = EstimatedMeasuring(), prefetchViewports: Double = 0.5) {
        self.measuring = measuring
        self.prefetchViewports = prefetchViewports.isFinite ? max(0, prefetchViewports) : 0.5
    }

    /// `root` laid out in a window of `size` at `time` (seconds), with the scroll views at
    /// `scrollOffsets`; `memory` is last frame's and becomes this one's.
    public func frame(for root: ViewNode, in size: Size, time: Double = 0, scrollOffsets: [ViewID: Point] = [:],
                      transaction: Transaction? = nil, memory: inout ViewMemory) -> ViewFrame {
        let pass = LayoutPass(measuring: measuring)
        pass.memory = memory
        pass.scrollOffsets = scrollOffsets
        pass.time = time.isFinite ? time : 0
        pass.transaction = transaction
        pass.prefetchViewports = prefetchViewports
        pass.placesGridItems = placesGridItems
        pass.cachedLayouts = memory.layouts
        let window = Rect(x: 0, y: 0, width: size.width.isFinite ? max(0, size.width) : 0, height: size.height.isFinite ? max(0, size.height) : 0)
        let proposal = ProposedViewSize(window.size)
        let env = LayoutEnvironment()
        let s = pass.size(root, proposal, env)
        let ctx = LayoutPass.PlaceContext(id: .root, parent: -1, scrollView: -1, space: .root, spaceOrigin: .zero, visible: window,
                                          animation: transaction?.animation, transition: nil, opacity: 1, gridItem: nil)
        // The root is centred in the window, as SwiftUI centres a view in its window.
        pass.place(root, pass.aligned(s, in: window, .center), proposal, env, ctx)
        var next = pass.resolveMotion()
        next.layouts = pass.usedLayouts
        let moving = next.isAnimating(at: pass.time)
        memory = next
        let placed = pass.placed
        let grids = pass.grids.map { g in
            GridFacts(id: g.id, layout: g.model.layout, origin: g.origin, extent: g.model.extent, viewport: g.viewport,
                      materialized: g.items.map { PlacedItem(index: $0.index, frame: placed[$0.placed].frame) }.sorted { $0.index < $1.index },
                      sizing: g.model.sizing, sizingNotes: g.model.notes, model: g.model)
        }
        let taps = pass.taps.compactMap { t -> TapTarget? in
            guard t.placed < placed.count else { return nil }
            var t = t
            t.frame = placed[t.placed].frame
            return t
        }
        return ViewFrame(size: window.size, placed: placed, drawing: pass.drawing, taps: taps, scrollViews: pass.scrolls, grids: grids,
                         navigationTitle: pass.navigationTitle, toolbar: pass.toolbar, notes: pass.notes, isAnimating: moving,
                         explicitIDs: pass.explicitIDs.filter { $0.value < placed.count }, info: pass.info)
    }

    /// `root` laid out once, with nothing remembered (a still picture).
    public func frame(for root: ViewNode, in size: Size, scrollOffsets: [ViewID: Point] = [:]) -> ViewFrame {
        var memory = ViewMemory()
        return frame(for: root, in: size, scrollOffsets: scrollOffsets, memory: &memory)
    }

    public func frame<V: View>(for view: V, in size: Size, scrollOffsets: [ViewID: Point] = [:]) -> ViewFrame {
        frame(for: view.viewNode, in: size, scrollOffsets: scrollOffsets)
    }
}
