import XCTest
@testable import PhotoLibrary

/// The two halves of a rename, read apart (as a busy machine reads them), are still one rename.
final class MovePairingTests: XCTestCase {
    func testHalvesReadApartWithinTheWindowAreOneRename() {
        var moves = MovePairing()
        moves.movedFrom("/f/b.jpg", cookie: 7, now: 100)
        XCTAssertEqual(moves.expired(now: 100.001), [], "the read ended between the two halves: not gone yet")
        XCTAssertFalse(moves.isEmpty)
        XCTAssertEqual(moves.movedTo(cookie: 7), "/f/b.jpg")
        XCTAssertTrue(moves.isEmpty)
        XCTAssertEqual(moves.expired(now: 200), [])
    }

    func testAHalfWithoutItsPartnerLeftTheFoldersOnceTheWindowHasPassed() {
        var moves = MovePairing()
        moves.movedFrom("/f/b.jpg", cookie: 9, now: 100)
        moves.movedFrom("/f/a.jpg", cookie: 8, now: 100.04)
        XCTAssertEqual(moves.movedTo(cookie: 3), nil, "a move in from outside pairs with nothing")
        XCTAssertEqual(moves.expired(now: 100.001 + MovePairing.window), ["/f/b.jpg"])
        XCTAssertEqual(moves.expired(now: 100.041 + MovePairing.window), ["/f/a.jpg"])
        XCTAssertTrue(moves.isEmpty)
        XCTAssertEqual(moves.movedTo(cookie: 9), nil, "too late: it was a removal and an arrival")
    }
}
