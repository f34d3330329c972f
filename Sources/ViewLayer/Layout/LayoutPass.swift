import GridCore

/// One layout of one tree: sizes (proposal → size, as SwiftUI's layout protocol answers it), then
/// placement into frames and drawing (`LayoutPass+Place`). A stack asks a child its size several
/// times; the pass remembers each answer, so a tree of any depth is measured in time proportional
/// to its size.
final class LayoutPass {
    let measuring: ViewMeasuring
    var memo: [MemoKey: Size] = [:]
    var generation = 0
    /// Grid layouts made this pass, by grid node and extent.
    var gridModels: [GridKey: GridModel] = [:]
    var notes: [String] = []
    /// Grid layouts kept from the last frame, by what they were made from, and those used now.
    var cachedLayouts: [GridSignature: LazyGridLayout] = [:]
    var usedLayouts: [GridSignature: LazyGridLayout] = [:]

    // What placement reads: last frame's memory, the scroll offsets the host keeps, the clock, the
    // event's animation, and how far beyond a scroll view's viewport lazy grids make items.
    var memory = ViewMemory()
    var scrollOffsets: [ViewID: Point] = [:]
    var time = 0.0
    var transaction: Transaction?
    var prefetchViewports = 0.5
    var placesGridItems = true

    // What placement writes.
    var placed: [PlacedView] = []
    var info: [PlacedInfo] = []
    var drawing: [Drawing] = []
    /// An `.animation(_:value:)` saw its value change this frame: something may animate.
    var valueChanged = false
    var taps: [TapTarget] = []
    var scrolls: [ScrollViewFrame] = []
    var grids: [GridRecord] = []
    var matches: [(match: ViewMemory.Match, placed: Int)] = []
    var seeds: [Int: Rect] = [:]
    var values: [ViewID: AnyHashable] = [:]
    var navigationTitle: String?
    var toolbar: [ViewNode] = []
    var explicitIDs: [AnyHashable: Int] = [:]

    /// A grid placed this frame: its facts and the items it made, by placed view.
    struct GridRecord {
        let id: ViewID
        let model: GridModel
        let origin: Point
        let viewport: Rect?
        var items: [(index: Int, placed: Int, item: ViewMemory.DrawnItem)]
        let space: ViewID
        let spaceOrigin: Point
    }

    struct MemoKey: Hashable {
        let node: ObjectIdentifier
        let width: Double?, height: Double?
        let environment: Int
    }

    struct GridKey: Hashable {
        let node: ObjectIdentifier
        let extent: Double
    }

    init(measuring: ViewMeasuring) { self.measuring = measuring }

    // MARK: - Sizes

    func size(_ node: ViewNode, _ p: ProposedViewSize, _ env: LayoutEnvironment) -> Size {
        switch node.kind {
        case .content(let c): return contentSize(node, c, p, env)
        case .modified(let inner, let m): return modifiedSize(inner, m, p, env)
        }
    }

    /// `size` remembered for this pass: what stacks ask their children.
    func memoSize(_ node: ViewNode, _ p: ProposedViewSize, _ env: LayoutEnvironment) -> Size {
        let key = MemoKey(node: ObjectIdentifier(node), width: p.width, height: p.height, environment: env.generation)
        if let s = memo[key] { return s }
        let s = size(node, p, env)
        memo[key] = s
        return s
    }

    func contentSize(_ node: ViewNode, _ c: ViewContent, _ p: ProposedViewSize, _ env: LayoutEnvironment) -> Size {
        switch c {
        case .empty, .toolbarItem:
            return .zero
        case .text(let s):
            let limit = p.width.flatMap { $0.isFinite ? max(0, $0) : nil }
            return measuring.size(of: s, font: env.resolvedFont, maxWidth: limit)
        case let .image(source, resizable):
            let natural = naturalSize(source, env)
            return resizable ? p.replacingUnspecifiedDimensions(by: natural) : natural
        case .color:
            // A colour (a shape) takes what it is offered; asked its ideal size, it is 10 × 10.
            return p.replacingUnspecifiedDimensions(by: Size(width: 10, height: 10))
        case .spacer(let minLength):
            let m = minLength ?? LayoutPass.systemSpacing
            return Size(width: max(m, p.width ?? m), height: max(m, p.height ?? m))
        case let .stack(kind, _, spacing, children):
            return stackSize(kind, spacing, flatten(children), p, env)
        case let .scroll(axes, _, children):
            let content = scrollContentSize(axes, children, p, env)
            return p.replacingUnspecifiedDimensions(by: content)
        case let .grid(description, children):
            let model = gridModel(node, description, children, extent: gridExtent(description, p), env)
            return model.layout.contentSize
        case .navigation(let children):
            // A navigation stack fills what it is offered; its content stacks inside it.
            return p.replacingUnspecifiedDimensions(by: stackSize(.vertical, nil, flatten(children), p, env))
        case .forEach, .section, .group:
            let children = flatten([node])
            if children.count == 1 { return size(children[0], p, env) }
            return stackSize(.vertical, nil, children, p, env)
        case .button(_, let label):
            return stackSize(.horizontal, nil, flatten(label), p, env)
        }
    }

    func modifiedSize(_ inner: ViewNode, _ m: Modifier, _ p: ProposedViewSize, _ env: LayoutEnvironment) -> Size {
        switch m {
        case let .frame(width, height, _):
            let child = size(inner, ProposedViewSize(width: width ?? p.width, height: height ?? p.height), env)
            return Size(width: width ?? child.width, height: height ?? child.height)
        case .flexibleFrame(let f):
            return flexibleFrameSize(f, inner, p, env).size
        case .padding(let e):
            let child = size(inner, ProposedViewSize(width: p.width.map { max(0, $0 - e.horizontal) },
                                                     height: p.height.map { max(0, $0 - e.vertical) }), env)
            return Size(width: child.width + e.horizontal, height: child.height + e.vertical)
        case let .aspectRatio(ratio, mode):
            return size(inner, aspectProposal(inner, ratio, mode, p, env), env)
        case .font, .fontWeight, .foregroundColor, .tint:
            return size(inner, p, environment(env, m))
        default:
            return size(inner, p, env)
        }
    }

    // MARK: - Content

    /// SwiftUI's default spacing between views (stacks, spacers), and a lazy grid's.
    static let systemSpacing = 8.0

    func naturalSize(_ source: ImageSource, _ env: LayoutEnvironment) -> Size {
        switch source {
        case .system(let name): return measuring.naturalSize(ofSymbol: name, font: env.resolvedFont)
        case .named(let name):
            guard let s = measuring.naturalSize(ofImage: name), s.width > 0, s.height > 0, s.width.isFinite, s.height.isFinite else {
                return (measuring as? EstimatedMeasuring)?.placeholder ?? Size(width: 100, height: 100)
            }
            return s
        }
    }

    /// The environment inside an environment modifier.
    func environment(_ env: LayoutEnvironment, _ m: Modifier) -> LayoutEnvironment {
        var e = env
        switch m {
        case .font(let f): e.font = f
        case .fontWeight(let w): e.fontWeight = w
        case .foregroundColor(let c): e.foreground = c
        case .tint(let c): e.tint = c
        default: return env
        }
        generation += 1
        e.generation = generation
        return e
    }

    /// The views a container lays out: groups, sections and `ForEach`es opened into their views (a
    /// `ForEach` in a stack makes all its elements, up to `ForEachContent.eagerLimit`).
    func flatten(_ nodes: [ViewNode]) -> [ViewNode] {
        var result: [ViewNode] = []
        walk(nodes, in: .root, identifying: false) { n, _ in result.append(n) }
        return result
    }

    /// `flatten`, each view with its identity as SwiftUI gives it: its place as written in its
    /// container (`child(i)`), a group's or a section's views under their group's place, a
    /// `ForEach`'s views by their element's id — not their position in the opened list, so an `if`
    /// that shows nothing keeps its place and the views after it keep theirs.
    func identified(_ nodes: [ViewNode], in parent: ViewID) -> [(node: ViewNode, id: ViewID)] {
        var result: [(node: ViewNode, id: ViewID)] = []
        walk(nodes, in: parent, identifying: true) { result.append(($0, $1)) }
        return result
    }

    /// The one walk of both: sizes ask for the views many times a pass and need no identities (an
    /// element's id can cost a snippet's evaluation), placement asks once and does.
    private func walk(_ nodes: [ViewNode], in parent: ViewID, identifying: Bool, _ visit: (ViewNode, ViewID) -> Void) {
        func add(_ n: ViewNode, _ id: ViewID) {
            guard case .content(let c) = n.kind else { visit(n, id); return }
            switch c {
            case .group(let children):
                for (j, k) in children.enumerated() { add(k, identifying ? id.child(j) : id) }
            case let .section(header, content, footer):
                for (j, k) in (header + content + footer).enumerated() { add(k, identifying ? id.child(j) : id) }
            case .forEach(let f):
                let n = min(f.count, ForEachContent.eagerLimit)
                if f.count > n { note("a ForEach of \(f.count) elements outside a lazy grid shows its first \(n)") }
                for e in 0..<n {
                    for (position, v) in f.views(e).enumerated() { add(v, identifying ? id.element(f.id(e), position: position) : id) }
                }
            case .empty: break
            default: visit(n, id)
            }
        }
        for (i, n) in nodes.enumerated() { add(n, identifying ? parent.child(i) : parent) }
    }

    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    // MARK: - Frames and aspect ratio

    /// A flexible frame's size for proposal `p`, and what it proposes its child, per axis as
    /// SwiftUI documents it: an unspecified proposal becomes the ideal size; the child is offered
    /// the proposal clamped to min … max; the frame is the child's size pulled toward the proposal,
    /// at least min and at most max.
    func flexibleFrameSize(_ f: FlexibleFrame, _ inner: ViewNode, _ p: ProposedViewSize,
                           _ env: LayoutEnvironment) -> (size: Size, child: ProposedViewSize, childSize: Size) {
        func offered(_ axis: Axis) -> Double? {
            let (lo, ideal, hi) = f.bounds(axis)
            guard var q = p[axis] ?? ideal else { return nil }
            if let lo = lo { q = max(lo, q) }
            if let hi = hi { q = min(hi, q) }
            return q
        }
        let childProposal = ProposedViewSize(width: offered(.horizontal), height: offered(.vertical))
        let child = size(inner, childProposal, env)
        func resolve(_ axis: Axis) -> Double {
            let (lo, ideal, hi) = f.bounds(axis)
            var r = child[axis]
            if let q = p[axis] ?? ideal {
                if let lo = lo { r = max(lo, min(r, q)) }
                if let hi = hi { r = min(hi, max(r, q)) }
            } else {
                if let lo = lo { r = max(lo, r) }
                if let hi = hi { r = min(hi, r) }
            }
            return r
        }
        return (Size(width: resolve(.horizontal), height: resolve(.vertical)), childProposal, child)
    }

    /// What `.aspectRatio(ratio, contentMode:)` offers its content: the largest size of that ratio
    /// inside the proposal (fit) or the smallest around it (fill); the content's own ratio when nil.
    func aspectProposal(_ inner: ViewNode, _ ratio: Double?, _ mode: ContentMode, _ p: ProposedViewSize,
                        _ env: LayoutEnvironment) -> ProposedViewSize {
        let natural = size(inner, .unspecified, env)
        let r: Double
        if let given = ratio, given.isFinite, given > 0 { r = given } else {
            r = natural.height > 0 && natural.width > 0 ? natural.width / natural.height : 1
        }
        let w = p.width.flatMap { $0.isFinite ? $0 : nil }, h = p.height.flatMap { $0.isFinite ? $0 : nil }
        switch (w, h) {
        case (nil, nil):
            return ProposedViewSize(width: natural.width, height: natural.width / r)
        case (let w?, nil):
            return ProposedViewSize(width: w, height: w / r)
        case (nil, let h?):
            return ProposedViewSize(width: h * r, height: h)
        case (let w?, let h?):
            let wider = w / max(h, .leastNonzeroMagnitude) > r
            // Fit: bounded by the tighter side; fill: by the looser one.
            if wider == (mode == .fit) { return ProposedViewSize(width: h * r, height: h) }
            return ProposedViewSize(width: w, height: w / r)
        }
    }

    // MARK: - Scroll views

    /// The axis a scroll view's children stack along (vertical unless it scrolls only horizontally).
    static func scrollAxis(_ axes: Axis.Set) -> Axis { axes == .horizontal ? .horizontal : .vertical }

    /// Its content is offered unlimited length along the scrolling axes and the proposal across.
    func scrollContentProposal(_ axes: Axis.Set, _ p: ProposedViewSize) -> ProposedViewSize {
        ProposedViewSize(width: axes.contains(.horizontal) ? nil : p.width, height: axes.contains(.vertical) ? nil : p.height)
    }

    func scrollContentSize(_ axes: Axis.Set, _ children: [ViewNode], _ p: ProposedViewSize, _ env: LayoutEnvironment) -> Size {
        let kind: StackKind = LayoutPass.scrollAxis(axes) == .vertical ? .vertical : .horizontal
        return stackSize(kind, nil, flatten(children), scrollContentProposal(axes, p), env)
    }

    /// The extent a grid is proposed across its tracks; unlimited or unspecified is none.
    func gridExtent(_ g: GridDescription, _ p: ProposedViewSize) -> Double {
        let e = g.axis == .vertical ? p.width : p.height
        guard let v = e, v.isFinite, v > 0 else { return 0 }
        return v
    }
}
