import XCTest
import GridCore
@testable import ViewLayer

/// Each modifier's layout as SwiftUI documents it (proposal → size → placement), with exact
/// numbers. Text is measured by `EstimatedMeasuring`: 0.6 em a character, lines 1.2 em rounded up
/// (`Text("Hello")` in the body font, 17 pt: 51 × 21).
final class LayoutModifierTests: XCTestCase {
    func testARootIsCentredAtItsOwnSize() {
        let f = layout(Text("Hello"))
        assertFrame(f.text("Hello"), (390 - 51) / 2, (844 - 21) / 2, 51, 21)
    }

    func testAWordTooLongForItsLineBreaksBetweenCharactersNeverInsideOne() {
        let m = EstimatedMeasuring()
        // 10.2 pt a character: two to a 25-pt line, "He" "ll" "o".
        XCTAssertEqual(m.size(of: "Hello", font: .body, maxWidth: 25), Size(width: 25, height: 63))
        // However narrow the line, it holds one character: five lines, not 567.
        XCTAssertEqual(m.size(of: "Hello", font: .body, maxWidth: 0.09), Size(width: 0.09, height: 105))
        // Words that fit move to the next line whole.
        XCTAssertEqual(m.size(of: "Hello world", font: .body, maxWidth: 60), Size(width: 51, height: 42))
    }

    func testFixedFrameProposesItsSizeAndCentresTheContent() {
        let f = layout(Text("Hello").frame(width: 100, height: 50))
        assertFrame(f.placed[0].frame, 145, 397, 100, 50, "the frame")
        assertFrame(f.text("Hello"), 145 + 24.5, 397 + 14.5, 51, 21, "the text, centred in it")
        let top = layout(Text("Hello").frame(width: 100, height: 50, alignment: .topLeading))
        assertFrame(top.text("Hello"), 145, 397, 51, 21, "top leading")
        // Only the given dimension is fixed: the height is the text's.
        assertFrame(layout(Text("Hello").frame(width: 100)).placed[0].frame, 145, 411.5, 100, 21)
    }

    func testFlexibleFrameFillsUpToItsMaximumAndIsAtLeastItsMinimum() {
        // maxWidth: .infinity takes the whole proposal; the content keeps its own size inside.
        let fill = layout(Text("Hello").frame(minWidth: 0, maxWidth: .infinity))
        assertFrame(fill.placed[0].frame, 0, 411.5, 390, 21)
        assertFrame(fill.text("Hello"), 169.5, 411.5, 51, 21)
        // A minimum larger than the content wins; a maximum smaller than the proposal caps it.
        assertFrame(layout(Text("Hi").frame(minWidth: 80)).placed[0].frame, 155, 411.5, 80, 21)
        assertFrame(layout(Color.red.frame(maxWidth: 120, maxHeight: 60)).placed[0].frame, 135, 392, 120, 60)
        // Seed 000's `.frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)` on a 30-point symbol.
        let cell = layout(Image(systemName: "tv.fill").font(.system(size: 30)).frame(minWidth: 0, maxWidth: .infinity, minHeight: 50))
        assertFrame(cell.placed[0].frame, 0, 397, 390, 50)
        assertFrame(cell.frames(.image(.system("tv.fill"))).first, 180, 407, 30, 30)
    }

    func testFlexibleFrameWithNoProposalClampsTheContent() {
        // In a horizontal scroll view the content is offered no width: seed 003's
        // `.frame(minWidth: 40, maxHeight: .infinity)` is 40 wide (its 28-point symbol is narrower)
        // and as tall as offered.
        let f = layout(ScrollView(.horizontal) { Image(systemName: "moon").font(.title).frame(minWidth: 40, maxHeight: .infinity) })
        let frame = f.placed.first { $0.kind == .modifier && $0.frame.width == 40 }?.frame
        assertFrame(frame, 0, 0, 40, 844)
    }

    func testPaddingInsetsTheProposalAndGrowsTheSize() {
        let f = layout(Text("Hello").padding())
        assertFrame(f.placed[0].frame, (390 - 83) / 2, (844 - 53) / 2, 83, 53, "16 on each side")
        assertFrame(f.text("Hello"), (390 - 83) / 2 + 16, (844 - 53) / 2 + 16, 51, 21)
        assertFrame(layout(Text("Hello").padding(.horizontal, 12)).placed[0].frame, 157.5, 411.5, 75, 21)
        assertFrame(layout(Text("Hello").padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))).placed[0].frame, 166.5, 409.5, 57, 25)
        // A padded flexible view is offered the proposal less the padding.
        assertFrame(layout(Color.blue.padding(.all, 10)).frames(.color).first, 10, 10, 370, 824)
    }

    func testBackgroundIsOfferedTheViewsSize() {
        let f = layout(Text("Hello").padding(.all, 4).background(Color.yellow))
        assertFrame(f.frames(.color).first, 165.5, 407.5, 59, 29)
        XCTAssertEqual(f.shapes, ["fill", "text Hello"], "behind the text")
    }

    func testAspectRatioFitsOrFillsWithTheImagesOwnRatio() {
        let m = ViewLayout(measuring: EstimatedMeasuring(images: ["photo": Size(width: 400, height: 300)]))
        func image(_ mode: ContentMode) -> ViewFrame {
            m.frame(for: Image("photo").resizable().aspectRatio(contentMode: mode).frame(width: 200, height: 200), in: phone)
        }
        // The 200 × 200 frame is at (95, 322).
        assertFrame(image(.fit).frames(.image(.named("photo"))).first, 95, 322 + 25, 200, 150)
        assertFrame(image(.fill).frames(.image(.named("photo"))).first, 95 - 100.0 / 3, 322, 800.0 / 3, 200, "overflowing its frame")
        // Not resizable: its natural size whatever is offered, centred on the 50 × 50 frame at (170, 397).
        assertFrame(m.frame(for: Image("photo").frame(width: 50, height: 50), in: phone).frames(.image(.named("photo"))).first, -5, 272, 400, 300)
    }

    func testCornerRadiusAndClippedClipTheirContent() {
        let f = layout(Color.red.frame(width: 50, height: 50).cornerRadius(10))
        XCTAssertEqual(f.shapes, ["clip 10", "fill", "unclip"])
        XCTAssertEqual(layout(Color.red.clipped()).shapes, ["clip", "fill", "unclip"])
        let clip = f.drawing[0]
        assertFrame(clip.frame, 170, 397, 50, 50)
    }

    func testShadowIsCastBeforeTheViewByItsRoundedShape() {
        let f = layout(Color.red.frame(width: 50, height: 50).cornerRadius(10).shadow(color: .primary.opacity(0.3), radius: 1))
        XCTAssertEqual(f.shapes, ["shadow", "clip 10", "fill", "unclip"])
        guard case let .shadow(color, radius, _, _, corner) = f.drawing[0].shape else { return XCTFail("no shadow") }
        XCTAssertEqual(color, Color.primary.opacity(0.3))
        XCTAssertEqual(radius, 1)
        XCTAssertEqual(corner, 10)
    }

    func testFontAndColoursFlowInAndTheInnermostWins() {
        let f = layout(VStack { Text("a").font(.title); Text("b") }.font(.caption).foregroundColor(.white))
        let texts = f.drawing.compactMap { d -> (String, Font, Color)? in
            if case let .text(s, font, color) = d.shape { return (s, font, color) }
            return nil
        }
        XCTAssertEqual(texts.map(\.0), ["a", "b"])
        XCTAssertEqual(texts[0].1, .title)
        XCTAssertEqual(texts[1].1, .caption)
        XCTAssertEqual(texts[1].2, .white)
        // `.fontWeight(.heavy)` outside `.font(.system(.title, design: .rounded))` (seed 002's heading).
        let heading = layout(Text("Photos").font(.system(.title, design: .rounded)).fontWeight(.heavy))
        guard case let .text(_, font, _) = heading.drawing[0].shape else { return XCTFail() }
        XCTAssertEqual(font, Font(size: 28, weight: .heavy, design: .rounded, style: .title))
        assertFrame(heading.text("Photos"), (390 - 100.8) / 2, (844 - 34) / 2, 100.8, 34)
    }

    func testStacksSpaceTheirChildrenEightPointsApartByDefault() {
        let v = layout(VStack { Text("Hello"); Text("Hi") })
        assertFrame(v.placed[0].frame, 169.5, 397, 51, 50, "21 + 8 + 21")
        assertFrame(v.text("Hi"), 169.5 + 15.3, 397 + 29, 20.4, 21, "centred across")
        let leading = layout(VStack(alignment: .leading, spacing: 0) { Text("Hello"); Text("Hi") })
        assertFrame(leading.text("Hi"), 169.5, 401 + 21, 20.4, 21)
    }

    func testAStackOffersTheLeastFlexibleChildItsShareFirst() {
        // 300 across: the text (inflexible) is offered (300 − 16) / 3 and takes 51; the colours
        // split the remaining 233.
        let f = layout(HStack { Color.red; Text("Hello"); Color.blue }.frame(width: 300, height: 100))
        let colours = f.frames(.color)
        assertFrame(colours[0], 45, 372, 116.5, 100)
        assertFrame(f.text("Hello"), 45 + 116.5 + 8, 411.5, 51, 21)
        assertFrame(colours[1], 45 + 116.5 + 8 + 51 + 8, 372, 116.5, 100)
    }

    func testASpacerPushesItsNeighboursApart() {
        // Seed 002's heading row: `HStack { Text("Photos") …; Spacer() }`.
        let f = layout(HStack { Text("Photos"); Spacer() })
        assertFrame(f.text("Photos"), 0, 411.5, 61.2, 21)
        assertFrame(f.frames(.spacer).first, 69.2, 422, 320.8, 0)
        // Its minimum is the system spacing when there is no room.
        let tight = layout(HStack(spacing: 0) { Color.red.frame(width: 200); Spacer(); Color.blue.frame(width: 200) }.frame(width: 300))
        XCTAssertEqual(tight.frames(.spacer).first?.width, 8)
    }

    func testZStackLayersItsChildrenAtTheirAlignment() {
        let f = layout(ZStack(alignment: .topLeading) { Color.red.frame(width: 100, height: 100); Text("Hi") })
        assertFrame(f.text("Hi"), 145, 372, 20.4, 21)
        XCTAssertEqual(f.shapes, ["fill", "text Hi"])
    }

    func testAScrollViewOffersItsContentUnlimitedLengthAndShowsItAtItsOffset() {
        let body = ScrollView { VStack(spacing: 0) { ForEach(0..<100) { i in Color.red.frame(height: 50) } } }
        let f = layout(body)
        let s = f.scrollViews[0]
        assertFrame(s.viewport, 0, 0, 390, 844)
        XCTAssertEqual(s.contentSize, Size(width: 390, height: 5000))
        XCTAssertEqual(s.maxOffset.y, 5000 - 844)
        let scrolled = layout(body, scroll: [s.id: Point(x: 0, y: 120)])
        assertFrame(scrolled.frames(.color).first, 0, -120, 390, 50)
        // Past the end it stops at the end; content narrower than the scroll view is centred across.
        XCTAssertEqual(layout(body, scroll: [s.id: Point(x: 0, y: 1e9)]).scrollViews[0].offset.y, 5000 - 844)
        assertFrame(layout(ScrollView { Text("Hi") }).text("Hi"), 184.8, 0, 20.4, 21)
        XCTAssertEqual(f.shapes.first, "clip", "a scroll view clips its content")
    }

    func testOpacityMultipliesIntoEverythingInside() {
        let f = layout(VStack { Color.red.frame(width: 10).opacity(0.5) }.opacity(0.5))
        XCTAssertEqual(f.drawing[0].opacity, 0.25)
        // A colour's own `.opacity` is the colour's: drawn at full opacity in a translucent colour.
        let c = layout(Color.red.opacity(0.5))
        XCTAssertEqual(c.drawing[0].opacity, 1)
        guard case .fill(let color, _) = c.drawing[0].shape else { return XCTFail() }
        XCTAssertEqual(color.opacity, 0.5)
    }

    func testTapTargetsAreTheFrontmostViewUnderThePointInsideItsScrollView() {
        var tapped: [String] = []
        let body = ScrollView {
            Color.red.frame(height: 100).onTapGesture { tapped.append("red") }
            Color.blue.frame(height: 2000).onTapGesture { tapped.append("blue") }
        }.frame(height: 500)
        // The scroll view is 500 high at y = 172: red from 172 to 272, blue from 280.
        let f = layout(body)
        f.tapTarget(at: Point(x: 10, y: 200))?.action.perform()
        f.tapTarget(at: Point(x: 10, y: 300))?.action.perform()
        XCTAssertNil(f.tapTarget(at: Point(x: 10, y: 276)), "between them")
        XCTAssertNil(f.tapTarget(at: Point(x: 10, y: 700)), "scrolled out of its scroll view, it cannot be tapped")
        XCTAssertEqual(tapped, ["red", "blue"])
    }
}
