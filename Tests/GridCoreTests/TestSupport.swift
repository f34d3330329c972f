import XCTest
@testable import GridCore

/// Track (offset, size) pairs, compared to three decimals as the seeds print them.
func assertTracks(_ items: [GridItem], extent: Double, alignment: Double = 0.5,
                  _ expected: [(Double, Double)], size: Double? = nil,
                  file: StaticString = #filePath, line: UInt = #line) {
    let t = GridTracks(items: items, extent: extent, alignment: alignment)
    XCTAssertEqual(t.tracks.count, expected.count, "track count for \(items)", file: file, line: line)
    for (i, (track, want)) in zip(t.tracks, expected).enumerated() {
        XCTAssertEqual(track.offset, want.0, accuracy: 0.001, "offset of track \(i)", file: file, line: line)
        XCTAssertEqual(track.size, want.1, accuracy: 0.001, "size of track \(i)", file: file, line: line)
    }
    if let s = size { XCTAssertEqual(t.size, s, accuracy: 0.001, "grid size", file: file, line: line) }
}

func flexible(_ n: Int, spacing: Double? = nil) -> [GridItem] {
    Array(repeating: GridItem(.flexible(), spacing: spacing), count: n)
}

func assertRect(_ r: Rect?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
                file: StaticString = #filePath, line: UInt = #line) {
    guard let r = r else { return XCTFail("no rect", file: file, line: line) }
    XCTAssertEqual(r.minX, x, accuracy: 0.001, "x", file: file, line: line)
    XCTAssertEqual(r.minY, y, accuracy: 0.001, "y", file: file, line: line)
    XCTAssertEqual(r.width, w, accuracy: 0.001, "width", file: file, line: line)
    XCTAssertEqual(r.height, h, accuracy: 0.001, "height", file: file, line: line)
}
