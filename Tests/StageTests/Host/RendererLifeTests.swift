import CSDL2
import GridCore
import XCTest
@testable import PhotoLibrary
@testable import Stage

/// A texture released after its host's renderer is gone (a retained frame's photo, a text cache
/// torn down with the painter after the host's `deinit` body) must not reach SDL: the renderer
/// freed it already, and destroying it again read freed memory (an occasional SIGSEGV at the end
/// of a headless session).
final class RendererLifeTests: XCTestCase {
    func testATextureOutlivingItsRendererIsNotDestroyedAgain() throws {
        var host: StageHost? = try StageHost.softwareForTests(width: 64, height: 64)
        let surface = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, 8, 8, 32, SDL_PIXELFORMAT_ARGB8888.rawValue))
        defer { SDL_FreeSurface(surface) }
        var textures = try (0..<32).map { _ in try Texture(renderer: host!.renderer, surface: surface) }
        host = nil
        SDL_ClearError()
        textures.removeAll()
        XCTAssertEqual(String(cString: SDL_GetError()), "", "a texture freed with its renderer was handed to SDL again")
    }
}
