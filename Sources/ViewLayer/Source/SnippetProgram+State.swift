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
