import Foundation
import XCTest

/// Counts the test failures of this run, so an end-to-end session can tell whether one happened while
/// it was open (then it keeps its folder for the failure message's screenshots and logs).
final class FailureCounter: NSObject, XCTestObservation, @unchecked Sendable {
    static let shared: FailureCounter = {
        let counter = FailureCounter()
        XCTestObservationCenter.shared.addTestObserver(counter)
        return counter
    }()

    private let lock = NSLock()
    private var failures = 0

    var count: Int { lock.withLock { failures } }

    func testCase(_ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?, atLine lineNumber: Int) {
        lock.withLock { failures += 1 }
    }
}
