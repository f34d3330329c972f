import GridCore

/// A root view's `@State` read and written from outside the snippet: what a host does when a
/// gesture the snippet does not declare (a pinch, a restored session) changes the same state the
/// snippet's own buttons change. Only the values a scene's state holds are spelled here.
public enum StateValue: Equatable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    /// `[GridItem]`: a grid's columns or rows.
    case gridItems([GridItem])

    init?(_ v: Value) {
        switch v {
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .bool(let b): self = .bool(b)
        case .string(let s): self = .string(s)
        case .array(let items):
            var grid: [GridItem] = []
            for case .gridItem(let g) in items { grid.append(g) }
            guard grid.count == items.count else { return nil }
            self = .gridItems(grid)
        default: return nil
        }
    }

    var value: Value {
        switch self {
        case .int(let i): return .int(i)
        case .double(let d): return .double(d)
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .gridItems(let g): return .array(g.map(Value.gridItem))
        }
    }
}

extension SnippetProgram {
    /// The root view's `@State var name` now; nil when there is no such state or its value is not
    /// one `StateValue` spells.
    public func state(_ name: String) -> StateValue? {
        guard let box = try? stateBox(), let decl = stateDecl(name), let v = box.record.fields[decl.name.key] else { return nil }
        return StateValue(v)
    }

    /// Sets the root view's `@State var name`, as an action in the snippet would; the next `body()`
    /// reads it and `source()` prints it. False (nothing changed) when the root has no such state.
    @discardableResult
    public func setState(_ name: String, _ value: StateValue) -> Bool {
        guard let box = try? stateBox(), let decl = stateDecl(name) else { return false }
        box.record.fields[decl.name.key] = value.value
        return true
    }

    private func stateDecl(_ name: String) -> VarDecl? {
        guard case .type(let t) = root else { return nil }
        return t.properties.first { $0.name.key == name.lowercased() && $0.getter == nil && !$0.isStatic && $0.hasAttribute("state") }
    }
}

extension SnippetProgram {
    /// What the snippet reads from outside now: the next `body()` sees the new size classes and
    /// screen in its `@Environment` properties (its random numbers keep their sequence).
    public var environment: SnippetEnvironment {
        get { interpreter.environment }
        set {
            let seed = interpreter.environment.seed
            interpreter.environment = newValue
            interpreter.environment.seed = seed
            func reread(_ decl: VarDecl) -> Value? {
                guard decl.hasAttribute("environment") else { return nil }
                return try? interpreter.initialValue(decl, Scope(parent: interpreter.globalScope))
            }
            if case .type(let t) = root, let box = rootBox {
                for p in t.properties where p.getter == nil { if let v = reread(p) { box.record.fields[p.name.key] = v } }
            }
            for case .variable(let v) in own { if let value = reread(v) { interpreter.globalValues[v.name.key] = value } }
        }
    }
}

extension SnippetProgram {
    /// A top-level value of the snippet (seed 000's `sampleCafes`), made on first use as Swift makes
    /// its globals; nil when the snippet does not declare it or making it fails.
    public func global(_ name: String) -> SnippetValue? {
        let v = try? interpreter.budgeted(Interpreter.runSteps) { try interpreter.global(name.lowercased(), at: nil) }
        return v.flatMap { $0 }.map(SnippetValue.init(value:))
    }
}

extension SnippetValue {
    /// The text, when the value is a string.
    public var string: String? { if case .string(let s) = value { return s } else { return nil } }
    /// The elements, when the value is an array.
    public var array: [SnippetValue]? { if case .array(let xs) = value { return xs.map(SnippetValue.init(value:)) } else { return nil } }
    /// A stored field of a struct's value (`cafe["coffeePhotos"]`).
    public subscript(field: String) -> SnippetValue? {
        guard case .record(let r) = value, let v = r.fields[field.lowercased()] else { return nil }
        return SnippetValue(value: v)
    }
}
