import XCTest
import Glibc
import Foundation
@testable import PhotoLibrary

/// With the policy, a worker thread that frees a photo-sized buffer finds the same memory for its
/// next one: the pages are there, nothing faults (glibc's default maps each such block fresh, and
/// every one of its pages faults again).
final class HeapPolicyTests: XCTestCase {
    /// Minor page faults of allocating and filling a 4 MB block, then a second one after freeing the
    /// first, on a thread of its own (as a decoder is).
    static func faultsOfASecondBlock() -> Int {
        final class Box: @unchecked Sendable { var faults = 0 }
        let box = Box()
        let thread = Thread {
            let faults = { () -> Int in var u = rusage(); getrusage(1 /* RUSAGE_THREAD */, &u); return u.ru_minflt }
            let size = 4 << 20
            let first = malloc(size)!
            memset(first, 1, size)
            free(first)
            let before = faults()
            let second = malloc(size)!
            memset(second, 2, size)
            box.faults = faults() - before
            free(second)
        }
        thread.start()
        while !thread.isFinished { usleep(1000) }
        return box.faults
    }

    func testAFreedPhotoBufferIsThereForTheNextOne() {
        HeapPolicy.keepBigBlocks()
        let pages = (4 << 20) / Int(sysconf(Int32(_SC_PAGESIZE)))
        let faults = HeapPolicyTests.faultsOfASecondBlock()
        XCTAssertLessThan(faults, pages / 10, "\(faults) faults for a second 4 MB buffer (\(pages) pages)")
    }
}
