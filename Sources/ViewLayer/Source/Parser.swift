/// Reads a snippet's tokens into declarations and statements (`Syntax.swift`). Bounded: nesting
/// deeper than `maxDepth` is an error, not a stack overflow.
struct Parser {
    var tokens: [Token]
    var pos = 0
    let text: SourceText
    /// The snippet ends in `//...`: blocks it leaves open are closed for it.
    let elided: Bool
    var depth = 0
    var notes: [String] = []
    /// Blocks the excerpt left open (closed for it at the end).
    var unclosed = 0

    static let maxDepth = 200

    init(tokens: [Token], text: SourceText, elided: Bool) {
        self.tokens = tokens
        self.text = text
        self.elided = elided
    }

    var current: Token { tokens[pos] }
    var following: Token { tokens[min(pos + 1, tokens.count - 1)] }

    func error(_ message: String, at t: Token? = nil) -> SnippetError {
        let t = t ?? current
        return SnippetError(line: t.line, column: t.column, message)
    }

    func name(_ t: Token) -> Name {
        if case .identifier(let w) = t.kind { return Name(text: w, line: t.line, column: t.column, offset: t.range.lowerBound) }
        return Name(text: t.symbol ?? "", line: t.line, column: t.column, offset: t.range.lowerBound)
    }

    mutating func advance() -> Token {
        let t = current
        if pos < tokens.count - 1 { pos += 1 }
        return t
    }

    mutating func accept(_ symbol: String) -> Bool {
        guard current.isSymbol(symbol) else { return false }
        pos += 1
        return true
    }

    mutating func expect(_ symbol: String, _ message: String) throws {
        guard accept(symbol) else { throw error(message) }
    }

    mutating func enter() throws {
        depth += 1
        if depth > Parser.maxDepth { throw error("nesting is deeper than \(Parser.maxDepth) levels") }
    }

    // MARK: - Statements

    /// The whole snippet.
    mutating func topLevel() throws -> [Stmt] {
        var result: [Stmt] = []
        while !current.isEnd {
            if accept(";") { continue }
            if current.isSymbol("}") { throw error("unexpected '}': nothing open to close") }
            result.append(try statement())
            try endOfStatement()
        }
        return result
    }

    mutating func endOfStatement() throws {
        if accept(";") { return }
        if current.isEnd || current.isSymbol("}") || current.newlineBefore { return }
        throw error("expected a line break or ';' before '\(text.slice(current.range))'")
    }

    /// Statements up to the `}` that closes the block opened by `open` (consumed).
    mutating func block(_ open: Token) throws -> [Stmt] {
        try enter()
        defer { depth -= 1 }
        var result: [Stmt] = []
        while !accept("}") {
            if current.isEnd {
                if elided { unclosed += 1; return result }
                throw error("expected '}' to close the '{' at line \(open.line), column \(open.column)")
            }
            if accept(";") { continue }
            result.append(try statement())
            try endOfStatement()
        }
        return result
    }

    static let modifiers: Set<String> = ["private", "fileprivate", "public", "internal", "open", "static", "final", "mutating",
                                         "override", "lazy", "weak", "nonisolated", "dynamic", "indirect", "class"]

    mutating func statement() throws -> Stmt {
        try enter()
        defer { depth -= 1 }
        var attributes: [Attribute] = []
        var isStatic = false
        while current.isSymbol("@") {
            _ = advance()
            guard case .identifier = current.kind else { throw error("expected an attribute name after '@'") }
            let n = name(advance())
            var args: [Argument] = []
            if current.isSymbol("("), !current.newlineBefore {
                let open = advance()
                args = try arguments(closing: ")", open: open)
            }
            attributes.append(Attribute(name: n, arguments: args))
        }
        while let w = current.word, Parser.modifiers.contains(w), following.word != nil || following.isSymbol("@") {
            // `class` as a modifier only before `func`/`var`; `class Name` is a declaration.
            if w == "class", !(["func", "var", "let"].contains(following.word ?? "")) { break }
            if w == "static" || w == "class" { isStatic = true }
            _ = advance()
        }
        switch current.word {
        case "struct", "class", "actor": return .declaration(.type(try typeDecl(.structure)))
        case "extension": return .declaration(.type(try typeDecl(.extension_)))
        case "enum": return .declaration(.type(try typeDecl(.enumeration)))
        case "func": return .declaration(.function(try funcDecl(isStatic: isStatic)))
        case "init": return .declaration(.function(try initDecl()))
        case "let", "var": return .variable(try varDecl(attributes: attributes, isStatic: isStatic))
        case "if": return try ifStatement()
        case "for": return try forStatement()
        case "return":
            let t = advance()
            if current.isEnd || current.isSymbol("}") || current.isSymbol(";") || current.newlineBefore { return .returnStatement(nil, name(t)) }
            return .returnStatement(try expression(), name(t))
        default:
            guard attributes.isEmpty else { throw error("expected a declaration after the attribute") }
            let start = current.range.lowerBound
            let e = try expression()
            if let op = current.symbol, ["=", "+=", "-=", "*=", "/=", "%="].contains(op) {
                let t = advance()
                return .assign(e, op, try expression(), name(t))
            }
            return .expression(e, start..<tokens[max(0, pos - 1)].range.upperBound)
        }
    }

    mutating func ifStatement() throws -> Stmt {
        var branches: [(conditions: [Condition], body: [Stmt])] = []
        var otherwise: [Stmt]?
        repeat {
            _ = advance()
            var conditions: [Condition] = []
            repeat {
                if current.isWord("let") || current.isWord("var") {
                    _ = advance()
                    let n = name(try identifier("expected a name after 'if let'"))
                    if accept(":") { _ = try typeRef() }
                    if accept("=") {
                        conditions.append(.binding(n, try expression(noTrailing: true)))
                    } else {
                        conditions.append(.binding(n, .identifier(n)))
                    }
                } else {
                    conditions.append(.expression(try expression(noTrailing: true)))
                }
            } while accept(",")
            guard current.isSymbol("{") else { throw error("expected '{' after the condition") }
            branches.append((conditions, try block(advance())))
            guard current.isWord("else") else { break }
            _ = advance()
            if !current.isWord("if") {
                guard current.isSymbol("{") else { throw error("expected '{' or 'if' after 'else'") }
                otherwise = try block(advance())
                break
            }
        } while true
        return .ifStatement(branches, otherwise: otherwise)
    }

    mutating func forStatement() throws -> Stmt {
        _ = advance()
        let n = name(try identifier("expected a name after 'for'"))
        guard current.isWord("in") else { throw error("expected 'in' after 'for \(n.text)'") }
        _ = advance()
        let sequence = try expression(noTrailing: true)
        guard current.isSymbol("{") else { throw error("expected '{' after the for loop's sequence") }
        return .forIn(n, sequence, try block(advance()))
    }

    mutating func identifier(_ message: String) throws -> Token {
        guard case .identifier = current.kind else { throw error(message) }
        return advance()
    }

    // MARK: - Declarations

    mutating func varDecl(attributes: [Attribute], isStatic: Bool) throws -> VarDecl {
        let isLet = advance().isWord("let")
        let n = name(try identifier("expected a name after '\(isLet ? "let" : "var")'"))
        var type: TypeRef?
        if accept(":") { type = try typeRef() }
        var initializer: Expr?, range: Range<Int>?, getter: [Stmt]?
        if accept("=") {
            let start = current.range.lowerBound
            initializer = try expression()
            range = start..<tokens[max(0, pos - 1)].range.upperBound
        } else if current.isSymbol("{"), !current.newlineBefore || type != nil {
            getter = try block(advance())
        }
        return VarDecl(attributes: attributes, isLet: isLet, isStatic: isStatic, name: n, type: type, initializer: initializer,
                       initializerRange: range, getter: getter)
    }

    mutating func funcDecl(isStatic: Bool) throws -> FuncDecl {
        _ = advance()
        let n = name(try identifier("expected the function's name"))
        let params = try parameters()
        var result: TypeRef?
        if accept("->") { result = try typeRef() }
        guard current.isSymbol("{") else { throw error("expected '{' to start the body of \(n.text)") }
        return FuncDecl(name: n, isStatic: isStatic, parameters: params, returnType: result, body: try block(advance()))
    }

    mutating func initDecl() throws -> FuncDecl {
        let t = advance()
        _ = accept("?")
        let params = try parameters()
        guard current.isSymbol("{") else { throw error("expected '{' to start the initializer's body") }
        return FuncDecl(name: name(t), isStatic: false, parameters: params, returnType: nil, body: try block(advance()))
    }

    /// `(label name: Type = default, …)`.
    mutating func parameters() throws -> [Parameter] {
        try expect("(", "expected '(' to start the parameters")
        var result: [Parameter] = []
        while !accept(")") {
            let first = try identifier("expected a parameter name")
            let label: String? = first.word == "_" ? nil : name(first).text
            var n = name(first)
            if case .identifier = current.kind {
                n = name(advance())
            } else if first.word == "_" {
                throw error("expected a parameter name after '_'")
            }
            try expect(":", "expected ':' and a type after the parameter \(n.text)")
            let type = try typeRef()
            var value: Expr?
            if accept("=") { value = try expression() }
            result.append(Parameter(label: label, name: n, type: type, defaultValue: value))
            if !accept(",") {
                guard current.isSymbol(")") else { throw error("expected ',' or ')' in the parameters") }
            }
        }
        return result
    }

    mutating func typeDecl(_ kind: TypeDecl.Kind) throws -> TypeDecl {
        _ = advance()
        let n = name(try identifier("expected a type name"))
        var inherits: [String] = []
        if current.isSymbol("<") { try skipBalanced("<", ">") }
        if accept(":") {
            repeat {
                let t = try typeRef()
                inherits.append(t.base)
            } while accept(",")
        }
        if current.isWord("where") {
            while !current.isSymbol("{"), !current.isEnd { _ = advance() }
        }
        guard current.isSymbol("{") else { throw error("expected '{' to start \(n.text)'s body") }
        let open = advance()
        let decl = TypeDecl(kind: kind, name: n, inherits: inherits)
        try enter()
        defer { depth -= 1 }
        while true {
            if current.afterElision { decl.isExcerpt = true }
            if accept("}") { break }
            if current.isEnd {
                if elided { unclosed += 1; decl.isExcerpt = true; break }
                throw error("expected '}' to close \(n.text), opened at line \(open.line)")
            }
            if accept(";") { continue }
            if current.isWord("case") {
                _ = advance()
                repeat {
                    decl.cases.append(name(try identifier("expected a case name")).key)
                    if current.isSymbol("("), !current.newlineBefore { try skipBalanced("(", ")") }
                    if accept("=") { _ = try expression() }
                } while accept(",")
                try endOfStatement()
                continue
            }
            switch try statement() {
            case .variable(let v): decl.properties.append(v)
            case .declaration(.function(let f)):
                if f.name.key == "init" { decl.initializers.append(f) } else { decl.functions.append(f) }
            case .declaration(.type(let t)): decl.nested.append(t)
            case .declaration(.variable(let v)): decl.properties.append(v)
            default: throw error("expected a property, a function or an initializer in \(n.text)")
            }
            try endOfStatement()
        }
        return decl
    }

    mutating func skipBalanced(_ open: String, _ close: String) throws {
        let start = current
        var depth = 0
        repeat {
            if current.isEnd { throw error("expected '\(close)' to close the '\(open)'", at: start) }
            if current.isSymbol(open) { depth += 1 }
            if current.isSymbol(close) { depth -= 1 }
            _ = advance()
        } while depth > 0
    }

    /// A type as written: `[GridItem]`, `UUID?`, `some View`, `[String: Int]`, `Array<GridItem>`.
    mutating func typeRef() throws -> TypeRef {
        let start = current.range.lowerBound
        var isArray = false, isOptional = false, base = ""
        if current.isWord("some") || current.isWord("any") { _ = advance() }
        if accept("[") {
            let element = try typeRef()
            if accept(":") { _ = try typeRef() }
            try expect("]", "expected ']' to close the array type")
            isArray = true
            base = element.base
        } else if current.isSymbol("(") {
            try skipBalanced("(", ")")
            if accept("->") { _ = try typeRef() }
            base = "function"
        } else {
            let t = try identifier("expected a type")
            base = t.word ?? ""
            while current.isSymbol("."), case .identifier = following.kind {
                _ = advance()
                base = advance().word ?? base
            }
            if current.isSymbol("<"), !current.spaceBefore {
                _ = advance()
                let inner = try typeRef()
                while accept(",") { _ = try typeRef() }
                try expect(">", "expected '>' to close the generic type")
                if base == "array" { isArray = true; base = inner.base }
            }
        }
        while !current.spaceBefore, current.isSymbol("?") || current.isSymbol("!") {
            _ = advance()
            isOptional = true
        }
        return TypeRef(text: text.slice(start..<tokens[max(0, pos - 1)].range.upperBound), base: base, isArray: isArray, isOptional: isOptional)
    }
}
