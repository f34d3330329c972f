import Desktop
import Foundation
import GridCore
import StageInterface

/// The app as a desktop citizen: the desktop's colour scheme and reduce-motion setting, the
/// person's Ctrl+D choice, reduce-motion cross-fades, and the session kept for the next launch.
extension AppController {
    // MARK: - Appearance

    /// What the desktop asks for: dark only when its colour scheme says so.
    var systemAppearance: Appearance { desktopSeen.colorScheme == .dark ? .dark : .light }

    func applyAppearance() {
        let a: Appearance
        switch appearanceChoice {
        case .system: a = systemAppearance
        case .light: a = .light
        case .dark: a = .dark
        }
        if a != env.appearance { setAppearance(a) }
    }

    /// Ctrl+D: the other appearance. Landing on what the desktop asks for means following the
    /// desktop again, so one more press undoes an override and nothing needs a third state.
    func toggleAppearance() {
        let next: Appearance = env.appearance == .light ? .dark : .light
        appearanceChoice = next == systemAppearance ? .system : (next == .dark ? .dark : .light)
    }

    /// Picks up a change of the desktop's preferences (checked every frame; cheap when nothing changed).
    func followDesktop() {
        guard let current = desktop?(), current != desktopSeen else { return }
        desktopSeen = current
        motion.reduced = context.options.reduceMotion || current.prefersReducedMotion
        applyAppearance()
        setNeedsDisplay()
    }

    // MARK: - Reduce motion

    /// A layout change asked for a cross-fade while a scene handled an event or a frame.
    func startCrossfadeIfRequested() {
        guard motion.takeCrossfadeRequest() else { return }
        // A change during a cross-fade starts another from what is on screen (which includes the
        // first): the last frame's list, drawn again into the fade's texture before this frame is.
        var c = Crossfade(start: env.time, snapshot: nil)
        if let painter = painter {
            c.snapshot = painter.snapshotOfLastFrame(at: env.time)
            // A renderer that cannot draw into textures simply shows the new layout at once.
            if c.snapshot == nil { crossfade = nil; return }
        }
        crossfade = c
    }

    /// Drops a finished cross-fade; true while one is under way.
    func updateCrossfade() -> Bool {
        guard let c = crossfade else { return false }
        if c.snapshot != nil, c.isOver(at: env.time) {
            crossfade = nil
            return false
        }
        return true
    }

    /// State-file keys: the motion mode and the cross-fade's progress, the appearance choice, the
    /// desktop's preferences as last seen, the video driver.
    func desktopState() -> [(String, JSON)] {
        let fade = crossfade.map { JSON.number(($0.snapshot == nil ? 1 : $0.opacity(at: env.time))) } ?? .null
        return [
            ("motion", .object([("reduced", .bool(motion.reduced)), ("crossfade", fade)])),
            ("appearanceChoice", .string(appearanceChoice.rawValue)),
            ("desktop", .object([("colorScheme", .string(desktopSeen.colorScheme.rawValue)),
                                 ("reducedMotion", .bool(desktopSeen.prefersReducedMotion))])),
            ("videoDriver", .string(videoDriver)),
        ]
    }

    // MARK: - Session

    /// Where the person is now, for the next launch.
    func session() -> Session {
        var s = Session()
        s.window = env.windowSize
        s.scene = currentName
        s.appearance = appearanceChoice
        s.code = shell.sharedWantsCode
        // Scenes not opened this time keep what they had.
        s.scenes = router.restoredStates
        for (name, scene) in scenesMade { s.scenes[name] = scene.restorableState }
        return s
    }

    /// Takes a saved session in before the first frame: the appearance choice, and each scene's
    /// state (the current scene's at once, the others' when they are first shown).
    func restore(_ session: Session) {
        appearanceChoice = session.appearance
        if let shown = session.code { shell.restoreSharedCode(shown) }
        for (name, state) in session.scenes where catalog.entry(named: name) != nil {
            if let made = scenesMade[name] { made.restore(state) } else { router.restoredStates[name] = state }
        }
    }
}
