import XCTest
@testable import GridCore

/// For random specs, extents, counts, sections and viewports, the lazy query returns exactly the
/// frames the eager reference computes and filters.
final class DifferentialTests: XCTestCase {
    /// Quarter points are exact in binary, so sums agree bit for bit between the two layouts.
    func quarter(_ lo: Int, _ hi: Int, _ rng: inout SplitMix64) -> Double { Double(Int.random(in: lo * 4...hi * 4, using: &rng)) / 4 }

    func randomItem(_ rng: inout SplitMix64) -> GridItem {
        let size: GridItem.Size
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: size = .fixed(quarter(0, 150, &rng))
        case 1:
            let lo = quarter(0, 120, &rng)
            size = .flexible(minimum: lo, maximum: Bool.random(using: &rng) ? .infinity : lo + quarter(0, 200, &rng))
        default:
            let lo = quarter(1, 120, &rng)
            size = .adaptive(minimum: lo, maximum: Bool.random(using: &rng) ? .infinity : lo + quarter(0, 200, &rng))
        }
        let spacing: Double? = Bool.random(using: &rng) ? nil : quarter(0, 30, &rng)
        let alignment: Alignment? = Int.random(in: 0..<4, using: &rng) == 0 ? Alignment.named.values.randomElement(using: &rng) : nil
        return GridItem(size, spacing: spacing, alignment: alignment)
    }

    func testLazyQueryMatchesEagerReference() {
        var rng = SplitMix64(seed: 2026)
        for round in 0..<400 {
            let axis: Axis = Bool.random(using: &rng) ? .vertical : .horizontal
            let items = (0..<Int.random(in: 1...5, using: &rng)).map { _ in randomItem(&rng) }
            let extent = quarter(0, 1200, &rng)
            let alignment = [0, 0.5, 1][Int.random(in: 0..<3, using: &rng)]
            let spacing: Double? = Bool.random(using: &rng) ? nil : quarter(0, 30, &rng)
            let sections = (0..<Int.random(in: 1...4, using: &rng)).map { _ in
                GridSection(count: Int.random(in: 0...60, using: &rng),
                            header: Bool.random(using: &rng) ? quarter(0, 40, &rng) : nil,
                            footer: Bool.random(using: &rng) ? quarter(0, 40, &rng) : nil)
            }
            let lengths = (0..<8).map { _ in quarter(0, 120, &rng) }
            let crossFixed = quarter(0, 100, &rng)
            let sizing: ItemSizing
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: sizing = ItemSizing(cross: .fill, main: .fixed(lengths[0]))
            case 1: sizing = ItemSizing(cross: .fixed(crossFixed), main: .fixed(lengths[1]))
            case 2: sizing = ItemSizing(cross: .fill, main: .perItem { i, _ in lengths[i % 8] })
            default:
                // Every item stretched to its row, none, or some (only every third: seed 000's coffee grids).
                let fills = Int.random(in: 0..<3, using: &rng)
                var some: (@Sendable (Int) -> Bool)?
                if fills == 2 { some = { (i: Int) -> Bool in i % 3 == 1 } }
                sizing = ItemSizing(cross: .fixed(crossFixed), main: .perItem { i, _ in lengths[(i * 3) % 8] },
                                    fillsRow: fills == 1, fillsRowOf: some)
            }
            let lazy = LazyGridLayout(axis: axis, items: items, extent: extent, alignment: alignment,
                                      spacing: spacing, sections: sections, sizing: sizing)
            let eager = EagerGridLayout(axis: axis, items: items, extent: extent, alignment: alignment,
                                        spacing: spacing, sections: sections, sizing: sizing)
            XCTAssertEqual(lazy.mainExtent, eager.mainExtent, "round \(round): content extent")
            XCTAssertEqual(lazy.count, eager.frames.count)
            for i in 0..<lazy.count {
                guard let f = lazy.frame(of: i) else { XCTFail("round \(round): no frame for \(i)"); break }
                XCTAssertEqual(f, eager.frames[i], "round \(round): frame of \(i)")
            }
            for _ in 0..<6 {
                let main = quarter(-50, Int(eager.mainExtent) + 50, &rng)
                let len = quarter(0, 600, &rng)
                let cross = quarter(-100, Int(extent), &rng)
                let crossLen = quarter(0, 800, &rng)
                let viewport = axis == .vertical ? Rect(x: cross, y: main, width: crossLen, height: len)
                                                 : Rect(x: main, y: cross, width: len, height: crossLen)
                let margin = Bool.random(using: &rng) ? 0 : quarter(0, 100, &rng)
                let got = lazy.items(in: viewport, margin: margin)
                let want = eager.items(in: viewport, margin: margin)
                XCTAssertEqual(got, want, "round \(round): viewport \(viewport) margin \(margin)")
                // Hit testing agrees with the frames.
                let p = Point(x: viewport.midX, y: viewport.midY)
                let hit = lazy.index(at: p)
                let expected = eager.frames.firstIndex { $0.contains(p) }
                XCTAssertEqual(hit, expected, "round \(round): index at \(p)")
            }
        }
    }
}
