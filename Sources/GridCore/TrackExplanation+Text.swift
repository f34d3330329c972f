/// The explanation as a learner reads it: the rule's arithmetic with this grid's numbers, one
/// statement a line. The inspector and `coffeegrid layout --explain` print exactly these lines.
extension TrackExplanation {
    public struct Line: Hashable, Sendable {
        public var text: String
        /// The GridItem the line is about (for colouring), nil for the grid as a whole.
        public var item: Int?
        /// 1 for a line continuing the one above it.
        public var indent: Int

        public init(_ text: String, item: Int? = nil, indent: Int = 0) {
            self.text = text
            self.item = item
            self.indent = indent
        }
    }

    /// `axis` names the extent: a vertical grid's columns share a width, a horizontal grid's rows a height.
    /// `source` says where W came from (`ScrollView width 390 − padding 10 − 10`).
    public func lines(axis: Axis, source: String? = nil) -> [Line] {
        var out = lines(of: first, axis: axis, extentName: "W", source: source)
        let total = first.total
        let w = proposed
        if let second = second {
            let terms = sum(first)
            out.append(Line("\(terms == p(total) ? terms : terms + " = " + p(total)) > W = \(p(w)): they do not fit, so the grid is S = \(p(total)) \(axis == .vertical ? "wide" : "tall"), centred in W at (\(p(w)) − \(p(total))) / 2 = \(p(origin))"))
            out.append(Line("SwiftUI lays the \(tracksName(axis)) out again at S = \(p(total)):"))
            out += lines(of: second, axis: axis, extentName: "S", source: nil)
            out.append(placement(second, extentName: "S", axis: axis))
        } else {
            out.append(placement(first, extentName: "W", axis: axis))
        }
        return out
    }

    private func lines(of pass: Pass, axis: Axis, extentName e: String, source: String?) -> [Line] {
        var out: [Line] = []
        if e == "W" { out.append(Line("W = \(source.map { $0 + " = " } ?? "")\(p(pass.extent)): the \(dimension(axis)) the \(tracksName(axis)) share")) }
        let fixed = pass.steps.filter { $0.rule == .fixed }.map { p($0.size) }
        out.append(Line("Σ fixed = " + (fixed.count > 1 ? fixed.joined(separator: " + ") + " = " : "") + p(pass.fixedTotal)))
        var spacing = "Σ spacing = " + (pass.spacings.count > 1 ? pass.spacings.map(p).joined(separator: " + ") + " = " : "") + p(pass.spacingTotal)
        if let unused = pass.unusedSpacing, let last = pass.steps.last {
            // An adaptive item's spacing also separates its own tracks; that use is in its step below.
            if case .adaptive = last.rule {
                spacing += pass.steps.count == 1 ? " (one item: its \(p(unused)) only spaces its own \(tracksName(axis)))"
                                                 : " (the last item's \(p(unused)) only spaces its own \(tracksName(axis)))"
            } else {
                spacing += pass.steps.count == 1 ? " (one item: its spacing \(p(unused)) follows nothing)"
                                                 : " (the last \(trackName(axis))'s \(p(unused)) follows nothing)"
            }
        }
        out.append(Line(spacing))
        out.append(Line("remaining = \(e) − Σ fixed − Σ spacing = \(p(pass.extent)) − \(p(pass.fixedTotal)) − \(p(pass.spacingTotal)) = \(p(pass.remaining))"
                        + (pass.nonFixedCount > 0 ? ", shared by n = \(pass.nonFixedCount)" : "")))
        for step in pass.steps { out += lines(of: step, items: items) }
        return out
    }

    private func lines(of step: Step, items: [GridItem]) -> [Line] {
        let name = step.item < items.count ? "\(items[step.item].size)" : "item"
        let head = "[\(step.item)] \(name)"
        guard let share = step.share, let remaining = step.remaining else {
            return [Line("\(head) → \(p(step.size))", item: step.item)]
        }
        let shareText = "share = \(p(max(remaining, 0))) / \(step.sharers) = \(p(share))"
        switch step.rule {
        case .fixed:
            return [Line("\(head) → \(p(step.size))", item: step.item)]
        case .flexible(let lo, let hi):
            let outcome: String
            switch step.clamp {
            case .raised?: outcome = "\(p(step.size)) (raised to its minimum)"
            case .capped?: outcome = "\(p(step.size)) (capped at its maximum)"
            case nil: outcome = "\(p(step.size)) (within \(p(lo))…\(p(hi)))"
            }
            return [Line("\(head): \(shareText) → \(outcome)", item: step.item)]
        case .adaptive(let lo, let hi, let s, let quotient):
            let k = step.count
            var kLine = "k = ⌊(share + s) / (min + s)⌋ = ⌊(\(p(share)) + \(p(s))) / (\(p(lo)) + \(p(s)))⌋ = ⌊\(p(quotient))⌋"
            if step.hitTrackCap {
                kLine += " → \(k) (at most \(k) tracks)"
            } else if quotient < 1 {
                kLine += " = 0 → at least 1"
            } else {
                kLine += " = \(k)"
            }
            let even = k > 1 ? "(\(p(share)) − \(k - 1) × \(p(s))) / \(k)" : p(share)
            var sizeLine = "size = " + (k > 1 ? "(share − (k − 1) × s) / k = \(even) = " : "share = ")
            switch step.clamp {
            case .capped?:
                let raw = (share - Double(k - 1) * s) / Double(k)
                sizeLine += "\(p(raw)) → capped at its maximum \(p(hi))"
            default:
                sizeLine += p(step.size)
            }
            sizeLine += k > 1 ? ": \(k) × \(p(step.size))" : ""
            return [Line("\(head), s = \(p(s)): \(shareText)", item: step.item),
                    Line(kLine, item: step.item, indent: 1),
                    Line(sizeLine, item: step.item, indent: 1)]
        }
    }

    /// How the tracks sit in the extent they were laid out in.
    private func placement(_ pass: Pass, extentName e: String, axis: Axis) -> Line {
        let total = pass.total
        let terms = sum(pass)
        let sumText = terms == p(total) ? terms : "\(terms) = \(p(total))"
        if abs(total - pass.extent) <= GridTracks.tolerance(pass.extent) { return Line("\(sumText) = \(e)") }
        if total > pass.extent {
            return Line("\(sumText) > \(e) = \(p(pass.extent)): the \(tracksName(axis)) overflow the grid's \(trailingName(axis)) edge by \(p(total - pass.extent))")
        }
        let how: String
        switch alignment {
        case 0: how = "aligned \(leadingName(axis)): shift 0"
        case 0.5: how = "centred: shift (\(p(pass.extent)) − \(p(total))) × ½ = \(p(shift))"
        case 1: how = "aligned \(trailingName(axis)): shift \(p(pass.extent)) − \(p(total)) = \(p(shift))"
        default: how = "shift (\(p(pass.extent)) − \(p(total))) × \(p(alignment)) = \(p(shift))"
        }
        return Line("\(sumText) < \(e) = \(p(pass.extent)): \(how)")
    }

    /// `150 + 8 + 4 × 52 + 3 × 8`: the tracks and gaps in order.
    private func sum(_ pass: Pass) -> String {
        var terms: [String] = []
        for step in pass.steps {
            if step.count > 1, case .adaptive(_, _, let s, _) = step.rule {
                terms.append("\(step.count) × \(p(step.size))")
                if s > 0 { terms.append(step.count > 2 ? "\(step.count - 1) × \(p(s))" : p(s)) }
            } else {
                terms.append(p(step.size))
            }
            if let after = step.spacingAfter, after > 0 { terms.append(p(after)) }
        }
        return terms.isEmpty ? "0" : terms.joined(separator: " + ")
    }

    /// Points as `formatPoints` prints them, with a real minus sign and ∞.
    private func p(_ v: Double) -> String {
        if v == .infinity { return "∞" }
        let text = formatPoints(v)
        return text.hasPrefix("-") ? "−" + text.dropFirst() : text
    }
    private func dimension(_ axis: Axis) -> String { axis == .vertical ? "width" : "height" }
    private func tracksName(_ axis: Axis) -> String { axis == .vertical ? "columns" : "rows" }
    private func trackName(_ axis: Axis) -> String { axis == .vertical ? "column" : "row" }
    private func leadingName(_ axis: Axis) -> String { axis == .vertical ? "leading" : "top" }
    private func trailingName(_ axis: Axis) -> String { axis == .vertical ? "trailing" : "bottom" }
}
