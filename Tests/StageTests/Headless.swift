import CSDL2
import Foundation
import XCTest
import GridCore
import SystemIO
@testable import PhotoLibrary
@testable import Stage

/// A render target for tests, no display needed: either SDL's software renderer drawing into a
/// plain surface, or the renderer of a hidden window on the offscreen (EGL/OpenGL) video driver.
/// Drawing goes into a transparent RGBA target texture, so untouched pixels read as alpha 0.
final class Headless {
    enum Backend: String, CaseIterable { case software, window }

    let backend: Backend
    let renderer: OpaquePointer
    let canvas: Canvas
    private var window: OpaquePointer?
    private var surface: UnsafeMutablePointer<SDL_Surface>?
    private let target: OpaquePointer

    init(_ backend: Backend, width: Int, height: Int, scale: Double = 1,
         resources: ResourceLocator = Headless.resources) throws {
        self.backend = backend
        switch backend {
        case .software:
            guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
                throw SDLError("SDL_CreateRGBSurfaceWithFormat")
            }
            surface = s
            guard let r = SDL_CreateSoftwareRenderer(s) else { throw SDLError("SDL_CreateSoftwareRenderer") }
            renderer = r
        case .window:
            // All test targets share one process: another test may have started SDL on the
            // dummy (software-only) driver. This backend means the offscreen GL one.
            let current = SDL_GetCurrentVideoDriver().map { String(cString: $0) }
            if current != "offscreen" {
                SDL.quitVideo()
                setenv("SDL_VIDEODRIVER", "offscreen", 1)
                guard SDL_Init(UInt32(SDL_INIT_VIDEO)) == 0 else { throw SDLError("SDL_Init") }
            }
            let pos = Int32(bitPattern: UInt32(SDL_WINDOWPOS_UNDEFINED_MASK))
            guard let w = SDL_CreateWindow("test", pos, pos, Int32(width), Int32(height), SDL_WINDOW_HIDDEN.rawValue) else {
                throw SDLError("SDL_CreateWindow")
            }
            window = w
            guard let r = SDL_CreateRenderer(w, -1, SDL_RENDERER_TARGETTEXTURE.rawValue) else { throw SDLError("SDL_CreateRenderer") }
            renderer = r
        }
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_ARGB8888.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(width), Int32(height)) else { throw SDLError("SDL_CreateTexture") }
        target = t
        SDL_SetTextureBlendMode(t, SDL_BLENDMODE_BLEND)
        SDL_SetRenderTarget(renderer, t)
        let box = LogBox()
        logBox = box
        canvas = Canvas(renderer: renderer, resources: resources, log: { box.lines.append($0) })
        canvas.scale = scale
        canvas.clear(.clear)
    }

    /// What the canvas logged, for tests about fallbacks.
    var logged: [String] { logBox.lines }
    private let logBox: LogBox
    private final class LogBox { var lines: [String] = [] }

    deinit {
        SDL_DestroyTexture(target)
        SDL_DestroyRenderer(renderer)
        if let w = window { SDL_DestroyWindow(w) }
        if let s = surface { SDL_FreeSurface(s) }
    }

    /// The checkout's Resources folder (the test bundle lives in .build/…).
    static let resources: ResourceLocator = {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path), dir.path != "/" {
            dir = dir.deletingLastPathComponent()
        }
        return ResourceLocator(root: dir.appendingPathComponent("Resources"))
    }()
}

extension StageHost {
    /// A headless host on SDL's software renderer: the window memory that retained frames and
    /// opaque stores write into, which the `Headless` render target does not have.
    static func softwareForTests(width: Double, height: Double) throws -> StageHost {
        var options = HostOptions()
        options.headless = true
        options.size = Size(width: width, height: height)
        options.renderer = .software
        return try StageHost(options: options)
    }
}
