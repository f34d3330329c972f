import GridCore
@testable import PhotoLibrary
@testable import Stage
import XCTest
import StageInterface

/// The retained frame's bookkeeping, without pixels: which items match, what a scroll moves, what
/// is drawn again.
final class FrameDamageTests: XCTestCase {
    let target = PixelRect(x0: 0, y0: 0, x1: 800, y1: 600)
    let viewport = PixelRect(x0: 0, y0: 100, x1: 800, y1: 600)

    func item(_ c: DrawCommand, levels: [PixelRect] = [], resource: FrameItem.Resource = .none) -> FrameItem {
        let clip = levels.reduce(nil as PixelRect?) { acc, level in acc.map { $0.intersection(level) } ?? level }
        let r = c.bounds!
        var b = PixelRect(covering: (r.minX, r.minY, r.maxX, r.maxY), margin: 2)!
        if let c = clip { b = b.intersection(c) }
        return FrameItem(command: c, levels: levels, clip: clip, opacity: 1, bounds: b.intersection(target), resource: resource, image: nil)
    }

    /// Three columns of numbered cells in the viewport, scrolled by `offset` points.
    func cells(_ offset: Double) -> [FrameItem] {
        var items = [item(.fill(Rect(x: 0, y: 0, width: 800, height: 100), .white, cornerRadius: 0))]
        for i in 0..<120 {
            let r = Rect(x: 20 + Double(i % 3) * 250, y: 100 + Double(i / 3) * 60 - offset, width: 200, height: 50)
            guard r.maxY > 100, r.minY < 600 else { continue }
            items.append(item(.fill(r, .black, cornerRadius: 8), levels: [viewport]))
            items.append(item(.text("\(i)", .body, .white, r, .center), levels: [viewport]))
        }
        items.append(item(.fill(Rect(x: 790, y: 110 + offset / 4, width: 6, height: 80), .black, cornerRadius: 3), levels: [viewport]))
        return items
    }

    func testIdenticalFramesDrawNothing() {
        let d = FrameDamage.between(cells(0), cells(0), target: target, scale: 1)
        XCTAssertNil(d.move)
        XCTAssertTrue(d.damage.isEmpty)
    }

    func testAScrollMovesTheViewportAndDrawsTheUncoveredStripAndTheScrollBar() {
        let d = FrameDamage.between(cells(0), cells(37), target: target, scale: 1)
        XCTAssertEqual(d.move?.region, viewport)
        XCTAssertEqual(d.move?.dy, -37)
        XCTAssertEqual(d.move?.dx, 0)
        // The strip the scroll uncovers at the bottom is drawn again…
        let strip = PixelRect(x0: 0, y0: 563, x1: 800, y1: 600)
        XCTAssertTrue(d.damage.contains { $0.contains(strip) } || d.damage.reduce(0) { $0 + $1.intersection(strip).area } == strip.area)
        // …and the scroll bar, which did not move with the content; not much else.
        XCTAssertTrue(d.damage.contains { $0.intersects(PixelRect(x0: 790, y0: 115, x1: 796, y1: 130)) })
        // Whole tiles: the strip and the scroll bar round up to 32-pixel squares; still a fifth of the viewport at most.
        XCTAssertLessThan(d.damagedArea, viewport.area / 5)
    }

    func testAChangedCellIsDamageAndNothingElse() {
        var changed = cells(0)
        changed[7] = item(.fill(Rect(x: 20, y: 160, width: 200, height: 50), .white, cornerRadius: 8), levels: [viewport])
        let d = FrameDamage.between(cells(0), changed, target: target, scale: 1)
        XCTAssertNil(d.move)
        let box = PixelRect(x0: 18, y0: 158, x1: 222, y1: 212)
        XCTAssertTrue(d.damage.allSatisfy { $0.intersects(box) })
        XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(box).area }, box.area)
    }

    func testAnotherTextureIsAChange() throws {
        let a = Texture(handle: OpaquePointer(bitPattern: 1)!, pixelWidth: 1, pixelHeight: 1)
        let b = Texture(handle: OpaquePointer(bitPattern: 2)!, pixelWidth: 1, pixelHeight: 1)
        defer { withExtendedLifetime((a, b)) {} }
        let photo = DrawCommand.image(path: "p.jpg", Rect(x: 10, y: 10, width: 50, height: 50), cornerRadius: 0, contentMode: .fill, opacity: 1, priority: 0, sampling: .exact)
        XCTAssertTrue(item(photo, resource: .texture(a)).drawsSame(as: item(photo, resource: .texture(a))))
        XCTAssertFalse(item(photo, resource: .texture(a)).drawsSame(as: item(photo, resource: .texture(b))))
        XCTAssertFalse(item(photo, resource: .loading).drawsSame(as: item(photo, resource: .loading)), "a placeholder shimmers")
        // Textures are never freed here: the handles are not SDL's.
        a.leak(); b.leak()
    }

    /// Identical cells (styles' blue tiles, a symbol every fifth cell): no look is rare enough to
    /// vote alone, so the nearest place each was votes, and the scroll is still found.
    func testAScrollOfIdenticalCellsIsFound() {
        func tiles(_ offset: Double) -> [FrameItem] {
            var items: [FrameItem] = []
            for i in 0..<200 {
                let r = Rect(x: 20 + Double(i % 10) * 78, y: 100 + Double(i / 10) * 50 - offset, width: 70, height: 44)
                guard r.maxY > 100, r.minY < 600 else { continue }
                items.append(item(.fill(r, .black, cornerRadius: 8), levels: [viewport]))
                items.append(item(.symbol(["sun.max", "moon", "snow"][i % 3], r.insetBy(dx: 20, dy: 10), .white), levels: [viewport]))
            }
            return items
        }
        XCTAssertNil(FrameDamage.scroll(tiles(0), tiles(0), scale: 1))
        let d = FrameDamage.between(tiles(0), tiles(13), target: target, scale: 1)
        XCTAssertEqual(d.move?.region, viewport)
        XCTAssertEqual(d.move?.dy, -13)
        XCTAssertLessThan(d.damagedArea, viewport.area / 5)
    }

    /// Two offsets with as many votes, one a move cannot take (not whole pixels): the other wins,
    /// whichever was counted first. (It went to the first, and the frame was drawn whole.)
    func testAnOffsetAMoveCannotTakeNeverWinsATie() {
        func row(_ y: Double, _ color: Color) -> FrameItem {
            item(.fill(Rect(x: 0, y: y, width: 800, height: 40), color, cornerRadius: 0), levels: [viewport])
        }
        let colors = [Color(hex: 0x112233), Color(hex: 0x445566), Color(hex: 0x778899), Color(hex: 0xAABBCC)]
        let old = [row(200, colors[0]), row(250, colors[1]), row(400, colors[2]), row(450, colors[3])]
        // The first two moved by 19.75 points (votes no move can take), the last two by 120.
        let new = [row(180.25, colors[0]), row(230.25, colors[1]), row(280, colors[2]), row(330, colors[3])]
        let m = FrameDamage.scroll(old, new, scale: 1)
        XCTAssertEqual(m?.dy, -120)
        XCTAssertEqual(m?.region, viewport)
        // At 4× a quarter point is whole pixels: then both can be taken, and the tie goes to the shorter move.
        XCTAssertEqual(FrameDamage.scroll(old, new, scale: 4)?.dy, -79)
    }

    /// Many items that look alike, most where they were: found where they were by one lookup each,
    /// so a frame of them costs what walking it costs (it was a walk through all of them for each).
    func testManyLookalikesWhereTheyWereVoteNothing() {
        let many = (0..<3000).map { i in
            item(.fill(Rect(x: Double(i % 40) * 20, y: 100 + Double(i / 40) * 6, width: 18, height: 4), .black, cornerRadius: 0), levels: [viewport])
        }
        XCTAssertNil(FrameDamage.scroll(many, many, scale: 1))
    }

    func testNoMoveAtScalesThatAreNotPowersOfTwo() {
        XCTAssertNil(FrameDamage.scroll(cells(0), cells(37), scale: 1.5))
        XCTAssertNotNil(FrameDamage.scroll(cells(0), cells(37), scale: 2))
        XCTAssertNil(FrameDamage.scroll(cells(0), cells(37.25), scale: 1), "a quarter point is not a whole pixel at 1×")
    }

    func testTranslationIsExactOrNotAtAll() {
        let a = DrawCommand.fill(Rect(x: 0.1, y: 426.6666666666667, width: 3, height: 4), .black, cornerRadius: 0)
        XCTAssertTrue(a.translated(dx: 0, dy: 37).isTranslation(of: a, dx: 0, dy: 37))
        let b = DrawCommand.fill(Rect(x: 0.1, y: 426.6666666666667 + 37.000000001, width: 3, height: 4), .black, cornerRadius: 0)
        XCTAssertFalse(b.isTranslation(of: a, dx: 0, dy: 37))
    }

    /// A rubber band over the cells (a translucent plain fill and its one-point outline), as the
    /// grids draw it above their content.
    func band(_ r: Rect) -> [FrameItem] {
        [item(.fill(r, Color(red: 0, green: 0.5, blue: 1, opacity: 0.18), cornerRadius: 0)),
         item(.stroke(r, Color(red: 0, green: 0.5, blue: 1, opacity: 0.9), cornerRadius: 0, lineWidth: 1))]
    }

    /// What the canvas works out at 1× for a plain fill (the pixels it paints whole) and a
    /// one-point stroke (its hole); the cells' rounded fills have none.
    func coverage(_ item: FrameItem) -> FrameDamage.Coverage {
        switch item.command {
        case let .fill(r, _, cornerRadius: 0): return .solid(PixelRect(inside: (r.minX, r.minY, r.maxX, r.maxY))!.intersection(item.bounds))
        case let .stroke(r, _, _, _): return .hole(PixelRect(inside: (r.minX + 3, r.minY + 3, r.maxX - 3, r.maxY - 3))!)
        default: return .bounds
        }
    }

    func damage(_ old: [FrameItem], _ new: [FrameItem]) -> FrameDamage {
        FrameDamage.between(old, new, target: target, scale: 1, coverage: coverage)
    }

    func testABandThatGrowsIsDrawnAgainOnlyWhereItChanged() {
        let before = cells(0) + band(Rect(x: 40, y: 130, width: 300, height: 300))
        let after = cells(0) + band(Rect(x: 40, y: 130, width: 330, height: 340))
        let d = damage(before, after)
        XCTAssertNil(d.move)
        // The strips it grew by (and its old and new outlines), not its 300 × 300 inside.
        let grown = [PixelRect(x0: 340, y0: 130, x1: 370, y1: 470), PixelRect(x0: 40, y0: 430, x1: 370, y1: 470)]
        for g in grown { XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(g).area }, g.area) }
        XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(PixelRect(x0: 100, y0: 200, x1: 300, y1: 400)).area }, 0)
        XCTAssertLessThan(d.damagedArea, 330 * 340 * 2 / 3)
    }

    func testABandHeldWhileTheGridAutoscrollsLetsTheGridMove() {
        // The band is clipped to the viewport: the same on screen while the cells move under it.
        let r = Rect(x: 40, y: 100, width: 600, height: 500)
        let d = damage(cells(0) + band(r), cells(37) + band(r))
        XCTAssertEqual(d.move?.dy, -37)
        // The strips, the scroll bar, and the outline's sides (which stay while the pixels move up).
        XCTAssertLessThan(d.damagedArea, viewport.area / 3)
        // The band's edge the move carried up is drawn again at the bottom, where the band still is.
        let edge = PixelRect(x0: 40, y0: 563, x1: 640, y1: 600)
        XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(edge).area }, edge.area)
    }

    /// An inspector's guides over a scrolling grid: sharp fills on whole pixels, the viewport's
    /// whole height, drawn over the cells. The cells move under them; each moved pixel gets from a
    /// guide what the pixel it came from got, so only the strip, the scroll bar and the guides'
    /// ends are drawn again. A guide under the cells, or one that stops short of the viewport's
    /// ends, or a translucent group's, is drawn again where the content moved.
    func testGuidesAlongTheScrollLetTheirColumnsMove() {
        func guides(_ height: Double = 500, y: Double = 100, opacity: Double = 1) -> [FrameItem] {
            stride(from: 14.0, to: 800, by: 250).map { x in
                let c = item(.fill(Rect(x: x, y: y, width: 6, height: height), Color(white: 0.5, opacity: 0.22), cornerRadius: 0), levels: [viewport])
                return FrameItem(command: c.command, levels: c.levels, clip: c.clip, opacity: opacity, bounds: c.bounds, resource: .none, image: nil)
            }
        }
        func columns(_ d: FrameDamage) -> Int {
            // Damage inside the moved area, in the middle rows (clear of the strip and the ends).
            let middle = PixelRect(x0: 0, y0: 200, x1: 768, y1: 500)  // left of the scroll bar's tiles
            return d.damage.reduce(0) { $0 + $1.intersection(middle).area }
        }
        let over = damage(cells(0) + guides(), cells(37) + guides())
        XCTAssertEqual(over.move?.dy, -37)
        XCTAssertEqual(columns(over), 0, "the guides' columns move with the cells")
        let under = damage(guides() + cells(0), guides() + cells(37))
        XCTAssertEqual(under.move?.dy, -37)
        XCTAssertGreaterThan(columns(under), 0, "under the cells, a guide's column is drawn again")
        let short = damage(cells(0) + guides(450), cells(37) + guides(450))
        XCTAssertGreaterThan(columns(short), 0, "a guide that ends inside the viewport is not the same all along")
        let faded = damage(cells(0) + guides(opacity: 0.5), cells(37) + guides(opacity: 0.5))
        XCTAssertGreaterThan(columns(faded), 0)
    }

    func testFillsOfAnotherColourOrOutOfOrderAreNotPaired() {
        let r = Rect(x: 40, y: 130, width: 300, height: 300)
        var recoloured = band(r)
        recoloured[0] = item(.fill(r, .white, cornerRadius: 0))
        let d = damage(cells(0) + band(r), cells(0) + recoloured)
        XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(PixelRect(x0: 100, y0: 200, x1: 300, y1: 400)).area }, 200 * 200)
        // Drawn below the cells in one frame and above them in the next: not the same pixels.
        let bigger = band(Rect(x: 40, y: 130, width: 310, height: 300))
        let below = damage(band(r) + cells(0), cells(0) + bigger)
        XCTAssertEqual(below.damage.reduce(0) { $0 + $1.intersection(PixelRect(x0: 100, y0: 200, x1: 300, y1: 400)).area }, 200 * 200)
        XCTAssertTrue(FrameDamage.resizedFills(band(r) + cells(0), cells(0) + bigger,
                                               FrameDamage.matchInOrder(band(r) + cells(0), cells(0) + bigger) { $1.drawsSame(as: $0) }
                                               key: { $0.key } newKey: { $0.key }, coverage: coverage).pairs.isEmpty)
    }

    func testAStrokeDamagesItsRingNotItsHole() {
        let moved = band(Rect(x: 40, y: 130, width: 300, height: 300))[1]
        let d = damage(cells(0) + [moved], cells(0))
        XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(PixelRect(x0: 100, y0: 200, x1: 300, y1: 400)).area }, 0)
        XCTAssertEqual(d.damage.reduce(0) { $0 + $1.intersection(PixelRect(x0: 38, y0: 128, x1: 342, y1: 132)).area }, 304 * 4)
    }

    func testPixelRectSubtraction() {
        let r = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
        let parts = r.subtracting(PixelRect(x0: 3, y0: 3, x1: 6, y1: 12))
        XCTAssertEqual(parts.reduce(0) { $0 + $1.area }, 100 - 3 * 7)
        for (i, p) in parts.enumerated() { for q in parts[(i + 1)...] { XCTAssertFalse(p.intersects(q)) } }
        XCTAssertEqual(r.subtracting(r), [])
        XCTAssertEqual(r.subtracting(PixelRect(x0: 20, y0: 20, x1: 30, y1: 30)), [r])
    }

    func testTilesCoverWhatWasInsertedAndJoinRows() {
        var t = TileSet(target: target, tile: 32)
        t.insert(PixelRect(x0: 5, y0: 5, x1: 70, y1: 100))
        t.insert(PixelRect(x0: 700, y0: 590, x1: 900, y1: 700))
        let rects = t.rectangles()
        XCTAssertEqual(rects.count, 2)
        XCTAssertTrue(rects.contains(PixelRect(x0: 0, y0: 0, x1: 96, y1: 128)))
        XCTAssertTrue(rects.contains(PixelRect(x0: 672, y0: 576, x1: 800, y1: 600)))
    }
}

private extension Texture {
    /// Keeps a test's fake texture from reaching SDL_DestroyTexture.
    func leak() { _ = Unmanaged.passRetained(self) }
}
