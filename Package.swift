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
        // The image codecs (issue 13): libjpeg-turbo through the libjpeg API, and libexif.
        .systemLibrary(name: "CLibJPEG", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CLibExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        // setjmp/longjmp error handling for those libraries lives in C: Swift cannot survive a longjmp.
        .target(name: "CImageCodecs", dependencies: ["CLibJPEG", "CLibExif"]),
        .target(name: "GridCore"),
        .target(name: "Stage", dependencies: ["CSDL2", "GridCore", "CImageCodecs"]),
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
