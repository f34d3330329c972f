import GridCore
import GridMotion

/// Placement: each view put in the frame its parent gives it (its own size, aligned), with what it
/// draws, the taps it answers, the scroll views and grids it makes. Frames here are targets; the
/// animator then moves views that are in flight (`LayoutPass+Motion`).
extension LayoutPass {
    struct PlaceContext {
        var id: ViewID
        var parent: Int
        var scrollView: Int
        var space: ViewID
        var spaceOrigin: Point
        /// The window area that can be seen from here: lazy grids make only what falls in it.
        var visible: Rect
        var animation: Animation?
        var transition: AnyTransition?
        var opacity: Double
        var gridItem: GridItemRef?
    }

    /// Places `node` in `rect`, where `p` is what its parent proposed; returns its outermost placed view.
    @discardableResult
    func place(_ node: ViewNode, _ rect: Rect, _ p: ProposedViewSize, _ env: LayoutEnvironment, _ ctx: PlaceContext) -> Int {
        var depth = 0
        var n = node
        while case .modified(let inner, _) = n.kind { depth += 1; n = inner }
        let first = placed.count
        placeLevel(node, depth, rect, p, env, ctx)
        return first
    }

    func addPlaced(_ id: ViewID, _ rect: Rect, _ kind: PlacedView.Kind, _ ctx: PlaceContext) -> Int {
        placed.append(PlacedView(id: id, frame: rect, target: rect, parent: ctx.parent, scrollView: ctx.scrollView, kind: kind))
        info.append(PlacedInfo(animation: ctx.animation, transition: ctx.transition, space: ctx.space, spaceOrigin: ctx.spaceOrigin, gridItem: ctx.gridItem))
        return placed.count - 1
    }

    /// The placed view drawing done at a modifier that makes no view of its own belongs to: the next
    /// one placed (the view it modifies, in the same frame), or one made now if none was.
    func ensureOwner(_ owner: Int, _ rect: Rect, _ id: ViewID, _ ctx: PlaceContext) {
        if placed.count <= owner { _ = addPlaced(id, rect, .modifier, ctx) }
    }

    func draw(_ shape: Drawing.Shape, _ rect: Rect, owner: Int, _ ctx: PlaceContext) {
        drawing.append(Drawing(shape: shape, frame: rect, opacity: ctx.opacity, owner: owner))
    }

    func placeLevel(_ node: ViewNode, _ level: Int, _ rect: Rect, _ p: ProposedViewSize, _ env: LayoutEnvironment, _ ctx: PlaceContext) {
        switch node.kind {
        case .content(let c): placeContent(node, c, rect, p, env, ctx)
        case .modified(let inner, let m): placeModifier(inner, m, level, rect, p, env, ctx)
        }
    }

    // MARK: - Modifiers

    func placeModifier(_ inner: ViewNode, _ m: Modifier, _ level: Int, _ rect: Rect, _ p: ProposedViewSize,
                       _ env: LayoutEnvironment, _ outer: PlaceContext) {
        var ctx = outer
        // A modifier's own context: what it changes applies to its level and the views inside.
        switch m {
        case .id(let x):
            ctx.id = outer.id.element(x, position: -1)
        case .branch(let b):
            ctx.id = outer.id.part("branch", b)
        case let .animation(animation, value):
            let key = outer.id.level(level)
            values[key] = value
            if let old = memory.values[key], old != value {
                ctx.animation = animation
                valueChanged = true
            }
        case .transition(let t):
            ctx.transition = t
        case .opacity(let o):
            ctx.opacity *= o.isFinite ? min(max(o, 0), 1) : 1
        default: break
        }
        // Modifiers that size or place, or fly, are views of their own; the others (fonts, clips,
        // taps …) draw in and answer for the frame of the view they modify, the next one placed.
        let me: Int
        switch m {
        case .frame, .flexibleFrame, .padding, .aspectRatio, .background, .matchedGeometryEffect:
            me = addPlaced(outer.id.level(level), rect, .modifier, ctx)
            ctx.parent = me
        default:
            me = placed.count
        }
        defer { ensureOwner(me, rect, outer.id.level(level), outer) }
        let next = level - 1
        let innerID = ctx.id
        func child(_ r: Rect, _ q: ProposedViewSize, _ e: LayoutEnvironment = env) {
            var c = ctx
            c.id = innerID
            placeLevel(inner, next, r, q, e, c)
        }
        switch m {
        case let .frame(width, height, alignment):
            let q = ProposedViewSize(width: width ?? p.width, height: height ?? p.height)
            child(aligned(size(inner, q, env), in: rect, alignment), q)
        case .flexibleFrame(let f):
            let (_, q, s) = flexibleFrameSize(f, inner, p, env)
            child(aligned(s, in: rect, f.alignment), q)
        case .padding(let e):
            let q = ProposedViewSize(width: p.width.map { max(0, $0 - e.horizontal) }, height: p.height.map { max(0, $0 - e.vertical) })
            child(e.inset(rect), q)
        case let .aspectRatio(ratio, mode):
            let q = aspectProposal(inner, ratio, mode, p, env)
            child(aligned(size(inner, q, env), in: rect, .center), q)
        case let .background(content, alignment):
            var c = ctx
            c.id = outer.id.level(level).part("background")
            let s = size(content, ProposedViewSize(rect.size), env)
            place(content, aligned(s, in: rect, alignment), ProposedViewSize(rect.size), env, c)
            child(rect, p)
        case .font, .fontWeight, .foregroundColor, .tint:
            child(rect, p, environment(env, m))
        case .cornerRadius(let r):
            draw(.pushClip(cornerRadius: max(0, r)), rect, owner: me, ctx)
            child(rect, p)
            draw(.popClip, rect, owner: me, ctx)
        case .clipped:
            draw(.pushClip(cornerRadius: 0), rect, owner: me, ctx)
            child(rect, p)
            draw(.popClip, rect, owner: me, ctx)
        case let .shadow(color, radius, x, y):
            // A shadow is cast by the view's shape: its frame, rounded by a corner radius just inside.
            var corner = 0.0
            if case .modified(_, .cornerRadius(let r)) = inner.kind { corner = r }
            draw(.shadow(color, radius: max(0, radius), x: x, y: y, cornerRadius: corner), rect, owner: me, ctx)
            child(rect, p)
        case let .onTapGesture(count, action):
            taps.append(TapTarget(id: outer.id.level(level), frame: rect, count: count, action: action, placed: me))
            child(rect, p)
        case let .matchedGeometryEffect(id, namespace, _):
            matches.append((ViewMemory.Match(namespace: namespace, id: id), me))
            child(rect, p)
        case .id(let x):
            explicitIDs[x] = me
            child(rect, p)
        case .navigationTitle(let title):
            if navigationTitle == nil { navigationTitle = title }
            child(rect, p)
        case .toolbar(let items):
            toolbar += flatten(items)
            child(rect, p)
        case .animation, .transition, .opacity, .unknown, .onAppear, .onChange, .branch:
            child(rect, p)
        }
    }

    /// A view of size `s` placed in `rect` by `alignment` (it may overflow `rect`).
    func aligned(_ s: Size, in rect: Rect, _ alignment: Alignment) -> Rect {
        Rect(x: rect.minX + (rect.width - s.width) * alignment.horizontal.fraction,
             y: rect.minY + (rect.height - s.height) * alignment.vertical.fraction, width: s.width, height: s.height)
    }

    // MARK: - Content

    func placeContent(_ node: ViewNode, _ c: ViewContent, _ rect: Rect, _ p: ProposedViewSize, _ env: LayoutEnvironment, _ ctx: PlaceContext) {
        switch c {
        case .empty, .toolbarItem:
            return
        case .text(let s):
            let me = addPlaced(ctx.id, rect, .text(s), ctx)
            draw(.text(s, env.resolvedFont, env.resolvedForeground), rect, owner: me, ctx)
        case .image(let source, _):
            let me = addPlaced(ctx.id, rect, .image(source), ctx)
            if case .system = source { draw(.image(source, env.resolvedForeground), rect, owner: me, ctx) } else { draw(.image(source, nil), rect, owner: me, ctx) }
        case .color(let color):
            let me = addPlaced(ctx.id, rect, .color, ctx)
            draw(.fill(color, cornerRadius: 0), rect, owner: me, ctx)
        case .spacer:
            _ = addPlaced(ctx.id, rect, .spacer, ctx)
        case let .stack(kind, alignment, spacing, children):
            let me = addPlaced(ctx.id, rect, .container, ctx)
            placeStack(kind, alignment, spacing, identified(children, in: ctx.id), rect, p, env, inside(ctx, me))
        case let .scroll(axes, shows, children):
            let me = addPlaced(ctx.id, rect, .container, ctx)
            placeScroll(axes, shows, children, rect, p, env, inside(ctx, me), owner: me)
        case let .grid(description, children):
            let me = addPlaced(ctx.id, rect, .container, ctx)
            placeGrid(node, description, children, rect, p, env, inside(ctx, me))
        case .navigation(let children):
            let me = addPlaced(ctx.id, rect, .container, ctx)
            let kids = identified(children, in: ctx.id)
            let s = stackSize(.vertical, nil, kids.map(\.node), ProposedViewSize(rect.size), env)
            placeStack(.vertical, .center, nil, kids, aligned(s, in: rect, .center), ProposedViewSize(rect.size), env, inside(ctx, me))
        case .forEach, .section, .group:
            let kids = identified([node], in: ctx.id)
            if kids.count == 1 { place(kids[0].node, rect, p, env, ctx); return }
            let me = addPlaced(ctx.id, rect, .container, ctx)
            placeStack(.vertical, .center, nil, kids, rect, p, env, inside(ctx, me))
        case let .button(action, label):
            let me = addPlaced(ctx.id, rect, .container, ctx)
            taps.append(TapTarget(id: ctx.id, frame: rect, count: 1, action: action, placed: me))
            placeStack(.horizontal, .center, nil, identified(label, in: ctx.id), rect, p, env, inside(ctx, me))
        }
    }

    /// The context of a container's children.
    func inside(_ ctx: PlaceContext, _ me: Int) -> PlaceContext {
        var c = ctx
        c.parent = me
        return c
    }

    /// `identified` holds the stack's views, each with its identity.
    func placeStack(_ kind: StackKind, _ alignment: Alignment, _ spacing: Double?, _ identified: [(node: ViewNode, id: ViewID)], _ rect: Rect,
                    _ p: ProposedViewSize, _ env: LayoutEnvironment, _ ctx: PlaceContext) {
        let children = identified.map(\.node)
        func childContext(_ i: Int) -> PlaceContext {
            var c = ctx
            c.id = identified[i].id
            return c
        }
        if kind == .depth {
            for (i, c) in children.enumerated() {
                place(c, aligned(memoSize(c, p, env), in: rect, alignment), p, env, childContext(i))
            }
            return
        }
        let axis = stackAxis(kind)
        let sizes = distribute(axis, spacing, children, p, env)
        let gap = max(0, spacing ?? LayoutPass.systemSpacing)
        let crossFraction = axis == .vertical ? alignment.horizontal.fraction : alignment.vertical.fraction
        var cursor = axis == .vertical ? rect.minY : rect.minX
        for (i, c) in children.enumerated() {
            let s = sizes[i]
            let r: Rect
            if axis == .vertical {
                r = Rect(x: rect.minX + (rect.width - s.width) * crossFraction, y: cursor, width: s.width, height: s.height)
            } else {
                r = Rect(x: cursor, y: rect.minY + (rect.height - s.height) * crossFraction, width: s.width, height: s.height)
            }
            cursor += s[axis] + gap
            var q = ProposedViewSize(width: nil, height: nil)
            q[axis] = s[axis]
            q[axis.other] = p[axis.other]
            place(c, r, q, env, childContext(i))
        }
    }

    func placeScroll(_ axes: Axis.Set, _ shows: Bool, _ children: [ViewNode], _ rect: Rect, _ p: ProposedViewSize,
                     _ env: LayoutEnvironment, _ outer: PlaceContext, owner: Int) {
        let kids = identified(children, in: outer.id)
        let axis = LayoutPass.scrollAxis(axes)
        let q = scrollContentProposal(axes, ProposedViewSize(rect.size))
        let content = stackSize(axis == .vertical ? .vertical : .horizontal, nil, kids.map(\.node), q, env)
        let id = placed[owner].id
        let asked = scrollOffsets[id] ?? .zero
        let maxX = max(0, content.width - rect.width), maxY = max(0, content.height - rect.height)
        let clamp = { (v: Double, hi: Double) in v.isFinite ? min(max(v, 0), hi) : 0 }
        let offset = Point(x: axes.contains(.horizontal) ? clamp(asked.x, maxX) : 0, y: axes.contains(.vertical) ? clamp(asked.y, maxY) : 0)
        // Content narrower than the scroll view across its axis is centred, as SwiftUI centres it.
        let origin = Point(x: rect.minX - offset.x + (axes.contains(.horizontal) ? 0 : max(0, rect.width - content.width) / 2),
                           y: rect.minY - offset.y + (axes.contains(.vertical) ? 0 : max(0, rect.height - content.height) / 2))
        scrolls.append(ScrollViewFrame(id: id, axes: axes, showsIndicators: shows, viewport: rect, contentSize: content, offset: offset))
        var ctx = outer
        ctx.scrollView = scrolls.count - 1
        ctx.space = id
        ctx.spaceOrigin = origin
        ctx.visible = intersection(rect, outer.visible)
        draw(.pushClip(cornerRadius: 0), rect, owner: owner, outer)
        placeStack(axis == .vertical ? .vertical : .horizontal, .center, nil, kids,
                   Rect(origin: origin, size: content), q, env, ctx)
        draw(.popClip, rect, owner: owner, outer)
    }

    func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
