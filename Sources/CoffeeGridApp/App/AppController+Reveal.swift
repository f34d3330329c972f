import Desktop
import Foundation
import PhotoLibrary
import Stage

/// Reveal (Ctrl+Alt+O, the Photos scene's folder button, the viewer's key): the photos asked for are
/// handed as `file://` URIs of their bytes (GLib's escaping, `PathBytes.fileURI`) to `FileManagerReveal`, which talks to the file manager on a thread of its
/// own; its outcome is taken in a later frame. A failure is one line on stderr and the library's toast.
extension AppController {
    /// What the scene or the viewer asked to show, sent off (never waited for).
    func performRevealRequest() {
        let paths = scene.takeRevealRequest() ?? viewer?.takeRevealRequest().map { [$0] }
        guard let paths, !paths.isEmpty else { return }
        let reveal = revealer ?? FileManagerReveal(onDone: { StageHost.wake() })
        revealer = reveal
        reveal.reveal(paths.map { FileManagerReveal.Item(uri: PathBytes.fileURI($0),
                                                         folderURI: PathBytes.fileURI(($0 as NSString).deletingLastPathComponent)) })
        revealState.inFlight = reveal.inFlight
        setNeedsDisplay()
    }

    /// Once a frame: what finished since the last one.
    func takeRevealOutcomes() {
        guard let reveal = revealer else { return }
        let inFlight = reveal.inFlight
        let outcomes = reveal.take()
        if inFlight != revealState.inFlight || !outcomes.isEmpty { setNeedsDisplay() }
        revealState.inFlight = inFlight
        for outcome in outcomes {
            revealState.last = outcome
            guard let message = outcome.message else { continue }
            let what = outcome.items == 1 ? "the photo" : "\(ScanStatus.grouped(outcome.items)) photos"
            if outcome.route == nil {
                context.log("coffeegrid: cannot show \(what) in the file manager: \(message)")
                // The toast is one short line (a phone-wide window); the log line says why.
                context.photos.notice = ("Cannot show \(what) in the file manager", env.time, false)
            } else {
                context.log("coffeegrid: showing \(what) in the file manager: \(message)")
            }
        }
    }

    /// The state file's `reveal`: requests under way, and how the last one ended.
    var revealStateJSON: JSON {
        let last = revealState.last
        return .object([("inFlight", .number(Double(revealState.inFlight))),
                         ("route", last?.route.map { .string($0.rawValue) } ?? .null),
                         ("items", .number(Double(last?.items ?? 0))), ("folders", .number(Double(last?.folders ?? 0))),
                         ("message", last?.message.map(JSON.string) ?? .null)])
    }
}
