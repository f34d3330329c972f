import Desktop
import Foundation
import GridCore
import Stage

/// A real window's ties to the person's desktop: the session saved from the last launch (window
/// size, scene, appearance choice, each scene's variant and scroll anchor) and the settings
/// portal's appearance and motion preferences. Headless runs have none of this, so they are the
/// same on every machine.
final class DesktopSession {
    let store: SessionStore
    /// What the last launch left, nil when starting fresh (`--no-restore`, no file, a bad file).
    let saved: Session?
    let portal: PortalSettings?
    private let log: (String) -> Void
    private var lastSaved: Session?
    /// When the session was last compared with the file's (app time).
    private var lastCheck = -Double.infinity
    /// What that look found changed but did not write: written when the next look finds it the same.
    private var lastSeen: Session?
    /// When the file was last written (app time).
    private var lastWrite = -Double.infinity
    /// A session that keeps changing (a long scroll) is still written this often, in seconds.
    static let longestWait = 5.0
    private var saveFailed = false
    /// When a save held back is due (nil: none): the app wakes then and draws a frame, after
    /// which the session is written if it changed.
    private(set) var nextSave: Double?

    /// Reads the session file (unless `--no-restore`) and starts asking the portal, which then
    /// answers while the window is being made.
    init(options: Options, store: SessionStore = SessionStore(), portalAddress: String? = BusConnection.sessionBusAddress(),
         log: @escaping (String) -> Void) {
        self.store = store
        self.log = log
        // Temp files of earlier runs that were killed mid-write.
        StateFile.removeStaleTemps(beside: store.path)
        if options.restore {
            let loaded = store.load()
            if let m = loaded.message { log("coffeegrid: \(m)") }
            saved = loaded.session
        } else {
            saved = nil
        }
        lastSaved = saved
        portal = PortalSettings(address: portalAddress, onChange: { StageHost.wake() })
    }

    /// The remembered window size (the host shrinks it to fit the display).
    var windowSize: Size? { saved?.window }

    /// The remembered scene, if the app still has it.
    func scene(in catalog: SceneCatalog) -> String? { saved?.scene.flatMap { catalog.entry(named: $0) != nil ? $0 : nil } }

    /// Hands the saved state and the desktop's preferences to the app before its first frame.
    func attach(to app: AppController) {
        if let s = saved { app.restore(s) }
        if let p = portal {
            // Long enough for a running portal; one the bus must start first is applied later.
            p.waitForFirstAnswer(seconds: 0.3)
            app.desktop = { p.current }
        }
        app.followDesktop()
        app.desktopSession = self
    }

    /// Saves what changed once it holds still, looking at most once a second. A scroll changes the
    /// anchor every frame, animated (a wheel notch, a fling) or not: a touchpad's deltas are applied at
    /// once, so the app is at rest after each — and the file was written whenever the anchor changed,
    /// 20 times a second in the peers' scroll (9 % of its CPU), and then once a second, each write
    /// ~0.3 ms on one frame (the scroll's slowest frames). Now a change is written when a look finds it
    /// as the look before did, or when nothing was written for `longestWait`; the first change after
    /// a quiet spell at once. What changes between looks is looked at when the second is over
    /// (`nextSave`), so where a scroll stopped is on disk a second or two later.
    func frameDrawn(_ app: AppController) {
        let now = app.env.time
        guard now - lastCheck < 1 else {
            lastCheck = now
            nextSave = nil
            let current = app.session()
            guard current != lastSaved else { lastSeen = nil; return }
            if current == lastSeen || now - lastWrite >= DesktopSession.longestWait {
                lastSeen = nil
                lastWrite = now
                write(current)
            } else {
                lastSeen = current
                nextSave = now + 1
            }
            return
        }
        // While something moves, frames go on and the look comes with one of them; at rest, a frame
        // is asked for when the second is over, and only if there is something to save (a window
        // playing an animated photo draws its frames and nothing more).
        if nextSave == nil, !app.isAnimating, app.session() != lastSaved { nextSave = lastCheck + 1 }
    }

    /// The window is closing: the last state, then the portal's thread.
    func close(_ app: AppController) {
        save(app)
        portal?.stop()
    }

    /// Writes the session if it changed since the last write.
    func save(_ app: AppController) {
        let now = app.session()
        if now != lastSaved { write(now) }
    }

    private func write(_ now: Session) {
        do {
            try store.save(now)
            lastSaved = now
            saveFailed = false
        } catch {
            if !saveFailed { log("coffeegrid: cannot save the session to \(store.path): \(DockStore.describe(error))") }
            saveFailed = true
        }
    }
}
