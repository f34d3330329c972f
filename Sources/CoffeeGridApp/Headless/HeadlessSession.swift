import Foundation
import GridCore
import SystemIO
import Stage

/// A headless window with the app in it and a runner for script commands: what the app's tests, the
/// soak run and the benchmarks drive (`package`: the last two live in CoffeeGridTools). Frames do not
/// wait for photos, as in a real window.
package final class HeadlessSession {
    // Released in this order: the app (and its textures) before the host's renderer.
    package let runner: HeadlessRunner
    package let app: AppController
    package let host: StageHost

    package init(scene: String?, size: Size, scale: Double = 1, catalog: SceneCatalog = .standard(), options appOptions: Options = Options(),
         renderer: HostOptions.RendererKind = .software, waitsForImages: Bool = false, recordsState: Bool = true,
         log: @escaping (String) -> Void = { _ in }) throws {
        let resources = try ResourceLocator.locate()
        var options = HostOptions(app: appOptions, resources: resources, log: log)
        options.headless = true
        options.size = size
        options.scale = scale
        options.renderer = renderer
        host = try StageHost(options: options)
        app = try AppController(context: AppContext(options: appOptions, resources: resources, log: log), catalog: catalog,
                                initialScene: scene, windowSize: host.size, scale: host.scale)
        host.delegate = app
        app.waitsForImages = waitsForImages
        // Tests and scripts read the state after any frame; a benchmark that does not, says so.
        app.recordsState = recordsState
        runner = HeadlessRunner(host: host, app: app)
        host.step()
    }

    deinit { app.shutdown() }

    package func run(_ command: ScriptCommand) throws { try runner.execute(command) }

    package func press(_ c: Character) throws { try run(.key(.character(c), [])) }
}
