import GridCore
import ViewLayer
import StageInterface

/// Each grid item's drawing as its views laid it out, relative to the item's origin, kept while
/// the item keeps its size: scrolling lays out only the items coming into view. Bounded: past
/// `limit` items the older half is let go (a billion cells scrolled end to end stays small).
struct ItemDrawings {
    static let limit = 4096
    private var current: [Int: Entry] = [:]
    private var previous: [Int: Entry] = [:]

    /// A struct, not a tuple: a tuple in a dictionary is copied through the runtime's generic
    /// witnesses, once for every item of every frame.
    private struct Entry {
        let size: Size
        let shapes: [ItemShape]
    }
    /// The appearance the kept shapes' colours were resolved in: another one lets them all go.
    private var appearance: Appearance?

    /// Element templates by signature and size: an item coming into view is laid out only when no
    /// item of its signature was (a template that cannot be filled in is kept as nil).
    private var templates: [TemplateKey: ElementTemplate?] = [:]
    static let templateLimit = 512

    struct TemplateKey: Hashable {
        let signature: ElementSignature
        let size: Size
    }

    var count: Int { current.count + previous.count }

    /// A signature of the grid's elements, to refill with an element's paints told without its views.
    private var base: ElementSignature?
    /// False once the paints a closure told differed from those its views have: never used again.
    private(set) var toldPaintsHold = true

    /// The drawing of an element told by its paints alone: a template of its signature filled in;
    /// nil when there is none yet (the element is made and laid out whole).
    mutating func filled(_ paints: [ElementSignature.Paint], size: Size, layout: ViewLayout) -> [Drawing]? {
        guard toldPaintsHold, let base, let signature = layout.signature(base, refilledWith: paints),
              let known = templates[TemplateKey(signature: signature, size: size)], let template = known else { return nil }
        filledFromTold += 1
        return template.drawing(with: paints)
    }
    /// How many items were drawn from the paints their closure told (none of their views made).
    private(set) var filledFromTold = 0

    /// The drawing of an element of `signature` and `paints` in `size`: its template's filled in,
    /// else laid out whole by `layOut` (which gives layout's drawing and the drawing as drawn) and
    /// kept as the template of its signature. `told`: the paints its closure told without its views,
    /// checked here against those of its views.
    mutating func drawing(_ signature: ElementSignature, paints: [ElementSignature.Paint], told: [ElementSignature.Paint]? = nil,
                          size: Size, layOut: () -> (raw: [Drawing], drawn: [Drawing])) -> [Drawing] {
        if let told {
            if told == paints { base = signature } else { toldPaintsHold = false }
        }
        let key = TemplateKey(signature: signature, size: size)
        if let known = templates[key] {
            if let template = known { return template.drawing(with: paints) }
            return layOut().drawn
        }
        let (raw, drawn) = layOut()
        if templates.count >= ItemDrawings.templateLimit { templates = [:] }
        templates[key] = ElementTemplate(drawn, laidOut: raw, signature: signature, paints: paints)
        return drawn
    }

    /// Item `index`'s shapes in `size`, resolved in `env`'s appearance: kept, else made from the
    /// drawing `make` gives.
    mutating func shapes(of index: Int, size: Size, env: AppEnvironment, make: (inout ItemDrawings) -> [Drawing]) -> [ItemShape] {
        if appearance != env.appearance {
            if appearance != nil { current = [:]; previous = [:] }
            appearance = env.appearance
        }
        if let hit = current[index], hit.size == size { return hit.shapes }
        let shapes: [ItemShape]
        if let old = previous[index], old.size == size { shapes = old.shapes } else { shapes = make(&self).map { ItemShape($0, env) } }
        if current.count >= ItemDrawings.limit {
            previous = current
            current = [:]
            current.reserveCapacity(ItemDrawings.limit)
        }
        current[index] = Entry(size: size, shapes: shapes)
        return shapes
    }
}

extension ItemDrawings {
    /// An item's drawing as the renderer draws it best: a `.cornerRadius` is a rounded clip in the
    /// view layer, the renderer's clips are rectangles, so a colour filling the clip's frame is
    /// filled with the clip's corners, and a clip that cuts nothing (everything inside it lies within
    /// its frame) is dropped — the cells draw one rounded fill and their number, as before. A text
    /// centred in the item is drawn centred in the item's frame: the same place, placed in one step
    /// (in two, a glyph at a half pixel can land a pixel off).
    static func simplified(_ drawing: [Drawing], in size: Size) -> [Drawing] {
        let item = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var result: [Drawing] = []
        var open: [(index: Int, frame: Rect, radius: Double, cuts: Bool)] = []
        for var d in drawing {
            switch d.shape {
            case .pushClip(let radius):
                open.append((result.count, d.frame, radius, false))
                result.append(d)
            case .popClip:
                guard let clip = open.popLast() else { continue }
                if clip.cuts {
                    result.append(d)
                } else {
                    result.remove(at: clip.index)
                }
            default:
                if d.shape.isText, abs(d.frame.midX - item.midX) < 1e-9, abs(d.frame.midY - item.midY) < 1e-9, d.frame.width <= item.width {
                    d.frame = item
                }
                if let clip = open.last {
                    if case .fill(let color, 0) = d.shape, d.frame == clip.frame { d.shape = .fill(color, cornerRadius: clip.radius) }
                    if case .fill(_, let r) = d.shape, d.frame == clip.frame, r == clip.radius {
                        // Filled with the clip's own corners: nothing of it is cut.
                    } else if !clip.frame.contains(d.frame) || clip.radius > 0 && !(d.shape.isText) {
                        open[open.count - 1].cuts = true
                    }
                }
                result.append(d)
            }
        }
        return result
    }
}

extension Drawing.Shape {
    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}

/// An item's drawing as the renderer takes it, kept from frame to frame: colours resolved in the
/// window's appearance and the view's opacity applied, the renderer's font. Drawing one is a few
/// stores, not a conversion (the cells draw hundreds a frame).
enum ItemShape {
    /// A fill; `opacity` applies to a tint drawn instead of `color`.
    case fill(Rect, StageInterface.Color, cornerRadius: Double, opacity: Double)
    case text(String, StageInterface.Font, StageInterface.Color, Rect, opacity: Double)
    /// Anything else (shadows, images, symbols, clips), drawn from its drawing.
    case other(Drawing)

    init(_ d: Drawing, _ env: AppEnvironment) {
        switch d.shape {
        case let .fill(color, cornerRadius):
            self = .fill(d.frame, color.resolved(env).opacity(d.opacity), cornerRadius: cornerRadius, opacity: d.opacity)
        case let .text(text, font, color):
            self = .text(text, font.stage, color.resolved(env).opacity(d.opacity), d.frame, opacity: d.opacity)
        default:
            self = .other(d)
        }
    }

    /// This shape at `origin`; `tint` recolours fills and text (a selected item).
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint?) {
        switch self {
        case let .fill(frame, color, cornerRadius, opacity):
            list.fill(frame.offsetBy(dx: origin.x, dy: origin.y), tint.map { $0.fill.opacity(opacity) } ?? color, cornerRadius: cornerRadius)
        case let .text(text, font, color, frame, opacity):
            // Centred in its own frame, which layout sized for it: the glyphs' centre is the view's
            // whatever the renderer's font measures (layout's estimate is wider than the real text).
            list.text(text, font, tint.map { $0.text.opacity(opacity) } ?? color, in: frame.offsetBy(dx: origin.x, dy: origin.y), alignment: .center)
        case .other(let d):
            d.draw(at: origin, &list, env: env, tint: tint)
        }
    }
}

extension Drawing {
    /// This drawing as the renderer's commands, its frame taken from `origin`.
    func draw(at origin: GridCore.Point, _ list: inout DrawList, env: AppEnvironment, tint: ItemTint?) {
        let r = frame.offsetBy(dx: origin.x, dy: origin.y)
        switch shape {
        case let .fill(color, cornerRadius):
            list.fill(r, (tint?.fill ?? color.resolved(env)).opacity(opacity), cornerRadius: cornerRadius)
        case let .text(text, font, color):
            // Centred in its own frame, which layout sized for it: the glyphs' centre is the view's
            // whatever the renderer's font measures (layout's estimate is wider than the real text).
            list.text(text, font.stage, (tint?.text ?? color.resolved(env)).opacity(opacity), in: r, alignment: .center)
        case let .shadow(color, radius, x, y, cornerRadius):
            list.shadow(r, cornerRadius: cornerRadius, radius: radius, color: color.resolved(env).opacity(opacity), offset: GridCore.Size(width: x, height: y))
        case let .image(.system(name), color):
            list.symbol(name, in: r, (tint?.text ?? color?.resolved(env) ?? env.color(.accent)).opacity(opacity))
        case let .image(.named(name), _):
            // Layout already sized the frame to the photo's shape when it fills: the photo fills it.
            list.image(env.photoPath(name), in: r, contentMode: .fill, opacity: opacity)
        case .pushClip:
            // The clip's rounded corners are the renderer's rectangle clip: a photo's rounded corners
            // come from the image command's own corner radius where a scene needs them.
            list.append(.pushClip(r))
        case .popClip:
            list.append(.popClip)
        }
    }
}

extension ViewLayer.Color {
    /// The renderer's colour: components as they are, a name as the system colour of that name in
    /// the window's appearance (`primary`, `blue`, `systemGray6` …).
    func resolved(_ env: AppEnvironment) -> StageInterface.Color {
        switch storage {
        case let .rgb(red, green, blue):
            return StageInterface.Color(red: red, green: green, blue: blue, opacity: opacity)
        case .named(let name):
            let base: StageInterface.Color
            switch name {
            case "black": base = .black
            case "white": base = .white
            case "clear": base = .clear
            case "label": base = env.color(.primary)
            case "secondaryLabel": base = env.color(.secondary)
            case "systemBackground": base = env.color(.background)
            case "secondarySystemBackground": base = env.color(.secondaryBackground)
            case "systemGroupedBackground": base = env.color(.groupedBackground)
            case "systemGray": base = env.color(.gray)
            case "accentColor": base = env.color(.accent)
            default: base = SystemColor(rawValue: name).map(env.color) ?? env.color(.primary)
            }
            return base.opacity(opacity)
        }
    }
}

extension ViewLayer.Font {
    /// The renderer's font: the same size; weights lighter than regular draw regular, a serif design
    /// draws in the default face (the app ships Inter, Quicksand and a monospace).
    var stage: StageInterface.Font {
        let w: StageInterface.Font.Weight
        switch weight {
        case .ultraLight, .thin, .light, .regular: w = .regular
        case .medium: w = .medium
        case .semibold: w = .semibold
        case .bold: w = .bold
        case .heavy: w = .heavy
        case .black: w = .black
        }
        let d: StageInterface.Font.Design
        switch design {
        case .default, .serif: d = .default
        case .rounded: d = .rounded
        case .monospaced: d = .monospaced
        }
        return StageInterface.Font(size: size, weight: w, design: d)
    }
}
