import CSDL2
import Foundation
import GridCore
@testable import PhotoLibrary
@testable import Stage
import XCTest
import StageInterface

/// What a retained frame relies on, primitive by primitive, on the software renderer drawing into
/// a window: a command drawn under any clip shows, inside the clip, exactly the pixels it shows
/// unclipped; and moved by whole pixels it shows the same pixels moved.
final class ClipInvarianceTests: SoftwareCanvasTestCase {
    override class var canvasSize: (width: Double, height: Double) { (420, 320) }
    let background = Color(red: 0.95, green: 0.94, blue: 0.9)

    /// A texture with detail everywhere (so any resampling difference shows), opaque or not.
    func photo(width: Int, height: Int, opaque: Bool = true) throws -> Texture {
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else {
            throw SDLError("surface")
        }
        defer { SDL_FreeSurface(s) }
        var seed: UInt32 = 12345
        for y in 0..<height {
            let row = (s.pointee.pixels! + y * Int(s.pointee.pitch)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                seed = seed &* 1664525 &+ 1013904223
                let a: UInt32 = opaque ? 255 : 128 + (seed >> 25)
                row[x] = a << 24 | (UInt32(x * 7) & 0xFF) << 16 | (UInt32(y * 5) & 0xFF) << 8 | (seed >> 24)
            }
        }
        let t = try Texture(renderer: host.renderer, surface: s)
        t.isOpaque = opaque
        return t
    }

    func frame(clip: Rect? = nil, _ draw: () -> Void) throws -> PixelImage {
        canvas.setClip(nil)
        canvas.clear(background)
        if let c = clip { canvas.pushClip(c) }
        draw()
        if clip != nil { canvas.popClip() }
        return try canvas.readPixels()
    }

    /// `b` equals `a` moved by (dx, dy) wherever both are inside `region` (after and before the move).
    func assertMoved(_ a: PixelImage, _ b: PixelImage, dx: Int, dy: Int, region: PixelRect, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        let area = region.intersection(region.offsetBy(dx: dx, dy: dy)).intersection(PixelRect(x0: 0, y0: 0, x1: a.width, y1: a.height))
        var bad = 0, first: (Int, Int)?
        for y in area.y0..<area.y1 {
            for x in area.x0..<area.x1 where b.rgb(x, y) != a.rgb(x - dx, y - dy) {
                bad += 1
                if first == nil { first = (x, y) }
            }
        }
        XCTAssertEqual(bad, 0, "\(what): \(bad) pixels differ, first at \(String(describing: first))", file: file, line: line)
    }

    func drawings() throws -> [(String, (Point) -> Void)] {
        let opaque = try photo(width: 173, height: 129)
        let clear = try photo(width: 97, height: 211, opaque: false)
        return [
            ("photo", { p in self.canvas.drawTexture(opaque, in: Rect(x: p.x, y: p.y, width: 250.3, height: 190.7), cornerRadius: 12) }),
            ("photo at 0.6", { p in self.canvas.drawTexture(opaque, in: Rect(x: p.x, y: p.y, width: 150.5, height: 111.25), cornerRadius: 6, opacity: 0.6) }),
            ("photo with alpha, fit", { p in self.canvas.drawTexture(clear, in: Rect(x: p.x, y: p.y, width: 140.6, height: 170.2), contentMode: .fit, cornerRadius: 9) }),
            ("shadow", { p in self.canvas.shadow(Rect(x: p.x, y: p.y, width: 180.4, height: 120.2), cornerRadius: 14, radius: 9, color: Color(white: 0, opacity: 0.3), offset: Size(width: 0, height: 4)) }),
            ("big shadow", { p in self.canvas.shadow(Rect(x: p.x, y: p.y, width: 200, height: 150), cornerRadius: 20, radius: 30, color: Color(white: 0, opacity: 0.4)) }),
            ("rounded fill", { p in self.canvas.fillRoundedRect(Rect(x: p.x, y: p.y, width: 120.3, height: 77.7), cornerRadius: 11.5, Color(red: 0.9, green: 0.1, blue: 0.2)) }),
            ("small rounded fill", { p in self.canvas.fillRoundedRect(Rect(x: p.x, y: p.y, width: 40.25, height: 33.5), cornerRadius: 8, Color(red: 0.1, green: 0.3, blue: 0.9, opacity: 0.7)) }),
            ("stroke", { p in self.canvas.strokeRoundedRect(Rect(x: p.x, y: p.y, width: 140.5, height: 90.25), cornerRadius: 10, lineWidth: 2.5, Color(red: 0.2, green: 0.7, blue: 0.3)) }),
            ("line", { p in self.canvas.line(from: p, to: Point(x: p.x + 133.3, y: p.y + 71.9), width: 1.5, .black) }),
            ("circle", { p in self.canvas.fillCircle(center: Point(x: p.x + 40, y: p.y + 40), radius: 33.3, Color(red: 1, green: 0.6, blue: 0)) }),
            ("text", { p in self.canvas.text("Flat white, 3 €", font: .system(size: 17), color: .black, in: Rect(x: p.x, y: p.y, width: 150, height: 24)) }),
        ]
    }

    func testEveryDrawingIsTheSameUnderAnyClip() throws {
        var rng = SplitMix64(seed: 3)
        for (name, draw) in try drawings() {
            let at = Point(x: 83.4, y: 61.7)
            let whole = try frame { draw(at) }
            for _ in 0..<6 {
                let x0 = Double(Int.random(in: 0..<300, using: &rng)), y0 = Double(Int.random(in: 0..<220, using: &rng))
                let clip = Rect(x: x0, y: y0, width: Double(Int.random(in: 1..<160, using: &rng)), height: Double(Int.random(in: 1..<140, using: &rng)))
                let cut = try frame(clip: clip) { draw(at) }
                let r = PixelRect(canvas.pixels(clip))
                assertMoved(whole, cut, dx: 0, dy: 0, region: r, "\(name) clipped to \(clip)")
            }
        }
    }

    /// A photo partly outside the window (a row half above it as a scroll reveals the one under it):
    /// cut by a clip, it shows SDL's own pixels for it uncut, and a second frame that cuts it again
    /// draws from the picture the first one scaled (SDL would scale it whole in every frame).
    func testAPhotoLeavingTheWindowIsScaledOnceAndDrawnAsUncut() throws {
        let texture = try photo(width: 173, height: 129)
        for at in [Point(x: 40.4, y: -50.3), Point(x: -60.6, y: 100.2), Point(x: 300.3, y: 250.7)] {
            let draw = { self.canvas.drawTexture(texture, in: Rect(x: at.x, y: at.y, width: 150.3, height: 111.7)) }
            let whole = try frame { draw() }
            canvas.endFrame()
            // A strip across the photo and one down it, each inside the window.
            for clip in [Rect(x: 0, y: max(0, at.y + 30), width: 420, height: 37), Rect(x: max(0, at.x + 40), y: 0, width: 60, height: 320)] {
                let cut = try frame(clip: clip) { draw() }
                assertMoved(whole, cut, dx: 0, dy: 0, region: PixelRect(canvas.pixels(clip)), "photo at \(at) clipped to \(clip)")
            }
            XCTAssertEqual(canvas.scaledCopies.count, 1, "one picture scaled for the photo at \(at), drawn from by both cuts")
            canvas.endFrame()
            _ = try frame(clip: Rect(x: 0, y: 200, width: 420, height: 37)) { draw() }
            canvas.endFrame()
            canvas.releasePhotoTextures()
        }
    }

    func testEveryDrawingMovedByWholePixelsIsTheSamePixelsMoved() throws {
        let viewport = Rect(x: 20, y: 30, width: 380, height: 260)
        for (name, draw) in try drawings() {
            for (start, shift) in [(Point(x: 83.4, y: 61.7), (0, 37)), (Point(x: 83.4, y: 10.3), (0, 45)),
                                   (Point(x: 300.6, y: 200.2), (-120, -3)), (Point(x: 60.5, y: 250.5), (0, -37))] {
                let a = try frame(clip: viewport) { draw(start) }
                let b = try frame(clip: viewport) { draw(Point(x: start.x + Double(shift.0), y: start.y + Double(shift.1))) }
                assertMoved(a, b, dx: shift.0, dy: shift.1, region: PixelRect(canvas.pixels(viewport)), "\(name) from \(start) moved \(shift)")
            }
        }
    }
}

extension PixelImage {
    func rgb(_ x: Int, _ y: Int) -> UInt32 {
        let i = (y * width + x) * 4
        return UInt32(rgba[i]) << 16 | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
    }
}

