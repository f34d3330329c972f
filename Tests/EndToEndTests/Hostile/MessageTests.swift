import Foundation
import XCTest

/// Issue 21 (hostile pass 3), case 14: messages that named the wrong cause, and a silence. Each
/// test names what today's main said.
final class MessageTests: HostileTestCase {
    /// A symbolic link into a folder this user may not enter: "permission denied", not "broken".
    /// Run as `nobody` (root enters every folder). Today's main: "broken symbolic link".
    func testCase14ALinkIntoAFolderYouCannotEnterIsNotBroken() throws {
        guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv (util-linux) to run the app as another user")
        }
        let secret = dir.appendingPathComponent("secret")
        try FileManager.default.createDirectory(at: secret, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Child.resources.appendingPathComponent("Photos/coffee-1.jpg").path,
                                        toPath: secret.appendingPathComponent("latte.jpg").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: secret.path)
        let folder = try photoFolder("Photos", [:])
        try FileManager.default.createSymbolicLink(atPath: folder + "/latte.jpg", withDestinationPath: secret.path + "/latte.jpg")
        try FileManager.default.createSymbolicLink(atPath: folder + "/gone.jpg", withDestinationPath: dir.path + "/nothing-here.jpg")
        let o = try Child.run(["--headless", "--no-restore", "--no-thumbnail-cache", "--scene", "photos", "--screenshot", "/dev/null", folder],
                              launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"], in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        let latte = o.lines.first { $0.contains("latte.jpg") } ?? ""
        XCTAssertTrue(latte.hasSuffix("symbolic link to a file that cannot be reached (permission denied)"), o.summary)
        XCTAssertTrue(o.lines.contains { $0.contains("gone.jpg") && $0.hasSuffix("broken symbolic link") }, o.summary)
        print("case 14: link into a mode-700 folder, as nobody → \(latte)")
    }

    /// A 12-bit JPEG (here a baseline one whose frame header says 12) is "12-bit JPEG is not
    /// supported", in the feed and to the scanner. Today's main: "corrupt JPEG (Unsupported JPEG
    /// data precision 12)".
    func testCase14ATwelveBitJPEGSaysSo() throws {
        var bytes = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: Child.resources.appendingPathComponent("Photos/coffee-2.jpg").path)))
        let sof = try XCTUnwrap(Bombs.segmentStarts(bytes).first { [0xC0, 0xC1, 0xC2].contains($0.marker) })
        bytes[sof.offset + 4] = 12
        let folder = try photoFolder("Photos", ["deep.jpg": bytes])
        for scene in ["feed", "dock"] {
            let o = try Child.run(["--headless", "--no-restore", "--scene", scene, "--screenshot", "/dev/null", folder], env: photoEnv, in: dir, timeout: 60)
            XCTAssertEqual(o.exitCode, 0, o.summary)
            XCTAssertEqual(o.lines.count, 1, o.summary)
            XCTAssertTrue(o.lines.first?.hasSuffix("12-bit JPEG is not supported (8-bit only)") == true, o.summary)
        }
    }

    /// A thumbnail cache that cannot be written (its folder's parent is a file) is one line, once,
    /// and the photos still show. Today's main: nothing said.
    func testCase14AnUnwritableThumbnailCacheIsOneLine() throws {
        let blocker = try write("not-a-folder", "a file where the cache folder would be\n")
        let photo = [UInt8](try XCTUnwrap(FileManager.default.contents(atPath: Child.resources.appendingPathComponent("Photos/coffee-3.jpg").path)))
        let folder = try photoFolder("Photos", Dictionary(uniqueKeysWithValues: (1...6).map { ("p\($0).jpg", photo) }))
        let state = path("state.json")
        let o = try Child.run(["--headless", "--no-restore", "--scene", "photos", "--state", state, folder], env: ["XDG_CACHE_HOME": blocker], in: dir, timeout: 60)
        XCTAssertEqual(o.exitCode, 0, o.summary)
        XCTAssertEqual(o.lines.count, 1, o.summary)
        XCTAssertTrue(o.stderr.contains("thumbnail cache \(blocker)/thumbnails: cannot write (Not a directory)"), o.summary)
        XCTAssertEqual(json(state)?["pendingPhotos"] as? Double, 0, "the photos are shown")
        print("case 14: an unwritable thumbnail cache → \(o.lines)")
    }
}
