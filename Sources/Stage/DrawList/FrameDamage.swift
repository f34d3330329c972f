import GridCore
import StageInterface

/// What a retained frame does to turn the last frame's pixels into this one's: move the pixels of
/// one scroll region (`move`), then draw again everything inside `damage`. Worked out from the two
/// frames' items alone (pure, so tests can check it without pixels).
///
/// Why it is exact. A pixel outside the moved area keeps its colour when the items touching it are
/// the same, in the same order, in both frames. Items are matched in order (each list walked once,
/// so matches never cross); an unmatched item's pixels are damage. Inside the moved area a pixel
/// shows the last frame's pixel `shift` away, which is right when the items touching it are the
/// last frame's items there, moved; again only those matched, in order, are trusted. Everything
/// else — the strip a scroll uncovers, whatever did not move with the content (a scroll bar, an
/// overlay), anything new or gone — is damage, drawn again from this frame's items.
struct FrameDamage {
    struct Move: Equatable {
        /// The scroll region (a clip), in pixels.
        var region: PixelRect
        /// How far its content moved, in pixels and in points.
        var dx: Int, dy: Int
        var points: (dx: Double, dy: Double)

        /// Pixels that take the colour of the pixel `shift` away: inside the region, from inside it.
        var area: PixelRect { region.intersection(region.offsetBy(dx: dx, dy: dy)) }

        static func == (a: Move, b: Move) -> Bool { a.region == b.region && a.dx == b.dx && a.dy == b.dy }
    }

    var move: Move?
    /// Disjoint rectangles inside the target.
    var damage: [PixelRect]

    var damagedArea: Int { damage.reduce(0) { $0 + $1.area } }

    /// Damage is gathered on tiles this many pixels square: a few dozen rectangles to redraw
    /// rather than one per changed item.
    static let tile = 32

    /// What is known of a changed item's pixels beyond its bounds (the canvas works it out).
    enum Coverage {
        case bounds
        /// It paints these whole in one colour (a plain rectangle fill).
        case solid(PixelRect)
        /// It never touches these (a stroke's hole).
        case hole(PixelRect)
    }

    static func between(_ old: [FrameItem], _ new: [FrameItem], target: PixelRect, scale: Double,
                        coverage: (FrameItem) -> Coverage = { _ in .bounds }) -> FrameDamage {
        // In place: items drawn the same, at the same place, in the same order.
        let kept = matchInOrder(old, new) { $1.drawsSame(as: $0) } key: { $0.key } newKey: { $0.key }
        let still = damage(old, new, kept: kept, move: nil, moved: nil, target: target, coverage: coverage)
        guard let m = scroll(old, new, scale: scale) else { return still }
        let shift = (dx: m.dx, dy: m.dy)
        let moved = matchInOrder(old, new) { o, n in
            n.drawsMoved(o, shift: shift, points: m.points, region: m.region)
        } key: { $0.movedKey(by: (0, 0)) } newKey: { $0.movedKey(by: m.points) }
        let scrolled = damage(old, new, kept: kept, move: m, moved: moved, target: target, coverage: coverage)
        // Moving pixels costs about an eighth of drawing them.
        return scrolled.damagedArea + m.area.area / 8 < still.damagedArea ? scrolled : still
    }

    typealias Matching = (newToOld: [Int?], oldMatched: [Bool])

    private static func damage(_ old: [FrameItem], _ new: [FrameItem], kept: Matching, move: Move?, moved: Matching?,
                               target: PixelRect, coverage: (FrameItem) -> Coverage) -> FrameDamage {
        var tiles = TileSet(target: target, tile: tile)
        let area = move?.area ?? PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        func outside(_ r: PixelRect) { for part in r.subtracting(area) { tiles.insert(part) } }
        func inside(_ r: PixelRect) { tiles.insert(r.intersection(area)) }
        // What an unmatched item can touch is its bounds, less a stroke's hole. (Written out in each
        // loop, not passed as a closure: these loops see every item of a scroll frame.)
        func hole(_ item: FrameItem) -> PixelRect? {
            guard case .stroke = item.command, case .hole(let h) = coverage(item), item.bounds.intersects(h) else { return nil }
            return h
        }
        let keptResized = resizedFills(old, new, kept, coverage: coverage)
        for i in new.indices where kept.newToOld[i] == nil && !keptResized.contains(new: i) {
            if let h = hole(new[i]) { for part in new[i].bounds.subtracting(h) { outside(part) } } else { outside(new[i].bounds) }
        }
        for j in old.indices where !kept.oldMatched[j] && !keptResized.contains(old: j) {
            if let h = hole(old[j]) { for part in old[j].bounds.subtracting(h) { outside(part) } } else { outside(old[j].bounds) }
        }
        for pair in keptResized.pairs {
            for part in changed(old[pair.old], new[pair.new], pair.solid, shift: (0, 0)) { outside(part) }
        }
        if let m = move, let found = moved {
            // The uncovered strip.
            for part in m.region.subtracting(area) { tiles.insert(part) }
            // A band laid over the scroll region along the whole move (an inspector's gap or track
            // edge over a scrolling grid) and kept in place paints each moved pixel what it painted
            // at the pixel the move brought there: those pixels are right as moved, so it counts as
            // matched. Only one drawn after everything that moved, in both frames, so that it lies
            // over the same content.
            var moved = found
            let lastMovedNew = moved.newToOld.lastIndex { $0 != nil } ?? -1, lastMovedOld = moved.oldMatched.lastIndex(of: true) ?? -1
            for i in new.indices where i > lastMovedNew && moved.newToOld[i] == nil {
                guard let j = kept.newToOld[i], j > lastMovedOld, !moved.oldMatched[j], isUniform(new[i], along: m, coverage: coverage) else { continue }
                moved.newToOld[i] = j
                moved.oldMatched[j] = true
            }
            let movedResized = resizedFills(old, new, moved, coverage: coverage)
            for i in new.indices where moved.newToOld[i] == nil && !movedResized.contains(new: i) {
                if let h = hole(new[i]) { for part in new[i].bounds.subtracting(h) { inside(part) } } else { inside(new[i].bounds) }
            }
            for j in old.indices where !moved.oldMatched[j] && !movedResized.contains(old: j) {
                let b = old[j].bounds.offsetBy(dx: m.dx, dy: m.dy)
                if let h = hole(old[j]) { for part in b.subtracting(h.offsetBy(dx: m.dx, dy: m.dy)) { inside(part) } } else { inside(b) }
            }
            for pair in movedResized.pairs {
                for part in changed(old[pair.old], new[pair.new], pair.solid, shift: (m.dx, m.dy)) { inside(part) }
            }
        }
        return FrameDamage(move: move, damage: tiles.rectangles())
    }

    /// Whether `item` paints the same colour all along the move through the moved region: a plain
    /// fill whose every pixel it paints whole (sharp, on whole pixels, at full strength) and that
    /// spans the region the whole way the content moves, from inside an unmoved clip. A moved pixel
    /// and the one it came from then get the same paint from it over the same content.
    static func isUniform(_ item: FrameItem, along m: Move, coverage: (FrameItem) -> Coverage) -> Bool {
        // `.solid` is a sharp fill on whole pixels: it paints exactly those pixels (its bounds only
        // allow a margin for fills drawn otherwise).
        guard case .fill = item.command, item.opacity >= 1, case .solid(let s) = coverage(item) else { return false }
        let r = m.region
        switch (m.dx, m.dy) {
        case (0, _): return s.y0 <= r.y0 && s.y1 >= r.y1
        case (_, 0): return s.x0 <= r.x0 && s.x1 >= r.x1
        default: return false
        }
    }

    /// Pairs items of `new` with items of `old` that `same` accepts, walking both in order: each new
    /// item takes the first acceptable old one after the last taken (found through `key`).
    static func matchInOrder(_ old: [FrameItem], _ new: [FrameItem], same: (FrameItem, FrameItem) -> Bool,
                             key: (FrameItem) -> Int, newKey: (FrameItem) -> Int) -> Matching {
        var byKey = KeyChains(count: old.count) { key(old[$0]) }
        var newToOld = [Int?](repeating: nil, count: new.count)
        var oldMatched = [Bool](repeating: false, count: old.count)
        var last = -1
        for (i, item) in new.enumerated() {
            // The first candidate after the last match, then the rest of its group in list order.
            var candidate = byKey.firstAfter(newKey(item), last)
            while let j = candidate {
                if same(old[j], item) {
                    newToOld[i] = j
                    oldMatched[j] = true
                    last = j
                    break
                }
                candidate = byKey.next(after: j)
            }
        }
        return (newToOld, oldMatched)
    }

    /// The scroll between the two frames, if one region's content moved by whole pixels: the region
    /// (a clip both frames have) whose items most often reappear moved by one same offset. Only
    /// items whose look occurs at most a few times vote, so rows of identical cells do not drown
    /// the offset in their pitch, and none that is also where it was.
    static func scroll(_ old: [FrameItem], _ new: [FrameItem], scale: Double) -> Move? {
        // Whole pixels must be a whole number of 1/1024 points: scales that are powers of two.
        guard scale > 0, scale.isFinite, scale == Double(sign: .plus, exponent: scale.exponent, significand: 1) else { return nil }
        let placed = old.filter { !$0.levels.isEmpty && $0.anchor != nil }
        let looks = KeyChains(count: placed.count) { placed[$0].look }
        /// The last frame's items that look like one, in list order.
        func seen(_ look: Int) -> UnfoldSequence<FrameItem, Int?> {
            sequence(state: looks.first(look)) { p in
                guard let j = p else { return nil }
                p = looks.next(after: j)
                return placed[j]
            }
        }
        // Where each was, for a look seen many times (built when one is): whether an item is where it
        // was is then one lookup, not a walk through every item that looks like it.
        var places: KeyChains?
        func wasHere(_ item: FrameItem, _ a: Point) -> Bool {
            if places == nil { places = KeyChains(count: placed.count) { placed[$0].movedKey(by: (0, 0)) } }
            var j = places!.first(item.movedKey(by: (0, 0)))
            while let i = j {
                if placed[i].look == item.look && placed[i].anchor == a { return true }
                j = places!.next(after: i)
            }
            return false
        }
        // Only an offset that a move can take wins: whole pixels, within the region.
        var votes = VoteTally { v in
            let dx = v.dx * scale, dy = v.dy * scale
            return dx == dx.rounded() && dy == dy.rounded() && abs(dx) < Double(v.region.width) && abs(dy) < Double(v.region.height)
                && v.dx * 1024 == (v.dx * 1024).rounded() && v.dy * 1024 == (v.dy * 1024).rounded()
        }
        // Looks seen many times (rows of identical cells) vote only when nothing rarer did: a few of
        // them each for the nearest place it was, which for a uniform grid scrolled by less than half
        // its pitch is the scroll, and otherwise an offset that maps the cells onto cells just as well
        // (the items are matched one by one afterwards, so a move is only ever taken where it is exact).
        var frequent: [FrameItem] = []
        var sampled: [Int: Int] = [:]
        for item in new where !item.levels.isEmpty {
            guard let a = item.anchor else { continue }
            let look = item.look
            // One that is where it was did not move (a picker's separators vote no pitch between them).
            var count = 0, here = false
            for s in seen(look) {
                if s.anchor == a { here = true; break }
                count += 1
                if count > 4 { here = wasHere(item, a); break }
            }
            guard count > 0, !here else { continue }
            guard count <= 4 else {
                if sampled[look, default: 0] < 6 { sampled[look, default: 0] += 1; frequent.append(item) }
                continue
            }
            for s in seen(look) {
                // The innermost clip both share and that did not move: the scroll view around the item.
                guard let region = zip(item.levels, s.levels).reversed().first(where: { $0 == $1 })?.0 else { continue }
                votes.add(Vote(region: region, dx: a.x - s.anchor!.x, dy: a.y - s.anchor!.y))
            }
        }
        var best = votes.best
        if best == nil {
            for f in frequent {
                let a = f.anchor!
                guard let s = seen(f.look).min(by: { abs($0.anchor!.x - a.x) + abs($0.anchor!.y - a.y) < abs($1.anchor!.x - a.x) + abs($1.anchor!.y - a.y) }),
                      s.anchor != a,
                      let region = zip(f.levels, s.levels).reversed().first(where: { $0 == $1 })?.0 else { continue }
                votes.add(Vote(region: region, dx: a.x - s.anchor!.x, dy: a.y - s.anchor!.y))
            }
            best = votes.best
        }
        guard let v = best else { return nil }
        return Move(region: v.region, dx: Int(v.dx * scale), dy: Int(v.dy * scale), points: (v.dx, v.dy))
    }

    /// An offset of one region's content, as an item that moved votes for it.
    struct Vote: Hashable { var region: PixelRect; var dx: Double; var dy: Double }

    /// Votes counted. A frame casts a few hundred but for very few offsets (the scroll, and the odd
    /// item that changed), so they are counted in a short list, a dictionary only past that.
    struct VoteTally {
        /// Whether a move could take the offset: one it could not never wins (a tie between such an
        /// offset and a usable one went to whichever came first, and the frame was drawn whole).
        let usable: (Vote) -> Bool
        private var few: [(vote: Vote, count: Int)] = []
        private var many: [Vote: Int] = [:]

        init(usable: @escaping (Vote) -> Bool) { self.usable = usable }

        mutating func add(_ v: Vote) {
            if many.isEmpty {
                if let i = few.firstIndex(where: { $0.vote == v }) { few[i].count += 1; return }
                if few.count < 32 { few.append((v, 1)); return }
                for f in few { many[f.vote] = f.count }
            }
            many[v, default: 0] += 1
        }

        /// The usable offset most voted for, by at least two items; of equals, the larger region's,
        /// then the shorter move.
        var best: Vote? {
            let all = many.isEmpty ? few : many.map { ($0.key, $0.value) }
            func before(_ a: (vote: Vote, count: Int), _ b: (vote: Vote, count: Int)) -> Bool {
                if a.count != b.count { return a.count < b.count }
                if a.vote.region.area != b.vote.region.area { return a.vote.region.area < b.vote.region.area }
                return abs(a.vote.dx) + abs(a.vote.dy) > abs(b.vote.dx) + abs(b.vote.dy)
            }
            guard let b = all.filter({ usable($0.vote) }).max(by: before), b.count >= 2 else { return nil }
            return b.vote
        }
    }
}

extension DrawCommand {
    /// A point the command's geometry is placed by: what a translation moves it by.
    var anchor: Point? {
        switch self {
        case let .fill(r, _, _), let .stroke(r, _, _, _), let .shadow(r, _, _, _, _, _), let .image(_, r, _, _, _, _, _),
             let .text(_, _, _, r, _), let .symbol(_, r, _), let .snapshot(_, r, _):
            return r.origin
        case let .line(a, _, _, _): return a
        case let .circle(c, _, _): return c
        case .prefetch, .pushClip, .popClip, .beginOpacity, .endOpacity: return nil
        }
    }
}
