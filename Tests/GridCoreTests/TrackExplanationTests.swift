import XCTest
@testable import GridCore

/// The explanation GridTracks records while sizing: exact numbers for every seed layout, its text
/// for the ones a learner meets first, and agreement with the tracks for any spec.
final class TrackExplanationTests: XCTestCase {
    func explain(_ items: [GridItem], _ extent: Double, alignment: Double = 0.5) -> (GridTracks, TrackExplanation) {
        let t = GridTracks(items: items, extent: extent, alignment: alignment)
        guard let e = t.explanation else { XCTFail("no explanation"); return (t, TrackExplanation(items: [], proposed: 0, alignment: 0, first: .init(extent: 0, fixedTotal: 0, spacings: [], unusedSpacing: nil, remaining: 0, nonFixedCount: 0, steps: [], total: 0), second: nil, origin: 0, shift: 0)) }
        return (t, e)
    }

    func text(_ items: [GridItem], _ extent: Double, axis: Axis = .vertical) -> [String] {
        explain(items, extent).1.lines(axis: axis).map { String(repeating: "    ", count: $0.indent) + $0.text }
    }

    static let bars: [[GridItem]] = [
        [GridItem(.fixed(30), spacing: 1), GridItem(.fixed(60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)],
        [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.fixed(10), spacing: 50)],
        [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60), spacing: 10), GridItem(.fixed(90), spacing: 20), GridItem(.flexible(maximum: 20), spacing: 50)],
        [GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)],
    ]

    /// Every layout the seeds write, at the extents the scenes give them.
    static let seedLayouts: [(name: String, items: [GridItem], extent: Double)] = [
        ("000 three flexible", flexible(3), 390), ("000 no spacing", flexible(3, spacing: 0), 390),
        ("000 six flexible", flexible(6), 390), ("000 adaptive 50", [GridItem(.adaptive(minimum: 50))], 390),
        ("000 fixed 100 + 150", [GridItem(.fixed(100)), GridItem(.fixed(150))], 390),
        ("000 fixed 150 + adaptive 50", [GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))], 390),
        ("000 feed 1", flexible(1), 370), ("000 feed 2", flexible(2), 370), ("000 feed 3", flexible(3), 370), ("000 feed 4", flexible(4), 370),
        ("000 cafes portrait", [GridItem(.adaptive(minimum: 100)), GridItem(.flexible())], 370),
        ("000 cafes landscape", [GridItem(.adaptive(minimum: 250)), GridItem(.flexible())], 824),
        ("000 cafe's coffee", [GridItem(.adaptive(minimum: 50))], 181),
        ("002 dock grid", [GridItem(.adaptive(minimum: 50))], 358),
        ("003 adaptive 60", [GridItem(.adaptive(minimum: 60))], 390),
        ("003 fixed 80 ×3", Array(repeating: GridItem(.fixed(80)), count: 3), 390),
        ("003 flexible min 60 ×3", Array(repeating: GridItem(.flexible(minimum: 60)), count: 3), 390),
        ("003 fixed 100 + adaptive 50", [GridItem(.fixed(100)), GridItem(.adaptive(minimum: 50))], 390),
        ("003 fixed 80 + flexible min 60", [GridItem(.fixed(80)), GridItem(.flexible(minimum: 60))], 390),
        ("003 mix", [GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))], 390),
        ("004 fixed rows", bars[0], 600), ("004 flexible row 2", bars[1], 600), ("004 flexible max 20", bars[2], 600),
        ("004 adaptive rows", bars[3], 600),
        ("overflow quiz", [GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))], 200),
        ("overflow six", Array(repeating: GridItem(.flexible(minimum: 60)), count: 6), 390),
        ("overflow fixed", [GridItem(.fixed(500))], 390),
    ]

    // MARK: Exact numbers

    func testFixedThenAdaptive() {
        let (_, e) = explain([GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))], 390)
        XCTAssertNil(e.second)
        XCTAssertEqual(e.first.fixedTotal, 150)
        XCTAssertEqual(e.first.spacings, [8])
        XCTAssertEqual(e.first.unusedSpacing, 8)
        XCTAssertEqual(e.first.remaining, 232)
        XCTAssertEqual(e.first.nonFixedCount, 1)
        let a = e.first.steps[1]
        XCTAssertEqual(a.share, 232)
        XCTAssertEqual(a.sharers, 1)
        guard case .adaptive(let lo, let hi, let s, let q) = a.rule else { return XCTFail("\(a.rule)") }
        XCTAssertEqual([lo, hi, s], [50, .infinity, 8])
        XCTAssertEqual(q, 240.0 / 58, accuracy: 1e-12)
        XCTAssertEqual(a.count, 4)
        XCTAssertEqual(a.size, 52)
        XCTAssertEqual(a.extent, 232)
        XCTAssertEqual(e.first.total, 390)
        XCTAssertEqual(e.shift, 0)
    }

    func testThreeFlexibleShareWhatIsLeft() {
        let (_, e) = explain(flexible(3), 390)
        XCTAssertEqual(e.first.remaining, 374)
        XCTAssertEqual(e.first.steps.map(\.sharers), [3, 2, 1])
        XCTAssertEqual(e.first.steps[0].remaining!, 374, accuracy: 1e-9)
        XCTAssertEqual(e.first.steps[1].remaining!, 374 * 2 / 3, accuracy: 1e-9)
        XCTAssertEqual(e.first.steps[2].remaining!, 374.0 / 3, accuracy: 1e-9)
        for step in e.first.steps { XCTAssertEqual(step.share!, 374.0 / 3, accuracy: 1e-9); XCTAssertNil(step.clamp) }
    }

    func testSeed004FixedRowsAreCentred() {
        let (_, e) = explain(Self.bars[0], 600)
        XCTAssertEqual(e.first.fixedTotal, 190)
        XCTAssertEqual(e.first.spacings, [1, 10, 20])
        XCTAssertEqual(e.first.spacingTotal, 31)
        XCTAssertEqual(e.first.unusedSpacing, 50, "the 50 after the last row separates nothing")
        XCTAssertEqual(e.first.remaining, 379)
        XCTAssertEqual(e.first.nonFixedCount, 0)
        XCTAssertEqual(e.first.total, 221)
        XCTAssertEqual(e.shift, 189.5)
    }

    func testSeed004FlexibleMaximumIsCapped() {
        let (_, e) = explain(Self.bars[2], 600)
        XCTAssertEqual(e.first.remaining, 449)
        let flex = e.first.steps.filter { $0.rule != .fixed }
        XCTAssertEqual(flex.map(\.share), [224.5, 224.5])
        XCTAssertEqual(flex.map(\.size), [224.5, 20])
        XCTAssertEqual(flex.map(\.clamp), [nil, .capped])
        XCTAssertEqual(e.first.total, 395.5)
        XCTAssertEqual(e.shift, 102.25)
    }

    func testSeed004AdaptiveRows() {
        let (_, e) = explain(Self.bars[3], 600)
        let a = e.first.steps[0]
        XCTAssertEqual(e.first.spacings, [])
        XCTAssertEqual(e.first.unusedSpacing, 50)
        XCTAssertEqual(a.share, 600)
        guard case .adaptive(_, _, let s, let q) = a.rule else { return XCTFail() }
        XCTAssertEqual(s, 50)
        XCTAssertEqual(q, 8.125)
        XCTAssertEqual(a.count, 8)
        XCTAssertEqual(a.size, 31.25)
        XCTAssertNil(a.clamp)
    }

    func testAdaptiveMaximumCapsTheTracks() {
        let (_, e) = explain([GridItem(.adaptive(minimum: 60, maximum: 70))], 390)
        let a = e.first.steps[0]
        XCTAssertEqual(a.count, 5)
        XCTAssertEqual(a.size, 70)
        XCTAssertEqual(a.clamp, .capped)
        XCTAssertEqual(e.first.total, 382)
        XCTAssertEqual(e.shift, 4)
    }

    func testOverflowRecordsBothPasses() {
        let (t, e) = explain([GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))], 200)
        XCTAssertEqual(e.first.steps.map(\.share), [96, 92])
        XCTAssertEqual(e.first.steps.map(\.size), [100, 180])
        XCTAssertEqual(e.first.steps.map(\.clamp), [.raised, .raised])
        XCTAssertEqual(e.first.total, 288)
        guard let second = e.second else { return XCTFail("no second pass") }
        XCTAssertEqual(second.extent, 288)
        XCTAssertEqual(second.remaining, 280)
        XCTAssertEqual(second.steps.map(\.share), [140, 140])
        XCTAssertEqual(second.steps.map(\.size), [140, 180])
        XCTAssertEqual(second.steps.map(\.clamp), [nil, .raised])
        XCTAssertEqual(second.total, 328)
        XCTAssertEqual(e.origin, -44)
        XCTAssertEqual(e.size, t.size)
    }

    func testAdaptiveNarrowerThanItsMinimumStillMakesOneTrack() {
        let (_, e) = explain([GridItem(.adaptive(minimum: 50))], 30)
        guard case .adaptive(_, _, _, let q) = e.first.steps[0].rule else { return XCTFail() }
        XCTAssertEqual(q, 38.0 / 58, accuracy: 1e-12)
        XCTAssertEqual(e.first.steps[0].count, 1)
        XCTAssertEqual(e.first.steps[0].size, 30)
    }

    func testTrackCapIsRecorded() {
        let (t, e) = explain([GridItem(.adaptive(minimum: 0.001), spacing: 0)], 10_000)
        XCTAssertTrue(e.first.steps[0].hitTrackCap)
        XCTAssertEqual(e.first.steps[0].count, GridTracks.maxTracksPerAdaptiveItem)
        XCTAssertEqual(t.tracks.count, GridTracks.maxTracksPerAdaptiveItem)
    }

    func testRoundingIsNotAnOverflow() {
        // Shares of 257.571… land 6e-14 past W when summed; SwiftUI has no second pass for that.
        let items = [GridItem(.flexible()), GridItem(.adaptive(minimum: 14), spacing: 14.0 / 3), GridItem(.flexible()),
                     GridItem(.fixed(17), spacing: 4.0 / 7), GridItem(.fixed(24), spacing: 19.0 / 7), GridItem(.fixed(68.0 / 3), spacing: 15.0 / 7)]
        let (t, e) = explain(items, 1803.0 / 7)
        XCTAssertNil(e.second)
        XCTAssertEqual(t.origin, 0)
    }

    // MARK: Gaps

    func testGapsCarryTheirSpacing() {
        let (t, _) = explain(Self.bars[0], 600)
        XCTAssertEqual(t.gaps.map(\.size), [1, 10, 20])
        XCTAssertEqual(t.gaps.map(\.item), [0, 1, 2])
        XCTAssertEqual(t.gaps.map(\.offset), [219.5, 280.5, 380.5])
        let (a, _) = explain([GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))], 390)
        XCTAssertEqual(a.gaps.map(\.size), [8, 8, 8, 8])
        XCTAssertEqual(a.gaps.map(\.withinItem), [false, true, true, true])
    }

    // MARK: The text a learner reads

    func testTextOfFixedThenAdaptive() {
        XCTAssertEqual(text([GridItem(.fixed(150)), GridItem(.adaptive(minimum: 50))], 390), [
            "W = 390: the width the columns share",
            "Σ fixed = 150",
            "Σ spacing = 8 (the last item's 8 only spaces its own columns)",
            "remaining = W − Σ fixed − Σ spacing = 390 − 150 − 8 = 232, shared by n = 1",
            "[0] .fixed(150) → 150",
            "[1] .adaptive(minimum: 50), s = 8: share = 232 / 1 = 232",
            "    k = ⌊(share + s) / (min + s)⌋ = ⌊(232 + 8) / (50 + 8)⌋ = ⌊4.138⌋ = 4",
            "    size = (share − (k − 1) × s) / k = (232 − 3 × 8) / 4 = 52: 4 × 52",
            "150 + 8 + 4 × 52 + 3 × 8 = 390 = W",
        ])
    }

    func testTextOfSeed004FixedRows() {
        XCTAssertEqual(text(Self.bars[0], 600, axis: .horizontal), [
            "W = 600: the height the rows share",
            "Σ fixed = 30 + 60 + 90 + 10 = 190",
            "Σ spacing = 1 + 10 + 20 = 31 (the last row's 50 follows nothing)",
            "remaining = W − Σ fixed − Σ spacing = 600 − 190 − 31 = 379",
            "[0] .fixed(30) → 30",
            "[1] .fixed(60) → 60",
            "[2] .fixed(90) → 90",
            "[3] .fixed(10) → 10",
            "30 + 1 + 60 + 10 + 90 + 20 + 10 = 221 < W = 600: centred: shift (600 − 221) × ½ = 189.5",
        ])
    }

    func testTextOfSeed004FlexibleRows() {
        let lines = text(Self.bars[2], 600, axis: .horizontal)
        XCTAssertEqual(lines[5], "[1] .flexible(minimum: 60): share = 449 / 2 = 224.5 → 224.5 (within 60…∞)")
        XCTAssertEqual(lines[7], "[3] .flexible(maximum: 20): share = 224.5 / 1 = 224.5 → 20 (capped at its maximum)")
    }

    func testTextOfAnOverflow() {
        XCTAssertEqual(text([GridItem(.flexible(minimum: 100)), GridItem(.flexible(minimum: 180))], 200), [
            "W = 200: the width the columns share",
            "Σ fixed = 0",
            "Σ spacing = 8 (the last column's 8 follows nothing)",
            "remaining = W − Σ fixed − Σ spacing = 200 − 0 − 8 = 192, shared by n = 2",
            "[0] .flexible(minimum: 100): share = 192 / 2 = 96 → 100 (raised to its minimum)",
            "[1] .flexible(minimum: 180): share = 92 / 1 = 92 → 180 (raised to its minimum)",
            "100 + 8 + 180 = 288 > W = 200: they do not fit, so the grid is S = 288 wide, centred in W at (200 − 288) / 2 = −44",
            "SwiftUI lays the columns out again at S = 288:",
            "Σ fixed = 0",
            "Σ spacing = 8 (the last column's 8 follows nothing)",
            "remaining = S − Σ fixed − Σ spacing = 288 − 0 − 8 = 280, shared by n = 2",
            "[0] .flexible(minimum: 100): share = 280 / 2 = 140 → 140 (within 100…∞)",
            "[1] .flexible(minimum: 180): share = 140 / 1 = 140 → 180 (raised to its minimum)",
            "140 + 8 + 180 = 328 > S = 288: the columns overflow the grid's trailing edge by 40",
        ])
    }

    func testTextOfCappedAdaptiveAndLoneItem() {
        XCTAssertEqual(text([GridItem(.adaptive(minimum: 60, maximum: 70))], 390), [
            "W = 390: the width the columns share",
            "Σ fixed = 0",
            "Σ spacing = 0 (one item: its 8 only spaces its own columns)",
            "remaining = W − Σ fixed − Σ spacing = 390 − 0 − 0 = 390, shared by n = 1",
            "[0] .adaptive(minimum: 60, maximum: 70), s = 8: share = 390 / 1 = 390",
            "    k = ⌊(share + s) / (min + s)⌋ = ⌊(390 + 8) / (60 + 8)⌋ = ⌊5.853⌋ = 5",
            "    size = (share − (k − 1) × s) / k = (390 − 4 × 8) / 5 = 71.6 → capped at its maximum 70: 5 × 70",
            "5 × 70 + 4 × 8 = 382 < W = 390: centred: shift (390 − 382) × ½ = 4",
        ])
        XCTAssertEqual(text([GridItem(.adaptive(minimum: 50))], 30)[5],
                       "    k = ⌊(share + s) / (min + s)⌋ = ⌊(30 + 8) / (50 + 8)⌋ = ⌊0.655⌋ = 0 → at least 1")
    }

    func testTextNamesTheAlignment() {
        let items = [GridItem(.fixed(100)), GridItem(.fixed(150))]
        XCTAssertEqual(explain(items, 390, alignment: 0).1.lines(axis: .vertical).last?.text, "100 + 8 + 150 = 258 < W = 390: aligned leading: shift 0")
        XCTAssertEqual(explain(items, 390, alignment: 1).1.lines(axis: .horizontal).last?.text, "100 + 8 + 150 = 258 < W = 390: aligned bottom: shift 390 − 258 = 132")
    }

    // MARK: Agreement with the tracks, for the seeds and for any spec

    func testEverySeedLayoutIsExplainedByItsOwnNumbers() {
        for layout in Self.seedLayouts {
            let (t, e) = explain(layout.items, layout.extent)
            assertAgrees(t, e, layout.name)
            XCTAssertFalse(e.lines(axis: .vertical).isEmpty, layout.name)
        }
    }

    func testRandomSpecsAreExplainedByTheirOwnNumbers() {
        var random = SplitMix64(seed: 11)
        for n in 0..<3000 {
            var items: [GridItem] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let spacing: Double? = Int.random(in: 0...2, using: &random) == 0 ? nil : Double(Int.random(in: 0...40, using: &random)) / Double(Int.random(in: 1...7, using: &random))
                switch Int.random(in: 0...3, using: &random) {
                case 0: items.append(GridItem(.fixed(Double(Int.random(in: 0...300, using: &random)) / 3), spacing: spacing))
                case 1: items.append(GridItem(.flexible(), spacing: spacing))
                case 2: items.append(GridItem(.flexible(minimum: Double(Int.random(in: 0...200, using: &random)), maximum: Double(Int.random(in: 0...400, using: &random))), spacing: spacing))
                default: items.append(GridItem(.adaptive(minimum: Double(Int.random(in: 1...150, using: &random)) / 2, maximum: Int.random(in: 0...1, using: &random) == 0 ? .infinity : Double(Int.random(in: 20...200, using: &random))), spacing: spacing))
                }
            }
            let w = Double(Int.random(in: 0...4000, using: &random)) / Double(Int.random(in: 1...7, using: &random))
            let (t, e) = explain(items, w, alignment: [0, 0.5, 1][Int.random(in: 0...2, using: &random)])
            assertAgrees(t, e, "#\(n) \(items) at \(w)")
        }
    }

    /// Rebuilds the tracks from the explanation's recorded numbers alone and compares.
    func assertAgrees(_ t: GridTracks, _ e: TrackExplanation, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(e.proposed, t.extent, name, file: file, line: line)
        XCTAssertEqual(e.size, t.size, name, file: file, line: line)
        XCTAssertEqual(e.origin, t.origin, name, file: file, line: line)
        for pass in [e.first] + (e.second.map { [$0] } ?? []) {
            XCTAssertEqual(pass.remaining, pass.extent - pass.fixedTotal - pass.spacingTotal, accuracy: 1e-9, name, file: file, line: line)
            XCTAssertEqual(pass.steps.count, e.items.count, name, file: file, line: line)
            XCTAssertEqual(pass.nonFixedCount, pass.steps.filter { $0.rule != .fixed }.count, name, file: file, line: line)
            let sum = pass.steps.reduce(0) { $0 + $1.extent + ($1.spacingAfter ?? 0) }
            XCTAssertEqual(sum, pass.total, accuracy: 1e-9 * max(1, pass.total), name, file: file, line: line)
            for step in pass.steps {
                guard let share = step.share, let remaining = step.remaining else { continue }
                XCTAssertEqual(share, max(remaining, 0) / Double(step.sharers), accuracy: 1e-9, name, file: file, line: line)
                if case .adaptive(let lo, _, let s, let q) = step.rule, !step.hitTrackCap {
                    XCTAssertEqual(step.count, max(1, Int(q.rounded(.down))), name, file: file, line: line)
                    XCTAssertEqual(q, (share + s) / (lo + s), accuracy: 1e-9, name, file: file, line: line)
                }
            }
        }
        if let second = e.second {
            XCTAssertGreaterThan(e.first.total, e.proposed, name, file: file, line: line)
            XCTAssertEqual(second.extent, e.first.total, name, file: file, line: line)
        }
        var offset = e.origin + e.shift
        var k = 0
        for step in e.final.steps {
            for j in 0..<step.count {
                guard k < t.tracks.count else { return XCTFail("too few tracks: \(name)", file: file, line: line) }
                XCTAssertEqual(t.tracks[k].size, step.size, name, file: file, line: line)
                XCTAssertEqual(t.tracks[k].item, step.item, name, file: file, line: line)
                XCTAssertEqual(t.tracks[k].offset, offset, accuracy: 1e-9 * max(1, abs(offset)), name, file: file, line: line)
                offset += step.size
                if j < step.count - 1, case .adaptive(_, _, let s, _) = step.rule { offset += s }
                k += 1
            }
            offset += step.spacingAfter ?? 0
        }
        XCTAssertEqual(k, t.tracks.count, name, file: file, line: line)
        let gaps = t.gaps
        XCTAssertEqual(gaps.count, max(t.tracks.count - 1, 0), name, file: file, line: line)
        for (i, gap) in gaps.enumerated() {
            XCTAssertEqual(gap.offset, t.tracks[i].end, name, file: file, line: line)
            XCTAssertEqual(gap.end, t.tracks[i + 1].offset, accuracy: 1e-9 * max(1, abs(gap.end)), name, file: file, line: line)
        }
    }
}
