import XCTest
import GridCore
import PhotoLibrary
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// Moving many photos to the Trash (and back) happens on the library's worker, not the frame
/// thread: frames keep coming while the photos leave a batch at a time, the toast counts them, and
/// every file is either in the folder or in the Trash with its info file, also when stopped mid-way.
final class TrashWorkTests: XCTestCase {
    var dir: URL!
    var folder: String { dir.appendingPathComponent("Pics").path }
    var homeTrash: String { dir.appendingPathComponent("data/Trash").path }
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = fm.temporaryDirectory.appendingPathComponent("coffeegrid-trashwork-\(UUID().uuidString)")
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? fm.removeItem(at: dir) }

    /// `n` small JPEGs (one picture written n times: the folder, not the decode, is what is tested).
    func fill(_ n: Int) throws {
        let data = try OwnPhotosTests.jpeg(7)
        for i in 1...n { try data.write(to: URL(fileURLWithPath: folder + "/IMG_\(i).jpg")) }
    }

    func session(size: Size = Size(width: 1280, height: 800)) throws -> (HeadlessSession, PhotosScene) {
        try HeadlessSession.photos(folder: folder, trash: homeTrash, size: size)
    }

    /// Steps frames as a window would (nothing waits for the worker) until `done` or 60 s; each
    /// frame's wall time, the count after it and the toast.
    /// With `paced`, the worker waits after each batch until a frame has run (a fast disk finishes
    /// a whole job inside one frame, and then "over several frames" would test the disk).
    func frames(_ s: HeadlessSession, paced: Bool = false, until done: () -> Bool) -> [(ms: Double, count: Int, notice: String?)] {
        let frameRan = DispatchSemaphore(value: 0)
        if paced { s.app.context.photos.files.pace { _ = frameRan.wait(timeout: .now() + 5) } }
        defer { s.app.context.photos.files.pace(nil) }
        var out: [(Double, Int, String?)] = []
        let deadline = Date(timeIntervalSinceNow: 60)
        repeat {
            let start = ProcessStats.monotonicMilliseconds
            s.host.step()
            out.append((ProcessStats.monotonicMilliseconds - start, s.app.context.photos.count, s.app.context.photos.notice?.text))
            frameRan.signal()
            usleep(2_000)
        } while !done() && Date() < deadline
        return out
    }

    /// The worker is ahead of the frames by up to a batch, so photos still in the grid may already
    /// be in the Trash; photos sliding up into view then asked for their pictures, found no file and
    /// were drawn as the broken-image card until they left (a screen of warning signs mid-Delete,
    /// seen in a window). A photo on its way is a plain tile: no frame asks for a file that is gone.
    func testNoFrameAsksForThePictureOfAPhotoAlreadyInTheTrash() throws {
        try fill(600)
        let (s, scene) = try session()
        s.app.waitsForImages = false
        try s.run(.key(.character("a"), .control))
        let frameRan = DispatchSemaphore(value: 0)
        s.app.context.photos.files.pace { _ = frameRan.wait(timeout: .now() + 5) }
        defer { s.app.context.photos.files.pace(nil) }
        s.host.inject(.key(.delete, []))
        var asked: Set<String> = [], frames = 0
        let deadline = Date(timeIntervalSinceNow: 60)
        repeat {
            s.host.step()
            frameRan.signal()
            frames += 1
            var list = DrawList()
            scene.draw(&list, env: s.app.env)
            for case let .image(path, _, _, _, _, _, _) in list.commands where !fm.fileExists(atPath: path) { asked.insert(path) }
            usleep(2_000)
        } while (scene.count > 0 || s.app.context.photos.isBusyWithFiles) && Date() < deadline
        XCTAssertEqual(scene.count, 0)
        XCTAssertGreaterThan(frames, 2, "the photos left over several frames")
        XCTAssertEqual(asked.count, 0, "pictures asked for after their files went: \(asked.sorted().prefix(3))")
        XCTAssertEqual(s.app.context.photos.leaving, [], "nothing is marked as going once the job is over")
    }

    /// Ctrl+A, Delete on 1,200 photos: the frame thread never does the moves. The grid loses them over
    /// many frames, the toast counts them ("Moving 1,200 photos to the Trash… 340"), and at the end
    /// all are in the Trash with their info; Ctrl+Z brings them back the same way. Prints the
    /// longest frame (measured, not asserted: speed is the benchmark's).
    func testTrashing1200PhotosKeepsFramesComing() throws {
        try fill(1_200)
        let (s, scene) = try session()
        XCTAssertEqual(scene.count, 1_200)
        s.app.waitsForImages = false
        try s.run(.key(.character("a"), .control))
        s.host.inject(.key(.delete, []))
        let trashing = frames(s, paced: true) { s.app.context.photos.count == 0 && !s.app.context.photos.isBusyWithFiles }
        let longest = trashing.map(\.ms).max() ?? 0
        print("TrashWorkTests: trashing 1,200 photos: \(trashing.count) frames, longest \(String(format: "%.1f", longest)) ms")
        XCTAssertEqual(scene.count, 0)
        let counts = Set(trashing.map(\.count))
        XCTAssertFalse(counts.subtracting([0, 1_200]).isEmpty, "the photos leave over several frames, not in one: \(counts.sorted())")
        XCTAssertTrue(trashing.contains { $0.notice?.hasPrefix("Moving 1,200 photos to the Trash… ") ?? false },
                      "the toast counts them: \(Set(trashing.compactMap(\.notice)))")
        XCTAssertEqual(trashing.last?.notice, "1,200 photos moved to Trash")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: folder), [])
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: homeTrash + "/files").count, 1_200)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: homeTrash + "/info").count, 1_200)

        s.host.inject(.key(.character("z"), .control))
        let undoing = frames(s, paced: true) { s.app.context.photos.count == 1_200 && !s.app.context.photos.isBusyWithFiles }
        print("TrashWorkTests: putting back 1,200 photos: \(undoing.count) frames, longest \(String(format: "%.1f", undoing.map(\.ms).max() ?? 0)) ms")
        XCTAssertEqual(scene.count, 1_200)
        XCTAssertFalse(Set(undoing.map(\.count)).subtracting([0, 1_200]).isEmpty, "they come back over several frames")
        XCTAssertEqual(undoing.last?.notice, "1,200 photos put back")
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: folder).count, 1_200)
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: homeTrash + "/info"), [])
        XCTAssertEqual(scene.invariantViolations(), [])
    }

    /// Quitting while 1,200 photos are going: the worker stops after the file it is on, and every
    /// photo is either still in the folder (and in the library) or in the Trash with an info file
    /// that names it.
    func testStoppingMidwayLosesNothing() throws {
        try fill(1_200)
        let set = PhotoSet(paths: [folder], resources: try ResourceLocator.locate(), log: { _ in })
        set.trash = Trash(home: homeTrash)
        set.finishScanning()
        set.perform(.trash(set.ids), at: 0)
        let deadline = Date(timeIntervalSinceNow: 10)
        while set.count == 1_200 && Date() < deadline {
            usleep(1_000)
            set.poll(at: 0)
        }
        set.stopFileWork()
        let left = Set(try fm.contentsOfDirectory(atPath: folder))
        let trashed = Set(try fm.contentsOfDirectory(atPath: homeTrash + "/files"))
        XCTAssertLessThan(set.count, 1_200, "some went")
        XCTAssertFalse(left.isEmpty, "stopped before the end")
        XCTAssertEqual(set.count, left.count, "the library shows what is left")
        XCTAssertFalse(set.isBusyWithFiles)
        for i in 1...1_200 {
            let name = "IMG_\(i).jpg"
            XCTAssertNotEqual(left.contains(name), trashed.contains(name), "\(name): in the folder or in the Trash, not both, not neither")
            if trashed.contains(name) {
                let info = try String(contentsOfFile: homeTrash + "/info/\(name).trashinfo", encoding: .utf8)
                XCTAssertTrue(info.contains("\nPath=\(folder)/\(name)\n"), info)
            }
        }
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: homeTrash + "/info").count, trashed.count, "no info file without its photo")
    }
}
