import Foundation
import XCTest

/// The photo library stays a module without SDL (issue 23): no file under Sources/PhotoLibrary
/// imports SDL or a module that brings it (CSDL2, Stage, SDL2 headers), and the target's entry in
/// Package.swift names no SDL target. Read from the sources, so the rule fails here the day it is
/// broken, before anything links SDL in by a side door.
final class NoSDLTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let forbidden = ["CSDL2", "Stage", "SDL2", "SDL"]

    func testNoSourceImportsSDL() throws {
        let folder = Self.packageRoot.appendingPathComponent("Sources/PhotoLibrary")
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 30, "the library's sources are where this test looks")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard let i = words.firstIndex(where: { $0 == "import" }), i + 1 < words.count, words[..<i].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" }) else { continue }
                let module = words[i + 1].split(separator: ".").first.map(String.init) ?? ""
                XCTAssertFalse(Self.forbidden.contains(module), "\(file): \(line)")
            }
            // Comments may tell what SDL did; code may not call it.
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            XCTAssertFalse(code.contains { $0.contains("SDL_") }, "\(file) calls SDL")
        }
    }

    func testTheTargetDependsOnNoSDLTarget() throws {
        let package = try String(contentsOf: Self.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let start = try XCTUnwrap(package.range(of: ".target(name: \"PhotoLibrary\""), "Package.swift declares the PhotoLibrary target")
        let entry = package[start.lowerBound...].prefix { $0 != "\n" }
        XCTAssertTrue(entry.contains("dependencies:"), String(entry))
        for name in Self.forbidden + ["AssetKit", "CoffeeGridApp"] {
            XCTAssertFalse(entry.contains("\"\(name)\""), "PhotoLibrary depends on \(name): \(entry)")
        }
    }
}
