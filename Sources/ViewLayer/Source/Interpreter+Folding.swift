/// Arguments that read nothing but the source: `.font(.caption.weight(.semibold))`,
/// `.foregroundStyle(.black.opacity(0.6))`. A grid runs its `ForEach` closure for every element
/// that comes into view; such an argument has the same value every time, so it is worked out the
/// first time its place in the text is reached and reused (the closure's code cannot change, and
/// the text is one per interpreter, so a place names one argument).
extension Interpreter {
    /// `base.name(args)` where base is neither `self` nor an implicit member: most often a view
    /// modifier. One whose arguments fold (`.cornerRadius(8)`, `.font(.caption.weight(.semibold))`)
    /// makes the same `Modifier` at its place every time, so it is kept by that place and applied
    /// without reading its arguments or its name again.
    func modifierCall(_ base: Expr, _ n: Name, _ args: [Argument], _ scope: Scope) throws -> Value {
        let b = try eval(base, scope)
        if case .view(let node) = b, n.offset > 0, let known = modifiers[n.offset], let m = known {
            return .view(node.modified(m))
        }
        let values = try args.map { a in Arg(label: a.label?.key, value: try argument(a, scope), range: a.range) }
        let result = try method(b, n, values, at: n, base: base, scope: scope)
        if case .view(let node) = b, n.offset > 0, modifiers[n.offset] == nil {
            var kept: Modifier?
            if Interpreter.pureModifiers.contains(n.key), args.allSatisfy({ isFoldable($0.value, scope) }),
               case .view(let made) = result, case let .modified(inner, m) = made.kind, inner === node, made.source == nil {
                kept = m
            }
            modifiers.updateValue(kept, forKey: n.offset)
        }
        return result
    }

    /// Modifiers made from their arguments alone (not from the view they modify, nor a closure).
    static let pureModifiers: Set<String> = ["font", "fontweight", "foregroundcolor", "foregroundstyle", "tint", "cornerradius",
                                             "clipped", "shadow", "opacity", "frame", "padding", "scaledtofill", "scaledtofit", "aspectratio"]

    func argument(_ a: Argument, _ scope: Scope) throws -> Value {
        let site = a.range.lowerBound
        if let entry = folded[site] {
            if let v = entry { return v }
            return try eval(a.value, scope)
        }
        let v = try eval(a.value, scope)
        let foldable = Interpreter.isComposite(a.value) && isFoldable(a.value, scope) && Interpreter.isPlainData(v)
        // updateValue: assigning nil through the subscript would remove the entry, not record "no".
        folded.updateValue(foldable ? v : nil, forKey: site)
        return v
    }

    /// Worth keeping: a literal or a bare `.member` costs less to evaluate than to look up.
    static func isComposite(_ e: Expr) -> Bool {
        switch e {
        case .integer, .float, .boolean, .nilLiteral, .implicitMember, .keyPath: return false
        case .string(let parts): return parts.contains { if case .interpolation = $0 { return true } else { return false } }
        default: return true
        }
    }

    /// The expression's value follows from its text alone: literals, members of built-in values
    /// (`.caption`, `Color.black`), calls of built-in value types and their methods, operators —
    /// and nothing that reads a name the snippet binds, its state, the closure's element, or a
    /// random source.
    func isFoldable(_ e: Expr, _ scope: Scope) -> Bool {
        switch e {
        case .integer, .float, .boolean, .nilLiteral, .keyPath: return true
        case .string(let parts):
            return parts.allSatisfy { if case .interpolation(let x) = $0 { return isFoldable(x, scope) } else { return true } }
        case .implicitMember(let n): return Interpreter.isPure(n.key)
        case .identifier(let n): return isValueType(n, scope)
        case let .member(base, n): return Interpreter.isPure(n.key) && isFoldable(base, scope)
        case let .call(callee, args, _):
            guard args.allSatisfy({ isFoldable($0.value, scope) }) else { return false }
            switch callee {
            case .identifier(let n): return isValueType(n, scope)
            case .implicitMember(let n): return Interpreter.isPure(n.key)
            case let .member(base, n): return Interpreter.isPure(n.key) && isFoldable(base, scope)
            default: return false
            }
        case .array(let items): return items.allSatisfy { isFoldable($0, scope) }
        case let .prefix(_, x, _): return isFoldable(x, scope)
        case let .binary(_, l, r, _): return isFoldable(l, scope) && isFoldable(r, scope)
        case let .ternary(c, a, b): return isFoldable(c, scope) && isFoldable(a, scope) && isFoldable(b, scope)
        case .dollar, .subscripted, .closure, .forceUnwrap, .emptyArray: return false
        }
    }

    /// A built-in value type the snippet has not given another meaning (a local, a declaration).
    private func isValueType(_ n: Name, _ scope: Scope) -> Bool {
        Interpreter.valueTypes.contains(n.key) && isBuiltin(n, scope)
    }

    /// A name the snippet has not given a meaning of its own (a local, a type, a function, a global):
    /// it names the built-in of that name.
    func isBuiltin(_ n: Name, _ scope: Scope) -> Bool {
        scope.lookup(n.key) == nil && types[n.key] == nil && functions[n.key] == nil && globals[n.key] == nil
    }

    static let valueTypes: Set<String> = ["color", "int", "double", "cgfloat", "float", "string", "bool", "font", "edgeinsets", "uicolor", "griditem"]

    /// Members that give something new each time they are read.
    static func isPure(_ key: String) -> Bool {
        !(key.contains("random") || key.contains("shuffle") || key == "uuid" || key == "now" || key == "main")
    }

    /// Values that are data alone, safe to hand out again (no views, records, closures or state).
    static func isPlainData(_ v: Value) -> Bool {
        switch v {
        case .none, .int, .double, .bool, .string, .range, .keyPath, .gridItem, .gridSize, .color, .font, .animation,
             .transition, .insets:
            return true
        case .member(_, let args): return (args ?? []).allSatisfy { isPlainData($0.value) }
        case .array(let xs): return xs.allSatisfy(isPlainData)
        default: return false
        }
    }
}

extension Interpreter {
    /// A closure that reads neither its element (`_ in`, no `$0`) nor any name the snippet binds,
    /// each of its lines an expression that folds (seed 004's `{ _ in Color.red.frame(width: 30) … }`),
    /// makes the same views every time: a grid's elements share them instead of running it for each.
    func isConstant(_ c: ClosureValue) -> Bool {
        guard c.closure.parameters.allSatisfy({ $0.key == "_" }), !c.closure.body.isEmpty else { return false }
        return c.closure.body.allSatisfy { statement in
            guard case .expression(let e, _) = statement else { return false }
            return isFoldable(e, c.scope)
        }
    }
}
