// swift-tools-version:5.10
import PackageDescription

// Four layers, data flowing one way: GridCore (pure layout math, geometry) <- Stage (thin SDL layer)
// <- CoffeeGridApp (scenes, widgets, state) <- coffeegrid (the command-line entry).
let package = Package(
    name: "CoffeeGrid",
    products: [
        .library(name: "GridCore", targets: ["GridCore"]),
        .executable(name: "coffeegrid", targets: ["coffeegrid"]),
        .executable(name: "asset-maker", targets: ["asset-maker"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .target(name: "GridCore"),
        .target(name: "Stage", dependencies: ["CSDL2", "GridCore"]),
        .target(name: "CoffeeGridApp", dependencies: ["GridCore", "Stage"]),
        .executableTarget(name: "coffeegrid", dependencies: ["CoffeeGridApp"]),
        // The generator of Resources/Photos (drawn in software, saved with SDL2_image) and its CLI.
        .target(name: "AssetKit", dependencies: ["CSDL2"]),
        .executableTarget(name: "asset-maker", dependencies: ["AssetKit", "CSDL2"], path: "Sources/AssetMaker"),
        .testTarget(name: "GridCoreTests", dependencies: ["GridCore"]),
        .testTarget(name: "StageTests", dependencies: ["Stage"]),
        .testTarget(name: "AppTests", dependencies: ["CoffeeGridApp", "GridCore", "Stage"]),
        .testTarget(name: "AssetTests", dependencies: ["AssetKit", "CSDL2"]),
        // Drives the built `coffeegrid` binary in a real X window; needs the executable built first.
        .testTarget(name: "EndToEndTests", dependencies: ["coffeegrid"]),
    ]
)
