/// What reads a frame once it is on screen, from the state it was drawn from: the state file, the
/// `--trace` line, the startup report, the saved session, the peer benchmark's scroll. Each is a type
/// of its own; `AppController.presented` tells them in a fixed order, and none changes what is drawn.
protocol FrameObserver: AnyObject {
    /// Frame `number`, drawn for `time`, is on screen.
    func frameShown(_ number: Int, at time: Double, by app: AppController)
}

extension BenchScroll: FrameObserver {
    func frameShown(_ number: Int, at time: Double, by app: AppController) { frameDrawn(at: app.env.time) }
}

extension StartupReport: FrameObserver {
    func frameShown(_ number: Int, at time: Double, by app: AppController) {
        // A folder still being scanned may not have filled the first screen yet.
        let filled = !app.context.photos.isScanning || (app.scene.mainGrid?.scroll.maxOffset ?? 0) > 0
        frameDrawn(pendingPhotos: filled ? app.pendingImages : max(1, app.pendingImages),
                   photosBelowSize: app.painter?.imagesBelowSize ?? 0, paths: app.images?.stats)
        if isDone { app.requestQuit() }
    }
}

extension DesktopSession: FrameObserver {
    func frameShown(_ number: Int, at time: Double, by app: AppController) { frameDrawn(app) }
}

extension FrameTrace: FrameObserver {
    func frameShown(_ number: Int, at time: Double, by app: AppController) {
        let cpu = cpuSinceLastLine()
        write(FrameTrace.line(frame: number, time: time, animating: app.isAnimating, scene: app.currentName,
                              window: (app.env.windowSize.width, app.env.windowSize.height),
                              state: app.sceneState + (app.viewer.map { [("viewer", $0.state(at: app.env.time))] } ?? [])
                                  + (app.animation.map { [("animation", $0.state.json(leading: [("place", .string($0.place))]))] } ?? []),
                              cpu: cpu))
    }
}
