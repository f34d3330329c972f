import CSDL2
import Foundation
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// Seeded mutations of small valid photos (PNG, JPEG with EXIF and long APP segments, GIF, BMP,
/// WebP) through SniffInvariants: the header walk, the format's magic, the scanner's probe and the C
/// decoders. `make fuzz` runs libFuzzer on the same invariants (Fuzz/PhotoSniffFuzzer.swift) and more
/// mutations here (PHOTOSNIFF_MUTATIONS).
final class PhotoSniffMutationTests: XCTestCase {
    static let defaultCount = 3_000

    /// Encoded photos made at test time, and the fuzzer's hand-written seeds.
    static func seeds() throws -> [[UInt8]] {
        let files = try ImageFixtures()
        let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try files.savePNG("s.png", ImageFixtures.quadrants(width: 24, height: 16)))))
        let jpg = try [UInt8](Data(contentsOf: URL(fileURLWithPath: try files.saveJPG("s.jpg", ImageFixtures.quadrants(width: 24, height: 16)))))
        let surface = ImageFixtures.quadrants(width: 20, height: 12, seed: 4)
        defer { SDL_FreeSurface(surface) }
        let exif = [UInt8](try JPEGEncoder.encode(surface, .init(exif: ExifBlock(orientation: 6, dateTimeOriginal: "2024:05:06 07:08:09"))))
        let app2 = [UInt8(0xFF), 0xE2, 0x01, 0x02] + [UInt8](repeating: 0x41, count: 0x100)
        let long = Array(exif[..<2]) + app2 + app2 + Array(exif[2...])
        return [png, jpg, exif, long] + SniffInvariants.seeds
    }

    func testMutatedPhotosKeepTheSniffInvariants() throws {
        let env = ProcessInfo.processInfo.environment
        let count = env["PHOTOSNIFF_MUTATIONS"].flatMap(Int.init) ?? Self.defaultCount
        var rng = SplitMix64(seed: env["PHOTOSNIFF_SEED"].flatMap(UInt64.init) ?? 21)
        let seeds = try Self.seeds()
        for seed in seeds { XCTAssertEqual(SniffInvariants.check(seed), [], SniffInvariants.hex(seed)) }
        var failures: [String] = [], accepted = 0
        for _ in 0..<count {
            var b = seeds[Int(rng.next() % UInt64(seeds.count))]
            for _ in 0..<Int(rng.next() % 4 + 1) {
                guard !b.isEmpty else { break }
                let at = Int(rng.next() % UInt64(b.count))
                switch rng.next() % 6 {
                case 0: b[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: b[at] = [0x00, 0xFF, 0x7F, 0x80, 0x01][Int(rng.next() % 5)]
                case 2: b.removeSubrange(at..<min(b.count, at + Int(rng.next() % 16 + 1)))
                case 3: b.insert(contentsOf: [UInt8](repeating: UInt8(truncatingIfNeeded: rng.next()), count: Int(rng.next() % 8 + 1)), at: at)
                case 4: b = Array(b.prefix(at))
                default: b[at] ^= 1 << UInt8(rng.next() % 8)
                }
            }
            let problems = SniffInvariants.check(b)
            failures += problems
            if problems.isEmpty, (try? b.withUnsafeBytes({ try ImageHeader.parse($0) })) != nil { accepted += 1 }
            if failures.count >= 10 { break }
        }
        XCTAssertEqual(failures, [])
        if count >= 100 { XCTAssertGreaterThan(accepted, count / 50, "only \(accepted) of \(count) mutated photos parsed") }
        if count > Self.defaultCount { print("PhotoSniffMutationTests: \(count) photos, \(accepted) accepted") }
    }
}
