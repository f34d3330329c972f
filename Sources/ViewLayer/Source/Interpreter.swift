import GridCore

/// Runs a parsed snippet: declarations are read once; the root view's `body` is evaluated into a
/// `ViewNode` tree whenever asked (a `ForEach` closure runs later, for the elements a grid shows);
/// actions (taps, buttons) run against the same state. Bounded: a run takes at most `stepLimit`
/// steps and calls nest at most `maxCallDepth` deep, so no snippet can stall a frame.
final class Interpreter {
    let text: SourceText
    var types: [String: TypeDecl] = [:]
    var extensions: [String: [TypeDecl]] = [:]
    var functions: [String: FuncDecl] = [:]
    var globals: [String: VarDecl] = [:]
    var globalValues: [String: Value] = [:]
    var initialValues: [String: Value] = [:]
    private var initializing: Set<String> = []
    var environment: SnippetEnvironment
    var random: SplitMix64
    var uuids = 0
    var steps = 0
    var stepLimit = Interpreter.runSteps
    var callDepth = 0
    var unknownModifiers: [String] = []
    var runtimeErrors: [SnippetError] = []
    var scrollRequests: [AnyHashable] = []
    /// The root view's `self` when the snippet declares it as a struct; nil for top-level code.
    var root: SelfBox?
    let globalScope = Scope(parent: nil)
    /// Arguments worked out once, by where they start in the text (see `argument`): nil for a
    /// place whose argument must be evaluated each time.
    var folded: [Int: Value?] = [:]
    /// Modifiers made once, by where their name is in the text (see `modifierCall`); nil for a
    /// place whose modifier must be made each time.
    var modifiers: [Int: Modifier?] = [:]
    /// Views of closures that make the same views every time they run (see `closureViews`), by where
    /// the closure starts in the text; nil for a closure that must run each time.
    var constantClosures: [Int: [ViewNode]?] = [:]

    /// A body, an action or a declaration's value runs at most this many steps; an element of a
    /// `ForEach` a tenth of it. A tutorial's code takes a few thousand; the bound keeps a runaway
    /// loop to a fraction of a second.
    static let runSteps = 100_000
    static let elementSteps = 10_000
    static let maxCallDepth = 64
    /// Arrays a snippet makes (`Array(repeating:count:)`, `(1...n).map`) hold at most this many values.
    static let maxArray = 100_000

    init(text: SourceText, statements: [Stmt], environment: SnippetEnvironment) {
        self.text = text
        self.environment = environment
        random = SplitMix64(seed: environment.seed)
        for s in statements { declare(s) }
    }

    func declare(_ s: Stmt) {
        switch s {
        case .variable(let v): globals[v.name.key] = v; globalValues[v.name.key] = nil
        case .declaration(.variable(let v)): globals[v.name.key] = v; globalValues[v.name.key] = nil
        case .declaration(.function(let f)): functions[f.name.key] = f
        case .declaration(.type(let t)):
            if t.kind == .extension_ {
                extensions[t.name.key, default: []].append(t)
            } else if t.isExcerpt, let earlier = types[t.name.key] {
                types[t.name.key] = Interpreter.merged(earlier, t)
            } else {
                types[t.name.key] = t
            }
            for n in t.nested { types[n.name.key] = n }
        default: break
        }
    }

    /// An excerpt of a struct applied to its earlier declaration: the members it writes replace
    /// theirs, the rest (its body, say) stay.
    static func merged(_ earlier: TypeDecl, _ excerpt: TypeDecl) -> TypeDecl {
        let t = TypeDecl(kind: earlier.kind, name: excerpt.name, inherits: excerpt.inherits.isEmpty ? earlier.inherits : excerpt.inherits)
        let written = Set(excerpt.properties.map(\.name.key))
        t.properties = excerpt.properties + earlier.properties.filter { !written.contains($0.name.key) }
        let functions = Set(excerpt.functions.map(\.name.key))
        t.functions = excerpt.functions + earlier.functions.filter { !functions.contains($0.name.key) }
        t.initializers = excerpt.initializers.isEmpty ? earlier.initializers : excerpt.initializers
        t.cases = earlier.cases + excerpt.cases
        t.nested = earlier.nested + excerpt.nested
        return t
    }

    // MARK: - Errors and budget

    func fail(_ message: String, at n: Name?) -> SnippetError {
        SnippetError(line: n?.line ?? 1, column: n?.column ?? 1, message)
    }

    func fail(_ message: String, at range: Range<Int>?) -> SnippetError {
        guard let r = range else { return SnippetError(line: 1, column: 1, message) }
        var line = 1, start = 0
        for k in 0..<min(r.lowerBound, text.scalars.count) where text.scalars[k] == "\n" { line += 1; start = k + 1 }
        return SnippetError(line: line, column: r.lowerBound - start + 1, message)
    }

    func tick(_ at: Name? = nil) throws {
        steps += 1
        if steps > stepLimit { throw fail("the snippet ran for more than \(stepLimit) steps; stopped", at: at) }
    }

    /// Runs `body` with a fresh step budget of `limit` (a run of the body, an action, an element).
    func budgeted<T>(_ limit: Int, _ body: () throws -> T) rethrows -> T {
        let (s, l) = (steps, stepLimit)
        steps = 0
        stepLimit = limit
        defer { steps = s; stepLimit = l }
        return try body()
    }

    // MARK: - Names

    func lookup(_ n: Name, _ scope: Scope) throws -> Value {
        if let v = scope.lookup(n.key) { return v }
        if n.key == "self" { return try selfValue(scope) }
        if let box = scope.receiver, let v = try property(n.key, of: box, at: n) { return v }
        if let v = try global(n.key, at: n) { return v }
        if let f = functions[n.key] { return .function(FunctionValue(decl: f, receiver: scope.receiver, typeName: nil)) }
        if let box = scope.receiver, let f = method(n.key, ofType: box.record.typeName) {
            return .function(FunctionValue(decl: f, receiver: box, typeName: box.record.typeName))
        }
        if types[n.key] != nil || Interpreter.builtinTypes.contains(n.key) { return .type(n.key) }
        if let v = environment.values[n.key] { return v.value }
        throw fail("'\(n.text)' is not declared in the snippet", at: n)
    }

    func selfValue(_ scope: Scope) throws -> Value {
        if let box = scope.receiver { return .record(box.record) }
        return .type("<top level>")
    }

    /// A top-level property, made on first use (as Swift's globals are).
    func global(_ key: String, at n: Name?) throws -> Value? {
        if let v = globalValues[key] { return v }
        guard let decl = globals[key] else { return nil }
        if let getter = decl.getter { return try runBody(getter, Scope(parent: globalScope), returns: decl.type) }
        guard !initializing.contains(key) else { throw fail("'\(decl.name.text)' is used in its own initial value", at: n) }
        initializing.insert(key)
        defer { initializing.remove(key) }
        let v = try initialValue(decl, Scope(parent: globalScope))
        globalValues[key] = v
        initialValues[key] = v
        return v
    }

    /// A property's initial value: its initializer coerced to its declared type, `@Environment`'s
    /// value, a `@Namespace`, or nil for an optional without one.
    func initialValue(_ decl: VarDecl, _ scope: Scope) throws -> Value {
        if decl.hasAttribute("namespace") { return .namespace(Namespace.ID(decl.name.text)) }
        if let env = decl.attributes.first(where: { $0.name.key == "environment" }) {
            if case .keyPath(let path)? = env.arguments.first?.value { return environment.value(for: path.map(\.key)) }
            return .none
        }
        guard let e = decl.initializer else {
            if decl.type?.isOptional == true { return .none }
            throw fail("'\(decl.name.text)' has no initial value", at: decl.name)
        }
        return try coerce(try eval(e, scope), to: hint(decl.type), at: decl.name)
    }

    /// A stored property, a computed one, or nil when `box`'s type has neither named `key`.
    func property(_ key: String, of box: SelfBox, at n: Name?) throws -> Value? {
        if let v = box.record.fields[key] { return v }
        for t in declarations(of: box.record.typeName) {
            if let p = t.properties.first(where: { $0.name.key == key }), let getter = p.getter {
                return try runBody(getter, Scope(parent: globalScope, receiver: box), returns: p.type)
            }
        }
        return nil
    }

    /// A type's declaration and its extensions.
    func declarations(of typeName: String) -> [TypeDecl] {
        (types[typeName].map { [$0] } ?? []) + (extensions[typeName] ?? [])
    }

    /// A type's name as the snippet spells it.
    func displayName(_ key: String) -> String { types[key]?.name.text ?? key }

    func method(_ key: String, ofType typeName: String) -> FuncDecl? {
        for t in declarations(of: typeName) {
            if let f = t.functions.first(where: { $0.name.key == key }) { return f }
        }
        return nil
    }

    func propertyType(_ key: String, ofType typeName: String?) -> TypeRef? {
        guard let typeName = typeName else { return globals[key]?.type }
        for t in declarations(of: typeName) {
            if let p = t.properties.first(where: { $0.name.key == key }) { return p.type }
        }
        return nil
    }

    // MARK: - Functions

    func invoke(_ f: FunctionValue, _ args: [Arg], at: Name?) throws -> Value {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Interpreter.maxCallDepth else { throw fail("calls nest deeper than \(Interpreter.maxCallDepth)", at: at) }
        let scope = Scope(parent: globalScope, receiver: f.receiver)
        try bind(f.decl.parameters, args, into: scope, at: at, callee: f.decl.name.text)
        return try runBody(f.decl.body, scope, returns: f.decl.returnType)
    }

    func bind(_ parameters: [Parameter], _ args: [Arg], into scope: Scope, at: Name?, callee: String) throws {
        var rest = args
        for p in parameters {
            let label = p.label?.lowercased()
            if let i = rest.firstIndex(where: { $0.label == label }) {
                scope.values[p.name.key] = try coerce(rest[i].value, to: hint(p.type), at: p.name)
                rest.remove(at: i)
            } else if let d = p.defaultValue {
                scope.values[p.name.key] = try coerce(try eval(d, scope), to: hint(p.type), at: p.name)
            } else {
                throw fail("\(callee) needs \(p.label.map { $0 + ":" } ?? "an argument") here", at: at)
            }
        }
        if let extra = rest.first { throw fail("\(callee) takes no argument \(extra.label.map { $0 + ":" } ?? "without a label")", at: at) }
    }

    /// A function's or getter's body: a view builder when it returns a view, else statements run
    /// to a `return` (a single expression is its own result).
    func runBody(_ body: [Stmt], _ scope: Scope, returns type: TypeRef?) throws -> Value {
        if let t = type, Interpreter.isViewType(t) {
            return .view(ViewBuilder.group(try buildViews(body, scope)))
        }
        if body.count == 1, case .expression(let e, _) = body[0] {
            return try coerce(try eval(e, scope), to: hint(type), at: nil)
        }
        if case .returned(let v) = try exec(body, scope) { return try coerce(v, to: hint(type), at: nil) }
        return .void
    }

    static func isViewType(_ t: TypeRef) -> Bool { !t.isArray && (t.base == "view" || t.base == "anyview" || t.base == "scene") }

    func callClosure(_ c: ClosureValue, _ args: [Value], at: Name?) throws -> Value {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Interpreter.maxCallDepth else { throw fail("calls nest deeper than \(Interpreter.maxCallDepth)", at: at) }
        let scope = Scope(parent: c.scope)
        for (p, v) in zip(c.closure.parameters, args) where p.key != "_" { scope.values[p.key] = v }
        scope.dollars = args
        let body = c.closure.body
        if body.count == 1, case .expression(let e, _) = body[0] { return try eval(e, scope) }
        if case .returned(let v) = try exec(body, scope) { return v }
        return .void
    }

    /// A closure's views, as a `@ViewBuilder` builds them.
    func closureViews(_ c: ClosureValue, _ args: [Value]) throws -> [ViewNode] {
        let site = c.closure.range.lowerBound
        if let known = constantClosures[site], let views = known { return views }
        let views = try runClosureViews(c, args)
        if constantClosures[site] == nil { constantClosures.updateValue(isConstant(c) ? views : nil, forKey: site) }
        return views
    }

    private func runClosureViews(_ c: ClosureValue, _ args: [Value]) throws -> [ViewNode] {
        let scope = Scope(parent: c.scope)
        if c.closure.parameters.count == 1, let p = c.closure.parameters.first, let v = args.first {
            if p.key != "_" { scope.parameter = (p.key, v) }
        } else {
            for (p, v) in zip(c.closure.parameters, args) where p.key != "_" { scope.values[p.key] = v }
        }
        scope.dollars = args
        return try buildViews(c.closure.body, scope)
    }

    // MARK: - Structs

    /// `Photo(name: "coffee-1")`: an initializer the type declares, else the memberwise one; a
    /// view's value is its body.
    func instantiate(_ t: TypeDecl, _ args: [Arg], at: Name?) throws -> Value {
        let box = SelfBox(Record(typeName: t.name.key, fields: [:], order: []))
        let scope = Scope(parent: globalScope, receiver: box)
        let stored = t.properties.filter { $0.getter == nil && !$0.isStatic }
        if let initializer = t.initializers.first(where: { matches($0.parameters, args) }) {
            for p in stored { try store(p, in: box, scope, given: nil) }
            let s = Scope(parent: globalScope, receiver: box)
            try bind(initializer.parameters, args, into: s, at: at, callee: t.name.text)
            _ = try exec(initializer.body, s)
        } else {
            var rest = args
            for p in stored {
                let i = rest.firstIndex { $0.label == p.name.key }
                try store(p, in: box, scope, given: i.map { rest[$0].value })
                if let i = i { rest.remove(at: i) }
            }
            if let extra = rest.first { throw fail("\(t.name.text) has no property \(extra.label ?? "for an unlabelled argument")", at: at) }
        }
        return t.isView ? try viewValue(of: box, t) : .record(box.record)
    }

    func matches(_ params: [Parameter], _ args: [Arg]) -> Bool {
        let required = params.filter { $0.defaultValue == nil }.map { $0.label?.lowercased() }
        let labels = args.map(\.label)
        return labels.allSatisfy { l in params.contains { $0.label?.lowercased() == l } } && required.allSatisfy { labels.contains($0) }
    }

    func store(_ p: VarDecl, in box: SelfBox, _ scope: Scope, given: Value?) throws {
        let v: Value
        if let g = given { v = try coerce(g, to: hint(p.type), at: p.name) } else if p.initializer == nil, p.type?.isOptional != true,
            !p.hasAttribute("namespace"), !p.hasAttribute("environment") {
            throw fail("\(types[box.record.typeName]?.name.text ?? box.record.typeName) needs \(p.name.text): to be made (it has no default value)", at: p.name)
        } else { v = try initialValue(p, scope) }
        box.record.fields[p.name.key] = v
        if !box.record.order.contains(p.name.key) { box.record.order.append(p.name.key) }
    }

    /// A view struct's body, evaluated with `box` as `self`.
    func viewValue(of box: SelfBox, _ t: TypeDecl) throws -> Value {
        guard let body = declarations(of: t.name.key).lazy.flatMap(\.properties).first(where: { $0.name.key == "body" }),
              let getter = body.getter else { throw fail("\(t.name.text) has no body", at: t.name) }
        return .view(ViewBuilder.group(try buildViews(getter, Scope(parent: globalScope, receiver: box))))
    }
}
