import GridCore

/// The playground runs a tutorial's code: a SwiftUI snippet pasted (Ctrl+V outside the field, or a
/// script's `paste FILE`) — a `body`, a whole `struct … : View`, with the declarations before it —
/// is read by the view layer and its grid shown as a scene shows its body, with the inspector.
/// Modifiers the layer does not know are listed in the banner and ignored; a mistake names its
/// line and column in the banner and the last good picture stays. A preset or a spec goes back to
/// the playground's own grid.
struct PastedSnippet {
    /// The snippet shown, nil while the playground shows its own grid.
    var body: SceneBody?
    /// Text pasted since the last frame: read on the next update, where the window's size classes
    /// and size are known.
    var pending: String?
    /// What the banner says about the last paste: its mistake, or the modifiers it ignored.
    var message: String?
    var unknownModifiers: [String] = []

    /// Reads `text` as the snippet to show; on a mistake keeps the one shown.
    mutating func read(_ text: String, env: AppEnvironment, log: (String) -> Void) {
        do {
            let b = try SceneBody(text, sizeClasses: env.sizeClasses, screen: env.windowSize)
            guard b.hasGrid else {
                message = "the snippet has no LazyVGrid or LazyHGrid to show"
                return
            }
            // Laid out once first: a ForEach's closure, where modifiers are met, runs only then.
            _ = b.configuration(in: env.windowSize, env: env)
            body = b
            unknownModifiers = b.unknownModifiers
            message = unknownModifiers.isEmpty ? nil : "ignored, not supported here: " + unknownModifiers.map { "." + $0 }.joined(separator: ", ")
        } catch {
            message = "\(error)"
            log("coffeegrid: paste: \(error)")
        }
    }

    var stateEntry: (String, JSON) {
        ("pasted", .object([("showing", .bool(body != nil)), ("message", message.map(JSON.string) ?? .null),
                            ("unknownModifiers", .array(unknownModifiers.map(JSON.string)))]))
    }
}

extension PlaygroundScene {
    func paste(snippet text: String) -> Bool {
        snippet.pending = text
        return true
    }

    /// Called first in `update`: a pending paste is read.
    func readPendingSnippet(env: AppEnvironment) {
        guard let text = snippet.pending else { return }
        snippet.pending = nil
        let had = snippet.body
        snippet.read(text, env: env, log: log)
        if let b = snippet.body, b !== had, let c = b.configuration(in: grid.frame.size == .zero ? env.windowSize : grid.frame.size, env: env) {
            grid.replace(with: c)
        }
    }

    /// The playground's own grid again (a preset, a spec committed).
    func leaveSnippet() {
        snippet.body = nil
        snippet.message = nil
        snippet.unknownModifiers = []
    }
}
