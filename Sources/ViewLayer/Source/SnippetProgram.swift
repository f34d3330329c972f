import GridCore

/// A snippet made runnable: its declarations read (with those of `context`, the snippets a reader
/// pasted before it), its root view found, its state kept. `body()` evaluates the root view's body
/// into a tree — lazily: a `ForEach`'s closure runs only for the elements a grid shows — and the
/// tree's actions (taps, buttons) change the same state. `source()` is the snippet's text with each
/// `@State` showing its current value: the code that made the last tree.
///
/// The root is, in order: a top-level `var body`; the snippet's `ContentView` (or its last
/// `struct … : View`); an `App`'s scene; the snippet's last view expression. A snippet that is only
/// modifiers (`.frame(height: 100)`) or only declarations has no view: `kind` says which.
public final class SnippetProgram {
    public enum Kind: Equatable {
        case view
        /// Only modifiers, as a tutorial shows one to add: their names.
        case modifiers([String])
        case declarations
    }

    enum Root {
        case body(VarDecl)
        case type(TypeDecl)
        case app(TypeDecl)
        case expression(Expr, Range<Int>)
        case none
    }

    public let snippet: Snippet
    public let kind: Kind
    let interpreter: Interpreter
    let root: Root
    /// Where the snippet's own text starts in the text read (the context comes first).
    let start: Int
    let lineOffset: Int
    /// The snippet's own statements (the context's come before them).
    let own: [Stmt]
    private(set) var rootBox: SelfBox?
    private var initialFields: [String: Value] = [:]

    public init(_ snippet: Snippet, context: [Snippet] = [], environment: SnippetEnvironment = SnippetEnvironment()) throws {
        // Each earlier snippet ends where it ends: its open excerpt closed, then a ';', so a modifier
        // on its own is not read as continuing the snippet before it.
        let prefix = context.map { $0.source + "\n" + String(repeating: "}", count: $0.unclosed) + ";\n" }.joined()
        let whole = context.isEmpty ? snippet : try Snippet.parse(prefix + snippet.source)
        self.snippet = snippet
        start = prefix.unicodeScalars.count
        lineOffset = prefix.filter { $0 == "\n" }.count
        interpreter = Interpreter(text: whole.text, statements: whole.statements, environment: environment)
        own = whole.statements.filter { SnippetProgram.startOffset($0) ?? 0 >= prefix.unicodeScalars.count }
        root = SnippetProgram.findRoot(own)
        switch root {
        case .none:
            let names = SnippetProgram.fragmentModifiers(own)
            kind = names.isEmpty ? .declarations : .modifiers(names)
        default:
            kind = .view
        }
    }

    /// Modifiers the snippet uses that the layer does not know (listed in a banner, ignored).
    public var unknownModifiers: [String] { interpreter.unknownModifiers }
    /// Errors from closures run after `body()`: a `ForEach` element, an action.
    public var runtimeErrors: [SnippetError] { interpreter.runtimeErrors.map(shifted) }
    public var notes: [String] { snippet.notes }

    /// `scrollProxy.scrollTo(id)` calls made by actions since last asked.
    public func takeScrollRequests() -> [AnyHashable] {
        defer { interpreter.scrollRequests = [] }
        return interpreter.scrollRequests
    }

    /// The root view's body now, as a tree.
    public func body() throws -> ViewNode {
        do {
            return try interpreter.budgeted(Interpreter.runSteps) { try evaluateRoot() }
        } catch let e as SnippetError {
            throw shifted(e)
        }
    }

    private func evaluateRoot() throws -> ViewNode {
        let scope = Scope(parent: interpreter.globalScope)
        switch root {
        case .body(let decl):
            guard case .view(let n) = try interpreter.runBody(decl.getter ?? [], scope, returns: decl.type) else { return .empty }
            return n
        case .type(let t):
            let box = try rootInstance(t)
            guard case .view(let n) = try interpreter.viewValue(of: box, t) else { return .empty }
            return n
        case .app(let t):
            let box = try rootInstance(t)
            guard let body = t.properties.first(where: { $0.name.key == "body" })?.getter else { return .empty }
            return ViewBuilder.group(try interpreter.buildViews(body, Scope(parent: interpreter.globalScope, receiver: box)))
        case .expression(let e, let range):
            let v = try interpreter.eval(e, scope)
            guard let n = try interpreter.view(v, at: nil) else { throw interpreter.fail("the snippet's last expression is a \(v.typeName), not a view", at: nil as Name?) }
            return ViewNode(node: n, source: SourceSpan(text: interpreter.text, range: range))
        case .none:
            return .empty
        }
    }

    /// The root struct's value where its `@State` lives, made if no body was asked for yet.
    func stateBox() throws -> SelfBox? {
        guard case .type(let t) = root else { return nil }
        return try interpreter.budgeted(Interpreter.runSteps) { try rootInstance(t) }
    }

    /// The root struct's value, made once: its `@State` lives here between bodies.
    private func rootInstance(_ t: TypeDecl) throws -> SelfBox {
        if let b = rootBox { return b }
        let box = SelfBox(Record(typeName: t.name.key, fields: [:], order: []))
        let scope = Scope(parent: interpreter.globalScope, receiver: box)
        for p in t.properties where p.getter == nil && !p.isStatic { try interpreter.store(p, in: box, scope, given: nil) }
        if let initializer = t.initializers.first(where: { $0.parameters.allSatisfy { $0.defaultValue != nil } }) {
            _ = try interpreter.exec(initializer.body, Scope(parent: interpreter.globalScope, receiver: box))
        }
        rootBox = box
        initialFields = box.record.fields
        return box
    }

    private func shifted(_ e: SnippetError) -> SnippetError {
        guard lineOffset > 0 else { return e }
        if e.line > lineOffset { return SnippetError(line: e.line - lineOffset, column: e.column, e.message) }
        return SnippetError(line: e.line, column: e.column, "in the code pasted before this snippet: " + e.message)
    }

    // MARK: - Printing

    /// The snippet as written, each `@State` showing its value now (a value that cannot be written
    /// as a literal, such as an array of the snippet's structs, keeps its initial text).
    public func source() -> String {
        var edits: [(range: Range<Int>, text: String)] = []
        func edit(_ decl: VarDecl, now: Value?, was: Value?) {
            guard decl.hasAttribute("state"), let now = now, let range = decl.initializerRange,
                  was.map({ interpreter.equal($0, now) }) != true, let text = SnippetProgram.literal(now) else { return }
            edits.append((range.lowerBound - start..<range.upperBound - start, text))
        }
        switch root {
        case .type(let t), .app(let t):
            for p in t.properties where p.getter == nil { edit(p, now: rootBox?.record.fields[p.name.key], was: initialFields[p.name.key]) }
        default:
            for case .variable(let v) in own { edit(v, now: interpreter.globalValues[v.name.key], was: interpreter.initialValues[v.name.key]) }
        }
        // Asked every frame (the code panel compares it): the text is made again only when what
        // the state says of it changed.
        if let last = printed, last.edits.elementsEqual(edits, by: { $0.range == $1.range && $0.text == $1.text }) { return last.text }
        var scalars = Array(snippet.source.unicodeScalars)
        for e in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) where e.range.lowerBound >= 0 && e.range.upperBound <= scalars.count {
            scalars.replaceSubrange(e.range, with: Array(e.text.unicodeScalars))
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: scalars)
        let text = String(out)
        printed = (edits, text)
        return text
    }
    private var printed: (edits: [(range: Range<Int>, text: String)], text: String)?

    /// A value as Swift source, when it can be written as a literal.
    static func literal(_ v: Value) -> String? {
        switch v {
        case .int(let i): return String(i)
        case .double(let d): return formatPoints(d)
        case .bool(let b): return String(b)
        case .string(let s): return SwiftUIPrinter.quoted(s)
        case .none: return "nil"
        case .gridItem(let g): return g.description
        case .color(let c): return SwiftUIPrinter.color(c, qualified: true)
        case .member(let n, nil): return "." + n
        case .array(let xs):
            let items = xs.compactMap { x -> GridItem? in if case .gridItem(let g) = x { return g }; return nil }
            if !xs.isEmpty, items.count == xs.count { return SwiftUIPrinter.items(items) }
            let parts = xs.compactMap(literal)
            return parts.count == xs.count ? "[" + parts.joined(separator: ", ") + "]" : nil
        default: return nil
        }
    }

    // MARK: - The root

    static func findRoot(_ statements: [Stmt]) -> Root {
        var views: [TypeDecl] = [], apps: [TypeDecl] = [], lastExpression: (Expr, Range<Int>)?
        for s in statements {
            switch s {
            case .variable(let v) where v.name.key == "body" && v.getter != nil: return .body(v)
            case .declaration(.type(let t)) where t.kind == .structure:
                if t.isView { views.append(t) } else if t.isApp { apps.append(t) }
            case .expression(let e, let r) where !isFragment(e): lastExpression = (e, r)
            default: break
            }
        }
        if let v = views.first(where: { $0.name.key == "contentview" }) ?? views.last { return .type(v) }
        if let a = apps.last { return .app(a) }
        if let (e, r) = lastExpression { return .expression(e, r) }
        return .none
    }

    /// `.frame(…).padding()` with nothing before it: modifiers shown on their own.
    static func isFragment(_ e: Expr) -> Bool {
        switch e {
        case .implicitMember: return true
        case .member(let b, _), .call(let b, _, _), .subscripted(let b, _, _), .forceUnwrap(let b): return isFragment(b)
        default: return false
        }
    }

    static func fragmentModifiers(_ statements: [Stmt]) -> [String] {
        var names: [String] = []
        func walk(_ e: Expr) {
            switch e {
            case .implicitMember(let n): names.append(n.text)
            case .member(let b, let n): walk(b); names.append(n.text)
            case .call(let b, _, _): walk(b)
            default: break
            }
        }
        for case .expression(let e, _) in statements where isFragment(e) { walk(e) }
        return names
    }

    static func startOffset(_ s: Stmt) -> Int? {
        switch s {
        case .expression(_, let r): return r.lowerBound
        case .variable(let v): return v.initializerRange?.lowerBound ?? v.name.offset
        case .declaration(.type(let t)): return t.name.offset
        case .declaration(.function(let f)): return f.name.offset
        case .declaration(.variable(let v)): return v.name.offset
        case .assign(_, _, _, let n), .returnStatement(_, let n): return n.offset
        case .forIn(let n, _, _): return n.offset
        case .ifStatement: return nil
        }
    }
}
