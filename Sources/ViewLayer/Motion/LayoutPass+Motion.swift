import GridCore
import GridMotion

/// The animator: after placement, each view's target is compared with last frame's (in the
/// coordinates of its scroll view's content, so scrolling never animates). A view whose target
/// moved in a frame where an animation is in force for it (`.animation(_:value:)` whose value
/// changed, or the event's `withAnimation`) moves there from where it is drawn, additively (a change
/// mid-flight carries on from the current position and speed); a change without one jumps, keeping
/// what is still in flight. A view without motion of its own moves with a parent in flight or in
/// transition; one new this frame comes in by its transition (a fade by default); a view gone from the tree fades out where it was; one that matches a view
/// removed in the same change (`matchedGeometryEffect`) flies from that view's frame, drawn above
/// everything until it lands.
extension LayoutPass {
    func resolveMotion() -> ViewMemory {
        var next = ViewMemory()
        next.values = values
        // A frame with no animation in force anywhere and nothing in flight draws every view where
        // layout put it: it only has to be remembered (a scrolled frame is one).
        let quiet = transaction == nil && !valueChanged && seeds.isEmpty && memory.motions.isEmpty && memory.departures.isEmpty
        if !quiet { animate(&next) }
        for (match, i) in matches { next.matched[match] = (placed[i].id, placed[i].frame) }
        for g in grids {
            next.grids[g.id] = ViewMemory.Grid(layout: g.model.layout, signature: g.model.signature,
                                               origin: Point(x: g.origin.x - g.spaceOrigin.x, y: g.origin.y - g.spaceOrigin.y),
                                               space: g.space, drawn: g.items.map { (placed[$0.placed].id, $0.item) })
        }
        next.lastPlaced = placed
        next.lastInfo = info
        next.lastDrawing = drawing
        return next
    }

    /// The last frame's view of each identity, in the same space.
    func lastViews() -> [ViewID: Int] {
        var index: [ViewID: Int] = [:]
        index.reserveCapacity(memory.lastPlaced.count)
        for (i, v) in memory.lastPlaced.enumerated() { index[v.id] = i }
        return index
    }

    func animate(_ next: inout ViewMemory) {
        let last = lastViews()
        func old(_ i: Int) -> (target: Rect, drawn: Rect)? {
            guard let k = last[placed[i].id], memory.lastInfo[k].space == info[i].space else { return nil }
            let o = memory.lastInfo[k]
            return (o.local(memory.lastPlaced[k].target), o.local(memory.lastPlaced[k].frame))
        }
        var flightStart = Set<Int>()
        var replaced = Set<ViewID>()
        for (match, i) in matches {
            guard let was = memory.matched[match], was.view != placed[i].id, last[placed[i].id] == nil, info[i].animation != nil else { continue }
            seeds[i] = info[i].local(was.frame)
            flightStart.insert(i)
            replaced.insert(was.view)
        }
        var isNew = Array(repeating: false, count: placed.count)
        var fade = Array(repeating: 1.0, count: placed.count)
        var inFlight = Array(repeating: false, count: placed.count)
        // Moved by a geometry effect (a flight, a transition), which carries what is inside it whole.
        var effect = Array(repeating: false, count: placed.count)
        for i in placed.indices {
            let id = placed[i].id, parent = placed[i].parent, v = info[i]
            let local = v.local(placed[i].target)
            var m = memory.motions[id] ?? ViewMemory.Motion()
            var drawnLocal = local
            if let seed = seeds[i] {
                m = ViewMemory.Motion()
                if let a = v.animation {
                    var r = AnimatedRect(seed)
                    r.set(local, animation: a, at: time)
                    m.rect = r
                    m.flight = flightStart.contains(i)
                }
            } else if let was = old(i) {
                if was.target != local {
                    if let a = v.animation {
                        if m.rect == nil { m.rect = AnimatedRect(was.drawn) }
                        m.rect!.set(local, animation: a, at: time)
                    } else if m.rect != nil {
                        m.rect!.shift(by: local, from: was.target)
                    }
                }
            } else {
                isNew[i] = true
                m = ViewMemory.Motion()
                let parentIsNew = parent >= 0 && isNew[parent]
                if !parentIsNew, let a = v.animation, v.transition?.parts != [.identity] {
                    var appear = AnimatedValue(0)
                    appear.set(1, animation: a, at: time)
                    m.appearance = appear
                }
            }
            if let r = m.rect, r.isAnimating(at: time) { drawnLocal = r.value(at: time) } else { m.rect = nil; m.flight = false }
            if let a = m.appearance, !a.isAnimating(at: time) { m.appearance = nil }
            var drawn = drawnLocal.offsetBy(dx: v.spaceOrigin.x, dy: v.spaceOrigin.y)
            if parent >= 0 {
                let p = placed[parent]
                // A view with no motion of its own moves with a parent a geometry effect moves (a
                // flight, a transition). A parent that only animates its own frame does not carry
                // it: as in SwiftUI, a view inserted into a moving container appears at its place.
                if m.rect == nil, p.frame != p.target, effect[parent] {
                    drawn = LayoutPass.follow(placed[i].target, p.target, p.frame)
                    effect[i] = true
                }
                fade[i] = fade[parent]
                inFlight[i] = inFlight[parent]
            }
            if let a = m.appearance {
                let progress = min(max(a.value(at: time), 0), 1)
                let t = v.transition ?? .opacity
                if t.fades { fade[i] *= progress }
                drawn = LayoutPass.appearing(drawn, t, progress)
                effect[i] = true
            }
            if m.flight { effect[i] = true }
            inFlight[i] = inFlight[i] || m.flight
            placed[i].frame = drawn
            if m.rect != nil || m.appearance != nil { next.motions[id] = m }
        }
        next.departures = departures(replaced: replaced, present: last.isEmpty ? [:] : currentViews())
        for d in memory.departures where d.opacity.isAnimating(at: time) { next.departures.append(d) }
        // What the frame draws: views in flight after everything else, above every container.
        var final: [Drawing] = []
        final.reserveCapacity(drawing.count)
        for d in next.departures {
            let o = min(max(d.opacity.value(at: time), 0), 1)
            for var item in d.drawing { item.opacity *= o; final.append(item) }
        }
        var hoisted: [Drawing] = []
        for var item in drawing {
            item.frame = placed[item.owner].frame
            item.opacity *= fade[item.owner]
            if inFlight[item.owner] { hoisted.append(item) } else { final.append(item) }
        }
        drawing = final + hoisted
    }

    func currentViews() -> [ViewID: Int] {
        var index: [ViewID: Int] = [:]
        index.reserveCapacity(placed.count)
        for (i, v) in placed.enumerated() { index[v.id] = i }
        return index
    }

    /// Views of the last frame gone from this one (not merely scrolled out of a lazy grid, not
    /// replaced by a matched view) that left in an animated change: their drawing, fading out.
    func departures(replaced: Set<ViewID>, present: [ViewID: Int]) -> [Departure] {
        let last = memory.lastPlaced
        guard !last.isEmpty else { return [] }
        let ends = LayoutPass.subtreeEnds(last)
        var liveGrids: [ViewID: GridRecord] = [:]
        for g in grids { liveGrids[g.id] = g }
        var result: [Departure] = []
        var j = 0
        while j < last.count {
            let v = last[j]
            let end = ends[j]
            guard present[v.id] == nil else { j += 1; continue }
            // Still in its grid, only out of view: not gone.
            if let ref = memory.lastInfo[j].gridItem, let g = liveGrids[ref.grid],
               let d = memory.grids[ref.grid]?.drawn.first(where: { $0.item.ref == ref })?.item,
               g.model.index(ofElement: ref.element, position: d.position, run: d.run) != nil {
                j = end; continue
            }
            if (j..<end).contains(where: { replaced.contains(last[$0].id) }) { j = end; continue }
            let parentNow = v.parent >= 0 ? present[last[v.parent].id] : nil
            let animation: Animation? = parentNow.flatMap { info[$0].animation } ?? transaction?.animation
            if let animation = animation, memory.lastInfo[j].transition?.parts != [.identity] {
                let items = memory.lastDrawing.filter { $0.owner >= j && $0.owner < end }
                if !items.isEmpty {
                    var o = AnimatedValue(1)
                    o.set(0, animation: animation, at: time)
                    result.append(Departure(drawing: items, opacity: o))
                }
            }
            j = end
        }
        return result
    }

    /// For each placed view, the index after the last of its descendants (they follow it in order).
    static func subtreeEnds(_ placed: [PlacedView]) -> [Int] {
        var end = Array(0..<placed.count).map { $0 + 1 }
        for i in placed.indices.reversed() where placed[i].parent >= 0 {
            end[placed[i].parent] = max(end[placed[i].parent], end[i])
        }
        return end
    }

    /// A child's frame carried by its parent's motion: the parent's displacement and scale applied.
    static func follow(_ child: Rect, _ parentTarget: Rect, _ parentDrawn: Rect) -> Rect {
        let sx = parentTarget.width > 0 ? parentDrawn.width / parentTarget.width : 1
        let sy = parentTarget.height > 0 ? parentDrawn.height / parentTarget.height : 1
        return Rect(x: parentDrawn.minX + (child.minX - parentTarget.minX) * sx, y: parentDrawn.minY + (child.minY - parentTarget.minY) * sy,
                    width: child.width * sx, height: child.height * sy)
    }

    /// A view coming in: scaled up from its centre, or moved in from an edge, `progress` of the way.
    static func appearing(_ r: Rect, _ t: AnyTransition, _ progress: Double) -> Rect {
        var f = r
        for part in t.parts {
            switch part {
            case .scale(let from):
                let s = from + (1 - from) * progress
                f = Rect(x: f.midX - f.width * s / 2, y: f.midY - f.height * s / 2, width: f.width * s, height: f.height * s)
            case .move(let edge):
                let d = 1 - progress
                switch edge {
                case .leading: f = f.offsetBy(dx: -f.width * d, dy: 0)
                case .trailing: f = f.offsetBy(dx: f.width * d, dy: 0)
                case .top: f = f.offsetBy(dx: 0, dy: -f.height * d)
                case .bottom: f = f.offsetBy(dx: 0, dy: f.height * d)
                }
            case .slide: f = f.offsetBy(dx: -f.width * (1 - progress), dy: 0)
            case .identity, .opacity: break
            }
        }
        return f
    }
}

extension AnimatedRect {
    /// The target moved from `old` to `new` without an animation: everything moves by as much, and
    /// what is still in flight carries on on top of it.
    mutating func shift(by new: Rect, from old: Rect) {
        x.shift(by: new.minX - old.minX); y.shift(by: new.minY - old.minY)
        width.shift(by: new.width - old.width); height.shift(by: new.height - old.height)
    }
}
