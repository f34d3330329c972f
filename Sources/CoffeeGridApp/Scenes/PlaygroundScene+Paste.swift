import GridCore
import ViewLayer

/// The playground runs a tutorial's code: a SwiftUI snippet pasted (Ctrl+V outside the field, or a
/// script's `paste FILE`) — a `body`, a whole `struct … : View`, with the declarations before it —
/// is read by the view layer and its grid shown as a scene shows its body, with the inspector.
/// Modifiers the layer does not know are listed in the banner and ignored; a mistake names its
/// line and column in the banner and the last good picture stays. A preset or a spec goes back to
/// the playground's own grid. A snippet with no lazy grid (seed 001's stacks, a bare `VStack`) is
/// laid out whole and drawn as it rests: every view made; the wheel scrolls its first scroll view.
struct PastedSnippet {
    /// The snippet shown, nil while the playground shows its own grid.
    var body: SceneBody?
    /// Text pasted since the last frame: read on the next update, where the window's size classes
    /// and size are known.
    var pending: String?
    /// What the banner says about the last paste: its mistake, or the modifiers it ignored.
    var message: String?
    var unknownModifiers: [String] = []

    /// The seed its random numbers come from: the app's (`--seed`), so a pasted `Int.random` draws
    /// what the scenes' code drew (seed 000's coffee counts).
    var seed: UInt64 = 1

    /// Reads `text` as the snippet to show; on a mistake keeps the one shown.
    mutating func read(_ text: String, area: Size, env: AppEnvironment, images: [String: Size], log: (String) -> Void) {
        do {
            let b = try SceneBody(text, sizeClasses: env.sizeClasses, screen: env.windowSize, seed: seed)
            // A bundled photo's name is that photo, its shape read from its header (seed 000's cafes).
            b.images = images
            guard b.program.kind == .view else {
                message = "the snippet has no view to show (only declarations or modifiers)"
                return
            }
            // Shown now: its `.onAppear` and `.onChange(of:initial: true)` run.
            try b.appear()
            // Laid out once first, in the area it is shown in: a ForEach's closure, where modifiers
            // are met, runs only then.
            if b.configuration(in: area, env: env) == nil { _ = b.stillFrame(in: area, measuring: b.measuring(env)) }
            body = b
            offset = .zero
            unknownModifiers = b.unknownModifiers
            message = unknownModifiers.isEmpty ? nil : "ignored, not supported here: " + unknownModifiers.map { "." + $0 }.joined(separator: ", ")
        } catch {
            message = "\(error)"
            log("coffeegrid: paste: \(error)")
        }
    }

    /// How far the wheel scrolled a snippet laid out whole (its first scroll view).
    var offset = Point.zero

    /// The snippet laid out whole in `area`'s size, when it has no lazy grid, scrolled by the wheel.
    func wholeTree(in area: Rect, env: AppEnvironment) -> WholeTree? {
        guard let b = body, !b.hasGrid else { return nil }
        var t = b.wholeTree(in: area.size, measuring: b.measuring(env))
        // A window made larger since the last wheel step leaves less to scroll.
        let limit = t.frame.scrollViews.first?.maxOffset ?? .zero
        t.offset = Point(x: min(offset.x, limit.x), y: min(offset.y, limit.y))
        return t
    }

    /// The wheel over a snippet laid out whole scrolls its first scroll view, at once, to its ends;
    /// false: there is no such tree (the grid takes the wheel).
    mutating func scroll(dx: Double, dy: Double, area: Rect, env: AppEnvironment) -> Bool {
        guard let tree = wholeTree(in: area, env: env) else { return false }
        guard let view = tree.frame.scrollViews.first, dx.isFinite, dy.isFinite else { return true }
        let limit = view.maxOffset
        let vertical = view.axes.contains(.vertical)
        let along = vertical ? dy : (dx != 0 ? dx : dy), from = tree.offset
        offset = vertical ? Point(x: 0, y: min(max(from.y + along, 0), limit.y))
                          : Point(x: min(max(from.x + along, 0), limit.x), y: 0)
        return true
    }

    /// `views`: a snippet laid out whole, its first 50 images, colours and texts in window coordinates.
    func stateEntry(area: Rect, env: AppEnvironment) -> (String, JSON) {
        var entries: [(String, JSON)] = [("showing", .bool(body != nil)), ("message", message.map(JSON.string) ?? .null),
                                         ("unknownModifiers", .array(unknownModifiers.map(JSON.string)))]
        if let tree = wholeTree(in: area, env: env) {
            // The first 50, without walking the other thousands a pasted stack may hold.
            let leaves = tree.frame.placed.indices.lazy.compactMap { i -> JSON? in
                let v = tree.frame.placed[i]
                let kind: String
                switch v.kind {
                case .image(.named(let name)): kind = name
                case .image(.system(let name)): kind = "symbol " + name
                case .color: kind = "color"
                case .text(let t): kind = "text " + t
                default: return nil
                }
                let r = tree.frame(of: i).offsetBy(dx: area.minX, dy: area.minY)
                return .object([("id", .string(kind)), ("x", .number(r.minX)), ("y", .number(r.minY)), ("width", .number(r.width)), ("height", .number(r.height))])
            }
            entries.append(("views", .array(Array(leaves.prefix(50)))))
        }
        return ("pasted", .object(entries))
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
        let area = grid.frame.size == .zero ? env.windowSize : grid.frame.size
        snippet.read(text, area: area, env: env, images: images, log: log)
        guard let b = snippet.body, b !== had else { return }
        // A tree with no lazy grid empties the grid: nothing of the last one stays to select or scroll.
        grid.replace(with: b.configuration(in: area, env: env) ?? PlaygroundScene.noGrid)
    }

    /// The grid while a snippet with no lazy grid shows: no items.
    static var noGrid: GridScrollView.Configuration {
        var c = GridScrollView.Configuration()
        c.sections = [GridSection(count: 0)]
        return c
    }

    /// The playground's own grid again (a preset, a spec committed).
    func leaveSnippet() {
        snippet.body = nil
        snippet.message = nil
        snippet.unknownModifiers = []
    }
}

extension PlaygroundScene {
    /// The grid's inspector; for a snippet with no lazy grid, what its views are instead: every one
    /// made at once, as the stack scene's inspector says of seed 001's stacks.
    var inspector: InspectorModel? {
        guard let b = snippet.body, !b.hasGrid else { return grid.inspectorModel }
        let views = b.stillFrameViewCount
        let lines = ["No LazyVGrid or LazyHGrid here: \(views) images, colours and texts, every one made at once",
                     "laid out in the area below the field, as they rest; the wheel scrolls its ScrollView"].map { TrackExplanation.Line($0) }
        return InspectorModel(tracks: [], gaps: [], axis: .vertical, viewport: grid.frame, crossOrigin: grid.frame.minX,
                              explanation: lines, materialized: views, total: views, isLazy: false)
    }
}
