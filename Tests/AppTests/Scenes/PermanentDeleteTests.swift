import PhotoLibrary
import XCTest
import GridCore
import Stage
import SystemIO
@testable import CoffeeGridApp
import StageInterface

/// Shift+Delete deletes for good, but only after a sheet that names the count and whose default
/// button is Cancel: Return or Esc on a fresh sheet, or a click on Cancel, keeps every file; Tab then
/// Return, or a click on Delete, unlinks them (never to the Trash, so Ctrl+Z has nothing of them).
final class PermanentDeleteTests: XCTestCase {
    var dir: URL!
    var folder: String { dir.appendingPathComponent("Pics").path }
    let fm = FileManager.default

    override func setUpWithError() throws {
        dir = fm.temporaryDirectory.appendingPathComponent("coffeegrid-delete-\(UUID().uuidString)")
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for i in 1...5 { try OwnPhotosTests.jpeg(UInt32(i)).write(to: URL(fileURLWithPath: folder + "/IMG_\(i).jpg")) }
    }

    override func tearDownWithError() throws { try? fm.removeItem(at: dir) }

    /// The Photos scene with IMG_2…IMG_4 selected.
    func session() throws -> (HeadlessSession, PhotosScene) {
        let (s, scene) = try HeadlessSession.photos(folder: folder, trash: dir.appendingPathComponent("data/Trash").path,
                                                    size: Size(width: 390, height: 1400))
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 1)).center))
        try s.run(.click(try XCTUnwrap(scene.grid.drawnFrame(of: 3)).center, modifiers: .shift))
        XCTAssertEqual(scene.grid.selection.count, 3)
        return (s, scene)
    }

    var files: [String] { ((try? fm.contentsOfDirectory(atPath: folder)) ?? []).sorted() }
    let all = (1...5).map { "IMG_\($0).jpg" }

    func testReturnAndEscOnTheSheetKeepEveryFile() throws {
        let (s, scene) = try session()
        for key in [Key.enter, .escape, .space] {
            try s.run(.key(.delete, .shift))
            let dialog = try XCTUnwrap(scene.confirmation?.dialog, "Shift+Delete asks first")
            XCTAssertEqual(dialog.title, "Delete 3 photos permanently?")
            XCTAssertEqual(dialog.focused, .cancel, "the default button is Cancel")
            XCTAssertTrue(scene.capturesKeyboard)
            try s.run(.key(.character("g"), []))
            XCTAssertEqual(scene.columns, 1, "keys other than the sheet's do nothing while it is up")
            try s.run(.key(key, []))
            try s.run(.wait(milliseconds: 50))
            XCTAssertNil(scene.confirmation, "\(key) answers the sheet")
            XCTAssertEqual(files, all, "\(key) on a fresh sheet cancels")
            XCTAssertEqual(scene.grid.selection.count, 3, "the selection stays for another try")
        }
    }

    func testTabThenReturnDeletesForGoodAndUndoHasNothing() throws {
        let (s, scene) = try session()
        try s.run(.key(.delete, .shift))
        try s.run(.key(.tab, []))
        XCTAssertEqual(scene.confirmation?.dialog.focused, .confirm)
        try s.run(.key(.enter, []))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(files, ["IMG_1.jpg", "IMG_5.jpg"])
        XCTAssertEqual(scene.count, 2)
        XCTAssertFalse(fm.fileExists(atPath: dir.appendingPathComponent("data/Trash/files").path + "/IMG_2.jpg"), "not in the Trash")
        XCTAssertEqual(scene.photos.notice?.text, "3 photos deleted permanently")
        try s.run(.key(.character("z"), .control))
        try s.run(.settle)
        XCTAssertEqual(files, ["IMG_1.jpg", "IMG_5.jpg"])
        XCTAssertEqual(scene.invariantViolations(), [])
    }

    func testTheSheetsButtonsAnswerAClick() throws {
        let (s, scene) = try session()
        try s.run(.key(.delete, .shift))
        let layout = try XCTUnwrap(scene.confirmation?.dialog).layout(in: scene.grid.frame)
        try s.run(.click(Point(x: layout.card.minX - 5, y: layout.card.minY - 5)))
        XCTAssertNotNil(scene.confirmation, "a click beside the sheet leaves it up")
        XCTAssertEqual(scene.grid.selection.count, 3, "and does not reach the grid")
        try s.run(.click(layout.cancel.center))
        XCTAssertNil(scene.confirmation)
        XCTAssertEqual(files, all)
        try s.run(.key(.delete, .shift))
        try s.run(.click(layout.confirm.center))
        try s.run(.wait(milliseconds: 100))
        XCTAssertEqual(files, ["IMG_1.jpg", "IMG_5.jpg"])
    }

    func testOnePhotoIsNamedAndASymbolicLinkGoesAsTheLink() throws {
        let outside = dir.appendingPathComponent("elsewhere.jpg").path
        try OwnPhotosTests.jpeg(9).write(to: URL(fileURLWithPath: outside))
        try fm.createSymbolicLink(atPath: folder + "/IMG_0.jpg", withDestinationPath: outside)
        let d = PhotosScene.permanentDeleteDialog([folder + "/IMG_0.jpg"])
        XCTAssertEqual(d.title, "Delete 1 photo permanently?")
        XCTAssertTrue(d.message.hasPrefix("“IMG_0.jpg” is deleted from the disk"), d.message)
        let photos = PhotoSet(paths: [folder], resources: try ResourceLocator.locate(), log: { _ in })
        photos.deletePermanently([folder + "/IMG_0.jpg"], at: 0)
        XCTAssertFalse(fm.fileExists(atPath: folder + "/IMG_0.jpg"))
        XCTAssertTrue(fm.fileExists(atPath: outside), "the link's target is never touched")
    }

    func testALatin1NameIsDrawnAsTheLabelDrawsItNotAsUnprintableEscapes() {
        let id = PathBytes.string(Array((folder + "/caf").utf8) + [0xE9] + Array(".jpg".utf8))
        let d = PhotosScene.permanentDeleteDialog([id])
        XCTAssertTrue(d.message.hasPrefix("“café.jpg” is deleted from the disk"), d.message)
    }
}

extension PermanentDeleteTests {
    /// Frames in real time until `done` (the folder watcher's thread tells of changes meanwhile).
    func frames(_ s: HeadlessSession, until done: () -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !done() && Date() < deadline {
            usleep(20_000)
            try s.run(.wait(milliseconds: 16))
        }
    }

    /// While the sheet is up, IMG_2.jpg is renamed z.jpg and another file takes the name IMG_2.jpg:
    /// Delete deletes z.jpg (the photo the person saw), never the newcomer. It deleted the newcomer
    /// and kept z.jpg (the sheet held paths).
    func testTheSheetFollowsARenameAndSparesTheFileThatTookTheName() throws {
        let (s, scene) = try session()
        try s.run(.key(.delete, .shift))
        XCTAssertNotNil(scene.confirmation)
        XCTAssertEqual(rename(folder + "/IMG_2.jpg", folder + "/z.jpg"), 0)
        try OwnPhotosTests.jpeg(42).write(to: URL(fileURLWithPath: folder + "/IMG_2.jpg"))
        let newcomer = try Data(contentsOf: URL(fileURLWithPath: folder + "/IMG_2.jpg"))
        try frames(s) { scene.photos.ids.contains(folder + "/z.jpg") && scene.photos.ids.contains(folder + "/IMG_2.jpg") }
        XCTAssertEqual(scene.confirmation?.targets.map { ($0.path as NSString).lastPathComponent }, ["z.jpg", "IMG_3.jpg", "IMG_4.jpg"],
                       "the sheet follows the rename")
        try s.run(.key(.tab, []))
        try s.run(.key(.enter, []))
        try s.run(.settle)
        XCTAssertEqual(files, ["IMG_1.jpg", "IMG_2.jpg", "IMG_5.jpg"])
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: folder + "/IMG_2.jpg")), newcomer, "the newcomer untouched")
        XCTAssertEqual(scene.photos.notice?.text, "3 photos deleted permanently")
        XCTAssertEqual(scene.invariantViolations(), [])
    }

    /// The same before the library has heard of the rename: the name now holds another file (not
    /// the device and inode shown), so it is left alone and said so; the others go.
    func testAFileThatIsNotThePhotoShownIsLeftAloneAndSaidSo() throws {
        let lines = LogLines()
        let photos = PhotoSet(paths: [folder], resources: try ResourceLocator.locate(), log: { lines.append($0) })
        photos.finishScanning()
        let shown = [2, 3].map { TrashService.Target(path: folder + "/IMG_\($0).jpg", identity: photos.identity(of: folder + "/IMG_\($0).jpg")) }
        XCTAssertNotNil(shown[0].identity)
        // Renamed away (so its inode lives on and cannot be handed to the newcomer), then replaced.
        XCTAssertEqual(rename(folder + "/IMG_2.jpg", folder + "/z.jpg"), 0)
        try OwnPhotosTests.jpeg(42).write(to: URL(fileURLWithPath: folder + "/IMG_2.jpg"))
        photos.perform(.deletePermanently(shown), at: 0)
        photos.finishFileWork()
        XCTAssertEqual(files, ["IMG_1.jpg", "IMG_2.jpg", "IMG_4.jpg", "IMG_5.jpg", "z.jpg"])
        XCTAssertEqual(photos.notice?.text, "1 photo deleted permanently (1 could not be)")
        XCTAssertEqual(lines.all, ["coffeegrid: cannot delete \(folder)/IMG_2.jpg: it is not the photo that was shown (another file took its name); it was left alone"])
    }
}
