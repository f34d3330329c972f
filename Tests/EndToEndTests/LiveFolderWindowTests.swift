import Foundation
import XCTest

/// The folder followed in the real window: three photos copied into the watched folder fade and
/// grow in, two deleted shrink and fade out, and `--trace` shows each of them part-way through its
/// transition in frames the window drew, while the photo at the top of the viewport never moves.
final class LiveFolderWindowTests: XCTestCase {
    var session: XSession?

    override func setUpWithError() throws { session = try XSession() }

    override func tearDown() { session?.close() }

    /// The bundled photos, as files a camera could have left.
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/Photos")

    struct Frame {
        var transitions: [(id: String, phase: String, presence: Double)]
        var tops: [String: Double]
    }

    /// Every traced frame from line `from` on: its transitions and each visible item's top.
    func frames(_ trace: URL, from: Int) -> [Frame] {
        let text = (try? String(contentsOf: trace, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst(from).compactMap { line in
            guard let o = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return nil }
            let t = (o["transitions"] as? [[String: Any]] ?? []).compactMap { d -> (String, String, Double)? in
                guard let id = d["id"] as? String, let phase = d["phase"] as? String, let p = d["presence"] as? Double else { return nil }
                return (id, phase, p)
            }
            var tops: [String: Double] = [:]
            for item in o["items"] as? [[String: Any]] ?? [] { if let id = item["id"] as? String, let y = item["y"] as? Double { tops[id] = y } }
            return Frame(transitions: t, tops: tops)
        }
    }

    func lines(_ trace: URL) -> Int { ((try? String(contentsOf: trace, encoding: .utf8)) ?? "").split(separator: "\n").count }

    func testPhotosCopiedInAndDeletedAreAnimatedAndTheTopPhotoStays() throws {
        let s = try XCTUnwrap(session)
        let folder = s.dir.appendingPathComponent("Live").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (i, name) in ["p01", "p03", "p05", "p07", "p09", "p11"].enumerated() {
            try fm.copyItem(atPath: Self.photos.appendingPathComponent("coffee-\(i + 1).jpg").path, toPath: "\(folder)/\(name).jpg")
        }
        try s.launch(["--size", "390x844", "--no-restore", "--trace", s.traceFile.path, folder])
        let ready = try XCTUnwrap(s.waitForState(30) {
            ($0["library"] as? [String: Any])?["count"] as? Double == 6 && $0["animating"] as? Bool == false && $0["pendingPhotos"] as? Double == 0
        }, "the folder was not shown: \(s.screenshot("live-first.png"))")
        XCTAssertEqual(ready["scene"] as? String, "photos")
        XCTAssertEqual(ready["sceneTitle"] as? String, "Live")
        // Two columns: every photo of the folder on screen.
        s.key("g")
        _ = s.waitForState(10) { ($0["tracks"] as? [Any])?.count == 2 && $0["animating"] as? Bool == false }
        Thread.sleep(forTimeInterval: 1)
        let top = folder + "/p01.jpg"
        let topY = try XCTUnwrap(frames(s.traceFile, from: 0).last?.tops[top], "p01 is not traced")

        // Three photos copied in (written elsewhere, then moved in as a copy tool finishes them).
        var from = lines(s.traceFile)
        let added = ["p02", "p04", "p06"].map { "\(folder)/\($0).jpg" }
        for (i, path) in added.enumerated() {
            try fm.copyItem(atPath: Self.photos.appendingPathComponent("coffee-\(i + 7).jpg").path, toPath: path)
        }
        XCTAssertNotNil(s.waitForState(15) { ($0["library"] as? [String: Any])?["count"] as? Double == 9 && $0["animating"] as? Bool == false },
                        "the copies never appeared: \(s.screenshot("live-added.png"))")
        Thread.sleep(forTimeInterval: 0.5)
        var drawn = frames(s.traceFile, from: from)
        for path in added {
            let partway = drawn.filter { f in f.transitions.contains { $0.id == path && $0.phase == "insertion" && $0.presence > 0.02 && $0.presence < 0.98 } }
            XCTAssertFalse(partway.isEmpty, "\(path) was never drawn part-way in")
        }
        for f in drawn { if let y = f.tops[top] { XCTAssertEqual(y, topY, accuracy: 0.5, "the top photo moved") } }

        // Two deleted: one that was there, one just copied in.
        from = lines(s.traceFile)
        let gone = [folder + "/p03.jpg", added[1]]
        for path in gone { try fm.removeItem(atPath: path) }
        XCTAssertNotNil(s.waitForState(15) { ($0["library"] as? [String: Any])?["count"] as? Double == 7 && $0["animating"] as? Bool == false },
                        "the deleted photos stayed: \(s.screenshot("live-deleted.png"))")
        Thread.sleep(forTimeInterval: 0.5)
        drawn = frames(s.traceFile, from: from)
        for path in gone {
            let partway = drawn.filter { f in f.transitions.contains { $0.id == path && $0.phase == "removal" && $0.presence > 0.02 && $0.presence < 0.98 } }
            XCTAssertFalse(partway.isEmpty, "\(path) was never drawn part-way out")
        }
        for f in drawn { if let y = f.tops[top] { XCTAssertEqual(y, topY, accuracy: 0.5, "the top photo moved") } }
        let end = try XCTUnwrap(s.state())
        let ids = (end["visible"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }.map { ($0 as NSString).lastPathComponent }
        XCTAssertEqual(ids, ["p01.jpg", "p02.jpg", "p05.jpg", "p06.jpg", "p07.jpg", "p09.jpg", "p11.jpg"])
        XCTAssertEqual(s.appOutput(), "", "nothing to say")
        s.key("ctrl+q")
    }
}
