import CSDL2
import Foundation
import GridCore
@testable import PhotoLibrary
@testable import Stage
import XCTest
import StageInterface

/// Opaque fills stored straight into the window's memory (`Canvas.storeOpaque`, while a frame is
/// drawn on the software renderer) must leave exactly the pixels SDL's own fills leave: clears with
/// and without a clip, sharp rectangles, rounded cells (their bands), shadows' middles, translucent
/// fills (which still go through SDL) between them, under clips that cut them and off the window.
final class OpaqueStoreTests: SoftwareCanvasTestCase {
    func scene(_ rng: inout SplitMix64) {
        canvas.setClip(nil)
        canvas.clear(Color(red: 0.93, green: 0.92, blue: 0.9))
        for _ in 0..<40 {
            let r = Rect(x: Double.random(in: -40..<340, using: &rng), y: Double.random(in: -40..<260, using: &rng),
                         width: Double.random(in: 0..<220, using: &rng), height: Double.random(in: 0..<220, using: &rng))
            let color = Color(red: Double.random(in: 0...1, using: &rng), green: Double.random(in: 0...1, using: &rng),
                              blue: Double.random(in: 0...1, using: &rng), opacity: Bool.random(using: &rng) ? 1 : 0.6)
            let clipped = Int.random(in: 0..<3, using: &rng) == 0
            if clipped {
                canvas.pushClip(Rect(x: Double.random(in: 0..<200, using: &rng), y: Double.random(in: 0..<150, using: &rng),
                                     width: Double.random(in: 20..<200, using: &rng), height: Double.random(in: 20..<150, using: &rng)))
            }
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: canvas.fill(r.rounded(), color)
            case 1: canvas.fill(r, color)
            case 2: canvas.fillRoundedRect(r, cornerRadius: Double.random(in: 0..<30, using: &rng), color)
            case 3: canvas.shadow(r, cornerRadius: 8, radius: Double.random(in: 1..<12, using: &rng), color: color)
            default: canvas.clear(color)
            }
            if clipped { canvas.popClip() }
        }
        canvas.setClip(nil)
        canvas.flush()
    }

    func testStoresLeaveTheSamePixelsAsSDLFills() throws {
        for seed in 0..<12 as Range<UInt64> {
            var a = SplitMix64(seed: seed), b = SplitMix64(seed: seed)
            scene(&a)
            let bySDL = try canvas.readPixels()
            let target = try XCTUnwrap(SoftwareTarget.current(host.renderer, known: nil), "the software renderer draws into its window")
            canvas.directTarget = target
            scene(&b)
            SDL_RenderFlush(host.renderer)
            canvas.directTarget = nil
            let stored = try canvas.readPixels()
            let differing = zip(stored.rgba, bySDL.rgba).filter { $0 != $1 }.count
            XCTAssertEqual(stored.rgba.count, bySDL.rgba.count)
            XCTAssertEqual(differing, 0, "seed \(seed): bytes that differ from SDL's fills")
        }
    }
}

private extension Rect {
    /// On whole points: the sharp rectangles SDL fills itself.
    func rounded() -> Rect {
        Rect(x: minX.rounded(), y: minY.rounded(), width: width.rounded(), height: height.rounded())
    }
}
