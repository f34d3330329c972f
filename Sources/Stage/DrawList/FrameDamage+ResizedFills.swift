import GridCore
import StageInterface

/// A rubber band that grew, a bar that lengthened: a plain fill that changed only its size or place
/// is damage only where it changed.
extension FrameDamage {
    /// Fills of two frames paired as one that changed size or place (`resizedFills`).
    struct ResizedFills {
        var pairs: [(old: Int, new: Int, solid: (old: PixelRect, new: PixelRect))] = []

        func contains(new i: Int) -> Bool { !pairs.isEmpty && pairs.contains { $0.new == i } }
        func contains(old j: Int) -> Bool { !pairs.isEmpty && pairs.contains { $0.old == j } }
    }

    /// Unmatched plain fills of `new` paired with unmatched ones of `old` that fill alike (the same
    /// colour, clip and opacity) and sit between the same matched neighbours, so the pairs cross no
    /// match: a rubber band that grew, a bar that lengthened. Where both paint whole (`Coverage.solid`)
    /// the pixels are the same; only the rest of their bounds is damage (`changed`). Looks a bounded
    /// distance each way, so a frame of many new items costs no more than walking it.
    static func resizedFills(_ old: [FrameItem], _ new: [FrameItem], _ m: Matching,
                             coverage: (FrameItem) -> Coverage) -> ResizedFills {
        let reach = 256
        var found = ResizedFills()
        var previous = -1
        for i in new.indices {
            if let j = m.newToOld[i] { previous = j; continue }
            guard case .fill(_, _, cornerRadius: 0) = new[i].command, case .solid(let solid) = coverage(new[i]) else { continue }
            // The old index of the next matched item: a partner must come before it.
            var next = old.count, k = i + 1
            while k < new.count, k - i <= reach, m.newToOld[k] == nil { k += 1 }
            if k < new.count {
                guard k - i <= reach, let j = m.newToOld[k] else { continue }
                next = j
            }
            var j = previous + 1
            while j < min(next, previous + 1 + reach) {
                if !m.oldMatched[j], old[j].fillsAlike(new[i]), case .solid(let was) = coverage(old[j]) {
                    found.pairs.append((j, i, (was, solid)))
                    previous = j
                    break
                }
                j += 1
            }
        }
        return found
    }

    /// The pixels where `new` and `old` (moved by `shift` pixels), two fills alike, may differ: each
    /// one's bounds less what both paint whole.
    static func changed(_ old: FrameItem, _ new: FrameItem, _ solid: (old: PixelRect, new: PixelRect),
                                shift: (dx: Int, dy: Int)) -> [PixelRect] {
        let was = old.bounds.offsetBy(dx: shift.dx, dy: shift.dy)
        let common = solid.old.offsetBy(dx: shift.dx, dy: shift.dy).intersection(solid.new)
        return new.bounds.subtracting(common) + was.subtracting(common)
    }
}
