import GridCore

/// `VStack`, `HStack` and `ZStack`, as SwiftUI lays them out: along the stack's axis the children
/// are offered the space left in turn, the least flexible first (flexibility: how much a child's
/// length changes between an offer of 0 and of infinity), each an even share of what remains; the
/// stack is as long as its children and the gaps between them, and as wide as its widest child.
/// A `Spacer` grows along the axis only, from its minimum length.
extension LayoutPass {
    func stackAxis(_ kind: StackKind) -> Axis { kind == .horizontal ? .horizontal : .vertical }

    func stackSize(_ kind: StackKind, _ spacing: Double?, _ children: [ViewNode], _ p: ProposedViewSize,
                   _ env: LayoutEnvironment) -> Size {
        if kind == .depth {
            var s = Size.zero
            for c in children {
                let cs = memoSize(c, p, env)
                s = Size(width: max(s.width, cs.width), height: max(s.height, cs.height))
            }
            return s
        }
        let axis = stackAxis(kind)
        let sizes = distribute(axis, spacing, children, p, env)
        var main = gaps(spacing, children.count), cross = 0.0
        for s in sizes {
            main += s[axis]
            cross = max(cross, s[axis.other])
        }
        return Size(axis: axis, main: main, cross: cross)
    }

    func gaps(_ spacing: Double?, _ count: Int) -> Double {
        Double(max(0, count - 1)) * max(0, spacing ?? LayoutPass.systemSpacing)
    }

    /// Each child's size in a stack offered `p`.
    func distribute(_ axis: Axis, _ spacing: Double?, _ children: [ViewNode], _ p: ProposedViewSize,
                    _ env: LayoutEnvironment) -> [Size] {
        let cross = p[axis.other]
        func offer(_ along: Double?) -> ProposedViewSize {
            var q = ProposedViewSize(width: nil, height: nil)
            q[axis] = along
            q[axis.other] = cross
            return q
        }
        guard let along = p[axis] else {
            return children.map { childSize($0, axis, offer(nil), env) }
        }
        let flexibility = children.map { c -> Double in
            let most = childSize(c, axis, offer(.infinity), env)[axis], least = childSize(c, axis, offer(0), env)[axis]
            let f = most - least
            return f.isNaN ? .infinity : f
        }
        let order = children.indices.sorted { flexibility[$0] < flexibility[$1] || flexibility[$0] == flexibility[$1] && $0 < $1 }
        var remaining = along - gaps(spacing, children.count)
        var sizes = Array(repeating: Size.zero, count: children.count)
        for (k, i) in order.enumerated() {
            let share = max(0, remaining / Double(children.count - k))
            let s = childSize(children[i], axis, offer(share.isFinite ? share : .infinity), env)
            sizes[i] = s
            remaining -= s[axis]
        }
        return sizes
    }

    /// A child's size in a stack along `axis`: a spacer there grows along the axis only.
    func childSize(_ c: ViewNode, _ axis: Axis, _ p: ProposedViewSize, _ env: LayoutEnvironment) -> Size {
        if case .content(.spacer(let minLength)) = c.kind {
            let m = minLength ?? LayoutPass.systemSpacing
            return Size(axis: axis, main: max(m, p[axis] ?? m), cross: 0)
        }
        return memoSize(c, p, env)
    }
}
