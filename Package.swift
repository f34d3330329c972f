// swift-tools-version:6.0
import PackageDescription

// Four layers, data flowing one way: GridCore (pure layout math, geometry) <- GridMotion (scrolling
// and transitions, still pure) and ViewLayer (views as values, still pure) and StageInterface (draw
// lists and input events, still pure) and PhotoLibrary (the photos: scanning, watching, decoding,
// thumbnails, the Trash; still no SDL) <- Stage (thin SDL layer) <- CoffeeGridApp (scenes, widgets,
// state) <- CoffeeGridTools (the benchmark, the soak and the screenshots, which drive the app from
// outside; the app does not know them) <- coffeegrid (the command-line entry, which adds the tools'
// commands to the app's); beside Stage, Desktop reads the desktop's settings over D-Bus; under all of
// them SystemIO (bounded reads, safe output lines, signals). What a module shares with the others of
// this package only is `package`, not `public`.
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
        // The shared thumbnail cache: libpng writes and reads the PNGs with their tEXt keys, libmd's
        // MD5 names them.
        .systemLibrary(name: "CLibPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLibMD", pkgConfig: "libmd", providers: [.apt(["libmd-dev"])]),
        // HEIF/HEIC and AVIF (issue 24): libheif with libde265 and dav1d/aom, as Debian builds it.
        // Its header only: the library is opened when a HEIF file is first decoded (LibHeif.swift),
        // so no pkgConfig (that would link it, and load its codecs at every launch).
        .systemLibrary(name: "CLibHeif", providers: [.apt(["libheif-dev"])]),
        // Animated photos (issue 24): giflib streams a GIF a frame at a time (DGifGetLine, never
        // DGifSlurp), libwebp's demux decodes an animated WebP frame by frame (WebPAnimDecoder).
        .systemLibrary(name: "CGifLib", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CLibWebP", pkgConfig: "libwebpdemux", providers: [.apt(["libwebp-dev"])]),
        // setjmp/longjmp error handling for those libraries lives in C: Swift cannot survive a longjmp.
        .target(name: "CImageCodecs", dependencies: ["CLibJPEG", "CLibExif", "CLibPNG"]),
        // C's `stdout` through a function: Swift 6 will not touch a C mutable global.
        .target(name: "CStandardOutput"),
        // libdbus-1 for the freedesktop settings portal (appearance, reduce motion).
        .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
        // The process's contact with the system, for every layer: files read whole under a size cap,
        // one-line messages on stderr/stdout, the Resources folder, and SIGINT/SIGTERM/SIGHUP.
        .target(name: "SystemIO", dependencies: ["CStandardOutput"]),
        .target(name: "GridCore"),
        // Motion over GridCore's layouts, still without SDL: scroll positions, transitions between
        // layouts, pinch blends, padding. Pure values with their own tests.
        .target(name: "GridMotion", dependencies: ["GridCore"]),
        // The SwiftUI-shaped view layer: views as a value tree built with result builders (or parsed
        // from a pasted snippet), laid out into frames, drawing and hit targets, animated from frame to
        // frame, printed back as SwiftUI. Grids are GridCore's; no SDL.
        .target(name: "ViewLayer", dependencies: ["GridCore", "GridMotion"]),
        // What the app and its stage say to each other, without SDL: draw lists, colours and fonts by
        // name, the appearance, input events and the window the app asks for.
        .target(name: "StageInterface", dependencies: ["GridCore", "SystemIO"]),
        // The photo library: folders scanned and watched, photos decoded and downscaled into plain
        // pixel buffers, the shared thumbnail cache, the Trash. Never SDL (PhotoLibraryTests holds it
        // to that): Stage uploads its pixels.
        .target(name: "PhotoLibrary", dependencies: ["GridCore", "CImageCodecs", "CLibMD", "CLibHeif", "CGifLib", "CLibWebP", "SystemIO"]),
        // A scroll shown in an X11 window: the X server copies the window's pixels (Xlib's XCopyArea on
        // SDL's own connection), the app sends only the uncovered strip. In C, behind an opaque API.
        .target(name: "CX11Present", dependencies: ["CSDL2"], linkerSettings: [.linkedLibrary("X11")]),
        .target(name: "Stage", dependencies: ["StageInterface", "CSDL2", "CX11Present", "GridCore", "PhotoLibrary", "SystemIO"]),
        // The desktop around the window: the settings portal over D-Bus (no SDL, no layout).
        .target(name: "Desktop", dependencies: ["CDBus"]),
        .target(name: "CoffeeGridApp", dependencies: ["GridCore", "GridMotion", "StageInterface", "PhotoLibrary", "Stage", "Desktop", "ViewLayer", "SystemIO"]),
        // `coffeegrid bench|bench-child|soak|screenshots`: each runs the app (headless, in a child
        // process, or under Xvfb) and measures or pictures it; registered by the executable's main.
        .target(name: "CoffeeGridTools", dependencies: ["CoffeeGridApp", "GridCore", "GridMotion", "StageInterface", "PhotoLibrary", "Stage", "ViewLayer", "SystemIO"]),
        .executableTarget(name: "coffeegrid", dependencies: ["CoffeeGridApp", "CoffeeGridTools"]),
        // The generator of Resources/Photos (drawn in software, saved with SDL2_image) and its CLI;
        // it reads symbols back through Stage's SVG rasteriser, the one the window uses.
        .target(name: "AssetKit", dependencies: ["CSDL2", "GridCore", "StageInterface", "Stage"]),
        .executableTarget(name: "asset-maker", dependencies: ["AssetKit", "CSDL2"], path: "Sources/AssetMaker"),
        .testTarget(name: "GridCoreTests", dependencies: ["GridCore"]),
        .testTarget(name: "GridMotionTests", dependencies: ["GridMotion", "GridCore"]),
        // Every Swift snippet of the seeds, as they print it, for the view layer's tests and the app's.
        .target(name: "SeedSnippets", path: "Tests/SeedSnippets"),
        .testTarget(name: "ViewLayerTests", dependencies: ["ViewLayer", "GridCore", "SeedSnippets"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["PhotoLibrary", "GridCore", "SystemIO"]),
        .testTarget(name: "StageTests", dependencies: ["Stage", "StageInterface", "PhotoLibrary", "SystemIO", "TestEnvironment", "CGifLib"]),
        .testTarget(name: "AppTests", dependencies: ["CoffeeGridApp", "GridCore", "GridMotion", "PhotoLibrary", "Stage", "ViewLayer", "SeedSnippets", "TestEnvironment",
                                                "Desktop", "SystemIO", "StageInterface", "PortalTestSupport"]),
        // The tools' own tests: the frame suite on a tiny camera folder, the commands' messages, and
        // every scene's screenshot against Tests/Goldens (the screenshots command renders them).
        .testTarget(name: "CoffeeGridToolsTests", dependencies: ["CoffeeGridTools", "CoffeeGridApp", "GridCore", "StageInterface", "PhotoLibrary", "Stage", "CSDL2"]),
        .testTarget(name: "AssetTests", dependencies: ["AssetKit", "CSDL2", "StageInterface"]),
        // What a test needs from the machine (Xvfb, a tool, the release binary): a skip with the reason,
        // or under `make test` a failure.
        .target(name: "TestEnvironment", path: "Tests/TestEnvironment"),
        // A stand-in settings portal on a private bus, for the portal's tests and the window's.
        .target(name: "PortalTestSupport", dependencies: ["Desktop", "TestEnvironment"], path: "Tests/PortalTestSupport"),
        .testTarget(name: "DesktopTests", dependencies: ["Desktop", "PortalTestSupport", "TestEnvironment"]),
        // Xlib, for the end-to-end tests to do what a window manager does (WM_DELETE_WINDOW).
        .systemLibrary(name: "CX11", path: "Tests/CX11", pkgConfig: "x11", providers: [.apt(["libx11-dev"])]),
        // Drives the built `coffeegrid` binary in a real X window; needs the executable built first.
        .testTarget(name: "EndToEndTests", dependencies: ["coffeegrid", "PortalTestSupport", "TestEnvironment", "CX11"]),
    ]
)
