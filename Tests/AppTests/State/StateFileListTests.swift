import XCTest
@testable import CoffeeGridApp

/// Issue 21, case 16: the state file's lists are cut to their first entries, saying so.
final class StateFileListTests: XCTestCase {
    func testLongListsAreCutAndNamed() {
        let ids = (0..<1_500).map { "/p/\($0).jpg" }
        let state = JSON.object([("scene", .string("dock")), ("grid", .strings(ids)), ("dock", .strings(["/p/a.jpg"])),
                                 ("library", .object([("roots", .array((0..<1_200).map { .string("/r\($0)") }))])),
                                 ("visible", .array([.object([("id", .string("/p/0.jpg"))])]))])
        let capped = StateFile.capLists(state, maxListed: 1_000)
        guard case .object(let pairs) = capped else { return XCTFail("an object") }
        XCTAssertEqual(pairs.map(\.0), ["scene", "grid", "dock", "library", "visible", "longLists"])
        XCTAssertEqual(pairs.first { $0.0 == "grid" }?.1, .strings(Array(ids.prefix(1_000))))
        XCTAssertEqual(pairs.first { $0.0 == "longLists" }?.1.text, #"{"listed":1000,"lengths":{"grid":1500,"library.roots":1200}}"#)
        // Nothing long: the state is written as it is, with no longLists key.
        let short = JSON.object([("grid", .strings(["/a", "/b"]))])
        XCTAssertEqual(StateFile.capLists(short).text, #"{"grid":["/a","/b"]}"#)
        XCTAssertEqual(JSON.strings(["a\"b", "c"]).text, JSON.array([.string("a\"b"), .string("c")]).text)
    }
}
