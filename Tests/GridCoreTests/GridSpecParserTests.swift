import XCTest
@testable import GridCore

final class GridSpecParserTests: XCTestCase {
    func parse(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> [GridItem] {
        do { return try GridSpec.parse(s) } catch { XCTFail("\(s): \(error)", file: file, line: line); return [] }
    }

    func error(_ s: String, file: StaticString = #filePath, line: UInt = #line) -> GridSpecError? {
        do { _ = try GridSpec.parse(s); XCTFail("accepted \(s)", file: file, line: line); return nil } catch let e as GridSpecError { return e } catch {
            XCTFail("\(error)", file: file, line: line); return nil
        }
    }

    func testTheFormsTheSeedsWrite() {
        XCTAssertEqual(parse("[GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60))]"),
                       [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60))])
        XCTAssertEqual(parse("Array(repeating: GridItem(.flexible(), spacing: 0), count: 3)"),
                       flexible(3, spacing: 0))
        XCTAssertEqual(parse("[GridItem(.adaptive(minimum: 50))]"), [GridItem(.adaptive(minimum: 50))])
        XCTAssertEqual(parse("Array(repeating: .init(.flexible()), count: 6)"), flexible(6))
        XCTAssertEqual(parse("[ GridItem() ]"), [GridItem()])
        XCTAssertEqual(parse("[GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)]"),
                       [GridItem(.adaptive(minimum: 30, maximum: 100), spacing: 50)])
        XCTAssertEqual(parse("[GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))]"),
                       [GridItem(.fixed(120)), GridItem(.flexible(maximum: 80)), GridItem(.adaptive(minimum: 40))])
        XCTAssertEqual(parse("[GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]"), flexible(3))
    }

    func testLenientForms() {
        XCTAssertEqual(parse("GridItem(fixed(30)), GridItem(flexible())"), [GridItem(.fixed(30)), GridItem()])
        XCTAssertEqual(parse("private var gridItemLayout = [GridItem(.flexible())]"), [GridItem()])
        XCTAssertEqual(parse("let rows: [GridItem] = [GridItem(.fixed(80))]"), [GridItem(.fixed(80))])
        XCTAssertEqual(parse("[GridItem](repeating: GridItem(.fixed(80)), count: 2)"), Array(repeating: GridItem(.fixed(80)), count: 2))
        XCTAssertEqual(parse("[GridItem(.fixed(100))] + Array(repeating: GridItem(), count: 2)"),
                       [GridItem(.fixed(100)), GridItem(), GridItem()])
        XCTAssertEqual(parse("[GridItem(.flexible(minimum: 10, maximum: .infinity), alignment: .topLeading),]"),
                       [GridItem(.flexible(), alignment: .topLeading)])
        XCTAssertEqual(parse("[GridItem(GridItem.Size.fixed(1_000)), GridItem.init(.fixed(CGFloat(2.5)))] // columns"),
                       [GridItem(.fixed(1000)), GridItem(.fixed(2.5))])
        XCTAssertEqual(parse("""
        [
            GridItem(.fixed(30), spacing: 1),   /* narrow */
            GridItem(.flexible(maximum: CGFloat.infinity))
        ]
        """), [GridItem(.fixed(30), spacing: 1), GridItem()])
    }

    func testUnreadableTextPointsAtTheColumn() {
        var e = error("[GridItem(.fixd(30))]")
        XCTAssertEqual(e?.column, 12)
        XCTAssertEqual(e?.found, "fixd")
        XCTAssertTrue(e?.message.contains(".fixed(50)") == true)
        e = error("[GridItem(.fixed(30)]")
        XCTAssertEqual(e?.column, 21)
        e = error("[GridItem(.fixed(30))")
        XCTAssertTrue(e?.message.contains("']'") == true)
        e = error("[GridItem(.fixed(30)) GridItem()]")
        XCTAssertEqual(e?.column, 23)
        e = error("GridItem(.fixed(30), spacing 4)")
        XCTAssertNotNil(e)
        e = error("Array(repeating: GridItem(), count: 0)")
        XCTAssertTrue(e?.message.contains("count") == true)
        e = error("[GridItem(.flexible(), colour: .red)]")
        XCTAssertEqual(e?.found, "colour")
        e = error("[GridItem(.fixed(30)) @]")
        XCTAssertEqual(e?.found, "@")
        e = error("[GridItem(.flexible(), alignment: .middle)]")
        XCTAssertEqual(e?.found, "middle")
        e = error("[Foo()]")
        XCTAssertEqual(e?.column, 2)
        e = error("[GridItem(.fixed(30))]\n[GridItem(.bogus)]")
        XCTAssertEqual(e?.line, 2)
        XCTAssertTrue(e?.description.hasPrefix("line 2, column 1") == true)
    }

    func testInvalidNumbersAreErrorsNotTraps() {
        XCTAssertTrue(error("[GridItem(.fixed(-3))]")?.message.contains("≥ 0") == true)
        XCTAssertEqual(error("[GridItem(.fixed(-3))]")?.column, 18)
        XCTAssertNotNil(error("[GridItem(.fixed(.nan))]"))
        XCTAssertNotNil(error("[GridItem(.fixed(.infinity))]"))
        XCTAssertNotNil(error("[GridItem(.flexible(minimum: .infinity))]"))
        XCTAssertNotNil(error("[GridItem(.flexible(maximum: -1))]"))
        XCTAssertTrue(error("[GridItem(.flexible(minimum: 50, maximum: 20))]")?.message.contains("below minimum") == true)
        XCTAssertNotNil(error("[GridItem(.adaptive(minimum: 0))]"))
        XCTAssertNotNil(error("[GridItem(.adaptive())]"))
        XCTAssertNotNil(error("[GridItem(.fixed(30), spacing: -2)]"))
        XCTAssertNotNil(error("[GridItem(.fixed(1e999))]"))
        XCTAssertTrue(error("[]")?.message.contains("empty") == true)
        XCTAssertNotNil(error(""))
        XCTAssertNotNil(error("Array(repeating: GridItem(), count: 100000)"))
    }

    func testDescriptionRoundTrips() {
        let items = [GridItem(.fixed(30), spacing: 1), GridItem(.flexible(minimum: 60)), GridItem(.adaptive(minimum: 30, maximum: 100), alignment: .top)]
        XCTAssertEqual(parse("[" + items.map(\.description).joined(separator: ", ") + "]"), items)
    }

    /// Issue 21, case 15: nesting is bounded with a clear error, not by the stack: 14,000
    /// `CGFloat(` (126 KB, under the size cap) overflowed a 2 MB stack. 32 levels still read.
    func testNestingIsBoundedWithAClearError() {
        func nested(_ n: Int) -> String { "[GridItem(.fixed(" + String(repeating: "CGFloat(", count: n) + "30" + String(repeating: ")", count: n) + "))]" }
        XCTAssertEqual(parse(nested(GridSpec.maxNesting)), [GridItem(.fixed(30))])
        for n in [GridSpec.maxNesting + 1, 14_000] {
            let e = error(nested(n))
            XCTAssertTrue(e?.message.contains("nested more than 32 deep") == true, "\(n): \(String(describing: e))")
            XCTAssertEqual(e?.found, "CGFloat")
        }
    }
}
