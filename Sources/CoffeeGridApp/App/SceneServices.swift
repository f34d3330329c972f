import GridCore
import PhotoLibrary
import Stage

/// What the app reads for a scene before making it (`SceneCatalog.Entry.needs`), so that no
/// scene does I/O in its init, update, input or drawing.
enum SceneNeed: Hashable, Sendable {
    /// The pixel sizes of the bundled photos (the dock's strip and the cafes' cards are shaped by them).
    case bundledPhotoSizes
    /// The dock's file, read, watched and written for it (`DockFile`).
    case dockFile
}

/// The side effects scenes ask for, each in its own room: the app prepares them before a scene
/// is made and syncs them before each update (`sync`); scenes read and write memory.
final class SceneServices {
    /// Upright width over height of each bundled photo (`BundledPhotos.coffee` and `.cafes`) whose
    /// header could be read; empty until a scene needing them is prepared.
    private(set) var bundledAspects: [String: Double] = [:]
    private var sizesRead = false

    /// The bundled photos' shapes as the view layer measures an image (`Image("cafe-3")` in a
    /// scene's code or a pasted snippet is the bundled photo of that name).
    var bundledImageSizes: [String: Size] {
        bundledAspects.mapValues { Size(width: 1000, height: 1000 / $0) }
    }
    /// The dock's file for the photos shown (made again when a person's photos replace the bundled ones).
    private(set) var dockFile: DockFile?
    private var dockFileBundled = false

    func prepare(_ needs: Set<SceneNeed>, context: AppContext) {
        if needs.contains(.bundledPhotoSizes) && !sizesRead {
            sizesRead = true
            for name in BundledPhotos.coffee + BundledPhotos.cafes {
                if let s = PhotoDecoder.pixelSize(ofFile: BundledPhotos.shared.path(name, in: context.resources)) {
                    bundledAspects[name] = s.width / s.height
                }
            }
        }
        if needs.contains(.dockFile) && (dockFile == nil || dockFileBundled != context.photos.isBundled) {
            // A change the old file has not been told of yet still reaches it.
            dockFile?.sync(force: true)
            dockFileBundled = context.photos.isBundled
            dockFile = DockFile(photoSet: context.photos, restore: context.options.restore, log: context.log)
        }
    }

    /// Before the scenes update: what they changed since their last update reaches the files, and
    /// what changed in the files reaches them now.
    func sync() { dockFile?.sync() }

    /// The app is quitting: a change still unsaved is tried once more, however recently one failed.
    func syncBeforeQuitting() { dockFile?.sync(force: true) }
}
