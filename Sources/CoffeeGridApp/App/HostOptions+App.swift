import PhotoLibrary
import Stage
import SystemIO

extension HostOptions {
    /// The host as the app needs it: its fonts and symbols from `resources`, problems in `log`,
    /// and a person's photos through the shared thumbnail cache (the bundled ones never are).
    init(app options: Options, resources: ResourceLocator, log: @escaping (String) -> Void) {
        self.init()
        self.resources = resources
        self.log = log
        scale = options.scale
        renderer = RendererKind(rawValue: options.renderer) ?? .automatic
        cameraThumbnails = options.cameraThumbnails
        thumbnails = options.thumbnailCache ? ThumbnailCache.standard(version: CoffeeGrid.version, skipping: [resources.root.path]) : nil
    }
}
