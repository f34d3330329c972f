import Stage

/// Every scene of the app, in switcher order (keys 1…n), with how to make it.
struct SceneCatalog {
    struct Entry {
        var name: String
        var label: String
        var symbol: String
        var make: (AppContext) -> Scene
    }

    let entries: [Entry]

    static func standard() -> SceneCatalog {
        SceneCatalog(entries: [
            Entry(name: "feed", label: "Feed", symbol: "square.grid.2x2", make: { FeedScene(context: $0) }),
            Entry(name: "cafes", label: "Cafes", symbol: "rectangle.grid.1x2", make: { CafesScene(context: $0) }),
            Entry(name: "symbols", label: "Symbols", symbol: "keyboard", make: { SymbolsScene(context: $0) }),
            Entry(name: "styles", label: "Styles", symbol: "cloud.drizzle", make: { StylesScene(context: $0) }),
            Entry(name: "bars", label: "Bars", symbol: "rectangle.split.3x1", make: { BarsScene(context: $0) }),
            Entry(name: "stack", label: "Stack", symbol: "square.grid.2x2", make: { StackScene(context: $0) }),
            Entry(name: "playground", label: "Playground", symbol: "info.circle", make: { PlaygroundScene(context: $0) }),
            Entry(name: "cells", label: "Cells", symbol: "square.grid.2x2", make: { CellsScene(context: $0) }),
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
}
