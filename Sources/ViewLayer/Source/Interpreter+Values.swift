import GridCore
import GridMotion

/// The SwiftUI values a snippet makes — grid items, colours, fonts, animations, transitions — and
/// how a value is read as the type a parameter or declaration wants (`.init(.flexible())` as a
/// `GridItem`, `.center` as an alignment).
extension Interpreter {
    indirect enum Hint {
        case any, int, double, bool, string, gridItem, gridSize, color, font, animation, transition, view
        case array(Hint)
        case named(String)
    }

    static let builtinTypes: Set<String> = [
        "color", "griditem", "array", "int", "double", "cgfloat", "float", "string", "bool", "uuid", "uiscreen", "font",
        "animation", "anytransition", "edgeinsets", "uint32", "text", "image", "vstack", "hstack", "zstack", "spacer",
        "scrollview", "lazyvgrid", "lazyhgrid", "foreach", "section", "group", "navigationstack", "navigationview", "button",
        "toolbaritem", "emptyview", "anyview", "scrollviewreader", "windowgroup", "uicolor",
    ]

    func hint(_ t: TypeRef?) -> Hint? {
        guard let t = t else { return nil }
        let base: Hint?
        switch t.base {
        case "int": base = .int
        case "double", "cgfloat", "float": base = .double
        case "bool": base = .bool
        case "string": base = .string
        case "griditem": base = .gridItem
        case "color": base = .color
        case "font": base = .font
        case "animation": base = .animation
        case "anytransition": base = .transition
        case "view", "anyview": base = .view
        default: base = types[t.base] != nil ? .named(t.base) : nil
        }
        if t.isArray { return .array(base ?? .any) }
        return base
    }

    /// The hint a variable's current value gives an assignment to it.
    func hint(of v: Value?) -> Hint? {
        switch v {
        case .int?: return .int
        case .double?: return .double
        case .string?: return .string
        case .bool?: return .bool
        case .gridItem?: return .gridItem
        case .color?: return .color
        case .font?: return .font
        case .array(let a)?: return .array(a.first.flatMap { hint(of: $0) } ?? .any)
        case .record(let r)?: return .named(r.typeName)
        default: return nil
        }
    }

    func coerce(_ v: Value, to h: Hint?, at: Name?) throws -> Value {
        guard let h = h else { return v }
        func mismatch() -> SnippetError { fail("expected \(Interpreter.describe(h)), found a \(v.typeName)", at: at) }
        switch (h, v) {
        case (.any, _), (_, .none): return v
        case (.double, .int(let i)): return .double(Double(i))
        case (.double, .double), (.int, .int), (.bool, .bool), (.string, .string): return v
        case (.int, .double(let d)) where d == d.rounded() && abs(d) < 1e15: return .int(Int(d))
        case (.array(let e), .array(let xs)): return .array(try xs.map { try coerce($0, to: e, at: at) })
        case (.array(let e), .range(let lo, let hi)):
            guard hi - lo <= Interpreter.maxArray else { throw fail("a range of \(hi - lo) values as an array; at most \(Interpreter.maxArray)", at: at) }
            return .array(try (lo..<hi).map { try coerce(.int($0), to: e, at: at) })
        case (.gridItem, .gridItem), (.gridSize, .gridSize), (.color, .color), (.font, .font), (.animation, .animation),
             (.transition, .transition), (.view, .view):
            return v
        case (.gridItem, .member(let name, let args)):
            guard name == "init" else { throw mismatch() }
            return try gridItem(args ?? [], at: at)
        case (.gridSize, .member(let name, let args)):
            return .gridSize(try gridSize(name, args ?? [], at: at))
        case (.color, .member(let name, let args)):
            if name == "init" { return try color(args ?? [], at: at) }
            if let c = Interpreter.namedColor(name) { return .color(c) }
            throw fail("'.\(name)' is not a colour", at: at)
        case (.font, .member(let name, let args)):
            if let f = try font(name, args, at: at) { return .font(f) }
            throw mismatch()
        case (.animation, .member(let name, let args)):
            if let a = try animation(name, args, at: at) { return .animation(a) }
            throw mismatch()
        case (.transition, .member(let name, let args)):
            if let t = try transition(name, args, at: at) { return .transition(t) }
            throw mismatch()
        case (.view, _):
            guard let n = try view(v, at: nil) else { throw mismatch() }
            return .view(n)
        case (.named(let t), .record(let r)) where r.typeName == t: return v
        case (.named, _): return v
        default: throw mismatch()
        }
    }

    static func describe(_ h: Hint) -> String {
        switch h {
        case .any: return "a value"
        case .int: return "an Int"
        case .double: return "a number"
        case .bool: return "true or false"
        case .string: return "a String"
        case .gridItem: return "a GridItem"
        case .gridSize: return "a GridItem size (.fixed, .flexible, .adaptive)"
        case .color: return "a Color"
        case .font: return "a Font"
        case .animation: return "an Animation"
        case .transition: return "a transition"
        case .view: return "a view"
        case .array(let e): return "an array of \(describe(e).split(separator: " ").dropFirst().joined(separator: " "))"
        case .named(let t): return "a \(t)"
        }
    }

    // MARK: - Implicit members

    /// `.name` or `.name(args)`: resolved now when only one type has the name (`.flexible()`,
    /// `.primary`, `.title`, `.interactiveSpring()`, `.infinity`), else left for the context.
    func implicitMember(_ name: String, _ args: [Arg]?, at: Name?) throws -> Value {
        if ["fixed", "flexible", "adaptive"].contains(name) { return .gridSize(try gridSize(name, args ?? [], at: at)) }
        if name == "infinity", args == nil { return .double(.infinity) }
        if name != "black", args == nil, let c = Interpreter.namedColor(name) { return .color(c) }
        if let f = try font(name, args, at: at), name != "default" { return .font(f) }
        if name != "default", let a = try animation(name, args, at: at) { return .animation(a) }
        if let t = try transition(name, args, at: at) { return .transition(t) }
        return .member(name, args)
    }

    static func namedColor(_ name: String) -> Color? { Interpreter.colorNames[name] }

    // Names as the interpreter reads them (lower case), looked up in one step: a grid's closure
    // asks for them once per item it makes.
    static let colorNames: [String: Color] = {
        var t = Interpreter.lowercased(Color.named.map { ($0.key, $0.value) })
        for n in Color.Name.systemNames where t[n.rawValue.lowercased()] == nil { t[n.rawValue.lowercased()] = Color(n) }
        return t
    }()
    static let textStyleNames = Interpreter.lowercased(Font.TextStyle.allCases.map { ($0.rawValue, $0) })
    static let weightNames = Interpreter.lowercased(Font.Weight.allCases.map { ($0.rawValue, $0) })
    static let designNames = Interpreter.lowercased(Font.Design.allCases.map { ($0.rawValue, $0) })
    static let alignmentNames = Interpreter.lowercased(Alignment.named.map { ($0.key, $0.value) })

    static func lowercased<V>(_ pairs: [(String, V)]) -> [String: V] {
        Dictionary(pairs.map { ($0.0.lowercased(), $0.1) }, uniquingKeysWith: { a, _ in a })
    }

    /// A type's static member: `Color.red`, `Int.random(in:)`, `UInt32.max`, `UIScreen.main`.
    func staticMember(_ type: String, _ name: String, _ args: [Arg]?, at: Name) throws -> Value {
        switch (type, name) {
        case ("color", _), ("uicolor", _):
            if name == "init" { return try color(args ?? [], at: at) }
            if let c = Interpreter.namedColor(name) { return .color(c) }
        case ("font", _):
            if let f = try font(name, args, at: at) { return .font(f) }
        case ("animation", _):
            if let a = try animation(name, args, at: at) { return .animation(a) }
        case ("anytransition", _):
            if let t = try transition(name, args, at: at) { return .transition(t) }
        case ("griditem", "init"):
            return try gridItem(args ?? [], at: at)
        case ("int", "random"):
            guard case .range(let lo, let hi)? = args?.first?.value, hi > lo else { throw fail("Int.random(in:) needs a range", at: at) }
            // Swift's own algorithm on the same generator: a seed's `Int.random(in: 2...12)` draws
            // what the app's Swift draws from that seed (the cafes' coffee counts are the snippet's).
            return .int(Int.random(in: lo..<hi, using: &random))
        case ("double", "random"), ("cgfloat", "random"), ("float", "random"):
            return .double(Double(random.next() >> 11) / Double(1 << 53))
        case ("int", "max"): return .int(.max)
        case ("int", "min"): return .int(.min)
        case ("uint32", "max"): return .int(Int(UInt32.max))
        case ("double", "infinity"), ("cgfloat", "infinity"), ("float", "infinity"): return .double(.infinity)
        case ("double", "pi"), ("cgfloat", "pi"), ("float", "pi"): return .double(.pi)
        case ("double", "greatestfinitemagnitude"), ("cgfloat", "greatestfinitemagnitude"): return .double(.greatestFiniteMagnitude)
        case ("uiscreen", "main"):
            let size = environment.screenSize
            let bounds = Record(typeName: "cgrect", fields: ["width": .double(size.width), "height": .double(size.height)], order: ["width", "height"])
            return .record(Record(typeName: "uiscreen", fields: ["bounds": .record(bounds)], order: ["bounds"]))
        default: break
        }
        if name == "init", let args = args { return try construct(type, args, at: at, call: at, scope: globalScope) }
        throw fail("\(type) has no '\(name)'", at: at)
    }

    // MARK: - Grid items

    func gridItem(_ args: [Arg], at: Name?) throws -> Value {
        var size = GridItem.Size.flexible()
        var spacing: Double?
        var alignment: Alignment?
        for a in args {
            switch a.label {
            case nil: size = try gridSizeValue(a.value, at: at)
            case "spacing":
                let v = try double(a.value, at: at)
                if let fault = GridItem.spacingFault(v) { throw fail(fault, at: a.range) }
                spacing = v
            case "alignment": alignment = try alignment2D(a.value, at: at)
            default: throw fail("GridItem takes no argument \(a.label!):", at: a.range)
            }
        }
        if let fault = size.fault { throw fail(fault.message, at: args.first?.range) }
        return .gridItem(GridItem(size, spacing: spacing, alignment: alignment))
    }

    func gridSizeValue(_ v: Value, at: Name?) throws -> GridItem.Size {
        switch v {
        case .gridSize(let s): return s
        case let .member(name, args): return try gridSize(name, args ?? [], at: at)
        default: throw fail("expected a size: .fixed(50), .flexible() or .adaptive(minimum: 50)", at: at)
        }
    }

    func gridSize(_ name: String, _ args: [Arg], at: Name?) throws -> GridItem.Size {
        let size: GridItem.Size
        switch name {
        case "fixed":
            guard let v = args.first else { throw fail(".fixed needs a size", at: at) }
            size = .fixed(try double(v.value, at: at))
        case "flexible", "adaptive":
            var lo: Double?, hi: Double?
            for a in args {
                switch a.label {
                case "minimum": lo = try double(a.value, at: at)
                case "maximum": hi = try double(a.value, at: at)
                default: throw fail("expected minimum: or maximum: in .\(name)(…)", at: a.range)
                }
            }
            if name == "adaptive" {
                guard let lo = lo else { throw fail("expected .adaptive(minimum: N); an adaptive size needs a minimum", at: at) }
                size = .adaptive(minimum: lo, maximum: hi ?? .infinity)
            } else {
                size = .flexible(minimum: lo ?? 10, maximum: hi ?? .infinity)
            }
        default: throw fail("expected a size: .fixed(50), .flexible() or .adaptive(minimum: 50)", at: at)
        }
        if let fault = size.fault { throw fail(fault.message, at: args.first?.range) }
        return size
    }

    func double(_ v: Value, at: Name?) throws -> Double {
        switch v {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: throw fail("expected a number, found a \(v.typeName)", at: at)
        }
    }

    func int(_ v: Value, at: Name?) throws -> Int {
        switch v {
        case .int(let i): return i
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return Int(d)
        default: throw fail("expected a whole number, found a \(v.typeName)", at: at)
        }
    }

    /// The `[GridItem]` of a grid's `columns:` or `rows:`, held to GridCore's limits.
    func gridItems(_ v: Value, at: Name?) throws -> [GridItem] {
        guard case .array(let xs) = try coerce(v, to: .array(.gridItem), at: at) else { throw fail("expected [GridItem]", at: at) }
        guard !xs.isEmpty else { throw fail("the list is empty; a grid needs at least one GridItem", at: at) }
        guard xs.count <= GridSpec.maxRepeatCount else {
            throw fail("more than \(GridSpec.maxRepeatCount) GridItems; a grid holds at most \(GridSpec.maxRepeatCount) tracks", at: at)
        }
        return xs.compactMap { if case .gridItem(let g) = $0 { return g }; return nil }
    }

    // MARK: - Colours, fonts, animations, transitions

    func color(_ args: [Arg], at: Name?) throws -> Value {
        func arg(_ l: String) throws -> Double? { try args.first { $0.label == l }.map { try double($0.value, at: at) } }
        let opacity = try arg("opacity") ?? 1
        if let r = try arg("red"), let g = try arg("green"), let b = try arg("blue") { return .color(Color(red: r, green: g, blue: b, opacity: opacity)) }
        if let h = try arg("hue"), let s = try arg("saturation"), let b = try arg("brightness") {
            return .color(Color(hue: h, saturation: s, brightness: b, opacity: opacity))
        }
        if let w = try arg("white") { return .color(Color(white: w, opacity: opacity)) }
        if let first = args.first, first.label == nil || first.label == "uicolor" {
            if case .color(let c) = try coerce(first.value, to: .color, at: at) { return .color(c) }
        }
        throw fail("Color(…) takes red:green:blue:, hue:saturation:brightness:, white: or a system colour such as .systemGray6", at: at)
    }

    func font(_ name: String, _ args: [Arg]?, at: Name?) throws -> Font? {
        if let style = Interpreter.textStyleNames[name], args == nil { return Font.system(style) }
        guard name == "system", let args = args else { return nil }
        var weight: Font.Weight?, design = Font.Design.default
        for a in args where a.label == "weight" { weight = try fontWeight(a.value, at: at) }
        for a in args where a.label == "design" { design = try fontDesign(a.value, at: at) }
        if let size = args.first(where: { $0.label == "size" }) {
            return Font.system(size: try double(size.value, at: at), weight: weight ?? .regular, design: design)
        }
        if let style = args.first(where: { $0.label == nil }) {
            guard case .font(let f) = try coerce(style.value, to: .font, at: at), let s = f.style else { throw fail("expected a text style such as .title", at: at) }
            return Font.system(s, design: design, weight: weight)
        }
        throw fail(".system needs size: or a text style", at: at)
    }

    func fontWeight(_ v: Value, at: Name?) throws -> Font.Weight {
        guard case .member(let name, nil) = v, let w = Interpreter.weightNames[name] else {
            throw fail("expected a weight such as .semibold or .heavy", at: at)
        }
        return w
    }

    func fontDesign(_ v: Value, at: Name?) throws -> Font.Design {
        guard case .member(let name, nil) = v, let d = Interpreter.designNames[name] else {
            throw fail("expected a design such as .rounded", at: at)
        }
        return d
    }

    func animation(_ name: String, _ args: [Arg]?, at: Name?) throws -> Animation? {
        func arg(_ l: String) throws -> Double? { try args?.first { $0.label == l }.map { try double($0.value, at: at) } }
        switch name {
        case "interactivespring":
            return .interactiveSpring(response: try arg("response") ?? 0.15, dampingFraction: try arg("dampingfraction") ?? 0.86,
                                      blendDuration: try arg("blendduration") ?? 0.25)
        case "spring", "smooth", "snappy", "bouncy":
            if args == nil && name == "spring" { return .spring }
            return .spring(response: try arg("response") ?? (try arg("duration")) ?? 0.5, dampingFraction: try arg("dampingfraction") ?? (name == "bouncy" ? 0.7 : name == "smooth" ? 1 : 0.825))
        case "linear", "easein", "easeout", "easeinout":
            let curve: TimingCurve = ["linear": .linear, "easein": .easeIn, "easeout": .easeOut, "easeinout": .easeInOut][name]!
            return .timingCurve(curve, duration: try arg("duration") ?? Animation.defaultDuration)
        case "default": return .default
        default: return nil
        }
    }

    func transition(_ name: String, _ args: [Arg]?, at: Name?) throws -> AnyTransition? {
        switch name {
        case "opacity" where args == nil: return .opacity
        case "identity": return .identity
        case "slide": return .slide
        case "scale":
            if let s = args?.first(where: { $0.label == "scale" }) { return .scale(scale: try double(s.value, at: at)) }
            return .scale
        case "move":
            guard case .member(let e, nil)? = args?.first?.value, let edge = Edge.allCases.first(where: { $0.rawValue == e }) else {
                throw fail(".move needs edge: .top, .leading, .bottom or .trailing", at: at)
            }
            return .move(edge: edge)
        default: return nil
        }
    }

    // MARK: - Enumerations spelled as implicit members

    func alignment2D(_ v: Value, at: Name?) throws -> Alignment {
        guard case .member(let name, nil) = v, let a = Interpreter.alignmentNames[name] else {
            throw fail("expected an alignment such as .center, .top or .topLeading", at: at)
        }
        return a
    }

    func horizontalAlignment(_ v: Value, at: Name?) throws -> HorizontalAlignment {
        guard case .member(let name, nil) = v, let a = HorizontalAlignment(rawValue: name) else {
            throw fail("expected .leading, .center or .trailing", at: at)
        }
        return a
    }

    func verticalAlignment(_ v: Value, at: Name?) throws -> VerticalAlignment {
        guard case .member(let name, nil) = v, let a = VerticalAlignment(rawValue: name) else {
            throw fail("expected .top, .center or .bottom", at: at)
        }
        return a
    }

    func edges(_ v: Value, at: Name?) throws -> Edge.Set {
        switch v {
        case .member(let name, nil):
            if let e = Edge.Set.named.first(where: { $0.0 == name })?.1 { return e }
        case .array(let xs):
            return try xs.reduce(into: Edge.Set()) { $0.formUnion(try edges($1, at: at)) }
        default: break
        }
        throw fail("expected edges such as .all, .horizontal or .top", at: at)
    }

    func axes(_ v: Value, at: Name?) throws -> Axis.Set {
        switch v {
        case .member("horizontal", nil): return .horizontal
        case .member("vertical", nil): return .vertical
        case .array(let xs): return try xs.reduce(into: Axis.Set()) { $0.formUnion(try axes($1, at: at)) }
        default: throw fail("expected .horizontal or .vertical", at: at)
        }
    }

    func pinnedViews(_ v: Value, at: Name?) throws -> PinnedScrollableViews {
        switch v {
        case .member("sectionheaders", nil): return .sectionHeaders
        case .member("sectionfooters", nil): return .sectionFooters
        case .array(let xs): return try xs.reduce(into: PinnedScrollableViews()) { $0.formUnion(try pinnedViews($1, at: at)) }
        default: throw fail("pinnedViews: expected .sectionHeaders or .sectionFooters", at: at)
        }
    }

    func contentMode(_ v: Value, at: Name?) throws -> ContentMode {
        guard case .member(let name, nil) = v, let m = ContentMode(rawValue: name) else { throw fail("expected .fill or .fit", at: at) }
        return m
    }
}
