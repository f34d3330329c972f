import SystemIO

/// Every scene of the app, in switcher order (keys 1…n), with how to make it.
package struct SceneCatalog {
    package struct Entry: Sendable {
        package var name: String
        var label: String
        var symbol: String
        var make: @Sendable (AppContext) -> Scene
        /// What the app reads for the scene before `make`, so the scene itself does no I/O.
        var needs: Set<SceneNeed> = []
        /// Variants worth a picture for `make screenshots`: a file suffix and the script lines that reach it.
        package var shots: [(suffix: String, script: [String])] = [("", [])]
        /// What a tab bar too narrow for `label` says instead.
        var shortLabel: String? = nil
    }

    package private(set) var entries: [Entry]
    /// The scene a plain `coffeegrid` opens on: the Coffee Feed, as the chapter's app does.
    var defaultScene = "feed"

    package static func standard() -> SceneCatalog {
        SceneCatalog(entries: [
            SymbolsScene.entry,
            StylesScene.entry,
            BarsScene.entry,
            StackScene.entry,
            FeedScene.entry,
            CafesScene.entry,
            DockScene.entry,
            PlaygroundScene.entry,
            CellsScene.entry,
        ])
    }

    package var names: [String] { entries.map(\.name) }

    /// The catalog with the Photos scene last (a person's own photos are open): the tutorials keep
    /// their keys 1…9.
    func addingPhotos() -> SceneCatalog {
        guard entry(named: PhotosScene.entry.name) == nil else { return self }
        var c = self
        c.entries.append(PhotosScene.entry)
        return c
    }

    package func entry(named name: String) -> Entry? { entries.first { $0.name == name } }
}

extension SceneCatalog.Entry {
    /// The scene, made after the app has read what it needs (`context.services`).
    func makeScene(_ context: AppContext) -> Scene {
        context.services.prepare(needs, context: context)
        return make(context)
    }
}

/// What scenes get when they are made: options from the command line and shared services.
package struct AppContext {
    var options: Options
    var resources: ResourceLocator
    var log: (String) -> Void
    /// What the feed and the dock show: the bundled photos, or the paths given on the command line
    /// (scanned in the background), to which dropped files and folders are added.
    package var photos: PhotoSet
    /// What the app reads and writes for scenes (their files, the bundled photos' sizes).
    let services = SceneServices()

    package init(options: Options, resources: ResourceLocator, log: @escaping (String) -> Void, photos: PhotoSet? = nil) {
        self.options = options
        self.resources = resources
        self.log = log
        self.photos = photos ?? PhotoSet(paths: options.paths, order: PhotoSet.Order(rawValue: options.order) ?? .name,
                                          resources: resources, log: log)
    }
}
