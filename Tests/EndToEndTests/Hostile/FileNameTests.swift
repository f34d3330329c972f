import Foundation
import XCTest

/// Issue 21 (hostile pass 3), file names: bytes that are not UTF-8, names that are one text in two
/// normalizations. Each test names what today's main did.
final class FileNameTests: HostileTestCase {
    static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
    static let nfc = Array("caf\u{E9}.jpg".utf8), nfd = Array("cafe\u{301}.jpg".utf8)

    /// Writes `bytes` at the folder `folder` + "/" + `name` (a name given as bytes).
    func write(_ bytes: Data, in folder: String, named name: [UInt8]) throws {
        let path = Array(folder.utf8) + [0x2F] + name + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } }
        guard fd >= 0 else { throw XSession.Unavailable(description: "cannot create a file named by bytes") }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    }

    var photo: Data { FileManager.default.contents(atPath: Child.resources.appendingPathComponent("Photos/coffee-1.jpg").path)! }

    /// Case 7: `caf\xE9.jpg`, and `café.jpg` precomposed and decomposed, in one folder: three
    /// photos; the Latin-1 one named on the command line is found; docked, it comes back on the
    /// next launch. Today's main: one photo of three (the Latin-1 name "not found", the twins
    /// collapsed without a line), and "skipped …/caf�.jpg: not found" for the named file.
    func testCase7NamesAreBytes() throws {
        let folder = try photoFolder("Photos", [:])
        for name in [FileNameTests.latin1, FileNameTests.nfc, FileNameTests.nfd] { try write(photo, in: folder, named: name) }
        let state = path("state.json")
        var o = try Child.run(["--headless", "--scene", "feed", "--state", state, folder], env: photoEnv, in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines, [], o.summary)
        XCTAssertEqual((json(state)?["library"] as? [String: Any])?["count"] as? Double, 3, "\(json(state)?["library"] ?? "nil")")
        XCTAssertEqual(json(state)?["pendingPhotos"] as? Double, 0)
        print("case 7: three names in one folder → \(o.summary)")

        // Named on the command line, its bytes as they are (through the shell).
        let named = ["/bin/sh", "-c", "exec \"$0\" \"$@\" \"$(printf '\(folder)/caf\\351.jpg')\""]
        let script = try write("s.txt", "scene dock\nclick \(FileTests.firstDockPhoto)\nsettle\nstate \(state)\n")
        o = try Child.run(["--headless", "--script", script], env: photoEnv, launcher: named, in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines, [], o.summary)
        XCTAssertEqual((json(state)?["dock"] as? [String])?.count, 1, "the photo was found and docked: \(json(state)?["dock"] ?? "nil")")
        o = try Child.run(["--headless", "--scene", "dock", "--state", state], env: photoEnv, launcher: named, in: dir, timeout: 60)
        XCTAssertEqual(o.lines, [], o.summary)
        XCTAssertEqual((json(state)?["dock"] as? [String])?.count, 1, "restored by its bytes on the next launch")
        print("case 7: the Latin-1 name on the command line, docked, relaunched → \(o.summary)")
    }
}
