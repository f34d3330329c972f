import XCTest
@testable import PhotoLibrary
@testable import Stage

/// `--renderer automatic` keeps GL only on real hardware: CPU rasterisers get SDL's software renderer.
final class RendererChoiceTests: XCTestCase {
    func testSoftwareRasterisersAreRecognised() {
        for name in ["llvmpipe (LLVM 15.0.6, 256 bits)", "softpipe", "Software Rasterizer", "Mesa DRI swrast",
                     "zink (llvmpipe (LLVM 15.0.6, 256 bits))", "Google SwiftShader", "GDI Generic", "Apple Software Renderer",
                     "LLVMPIPE (LLVM 19.1.7, 128 bits)"] {
            XCTAssertTrue(RendererChoice.isSoftwareRasteriser(name), name)
        }
        for name in ["Mesa Intel(R) UHD Graphics 620 (KBL GT2)", "AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6, DRM 3.49, 6.1.0-13-amd64)",
                     "NVIDIA GeForce GTX 1060 6GB/PCIe/SSE2", "Mali-G52 (Panfrost)", "virgl (Apple M1)", "V3D 4.2", ""] {
            XCTAssertFalse(RendererChoice.isSoftwareRasteriser(name), name)
        }
    }

    func testAutomaticSwapsGLOnASoftwareRasteriserOnly() {
        func decide(_ requested: HostOptions.RendererKind, headless: Bool = false, sdl: String, gl: String?) -> RendererChoice {
            RendererChoice.decide(requested: requested, headless: headless, sdlRenderer: sdl, glRenderer: gl)
        }
        XCTAssertEqual(decide(.automatic, sdl: "opengl", gl: "llvmpipe (LLVM 15.0.6, 256 bits)"), .software)
        XCTAssertEqual(decide(.automatic, sdl: "opengles2", gl: "softpipe"), .software)
        XCTAssertEqual(decide(.automatic, sdl: "opengl", gl: "Mesa Intel(R) UHD Graphics 620 (KBL GT2)"), .keep)
        // Nothing proves software: keep what SDL chose.
        XCTAssertEqual(decide(.automatic, sdl: "opengl", gl: nil), .keep)
        XCTAssertEqual(decide(.automatic, sdl: "software", gl: nil), .keep)
        // An explicit choice is obeyed, and headless runs pick their renderer elsewhere.
        XCTAssertEqual(decide(.gl, sdl: "opengl", gl: "llvmpipe (LLVM 15.0.6, 256 bits)"), .keep)
        XCTAssertEqual(decide(.software, sdl: "software", gl: nil), .keep)
        XCTAssertEqual(decide(.automatic, headless: true, sdl: "opengl", gl: "llvmpipe (LLVM 15.0.6, 256 bits)"), .keep)
    }

    func testNoGPUDeviceMeansNoGLProbe() throws {
        XCTAssertTrue(RendererChoice.skipsGL(requested: .automatic, headless: false, gpuDevices: []))
        XCTAssertFalse(RendererChoice.skipsGL(requested: .automatic, headless: false, gpuDevices: ["/dev/dri/renderD128"]))
        XCTAssertFalse(RendererChoice.skipsGL(requested: .gl, headless: false, gpuDevices: []))
        XCTAssertFalse(RendererChoice.skipsGL(requested: .automatic, headless: true, gpuDevices: []))

        let dev = FileManager.default.temporaryDirectory.appendingPathComponent("dev-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dev) }
        try FileManager.default.createDirectory(at: dev.appendingPathComponent("dri"), withIntermediateDirectories: true)
        for name in ["null", "tty0", "dri/card0", "dri/renderD128", "nvidia0", "nvidiactl", "dxg"] {
            XCTAssertTrue(FileManager.default.createFile(atPath: dev.appendingPathComponent(name).path, contents: nil))
        }
        XCTAssertEqual(RendererChoice.gpuDevices(dev: dev.path).map { String($0.dropFirst(dev.path.count)) },
                       ["/dri/card0", "/dri/renderD128", "/dxg", "/nvidia0", "/nvidiactl"])
        XCTAssertEqual(RendererChoice.gpuDevices(dev: dev.appendingPathComponent("nothing").path), [])
    }
}
