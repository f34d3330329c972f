/// Expressions, by Swift's precedence: `?:`, `??`, `||`, `&&`, comparisons, ranges, `+ -`,
/// `* / %`, prefix `- !`, then postfix members, calls (with trailing closures on the same line),
/// subscripts and `!`.
extension Parser {
    mutating func expression(noTrailing: Bool = false) throws -> Expr {
        try enter()
        defer { depth -= 1 }
        let condition = try binary(0, noTrailing)
        // `a ? b : c` (spaced: `a?.b` is optional chaining, handled as a postfix).
        if current.isSymbol("?"), current.spaceBefore {
            _ = advance()
            let yes = try expression(noTrailing: noTrailing)
            try expect(":", "expected ':' in the conditional expression")
            let no = try expression(noTrailing: noTrailing)
            return .ternary(condition, yes, no)
        }
        return condition
    }

    static let precedence: [[String]] = [["??"], ["||"], ["&&"], ["==", "!=", "<", ">", "<=", ">="], ["..<", "..."], ["+", "-"], ["*", "/", "%"]]

    mutating func binary(_ level: Int, _ noTrailing: Bool) throws -> Expr {
        guard level < Parser.precedence.count else { return try prefixed(noTrailing) }
        var lhs = try binary(level + 1, noTrailing)
        while let op = current.symbol, Parser.precedence[level].contains(op), isBinary(current) {
            let t = advance()
            let rhs = try binary(level + 1, noTrailing)
            lhs = .binary(op, lhs, rhs, name(t))
            if level == 3 || level == 4 { break }
        }
        return lhs
    }

    /// An operator is binary when spaced alike on both sides (`a - b`, `a-b`), prefix otherwise.
    func isBinary(_ t: Token) -> Bool {
        let after = following.spaceBefore
        if t.newlineBefore { return false }
        return t.spaceBefore == after || !(t.isSymbol("-") || t.isSymbol("!"))
    }

    mutating func prefixed(_ noTrailing: Bool) throws -> Expr {
        if let op = current.symbol, op == "-" || op == "!" || op == "+" {
            let t = advance()
            try enter()
            defer { depth -= 1 }
            return .prefix(op, try prefixed(noTrailing), name(t))
        }
        return try postfix(try primary(noTrailing), noTrailing)
    }

    mutating func postfix(_ start: Expr, _ noTrailing: Bool) throws -> Expr {
        var e = start
        while true {
            let t = current
            if t.isSymbol("."), case .identifier = following.kind {
                _ = advance()
                e = .member(e, name(advance()))
            } else if t.isSymbol("."), case .integer(let n) = following.kind {
                // A tuple element (`pair.0`): read as a member named by the number.
                _ = advance()
                let nt = advance()
                e = .member(e, Name(text: String(n), line: nt.line, column: nt.column))
            } else if t.isSymbol("?"), !t.spaceBefore, following.isSymbol(".") {
                _ = advance()
            } else if t.isSymbol("!"), !t.spaceBefore, !following.isSymbol("=") {
                _ = advance()
                e = .forceUnwrap(e)
            } else if t.isSymbol("("), !t.newlineBefore {
                let open = advance()
                var args = try arguments(closing: ")", open: open)
                if !noTrailing { args += try trailingClosures() }
                e = .call(e, args, name(open))
            } else if t.isSymbol("["), !t.newlineBefore, !t.spaceBefore {
                let open = advance()
                e = .subscripted(e, try arguments(closing: "]", open: open), name(open))
            } else if t.isSymbol("{"), !t.newlineBefore, !noTrailing, canTakeTrailingClosure(e) {
                e = .call(e, try trailingClosures(), name(t))
            } else {
                return e
            }
        }
    }

    /// `f { … }` is a call only when `f` names something callable (a name or member, a call).
    func canTakeTrailingClosure(_ e: Expr) -> Bool {
        switch e {
        case .identifier, .member, .implicitMember, .call: return true
        default: return false
        }
    }

    /// `{ … }`, then `label: { … }` for each further closure on the same line.
    mutating func trailingClosures() throws -> [Argument] {
        var result: [Argument] = []
        guard current.isSymbol("{"), !current.newlineBefore else { return result }
        let start = current.range.lowerBound
        result.append(Argument(label: nil, value: .closure(try closure()), range: start..<tokens[pos - 1].range.upperBound))
        while case .identifier = current.kind, !current.newlineBefore, following.isSymbol(":"),
              tokens[min(pos + 2, tokens.count - 1)].isSymbol("{") {
            let label = name(advance())
            _ = advance()
            let s = current.range.lowerBound
            result.append(Argument(label: label, value: .closure(try closure()), range: s..<tokens[pos - 1].range.upperBound))
        }
        return result
    }

    /// `label: value, …` up to `closing` (consumed).
    mutating func arguments(closing: String, open: Token) throws -> [Argument] {
        var result: [Argument] = []
        try enter()
        defer { depth -= 1 }
        while !accept(closing) {
            if current.isEnd { throw error("expected '\(closing)' to close the '\(open.symbol ?? "(")' at line \(open.line), column \(open.column)") }
            var label: Name?
            if case .identifier = current.kind, following.isSymbol(":") {
                label = name(advance())
                _ = advance()
            }
            let start = current.range.lowerBound
            let value = try expression()
            result.append(Argument(label: label, value: value, range: start..<tokens[max(0, pos - 1)].range.upperBound))
            if !accept(",") {
                guard current.isSymbol(closing) else {
                    throw error("expected ',' or '\(closing)' after an argument, found '\(current.isEnd ? "the end" : text.slice(current.range))'")
                }
            }
        }
        return result
    }

    mutating func primary(_ noTrailing: Bool) throws -> Expr {
        let t = current
        switch t.kind {
        case .integer(let v): _ = advance(); return .integer(v)
        case .float(let v): _ = advance(); return .float(v)
        case .string(let pieces):
            _ = advance()
            return .string(try pieces.map { piece in
                switch piece {
                case .text(let s): return .text(s)
                case .interpolation(let inner):
                    var sub = Parser(tokens: inner, text: text, elided: false)
                    sub.depth = depth
                    let e = try sub.expression()
                    guard sub.current.isEnd else { throw sub.error("expected ')' to end the interpolation") }
                    return .interpolation(e)
                }
            })
        case .dollar(let n): _ = advance(); return .dollar(n, name(t))
        case .identifier(let w):
            switch w {
            case "true": _ = advance(); return .boolean(true)
            case "false": _ = advance(); return .boolean(false)
            case "nil": _ = advance(); return .nilLiteral
            default: _ = advance(); return .identifier(name(t))
            }
        case .symbol(let sym):
            switch sym {
            case ".":
                _ = advance()
                guard case .identifier = current.kind else { throw error("expected a name after '.'") }
                return .implicitMember(name(advance()))
            case "(":
                let open = advance()
                let args = try arguments(closing: ")", open: open)
                guard let first = args.first else { return .nilLiteral }
                return first.value
            case "[":
                return try arrayLiteral()
            case "{":
                return .closure(try closure())
            case "\\":
                _ = advance()
                var path: [Name] = []
                while accept(".") {
                    path.append(name(try identifier("expected a name in the key path")))
                }
                guard !path.isEmpty else { throw error("expected a key path such as \\.self") }
                return .keyPath(path)
            default:
                throw error("expected an expression, found '\(sym)'")
            }
        case .end:
            throw error("expected an expression, found the end of the snippet")
        }
    }

    /// `[a, b]`, `[]`, or `[Type]()`.
    mutating func arrayLiteral() throws -> Expr {
        let open = advance()
        // `[AnyView]()`: a type in brackets, then a call.
        if case .identifier = current.kind, following.isSymbol("]"), tokens[min(pos + 2, tokens.count - 1)].isSymbol("("),
           tokens[min(pos + 3, tokens.count - 1)].isSymbol(")") {
            let start = current.range.lowerBound
            let t = advance()
            pos += 3
            return .emptyArray(TypeRef(text: text.slice(start..<t.range.upperBound), base: t.word ?? "", isArray: true, isOptional: false))
        }
        var items: [Expr] = []
        try enter()
        defer { depth -= 1 }
        while !accept("]") {
            if current.isEnd { throw error("expected ']' to close the '[' at line \(open.line), column \(open.column)") }
            items.append(try expression())
            if !accept(",") {
                guard current.isSymbol("]") else { throw error("expected ',' or ']' in the array") }
            }
        }
        return .array(items)
    }

    /// `{ a, b in … }`, `{ (a: Int) in … }`, `{ _ in … }` or `{ … }` (with `$0`).
    mutating func closure() throws -> Closure {
        let open = advance()
        var parameters: [Name] = []
        if let (names, end) = closureParameters() {
            parameters = names
            pos = end
        }
        let body = try block(open)
        return Closure(parameters: parameters, body: body, range: open.range.lowerBound..<tokens[max(0, pos - 1)].range.upperBound, start: name(open))
    }

    /// The parameter list of a closure starting here, if it has one, and where its body starts.
    func closureParameters() -> ([Name], Int)? {
        var k = pos
        var names: [Name] = []
        let parenthesised = tokens[k].isSymbol("(")
        if parenthesised { k += 1 }
        while k < tokens.count {
            let t = tokens[k]
            guard case .identifier = t.kind else { return nil }
            names.append(name(t))
            k += 1
            if tokens[k].isSymbol(":") {
                // A typed parameter: skip its type up to ',' or ')'.
                var d = 0
                while k < tokens.count - 1 {
                    k += 1
                    if tokens[k].isSymbol("(") || tokens[k].isSymbol("[") { d += 1 }
                    if tokens[k].isSymbol(")") || tokens[k].isSymbol("]") { if d == 0 { break }; d -= 1 }
                    if d == 0, tokens[k].isSymbol(",") { break }
                }
            }
            if tokens[k].isSymbol(",") { k += 1; continue }
            break
        }
        if parenthesised {
            guard tokens[k].isSymbol(")") else { return nil }
            k += 1
        }
        if tokens[k].isSymbol("->") {
            k += 1
            while k < tokens.count, !tokens[k].isWord("in"), !tokens[k].isEnd { k += 1 }
        }
        guard k < tokens.count, tokens[k].isWord("in") else { return nil }
        return (names, k + 1)
    }
}
