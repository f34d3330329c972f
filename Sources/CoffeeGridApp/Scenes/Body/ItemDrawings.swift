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
        guard toldPaintsHold, let base, let sizes = layout.textSizes(base, paints) else { return nil }
        // Made like `base`'s, an element's signature follows from its texts' sizes alone: found by
        // them, the whole signature is not made, hashed and compared for every new item.
        let quick = ToldKey(textSizes: sizes, size: size)
        if let template = byTextSizes[quick] {
            filledFromTold += 1
            return template.drawing(with: paints)
        }
        // The texts were measured once, above.
        guard let known = templates[TemplateKey(signature: base.refilled(textSizes: sizes), size: size)], let template = known else { return nil }
        if byTextSizes.count >= ItemDrawings.templateLimit { byTextSizes = [:] }
        byTextSizes[quick] = template
        filledFromTold += 1
        return template.drawing(with: paints)
    }
    /// Templates by the text sizes of an element made like `base`'s (see `filled`).
    private var byTextSizes: [ToldKey: ElementTemplate] = [:]
    private struct ToldKey: Hashable {
        let textSizes: [Double]
        let size: Size
    }
    /// How many items were drawn from the paints their closure told (none of their views made).
    private(set) var filledFromTold = 0

    /// The drawing of an element of `signature` and `paints` in `size`: its template's filled in,
    /// else laid out whole by `layOut` (which gives layout's drawing and the drawing as drawn) and
    /// kept as the template of its signature. `told`: the paints its closure told without its views,
    /// checked here against those of its views.
    mutating func drawing(_ signature: ElementSignature, paints: [ElementSignature.Paint], told: [ElementSignature.Paint]? = nil,
                          size: Size, layOut: () -> (raw: [Drawing], drawn: [Drawing])) -> [Drawing] {
        if let toldPaints = told {
            if toldPaints == paints {
                // Another element's signature as the base: what was found by text sizes is found again.
                if base != signature { byTextSizes = [:] }
                base = signature
            } else {
                toldPaintsHold = false
            }
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
        follow(env)
        let w = index &- windowStart
        if w >= 0, w < window.count, let hit = window[w], hit.size == size { return hit.shapes }
        let shapes: [ItemShape]
        if let hit = current[index], hit.size == size {
            shapes = hit.shapes
        } else {
            if let old = previous[index], old.size == size { shapes = old.shapes } else { shapes = ItemShape.shapes(make(&self), env) }
            if current.count >= ItemDrawings.limit {
                previous = current
                current = [:]
                current.reserveCapacity(ItemDrawings.limit)
            }
            current[index] = Entry(size: size, shapes: shapes)
        }
        remember(Entry(size: size, shapes: shapes), at: index)
        return shapes
    }

    /// The entries of the items drawn lately, by index: a frame's items are a run of neighbouring
    /// indices, found here by subtraction (hashing an index for the dictionaries above cost the
    /// styles' scroll ~150 instructions an item a frame). Moved, not grown, when an index falls
    /// outside it; what it lets go is still in the dictionaries.
    private var window: [Entry?] = []
    private var windowStart = 0
    static let windowSize = 1024

    private mutating func remember(_ entry: Entry, at index: Int) {
        var w = index &- windowStart
        if w < 0 || w >= window.count {
            windowStart = index &- ItemDrawings.windowSize / 4
            window = Array(repeating: nil, count: ItemDrawings.windowSize)
            w = index &- windowStart
        }
        window[w] = entry
    }

    /// A section's header or footer in `size`, kept like an item's (a grid shows a few at a time,
    /// but a pinned one is drawn every frame).
    mutating func lineShapes(_ kind: SupplementaryView.Kind, section: Int, size: Size, env: AppEnvironment,
                             make: () -> [Drawing]) -> [ItemShape] {
        let key = LineKey(kind: kind, section: section)
        follow(env)
        if let hit = lines[key], hit.size == size { return hit.shapes }
        let shapes = ItemShape.shapes(make(), env)
        if lines.count >= ItemDrawings.lineLimit { lines = [:] }
        lines[key] = Entry(size: size, shapes: shapes)
        return shapes
    }
    private struct LineKey: Hashable {
        let kind: SupplementaryView.Kind
        let section: Int
    }
    private var lines: [LineKey: Entry] = [:]
    static let lineLimit = 256

    /// Shapes kept in another appearance are let go.
    private mutating func follow(_ env: AppEnvironment) {
        guard appearance != env.appearance else { return }
        if appearance != nil { current = [:]; previous = [:]; lines = [:]; window = [] }
        appearance = env.appearance
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
                    } else if !clip.frame.contains(d.frame) || !d.shape.isText && !d.frame.liesInside(clip.frame, cornerRadius: clip.radius) {
                        open[open.count - 1].cuts = true
                    }
                }
                result.append(d)
            }
        }
        return result
    }
}

extension Rect {
    /// Every corner of this rect lies inside `r` with its corners rounded by `radius`: a clip of
    /// that shape cuts nothing of it (a symbol in the middle of a rounded cell).
    func liesInside(_ r: Rect, cornerRadius radius: Double) -> Bool {
        let k = max(0, min(radius, r.width / 2, r.height / 2))
        for (x, y) in [(minX, minY), (maxX, minY), (minX, maxY), (maxX, maxY)] {
            guard x >= r.minX - 1e-9, x <= r.maxX + 1e-9, y >= r.minY - 1e-9, y <= r.maxY + 1e-9 else { return false }
            let cx = min(max(x, r.minX + k), r.maxX - k), cy = min(max(y, r.minY + k), r.maxY - k)
            if (x - cx) * (x - cx) + (y - cy) * (y - cy) > k * k + 1e-9 { return false }
        }
        return true
    }
}

extension Drawing.Shape {
    var isText: Bool {
        if case .text = self { return true }
        return false
    }
}
