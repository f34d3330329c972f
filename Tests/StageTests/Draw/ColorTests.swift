import XCTest
@testable import PhotoLibrary
@testable import Stage
import StageInterface

final class ColorTests: XCTestCase {
    func testHexWhiteAndOpacity() {
        let c = Color(hex: 0xFF8000, opacity: 0.5)
        XCTAssertEqual(c.bytes.r, 255)
        XCTAssertEqual(c.bytes.g, 128)
        XCTAssertEqual(c.bytes.b, 0)
        XCTAssertEqual(c.opacity(0.5).opacity, 0.25)
        XCTAssertEqual(Color(white: 0.5).bytes.g, 128)
        XCTAssertEqual(Color.clear.bytes.a, 0)
        XCTAssertEqual(Color.black.mix(.white, 0.25), Color(white: 0.25))
        XCTAssertEqual(Color(red: 2, green: -1, blue: .nan).bytes.r, 255)
        XCTAssertEqual(Color(red: 2, green: -1, blue: .nan).bytes.g, 0)
    }

    func testSystemColorsFollowAppleValues() {
        XCTAssertEqual(SystemColor.blue.resolved(.light), Color(hex: 0x007AFF))
        XCTAssertEqual(SystemColor.blue.resolved(.dark), Color(hex: 0x0A84FF))
        XCTAssertEqual(SystemColor.accent.resolved(.dark), SystemColor.blue.resolved(.dark))
        XCTAssertEqual(SystemColor.background.resolved(.light), .white)
        XCTAssertEqual(SystemColor.background.resolved(.dark), .black)
        XCTAssertEqual(SystemColor.primary.resolved(.dark), .white)
        XCTAssertEqual(SystemColor.secondary.resolved(.light).opacity, 0.6)
        XCTAssertEqual(SystemColor.systemGray6.resolved(.light), Color(hex: 0xF2F2F7))
        XCTAssertEqual(SystemColor.groupedBackground.resolved(.light), Color(hex: 0xF2F2F7))
        // Every colour differs between light and dark except the greys Apple keeps.
        let same = SystemColor.allCases.filter { $0.resolved(.light) == $0.resolved(.dark) }
        XCTAssertEqual(same, [.gray])
    }

    func testFontStyles() {
        XCTAssertEqual(Font.headline, Font.system(size: 17, weight: .semibold))
        XCTAssertEqual(Font.largeTitle.size, 34)
        XCTAssertEqual(Font.caption.weight(.bold).weight, .bold)
        XCTAssertEqual(Font.body.weight(.bold).size, 17)
    }
}
