import CSDL2
import Foundation

/// What `--renderer automatic` draws with in a real window.
///
/// SDL's "accelerated" renderer is OpenGL whenever a GL driver loads, and on a machine without a GPU
/// that driver is Mesa rasterising on the CPU (llvmpipe, softpipe, swrast). Drawing through it is
/// slower than SDL's own software renderer, which was made for exactly that work (its rectangle fills
/// and copies are plain stores; llvmpipe runs a whole shader pipeline per pixel on the same cores).
/// So the GL path is kept only when the GL renderer is real hardware.
public enum RendererChoice: Equatable {
    /// Keep the renderer SDL created.
    case keep
    /// Replace it with SDL's software renderer.
    case software

    /// Words in GL_RENDERER that name a CPU rasteriser (lowercased): Mesa's llvmpipe, softpipe and the
    /// classic swrast ("Software Rasterizer"), zink on lavapipe ("zink (llvmpipe …)"), Google's
    /// SwiftShader, and the generic software GL of other systems.
    static let softwareMarkers = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "lavapipe",
                                  "swiftshader", "gdi generic", "apple software renderer"]

    /// True when `glRenderer` (the GL_RENDERER string) names a rasteriser that runs on the CPU.
    public static func isSoftwareRasteriser(_ glRenderer: String) -> Bool {
        let name = glRenderer.lowercased()
        return softwareMarkers.contains { name.contains($0) }
    }

    /// True when "automatic" should not even try GL: a real window on a machine with no GPU device
    /// node (`/dev/dri/*`, NVIDIA's `/dev/nvidia*`, WSL's `/dev/dxg`), where any GL can only be a CPU
    /// rasteriser. Loading one just to read its name costs a GL context and several megabytes of driver.
    public static func skipsGL(requested: HostOptions.RendererKind, headless: Bool, gpuDevices: [String]) -> Bool {
        requested == .automatic && !headless && gpuDevices.isEmpty
    }

    /// The GPU device nodes present on this machine.
    public static func gpuDevices(dev: String = "/dev") -> [String] {
        let fm = FileManager.default
        let dri = ((try? fm.contentsOfDirectory(atPath: dev + "/dri")) ?? []).map { dev + "/dri/" + $0 }
        let top = ((try? fm.contentsOfDirectory(atPath: dev)) ?? []).filter { $0.hasPrefix("nvidia") || $0 == "dxg" }.map { dev + "/" + $0 }
        return (dri + top).sorted()
    }

    /// The choice for a renderer SDL created: `sdlRenderer` is SDL's name for it ("opengl",
    /// "opengles2", "software"…), `glRenderer` its GL_RENDERER string when it draws through GL (nil when
    /// that could not be read: then nothing proves it is software, and it is kept).
    public static func decide(requested: HostOptions.RendererKind, headless: Bool,
                              sdlRenderer: String, glRenderer: String?) -> RendererChoice {
        guard requested == .automatic, !headless else { return .keep }
        guard sdlRenderer.lowercased().hasPrefix("opengl"), let gl = glRenderer else { return .keep }
        return isSoftwareRasteriser(gl) ? .software : .keep
    }

    /// SDL 2 shows a software renderer's frames through a GL texture whenever GL loads ("framebuffer
    /// acceleration"): with a CPU rasteriser that puts llvmpipe, and its ~60 MB of LLVM, back under
    /// every frame (measured in Xvfb: 3× the CPU a frame, 3× the memory, first frame 3–6× later).
    /// This asks for the window system's own framebuffer instead (X11: shared-memory images). Call it
    /// before the software renderer is made; `SDL_FRAMEBUFFER_ACCELERATION` in the environment still wins.
    static func presentWithoutGL() {
        // Only X11 has a framebuffer of its own in SDL 2: Wayland's window surface *is* the GL (or
        // GLES) texture path, and with the hint at 0 no software renderer can be made there at all.
        guard StageHost.videoDriver == "x11" else { return }
        SDL_SetHint(SDL_HINT_FRAMEBUFFER_ACCELERATION, "0")
    }

    /// GL_RENDERER of the current GL context (the one SDL's GL renderers make current when created),
    /// or nil when there is none.
    static func currentGLRenderer() -> String? {
        guard SDL_GL_GetCurrentContext() != nil, let proc = SDL_GL_GetProcAddress("glGetString") else { return nil }
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        let glGetString = unsafeBitCast(proc, to: GetString.self)
        let GL_RENDERER: UInt32 = 0x1F01
        return glGetString(GL_RENDERER).map { String(cString: $0) }
    }
}
