import XCTest
import GridCore
import PhotoLibrary
import Stage
@testable import CoffeeGridApp

extension HeadlessSession {
    /// The Photos scene on `folder` (nothing restored), moving photos to the Trash at `trash`,
    /// waiting for its photos, settled: how the Trash, the viewer and Shift+Delete tests start.
    static func photos(folder: String, trash: String, size: Size) throws -> (HeadlessSession, PhotosScene) {
        var options = Options()
        options.paths = [folder]
        options.restore = false
        let s = try HeadlessSession(scene: "photos", size: size, options: options, waitsForImages: true)
        s.app.context.photos.trash = Trash(home: trash)
        try s.run(.settle)
        return (s, try XCTUnwrap(s.app.scene as? PhotosScene))
    }
}
