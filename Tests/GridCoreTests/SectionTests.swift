import XCTest
@testable import GridCore

final class SectionTests: XCTestCase {
    /// Two sections of 5 items in 3 columns, 30-pt headers and 20-pt footers, 10-pt spacing.
    func layout(pinned: PinnedScrollableViews) -> LazyGridLayout {
        LazyVGrid(columns: flexible(3), spacing: 10, pinnedViews: pinned)
            .layout(width: 300, sections: [GridSection(count: 5, header: 30, footer: 20),
                                           GridSection(count: 5, header: 30, footer: 20)],
                    sizing: .fill(50))
    }

    func testHeadersAndFootersTakeWholeLines() {
        let l = layout(pinned: [])
        // Section 0: header 0–30, rows 40–90 and 100–150, footer 160–180. Section 1 starts at 190.
        assertRect(l.frame(of: 0), 0, 40, 94.667, 50)
        assertRect(l.frame(of: 3), 0, 100, 94.667, 50)
        XCTAssertEqual(l.sectionStart(1), 190)
        assertRect(l.frame(of: 5), 0, 230, 94.667, 50)
        XCTAssertEqual(l.contentSize.height, 370)
        let views = l.supplementaryViews(in: Rect(x: 0, y: 0, width: 300, height: 400))
        XCTAssertEqual(views.map(\.kind), [.header, .footer, .header, .footer])
        assertRect(views[1].frame, 0, 160, 300, 20)
        assertRect(views[2].frame, 0, 190, 300, 30)
        XCTAssertFalse(views.contains { $0.isPinned })
    }

    func testPinnedHeaderSticksThenIsPushedByTheSectionEnd() {
        let l = layout(pinned: .sectionHeaders)
        // Scrolled 70: section 0's header sticks at 70.
        var h = l.supplementaryViews(in: Rect(x: 0, y: 70, width: 300, height: 100)).first { $0.kind == .header }
        XCTAssertEqual(h?.section, 0)
        XCTAssertEqual(h?.frame.minY, 70)
        XCTAssertEqual(h?.isPinned, true)
        // Scrolled 165: the section ends at 180, so the header is pushed up to 150.
        h = l.supplementaryViews(in: Rect(x: 0, y: 165, width: 300, height: 100)).first { $0.kind == .header }
        XCTAssertEqual(h?.frame.minY, 150)
        // Scrolled 200: section 1's header sticks; section 0's is gone.
        let views = l.supplementaryViews(in: Rect(x: 0, y: 200, width: 300, height: 100)).filter { $0.kind == .header }
        XCTAssertEqual(views.map(\.section), [1])
        XCTAssertEqual(views.first?.frame.minY, 200)
    }

    func testPinnedFooterSticksToTheBottomUntilItsSectionScrollsIn() {
        let l = layout(pinned: .sectionFooters)
        let f = l.supplementaryViews(in: Rect(x: 0, y: 0, width: 300, height: 100)).first { $0.kind == .footer }
        XCTAssertEqual(f?.section, 0)
        XCTAssertEqual(f?.frame.maxY, 100)
        XCTAssertEqual(f?.isPinned, true)
        let natural = l.supplementaryViews(in: Rect(x: 0, y: 100, width: 300, height: 100)).first { $0.kind == .footer && $0.section == 0 }
        XCTAssertEqual(natural?.frame.minY, 160)
        XCTAssertEqual(natural?.isPinned, false)
    }

    func testPinnedHeadersWorkInHorizontalGrids() {
        let l = LazyHGrid(rows: flexible(2), spacing: 0, pinnedViews: .sectionHeaders)
            .layout(height: 200, sections: [GridSection(count: 10, header: 40), GridSection(count: 10, header: 40)],
                    sizing: ItemSizing(cross: .fill, main: .fixed(50)))
        let h = l.supplementaryViews(in: Rect(x: 100, y: 0, width: 300, height: 200)).first { $0.kind == .header }
        XCTAssertEqual(h?.frame.minX, 100)
        XCTAssertEqual(h?.frame.height, 200)
    }

    func testEmptySectionsAreSkipped() {
        let l = LazyVGrid(columns: flexible(2), spacing: 10)
            .layout(width: 200, sections: [GridSection(count: 0), GridSection(count: 3, header: 20), GridSection(count: 0)],
                    sizing: .fill(40))
        assertRect(l.frame(of: 0), 0, 30, 96, 40)
        XCTAssertEqual(l.contentSize.height, 20 + 10 + 40 + 10 + 40)
        XCTAssertEqual(l.items(in: Rect(x: 0, y: 0, width: 200, height: 500)).count, 3)
    }
}
