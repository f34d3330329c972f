import Stage

/// Every scene of the app, in switcher order (keys 1…n), with how to make it.
struct SceneCatalog {
    struct Entry {
        var name: String
        var label: String
        var symbol: String
        var make: (AppContext) -> Scene
        /// Variants worth a picture for `make screenshots`: a file suffix and the script lines that reach it.
        var shots: [(suffix: String, script: [String])] = [("", [])]
    }

    let entries: [Entry]
    /// The scene a plain `coffeegrid` opens on: the Coffee Feed, as the chapter's app does.
    var defaultScene = "feed"

    static func standard() -> SceneCatalog {
        SceneCatalog(entries: [
            Entry(name: "symbols", label: "Symbols", symbol: "keyboard", make: { SymbolsScene(context: $0) },
                  shots: [("", []), ("-fill", ["key f"]), ("-nospacing", ["key f", "key s"]), ("-6flexible", ["key c"]),
                          ("-adaptive", ["key c", "key c"]), ("-fixed", ["key c", "key c", "key c"]),
                          ("-fixed-adaptive", ["key c", "key c", "key c", "key c"]),
                          ("-fixed-adaptive-inspector", ["key c", "key c", "key c", "key c", "key i"]), ("-horizontal", ["key f", "key a"]),
                          ("-pinned", ["key c", "key c", "key p", "key p", "scroll 0 1130"])]),
            Entry(name: "styles", label: "Styles", symbol: "cloud.drizzle", make: { StylesScene(context: $0) },
                  shots: (0..<6).map { i in ("-" + StylesScene.rowStyles[i], Array(repeating: "key s", count: i)) }
                      + (0..<6).map { i in ("-v" + StylesScene.rowStyles[i], ["key a"] + Array(repeating: "key s", count: i)) }),
            Entry(name: "bars", label: "Bars", symbol: "rectangle.split.3x1", make: { BarsScene(context: $0) },
                  shots: (0..<4).map { i in ("-" + String(i + 1), Array(repeating: "key r", count: i)) }
                      + [("-1-inspector", ["key i"]), ("-3-inspector", ["key r", "key r", "key i"])]),
            Entry(name: "stack", label: "Stack", symbol: "sidebar.left", make: { StackScene(context: $0) },
                  shots: [("", []), ("-4", ["key +"]), ("-vstack", ["key v"]), ("-hstack", ["key v", "key v"])]),
            Entry(name: "feed", label: "Feed", symbol: "square.grid.2x2", make: { FeedScene(context: $0) },
                  shots: [("", []), ("-2", ["key g"]), ("-3", ["key g", "key g"]), ("-4", ["key g", "key g", "key g"]), ("-2-inspector", ["key g", "key i"])]),
            Entry(name: "cafes", label: "Cafes", symbol: "rectangle.grid.1x2", make: { CafesScene(context: $0) },
                  shots: [("", []), ("-coffee", ["key h"]), ("-columns", ["key g"]), ("-coffee-columns", ["key h", "key g"]),
                          ("-chapter", ["key e"])]),
            Entry(name: "dock", label: "Dock", symbol: "photo.on.rectangle", make: { DockScene(context: $0) },
                  shots: [("", []), ("-docked", Array(repeating: "key Tab", count: 11) + [
                                                  "key Return", "key Return", "key Right", "key Return", "key Return", "key Return"])]),
            Entry(name: "playground", label: "Playground", symbol: "info.circle", make: { PlaygroundScene(context: $0) },
                  shots: [("", []), ("-mix", ["key p", "key p", "key p", "key p"]), ("-overflow", ["key p", "key p", "key p", "key p", "key p"]),
                          ("-error", ["key e", "key Ctrl+U", "type [GridItem(.fixd(30))]", "key Return"])]),
            Entry(name: "cells", label: "Cells", symbol: "tv.fill", make: { CellsScene(context: $0) }),
        ])
    }

    var names: [String] { entries.map(\.name) }

    func entry(named name: String) -> Entry? { entries.first { $0.name == name } }
}

/// What scenes get when they are made: options from the command line and shared services.
struct AppContext {
    var options: Options
    var resources: ResourceLocator
    var log: (String) -> Void
    /// What the feed and the dock show: the bundled photos, or the paths given on the command line
    /// (scanned in the background), to which dropped files and folders are added.
    var photos: PhotoSet

    init(options: Options, resources: ResourceLocator, log: @escaping (String) -> Void, photos: PhotoSet? = nil) {
        self.options = options
        self.resources = resources
        self.log = log
        self.photos = photos ?? PhotoSet(paths: options.paths, order: PhotoSet.Order(rawValue: options.order) ?? .name,
                                          resources: resources, log: log)
    }
}
