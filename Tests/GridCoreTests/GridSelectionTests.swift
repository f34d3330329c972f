import XCTest
@testable import GridCore

final class GridSelectionTests: XCTestCase {
    /// The ranges are the model's canonical form: sorted, disjoint, never touching.
    private func assertCanonical(_ s: GridSelection, _ context: @autoclosure () -> String, file: StaticString = #filePath, line: UInt = #line) {
        for (a, b) in zip(s.ranges, s.ranges.dropFirst()) where b.lowerBound <= a.upperBound + 1 {
            XCTFail("runs \(a) and \(b) overlap or touch (\(context()))", file: file, line: line)
        }
        XCTAssertEqual(s.count, s.ranges.reduce(0) { $0 + $1.count }, "count \(context())", file: file, line: line)
    }

    /// 100,000 seeded operations, every verb, against a plain Set<Int> doing the same thing.
    func testAgreesWithASetUnderSeededOperations() {
        var rng = SplitMix64(seed: 19)
        var s = GridSelection()
        var model = Set<Int>(), anchor: Int?, focus: Int?
        let n = 300
        func r(_ bound: Int) -> Int { Int(rng.next() % UInt64(bound)) }
        for step in 0..<100_000 {
            let i = r(n), j = r(n)
            let range = min(i, j)...max(i, j)
            switch r(11) {
            case 0: s.insert(range); model.formUnion(range)
            case 1: s.remove(range); model.subtract(range)
            case 2: s.toggle(i); if model.contains(i) { model.remove(i) } else { model.insert(i) }; anchor = i; focus = i
            case 3: s.select(i); model = [i]; anchor = i; focus = i
            case 4:
                let adding = r(2) == 0
                let a = anchor ?? focus ?? i
                if !adding { model = [] }
                model.formUnion(min(a, i)...max(a, i)); anchor = a; focus = i
                s.extend(to: i, adding: adding)
            case 5: if r(20) == 0 { s.selectAll(count: n); model = Set(0..<n) } else { s.insert(i); model.insert(i) }
            case 6: if r(10) == 0 { s.removeAll(); model = [] } else { s.remove(i); model.remove(i) }
            case 7:
                let other = GridSelection([range, (j / 2)...(j / 2 + r(5))])
                s = s.union(other); model.formUnion(range); model.formUnion(other.indices)
            case 8:
                let ext = r(2) == 0
                s.moveFocus(to: i, extending: ext)
                if ext { let a = anchor ?? focus ?? i; model = Set(min(a, i)...max(a, i)); anchor = a } else { anchor = i }
                focus = i
            case 9:
                if r(50) == 0 {
                    let c = r(n)
                    s.clamp(to: c); model = model.filter { $0 < c }
                    if let a = anchor, a >= c { anchor = c > 0 ? c - 1 : nil }
                    if let f = focus, f >= c { focus = c > 0 ? c - 1 : nil }
                }
            default:
                XCTAssertEqual(s.contains(i), model.contains(i), "contains(\(i)) at step \(step)")
            }
            assertCanonical(s, "step \(step)")
            if step % 97 == 0 || s.count != model.count {
                XCTAssertEqual(Set(s.indices), model, "step \(step)")
                if s.count != model.count { return }
            }
            XCTAssertEqual(s.anchor, anchor, "anchor at step \(step)")
            XCTAssertEqual(s.focus, focus, "focus at step \(step)")
        }
        XCTAssertEqual(Set(s.indices), model)
    }

    func testSelectAllOverABillionIsOneRun() {
        var s = GridSelection()
        s.selectAll(count: 1_000_000_000)
        XCTAssertEqual(s.ranges, [0...999_999_999])
        XCTAssertEqual(s.count, 1_000_000_000)
        s.toggle(500_000_000)
        XCTAssertEqual(s.ranges, [0...499_999_999, 500_000_001...999_999_999], "a toggle splits one run into two")
        XCTAssertFalse(s.contains(500_000_000))
        XCTAssertTrue(s.contains(999_999_999))
        XCTAssertEqual(s.first(3), [0, 1, 2])
        XCTAssertEqual(s.anchor, 500_000_000)
    }

    func testDesktopConventions() {
        var s = GridSelection()
        s.select(5)
        XCTAssertEqual(s.ranges, [5...5]); XCTAssertEqual(s.anchor, 5)
        s.extend(to: 9, adding: false)
        XCTAssertEqual(s.ranges, [5...9], "Shift+click: anchor…clicked")
        s.extend(to: 2, adding: false)
        XCTAssertEqual(s.ranges, [2...5], "Shift+click again replaces, from the same anchor")
        s.toggle(20)
        XCTAssertEqual(s.ranges, [2...5, 20...20], "Ctrl+click adds one"); XCTAssertEqual(s.anchor, 20)
        s.extend(to: 22, adding: true)
        XCTAssertEqual(s.ranges, [2...5, 20...22], "Ctrl+Shift+click adds the range from the new anchor")
        s.removeAll()
        XCTAssertTrue(s.isEmpty); XCTAssertEqual(s.focus, 22, "Esc clears the selection, not the focus")
        s.moveFocus(to: 23, extending: false)
        s.moveFocus(to: 25, extending: true)
        XCTAssertEqual(s.ranges, [23...25], "Shift+arrows extend from where the plain arrow left the anchor")
    }

    func testRunsThatMeetBecomeOne() {
        var s = GridSelection([0...2])
        s.insert(3...5)
        XCTAssertEqual(s.ranges, [0...5], "a run appended right after the last one joins it")
        s.insert(7...7)
        s.insert(6)
        XCTAssertEqual(s.ranges, [0...7], "one index between two runs joins them")
        s.remove(3)
        XCTAssertEqual(s.ranges, [0...2, 4...7])
        s.insert(-9...(-1))
        XCTAssertEqual(s.ranges, [0...2, 4...7], "no item has a negative index: nothing is selected there")
        s.insert(-3...0)
        XCTAssertEqual(s.ranges, [0...2, 4...7])
    }

    func testRemappingFollowsTheItems() {
        var s = GridSelection([1...3])
        s.focus = 3
        let moved = s.remapped { $0 == 2 ? nil : $0 * 2 }
        XCTAssertEqual(moved.indices, [2, 6]); XCTAssertEqual(moved.focus, 6)
    }

    /// The band's selection is exactly the items whose frames the rectangle touches, in grids with
    /// sections, headers, gaps, both axes and cells narrower than their tracks.
    func testTheBandTouchesWhatItsRectangleTouches() {
        var rng = SplitMix64(seed: 7)
        let layouts = [
            LazyGridLayout(axis: .vertical, items: [GridItem(.adaptive(minimum: 50))], extent: 390, spacing: 8,
                           sections: [GridSection(count: 500)], sizing: .fill(50)),
            LazyGridLayout(axis: .vertical, items: [GridItem(.fixed(50)), GridItem(.fixed(120))], extent: 390, spacing: 20,
                           sections: [GridSection(count: 33, header: 40), GridSection(count: 70, header: 40, footer: 20)], sizing: .square(50)),
            LazyGridLayout(axis: .horizontal, items: [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())], extent: 300,
                           spacing: 5, sections: [GridSection(count: 400)], sizing: .square(30)),
        ]
        for (n, layout) in layouts.enumerated() {
            let size = layout.contentSize
            for _ in 0..<300 {
                let x0 = Double(rng.next() % UInt64(size.width + 40)) - 20, x1 = Double(rng.next() % UInt64(size.width + 40)) - 20
                let y0 = Double(rng.next() % UInt64(size.height + 40)) - 20, y1 = Double(rng.next() % UInt64(min(size.height, 900) + 40)) - 20 + y0 / 2
                let rect = Rect(x: min(x0, x1), y: min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
                let expected = (0..<layout.count).filter { layout.frame(of: $0)!.intersects(rect) }
                XCTAssertEqual(layout.selection(touching: rect).indices, expected, "layout \(n), band \(rect)")
            }
        }
    }
}
