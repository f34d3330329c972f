import XCTest
@testable import CoffeeGridApp

final class XDGDirectoryTests: XCTestCase {
    func testStateAndCacheFollowTheirVariablesOrHome() {
        XCTAssertEqual(StateDirectory.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/coffeegrid")
        XCTAssertEqual(StateDirectory.path(environment: ["HOME": "/h"]), "/h/.local/state/coffeegrid")
        XCTAssertEqual(CacheDirectory.path(environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]), "/c/coffeegrid")
        XCTAssertEqual(CacheDirectory.path(environment: ["HOME": "/h"]), "/h/.cache/coffeegrid")
        // A relative base is invalid (the spec): home's default instead.
        XCTAssertEqual(CacheDirectory.path(environment: ["XDG_CACHE_HOME": "cache", "HOME": "/h"]), "/h/.cache/coffeegrid")
    }
}
