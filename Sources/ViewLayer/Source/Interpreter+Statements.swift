/// Statements, and the `@ViewBuilder` reading of a block: each expression that is a view is one
/// view of the result, an `if` is one view (its branch's views, or none), local `let`s are in scope.
extension Interpreter {
    enum Flow {
        case normal
        case returned(Value)
    }

    func exec(_ stmts: [Stmt], _ scope: Scope) throws -> Flow {
        for s in stmts {
            try tick()
            switch s {
            case .expression(let e, _):
                _ = try eval(e, scope)
            case .variable(let v):
                scope.values[v.name.key] = try initialValue(v, scope)
            case let .assign(target, op, value, at):
                var v = try eval(value, scope)
                if op != "=" { v = try arithmetic(String(op.dropLast()), try eval(target, scope), v, at: at) }
                try assign(target, v, scope, at: at)
            case let .ifStatement(branches, otherwise):
                if let (body, s2, _) = try takenBranch(branches, scope) {
                    if case .returned(let v) = try exec(body, s2) { return .returned(v) }
                } else if let e = otherwise {
                    if case .returned(let v) = try exec(e, Scope(parent: scope)) { return .returned(v) }
                }
            case let .forIn(n, sequence, body):
                for element in try elements(of: try eval(sequence, scope), at: n) {
                    let s2 = Scope(parent: scope)
                    if n.key != "_" { s2.values[n.key] = element }
                    if case .returned(let v) = try exec(body, s2) { return .returned(v) }
                }
            case .returnStatement(let e, _):
                return .returned(try e.map { try eval($0, scope) } ?? .void)
            case .declaration(let d):
                if case .variable(let v) = d { scope.values[v.name.key] = try initialValue(v, scope) }
            }
        }
        return .normal
    }

    /// The first branch whose conditions hold, with the scope its `if let` names are bound in.
    func takenBranch(_ branches: [(conditions: [Condition], body: [Stmt])], _ scope: Scope) throws -> ([Stmt], Scope, Int)? {
        for (i, b) in branches.enumerated() {
            let s = Scope(parent: scope)
            var holds = true
            for c in b.conditions {
                switch c {
                case .expression(let e):
                    holds = try truth(try eval(e, s))
                case let .binding(n, e):
                    let v = try eval(e, s)
                    if v.isNone { holds = false } else { s.values[n.key] = v }
                }
                if !holds { break }
            }
            if holds { return (b.body, s, i) }
        }
        return nil
    }

    func truth(_ v: Value) throws -> Bool {
        guard case .bool(let b) = v else { throw fail("expected a condition (true or false), found a \(v.typeName)", at: nil as Name?) }
        return b
    }

    /// The views a block builds.
    func buildViews(_ stmts: [Stmt], _ scope: Scope) throws -> [ViewNode] {
        var views: [ViewNode] = []
        for s in stmts {
            try tick()
            switch s {
            case let .expression(e, range):
                let v = try eval(e, scope)
                if case .void = v { continue }
                guard let node = try view(v, at: range) else {
                    throw fail("a \(v.typeName) is not a view", at: range)
                }
                views.append(node.source == nil ? ViewNode(node: node, source: SourceSpan(text: text, range: range)) : node)
            case let .ifStatement(branches, otherwise):
                // An `if` alone shows its views or none; with an `else` (or an `else if`) each branch's
                // views are other views than the other branches' (`ViewBuilder.buildEither`).
                let conditional = otherwise != nil || branches.count > 1
                func built(_ views: [ViewNode], _ b: Int) -> ViewNode { ViewBuilder.group(conditional ? ViewBuilder.branch(views, b) : views) }
                if let (body, s2, i) = try takenBranch(branches, scope) {
                    views.append(built(try buildViews(body, s2), i))
                } else {
                    views.append(built(try otherwise.map { try buildViews($0, Scope(parent: scope)) } ?? [], branches.count))
                }
            case let .forIn(n, sequence, body):
                for element in try elements(of: try eval(sequence, scope), at: n) {
                    let s2 = Scope(parent: scope)
                    s2.values[n.key] = element
                    views += try buildViews(body, s2)
                }
            case .returnStatement(let e, let at):
                guard let e = e else { return views }
                let v = try eval(e, scope)
                guard let node = try view(v, at: nil) else { throw fail("a \(v.typeName) is not a view", at: at) }
                return views + [node]
            default:
                _ = try exec([s], scope)
            }
        }
        return views
    }

    /// A value as a view: a view, a colour, a view struct's value, several views.
    func view(_ v: Value, at range: Range<Int>?) throws -> ViewNode? {
        switch v {
        case .view(let n): return n
        case .color(let c): return ViewNode(.color(c))
        case .array(let a):
            let nodes = try a.compactMap { try view($0, at: range) }
            return nodes.count == a.count ? ViewNode(.group(nodes)) : nil
        case .member(let name, let args):
            if let c = try? coerce(.member(name, args), to: .color, at: nil), case .color(let color) = c { return ViewNode(.color(color)) }
            return nil
        default: return nil
        }
    }

    /// The elements a `for` or a `ForEach` walks.
    func elements(of v: Value, at n: Name?) throws -> [Value] {
        switch v {
        case .array(let a): return a
        case let .range(lo, hi):
            guard hi - lo <= Interpreter.maxArray else { throw fail("a loop over \(hi - lo) values; at most \(Interpreter.maxArray) are run", at: n) }
            return (lo..<max(lo, hi)).map { .int($0) }
        default: throw fail("cannot loop over a \(v.typeName)", at: n)
        }
    }

    // MARK: - Assignment

    func assign(_ target: Expr, _ value: Value, _ scope: Scope, at: Name) throws {
        switch target {
        case .identifier(let n):
            if let owner = scope.owner(of: n.key) {
                owner.values[n.key] = try coerce(value, to: hint(of: owner.values[n.key]), at: n)
            } else if let box = scope.receiver, box.record.fields[n.key] != nil {
                try setField(n.key, of: box, value, at: n)
            } else if globals[n.key] != nil {
                try setGlobal(n.key, value, at: n)
            } else {
                throw fail("cannot assign to '\(n.text)': it is not declared", at: n)
            }
        case .member(.identifier(let s), let n) where s.key == "self":
            if let box = scope.receiver { try setField(n.key, of: box, value, at: n) } else { try setGlobal(n.key, value, at: n) }
        case let .member(base, n):
            guard case .record(var r) = try eval(base, scope) else { throw fail("cannot assign to .\(n.text) of that", at: n) }
            r.fields[n.key] = try coerce(value, to: hint(propertyType(n.key, ofType: r.typeName)) ?? hint(of: r.fields[n.key]), at: n)
            try assign(base, .record(r), scope, at: at)
        case let .subscripted(base, args, open):
            guard case .array(var a) = try eval(base, scope), let first = args.first else { throw fail("cannot assign into that", at: open) }
            let i = try index(try eval(first.value, scope), in: a.count, at: open)
            a[i] = value
            try assign(base, .array(a), scope, at: at)
        default:
            throw fail("cannot assign to that expression", at: at)
        }
    }

    func setField(_ key: String, of box: SelfBox, _ value: Value, at n: Name) throws {
        if let decl = declarations(of: box.record.typeName).lazy.flatMap(\.properties).first(where: { $0.name.key == key }),
           decl.isLet, decl.initializer != nil {
            throw fail("'\(n.text)' is a let and cannot change", at: n)
        }
        box.record.fields[key] = try coerce(value, to: hint(propertyType(key, ofType: box.record.typeName)) ?? hint(of: box.record.fields[key]), at: n)
    }

    func setGlobal(_ key: String, _ value: Value, at n: Name) throws {
        _ = try global(key, at: n)
        guard globals[key]?.isLet == false else { throw fail("'\(n.text)' is a let and cannot change", at: n) }
        globalValues[key] = try coerce(value, to: hint(globals[key]?.type) ?? hint(of: globalValues[key]), at: n)
    }
}
