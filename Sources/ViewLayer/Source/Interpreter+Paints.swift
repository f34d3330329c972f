/// A `ForEach` closure whose views differ from element to element in their paints alone, as a
/// tutorial's numbered cells do:
///
///     Text("\(i)")                       // a text paint: the whole call evaluated per element
///         .font(.caption.weight(.semibold))   // arguments that fold: the same modifier every time
///         .frame(minWidth: 0, maxWidth: .infinity, minHeight: 50)
///         .background(Color(hue: Double(i % 120) / 120, saturation: 0.55, brightness: 1))  // a colour paint
///         .cornerRadius(8)
///
/// Its elements' paints can be worked out by evaluating those few expressions, not the whole
/// closure: a host drawing from templates (`ElementTemplate`) then makes no views for a new
/// element. What qualifies is read from the closure's text, once: one expression, a `Text(…)` or a
/// `Color(…)` under a chain of modifiers that either fold (`isFoldable`, `pureModifiers`) or are
/// `.background(colour)`. Anything else — a `let`, an `if`, a photo, a frame that reads the
/// element — and the closure is run whole for every element, as before. An `Image(systemName:)`
/// in the place of the `Text` is its name (seed 000's symbols: `Image(systemName: symbols[$0 %
/// symbols.count])` on `.background(colors[$0 % colors.count])`).
extension Interpreter {
    func paintProgram(_ c: ClosureValue) -> ((Value) -> [ElementSignature.Paint]?)? {
        guard c.closure.body.count == 1, case .expression(let top, _) = c.closure.body[0], c.closure.parameters.count <= 1 else { return nil }
        // Paints in the order a signature reads them: outer modifiers first, the view last.
        var steps: [(expr: Expr, kind: PaintKind)] = []
        var names: [String] = []
        var e = top
        while case let .call(.member(base, n), args, _) = e, !base.isSelfOrImplicit {
            if n.key == "background" {
                guard args.count == 1, args[0].label == nil, isColourExpression(args[0].value, c.scope) else { return nil }
                steps.append((args[0].value, .color))
            } else {
                guard Interpreter.pureModifiers.contains(n.key), n.key != "scaledtofill", n.key != "scaledtofit",
                      args.allSatisfy({ isFoldable($0.value, c.scope) }) else { return nil }
            }
            names.append(n.key)
            e = base
        }
        guard case let .call(.identifier(n), args, _) = e, isBuiltin(n, c.scope) else { return nil }
        switch n.key {
        case "text" where args.count == 1 && args[0].label == nil: steps.append((e, .text))
        // `Color(…).opacity(x)` is a colour, not a view with an opacity: its paint is not the call's.
        case "color" where !names.contains("opacity"): steps.append((e, .color))
        case "image" where args.count == 1 && args[0].label?.key == "systemname": steps.append((args[0].value, .symbol))
        default: return nil
        }
        // The seeds' `symbols[$0 % symbols.count]`: read natively, no scope made.
        // An expression that folds (`Color.blue`) is one value for every element.
        let cycles = steps.map { step -> ((Value) -> Value?)? in
            if let cycle = cycled(step.expr, c) { return cycle }
            guard step.kind != .text, isFoldable(step.expr, c.scope), let v = try? eval(step.expr, c.scope) else { return nil }
            return { _ in v }
        }
        return { element in
            // Each step read natively where it can be; the others (`missing`) hold a stand-in until
            // the interpreter reads them (one array an element: a new grid item is made every frame).
            var paints: [ElementSignature.Paint] = []
            paints.reserveCapacity(steps.count)
            var missing: [Int] = []
            for (k, (step, cycle)) in zip(steps, cycles).enumerated() {
                if let v = cycle?(element), let paint = Interpreter.paint(v, step.kind) { paints.append(paint) } else { paints.append(.text("")); missing.append(k) }
            }
            if !missing.isEmpty {
                // What the natural reading could not answer: the interpreter, one scope and one
                // budget for the element.
                let scope = Scope(parent: c.scope)
                if let p = c.closure.parameters.first, p.key != "_" { scope.parameter = (p.key, element) }
                scope.dollars = [element]
                do {
                    try self.budgeted(Interpreter.elementSteps) {
                        for k in missing {
                            let v = try self.eval(steps[k].expr, scope)
                            if let paint = Interpreter.paint(v, steps[k].kind) {
                                paints[k] = paint
                            } else if steps[k].kind == .color, case .color(let colour) = try self.coerce(v, to: .color, at: nil) {
                                paints[k] = .color(colour)
                            } else {
                                throw PaintsUnknown()
                            }
                        }
                    }
                } catch { return nil }
            }
            return paints
        }
    }

    /// The paint a step's value is: a text view's string, a symbol's name, a colour; nil for
    /// anything else.
    private static func paint(_ v: Value, _ kind: PaintKind) -> ElementSignature.Paint? {
        switch (kind, v) {
        case (.text, .view(let node)): if case .text(let s) = node.content { return .text(s) }
        case (.symbol, .string(let name)): return .symbol(name)
        case (.color, .color(let colour)): return .color(colour)
        default: break
        }
        return nil
    }

    /// `array[i % array.count]` (or `$0`) over an array the view declares as a plain property or a
    /// global — not `@State`, not a local: the seeds' way of cycling symbols and colours. Read
    /// once here (a tree is made again whenever state changes), then element i's value is
    /// `array[i % n]` without the interpreter. Nil for any other expression, and for an element the
    /// natural reading cannot answer (not an Int, negative: the interpreter says what it says).
    private func cycled(_ e: Expr, _ c: ClosureValue) -> ((Value) -> Value?)? {
        guard case let .subscripted(.identifier(a), args, _) = e, args.count == 1, args[0].label == nil,
              case let .binary("%", lhs, .member(.identifier(counted), count), _) = args[0].value,
              counted.key == a.key, count.key == "count", isElement(lhs, c), let decl = constantDeclaration(a, c.scope),
              decl.attributes.isEmpty, case .array(let values)? = try? lookup(a, c.scope), !values.isEmpty else { return nil }
        return { element in
            guard case .int(let i) = element, i >= 0 else { return nil }
            return values[i % values.count]
        }
    }

    /// The closure's element: its one named parameter, or `$0`.
    private func isElement(_ e: Expr, _ c: ClosureValue) -> Bool {
        switch e {
        case .identifier(let n): return c.closure.parameters.count == 1 && c.closure.parameters[0].key == n.key && n.key != "_"
        case .dollar(0, _): return c.closure.parameters.isEmpty
        default: return false
        }
    }

    /// The stored property of the view (or the global) `n` names, when no local or parameter hides it.
    private func constantDeclaration(_ n: Name, _ scope: Scope) -> VarDecl? {
        guard scope.lookup(n.key) == nil else { return nil }
        if let box = scope.receiver {
            for d in declarations(of: box.record.typeName) {
                if let p = d.properties.first(where: { $0.name.key == n.key }) { return p.getter == nil && !p.isStatic ? p : nil }
            }
        }
        if let g = globals[n.key] { return g.getter == nil ? g : nil }
        return nil
    }

    /// `Color(…)` or `.red`, `Color.red.opacity(0.5)`: an expression a background makes a colour view of.
    private func isColourExpression(_ e: Expr, _ scope: Scope) -> Bool {
        switch e {
        case .implicitMember: return true
        case .call(.identifier(let n), _, _): return n.key == "color" && isBuiltin(n, scope)
        case let .call(.member(base, _), _, _), let .member(base, _): return isColourExpression(base, scope)
        case .identifier(let n): return n.key == "color" && isBuiltin(n, scope)
        // `colors[i % colors.count]`: an element of the snippet's own array, a colour when it runs
        // (each element's paint is checked to be one; one that is not and the closure runs whole).
        case .subscripted(.identifier, _, _): return true
        default: return false
        }
    }
}

/// What a step of a paint program reads: a `Text`'s string, a colour, a symbol's name.
enum PaintKind { case text, color, symbol }

/// The paints cannot be told without running the closure whole (the full run reports why).
private struct PaintsUnknown: Error {}
