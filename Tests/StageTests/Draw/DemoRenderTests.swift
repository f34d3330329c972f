import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

/// Renders a small showcase (card with shadow, rounded photo, type in every design, symbols,
/// light and dark) to PNGs in the temporary folder, for people to look at; the assertions check
/// only what must hold in any such picture.
final class DemoRenderTests: XCTestCase {
    static let size = Size(width: 640, height: 420)

    static func drawDemo(_ c: Canvas, photo: Texture) {
        for (i, appearance) in [Appearance.light, .dark].enumerated() {
            c.appearance = appearance
            let x0 = Double(i) * 320
            c.pushClip(Rect(x: x0, y: 0, width: 320, height: 420))
            c.fill(Rect(x: x0, y: 0, width: 320, height: 420), SystemColor.groupedBackground.resolved(appearance))
            let card = Rect(x: x0 + 20, y: 20, width: 280, height: 250)
            c.shadow(card, cornerRadius: 16, radius: 10, color: Color.black.opacity(appearance == .light ? 0.18 : 0.6),
                     offset: Size(width: 0, height: 4))
            // iOS grouped style: cards are white in light mode, raised grey in dark mode.
            c.fillRoundedRect(card, cornerRadius: 16, (appearance == .light ? SystemColor.background : .secondaryBackground).resolved(appearance))
            c.drawTexture(photo, in: Rect(x: card.minX + 12, y: card.minY + 12, width: 256, height: 130), cornerRadius: 12)
            c.text("Photos", font: .system(size: 34, weight: .heavy, design: .rounded),
                   color: SystemColor.primary.resolved(appearance), at: Point(x: card.minX + 14, y: card.minY + 148))
            c.text("Flat white, oat milk, double shot, extra hot", font: .subheadline,
                   color: SystemColor.secondary.resolved(appearance),
                   in: Rect(x: card.minX + 14, y: card.minY + 192, width: 252, height: 20))
            c.text("12:34  $4.50", font: .system(size: 13, design: .monospaced),
                   color: SystemColor.tertiary.resolved(appearance),
                   in: Rect(x: card.minX + 14, y: card.minY + 216, width: 252, height: 20))
            c.symbol("heart", in: Rect(x: card.maxX - 38, y: card.minY + 156, width: 24, height: 24),
                     color: SystemColor.pink.resolved(appearance))
            var y = 290.0
            for (font, label) in [(Font.largeTitle.weight(.bold), "Coffee"), (.headline, "Headline semibold"),
                                  (.body, "Body · Café crème"), (.caption, "Caption 12 pt")] {
                c.text(label, font: font, color: SystemColor.primary.resolved(appearance), at: Point(x: x0 + 20, y: y))
                y += c.measure(label, font: font).height
            }
            let names = ["circle.fill", "square.grid.2x2", "heart", "cup", "no.such.symbol"]
            let tints: [SystemColor] = [.blue, .orange, .red, .brown, .gray]
            for (k, name) in names.enumerated() {
                c.symbol(name, in: Rect(x: x0 + 190 + Double(k) * 25, y: 300, width: 20, height: 20),
                         color: tints[k].resolved(appearance))
            }
            c.strokeRoundedRect(Rect(x: x0 + 200, y: 340, width: 100, height: 32), cornerRadius: 16, lineWidth: 1.5,
                                SystemColor.accent.resolved(appearance))
            c.text("Capsule", font: .callout.weight(.semibold), color: SystemColor.accent.resolved(appearance),
                   in: Rect(x: x0 + 200, y: 340, width: 100, height: 32), alignment: .center)
            c.fillCircle(center: Point(x: x0 + 210, y: 390), radius: 8, SystemColor.green.resolved(appearance))
            c.line(from: Point(x: x0 + 222, y: 398), to: Point(x: x0 + 298, y: 382), width: 2, SystemColor.indigo.resolved(appearance))
            c.line(from: Point(x: x0 + 190, y: 410), to: Point(x: x0 + 300, y: 410), width: 0.5, SystemColor.separator.resolved(appearance))
            c.popClip()
        }
    }

    func render(scale: Double, backend: Headless.Backend) throws -> PixelImage {
        let h = try Headless(backend, width: Int(Self.size.width * scale), height: Int(Self.size.height * scale),
                             scale: scale, resources: TestResources.locator)
        let photo = try TestResources.photo(h.renderer)
        Self.drawDemo(h.canvas, photo: photo)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("coffeegrid-demo-\(backend.rawValue)@\(Int(scale))x.png").path
        try h.canvas.savePNG(path)
        print("demo written to \(path)")
        XCTAssertEqual(h.logged.filter { $0.contains("no.such.symbol") }.count, 1, "\(h.logged)")
        return try h.canvas.readPixels()
    }

    func testDemoRendersInBothAppearancesAtBothScales() throws {
        for backend in Headless.Backend.allCases {
            for scale in [1.0, 2.0] {
                let img = try render(scale: scale, backend: backend)
                XCTAssertEqual(img.width, Int(640 * scale))
                // The light card is white, the dark one black, and the shadow darkens the grey below each card.
                let light = img.pixel(x: Int(160 * scale), y: Int(250 * scale)), dark = img.pixel(x: Int(480 * scale), y: Int(250 * scale))
                XCTAssertEqual(light.r, 255, "\(backend) \(scale)")
                XCTAssertEqual(dark.r, 28, "\(backend) \(scale)")
                let below = img.pixel(x: Int(160 * scale), y: Int(273 * scale)), far = img.pixel(x: Int(160 * scale), y: Int(285 * scale))
                XCTAssertLessThan(below.r, far.r, "\(backend) \(scale)")
            }
        }
    }
}
