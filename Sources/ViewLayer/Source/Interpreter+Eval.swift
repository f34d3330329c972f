import GridCore

/// Expressions: names, members, calls, subscripts, operators.
extension Interpreter {
    func eval(_ e: Expr, _ scope: Scope) throws -> Value {
        try tick()
        switch e {
        case .integer(let v): return .int(v)
        case .float(let v): return .double(v)
        case .boolean(let b): return .bool(b)
        case .nilLiteral: return .none
        case .string(let parts):
            var s = ""
            for p in parts {
                switch p {
                case .text(let t): s += t
                case .interpolation(let x): s += describe(try eval(x, scope))
                }
            }
            return .string(s)
        case .identifier(let n): return try lookup(n, scope)
        case let .dollar(k, n):
            guard let v = scope.dollar(k) else { throw fail("$\(k) is used outside a closure that has it", at: n) }
            return v
        case .implicitMember(let n): return try implicitMember(n.key, nil, at: n)
        case let .member(base, n):
            if case .identifier(let s) = base, s.key == "self" {
                if let box = scope.receiver {
                    if let v = try property(n.key, of: box, at: n) { return v }
                    if let f = method(n.key, ofType: box.record.typeName) { return .function(FunctionValue(decl: f, receiver: box, typeName: box.record.typeName)) }
                    throw fail("\(displayName(box.record.typeName)) has no '\(n.text)'", at: n)
                }
                return try lookup(n, scope)
            }
            return try member(try eval(base, scope), n, scope)
        case let .call(callee, args, at): return try call(callee, args, at, scope)
        case let .subscripted(base, args, at):
            let b = try eval(base, scope)
            guard let first = args.first else { throw fail("expected an index", at: at) }
            let i = try eval(first.value, scope)
            switch b {
            case .array(let a): return a[try index(i, in: a.count, at: at)]
            case .string(let s): return .string(String(Array(s)[try index(i, in: s.count, at: at)]))
            default: throw fail("cannot subscript a \(b.typeName)", at: at)
            }
        case .array(let items):
            guard items.count <= Interpreter.maxArray else { throw fail("an array of \(items.count) values", at: nil as Name?) }
            return .array(try items.map { try eval($0, scope) })
        case .closure(let c): return .closure(ClosureValue(closure: c, scope: scope))
        case .keyPath(let path): return .keyPath(path.map(\.key))
        case let .prefix(op, x, at):
            let v = try eval(x, scope)
            switch (op, v) {
            case ("-", .int(let i)): return .int(0 &- i)
            case ("-", .double(let d)): return .double(-d)
            case ("+", .int), ("+", .double): return v
            case ("!", .bool(let b)): return .bool(!b)
            default: throw fail("cannot apply \(op) to a \(v.typeName)", at: at)
            }
        case let .binary(op, l, r, at):
            switch op {
            case "&&": return .bool(try truth(try eval(l, scope)) && truth(try eval(r, scope)))
            case "||": return .bool(try truth(try eval(l, scope)) || truth(try eval(r, scope)))
            case "??":
                let v = try eval(l, scope)
                return v.isNone ? try eval(r, scope) : v
            default: return try arithmetic(op, try eval(l, scope), try eval(r, scope), at: at)
            }
        case let .ternary(c, a, b):
            return try truth(try eval(c, scope)) ? try eval(a, scope) : try eval(b, scope)
        case .forceUnwrap(let x):
            let v = try eval(x, scope)
            if v.isNone { throw fail("a value was nil where ! unwraps it", at: nil as Name?) }
            return v
        case .emptyArray: return .array([])
        }
    }

    func index(_ v: Value, in count: Int, at: Name) throws -> Int {
        guard case .int(let i) = v else { throw fail("an index must be an Int, not a \(v.typeName)", at: at) }
        guard i >= 0, i < count else { throw fail("index \(i) is out of range (0..<\(count))", at: at) }
        return i
    }

    // MARK: - Operators

    func arithmetic(_ op: String, _ a: Value, _ b: Value, at: Name) throws -> Value {
        switch (a, b) {
        case let (.int(x), .int(y)):
            switch op {
            case "+": return .int(x &+ y)
            case "-": return .int(x &- y)
            case "*": return .int(x &* y)
            case "/", "%":
                guard y != 0 else { throw fail("division by zero", at: at) }
                return .int(op == "/" ? x / y : x % y)
            case "..<", "...":
                let (upper, overflow) = op == "..." ? y.addingReportingOverflow(1) : (y, false)
                guard !overflow, upper >= x else { throw fail("a range's end is below its start", at: at) }
                return .range(x, upper)
            default: return .bool(try compare(op, Double(x), Double(y), at: at))
            }
        case (.int, .double), (.double, .int), (.double, .double):
            let x = number(a)!, y = number(b)!
            switch op {
            case "+": return .double(x + y)
            case "-": return .double(x - y)
            case "*": return .double(x * y)
            case "/": return .double(x / y)
            case "%": return .double(x.truncatingRemainder(dividingBy: y))
            default: return .bool(try compare(op, x, y, at: at))
            }
        case let (.string(x), .string(y)):
            switch op {
            case "+": return .string(x + y)
            case "==": return .bool(x == y)
            case "!=": return .bool(x != y)
            case "<": return .bool(x < y)
            case ">": return .bool(x > y)
            default: throw fail("cannot apply \(op) to strings", at: at)
            }
        case let (.array(x), .array(y)) where op == "+":
            return .array(x + y)
        default:
            guard op == "==" || op == "!=" else { throw fail("cannot apply \(op) to a \(a.typeName) and a \(b.typeName)", at: at) }
            let same = equal(a, b)
            return .bool(op == "==" ? same : !same)
        }
    }

    func compare(_ op: String, _ x: Double, _ y: Double, at: Name) throws -> Bool {
        switch op {
        case "==": return x == y
        case "!=": return x != y
        case "<": return x < y
        case ">": return x > y
        case "<=": return x <= y
        case ">=": return x >= y
        default: throw fail("unknown operator \(op)", at: at)
        }
    }

    /// Equality as Swift's `==` reads it here: an implicit member (`.compact`) equals the value of
    /// that name (the environment's size class), whatever type it turns out to be.
    func equal(_ a: Value, _ b: Value) -> Bool {
        switch (a, b) {
        case (.none, .none): return true
        case (.none, _), (_, .none): return false
        case let (.member(x, _), .member(y, _)): return x == y
        case let (.member(x, nil), other), let (other, .member(x, nil)):
            if let c = try? coerce(.member(x, nil), to: hint(of: other), at: nil as Name?) { return c.hashKey == other.hashKey }
            return false
        default: return a.hashKey == b.hashKey
        }
    }

    func number(_ v: Value) -> Double? {
        switch v {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// How `\(value)` prints.
    func describe(_ v: Value) -> String {
        switch v {
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .bool(let b): return String(b)
        case .string(let s): return s
        case .none: return "nil"
        case .uuid(let u): return "UUID-\(u)"
        case .array(let a): return "[" + a.map(describe).joined(separator: ", ") + "]"
        case .member(let n, _): return n
        default: return v.typeName
        }
    }

    // MARK: - Calls

    func call(_ callee: Expr, _ args: [Argument], _ at: Name, _ scope: Scope) throws -> Value {
        if case let .member(base, n) = callee, !base.isSelfOrImplicit {
            return try modifierCall(base, n, args, scope)
        }
        let values = try args.map { a in Arg(label: a.label?.key, value: try argument(a, scope), range: a.range) }
        switch callee {
        case .identifier(let n):
            // Names match whatever their case, so a closure's `section` would hide `Section`:
            // a bound value is called only when it can be.
            if let v = scope.lookup(n.key), v.isCallable { return try apply(v, values, at: n) }
            if let box = scope.receiver, let f = method(n.key, ofType: box.record.typeName) {
                return try invoke(FunctionValue(decl: f, receiver: box, typeName: box.record.typeName), values, at: n)
            }
            if let f = functions[n.key] { return try invoke(FunctionValue(decl: f, receiver: scope.receiver, typeName: nil), values, at: n) }
            if let t = types[n.key] { return try instantiate(t, values, at: n) }
            if globals[n.key] != nil, let v = try global(n.key, at: n) { return try apply(v, values, at: n) }
            return try construct(n.key, values, at: n, call: at, scope: scope)
        case let .member(base, n):
            if case .identifier(let s) = base, s.key == "self" {
                if let box = scope.receiver, let f = method(n.key, ofType: box.record.typeName) {
                    return try invoke(FunctionValue(decl: f, receiver: box, typeName: box.record.typeName), values, at: n)
                }
                // A helper the tutorial declared beside the view, called as the view's own.
                if let f = functions[n.key] { return try invoke(FunctionValue(decl: f, receiver: scope.receiver, typeName: nil), values, at: n) }
            }
            if case .implicitMember(let bn) = base {
                return try method(try implicitMember(bn.key, nil, at: bn), n, values, at: n, base: base, scope: scope)
            }
            let b = try eval(base, scope)
            return try method(b, n, values, at: n, base: base, scope: scope)
        case .implicitMember(let n):
            return try implicitMember(n.key, values, at: n)
        default:
            return try apply(try eval(callee, scope), values, at: at)
        }
    }

    func apply(_ f: Value, _ args: [Arg], at: Name) throws -> Value {
        switch f {
        case .closure(let c): return try callClosure(c, args.map(\.value), at: at)
        case .function(let fn): return try invoke(fn, args, at: at)
        case .native(let n): return try n.call(args, nil)
        case .type(let t):
            if let decl = types[t] { return try instantiate(decl, args, at: at) }
            return try construct(t, args, at: at, call: at, scope: globalScope)
        default: throw fail("a \(f.typeName) cannot be called", at: at)
        }
    }

    /// `base.name`: a field, a computed property, a static member of a type, a property of a value.
    func member(_ base: Value, _ n: Name, _ scope: Scope) throws -> Value {
        switch base {
        case .record(let r):
            if let v = r.fields[n.key] { return v }
            let box = SelfBox(r)
            if let v = try property(n.key, of: box, at: n) { return v }
            if let f = method(n.key, ofType: r.typeName) { return .function(FunctionValue(decl: f, receiver: box, typeName: r.typeName)) }
            throw fail("\(displayName(r.typeName)) has no '\(n.text)'", at: n)
        case .type(let t):
            for d in declarations(of: t) {
                if let f = d.functions.first(where: { $0.name.key == n.key && $0.isStatic }) {
                    return .function(FunctionValue(decl: f, receiver: nil, typeName: t))
                }
                if let p = d.properties.first(where: { $0.name.key == n.key && $0.isStatic }) {
                    return try p.getter.map { try runBody($0, Scope(parent: globalScope), returns: p.type) } ?? initialValue(p, Scope(parent: globalScope))
                }
            }
            if let decl = types[t] { throw fail("\(decl.name.text) has no static member '\(n.text)'", at: n) }
            return try staticMember(t, n.key, nil, at: n)
        default:
            return try valueProperty(base, n.key, at: n)
        }
    }

    /// `base.name(args)`: a method of the snippet's struct, a view modifier, a value's method.
    func method(_ base: Value, _ n: Name, _ args: [Arg], at: Name, base baseExpr: Expr, scope: Scope) throws -> Value {
        switch base {
        case .record(let r):
            if let f = method(n.key, ofType: r.typeName) {
                let box = SelfBox(r)
                let v = try invoke(FunctionValue(decl: f, receiver: box, typeName: r.typeName), args, at: n)
                return v
            }
            if let v = r.fields[n.key] { return try apply(v, args, at: n) }
            if let f = functions[n.key] { return try invoke(FunctionValue(decl: f, receiver: SelfBox(r), typeName: nil), args, at: n) }
            throw fail("\(displayName(r.typeName)) has no method '\(n.text)'", at: n)
        case .type(let t):
            for d in declarations(of: t) {
                if let f = d.functions.first(where: { $0.name.key == n.key }) {
                    return try invoke(FunctionValue(decl: f, receiver: nil, typeName: t), args, at: n)
                }
            }
            return try staticMember(t, n.key, args, at: n)
        case .view(let node):
            return .view(try modifier(node, n, args, at: at))
        case .color(let c) where !["opacity"].contains(n.key) || args.isEmpty:
            // A colour is a view too: a modifier on it makes a view.
            return .view(try modifier(ViewNode(.color(c)), n, args, at: at))
        default:
            if let mutated = try mutatingMethod(base, n, args, at: at) {
                try assign(baseExpr, mutated.newValue, scope, at: n)
                return mutated.result
            }
            return try valueMethod(base, n, args, at: at)
        }
    }
}
