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
        var o = try Child.run(["--headless", "--scene", "photos", "--state", state, folder], env: photoEnv, in: dir, timeout: 60)
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

extension FileNameTests {
    /// True when `text` holds a character a terminal acts on (C0 but newline, DEL, C1).
    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    /// Case 12: file names and specs with control characters reach stderr escaped, one line each.
    /// A name `x\ncoffeegrid: all photos OK\e[2J.jpg` (not an image) printed a fake log line and
    /// cleared the terminal on today's main; `y\e]0;pwned\a.jpg` set its title; a spec's NUL and
    /// ESC were echoed raw.
    func testCase12ControlCharactersReachStandardErrorEscaped() throws {
        let folder = try photoFolder("Photos", [:])
        let names = ["x\ncoffeegrid: all photos OK\u{1B}[2J.jpg", "y\u{1B}]0;pwned\u{7}.jpg", "z\u{9B}31m\u{202E}gpj.jpg"]
        for name in names { try write(Data("not a photo\n".utf8), in: folder, named: Array(name.utf8)) }
        let o = try Child.run(["--headless", "--scene", "photos", "--screenshot", path("x.png"), folder], env: photoEnv, in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.count, 3, "one line a file: \(o.stderr.debugDescription)")
        XCTAssertFalse(FileNameTests.hasControls(o.stderr), o.stderr.debugDescription)
        XCTAssertFalse(o.lines.contains { $0.hasPrefix("coffeegrid: all photos OK") }, "no forged line")
        XCTAssertTrue(o.stderr.contains("\\u{1B}[2J") && o.stderr.contains("\\u{A}coffeegrid"), o.stderr)
        XCTAssertTrue(o.stderr.contains("\\u{202E}"), "bidi overrides are shown, not obeyed: \(o.stderr)")
        print("case 12: names with control characters → \(o.lines)")

        for args in [["layout", "--extent", "390", "[GridItem(.fixd\u{1B}[2J\u{0}(30))]"], ["--headless", "--columns", "[\u{1B}]0;x\u{7}]"],
                     ["--headless", "--scene", "feed\u{1B}[31m"]] {
            let s = try Child.run(args, in: dir, timeout: 30)
            XCTAssertEqual(s.exitCode, 2, "\(args): \(s.summary)")
            XCTAssertEqual(s.lines.count, 1, "\(args): \(s.stderr.debugDescription)")
            XCTAssertFalse(FileNameTests.hasControls(s.stderr), "\(args): \(s.stderr.debugDescription)")
        }
    }
}
