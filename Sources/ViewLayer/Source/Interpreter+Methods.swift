import GridCore

/// View modifiers, and the properties and methods of values (arrays, ranges, strings, colours …).
extension Interpreter {
    func modifier(_ node: ViewNode, _ n: Name, _ args: [Arg], at: Name) throws -> ViewNode {
        func labelled(_ l: String) -> Arg? { args.first { $0.label == l } }
        func number(_ l: String) throws -> Double? { try labelled(l).map { try double($0.value, at: at) } }
        func firstValue() -> Value? { args.first(where: { $0.label == nil })?.value }
        let m: Modifier
        switch n.key {
        case "resizable":
            guard case .content(.image(let source, _)) = node.kind else { return unknown(node, n, args) }
            return ViewNode(.image(source, resizable: true))
        case "scaledtofill": m = .aspectRatio(nil, .fill)
        case "scaledtofit": m = .aspectRatio(nil, .fit)
        case "aspectratio":
            let ratio = try firstValue().map { try double($0, at: at) }
            m = .aspectRatio(ratio, try labelled("contentmode").map { try contentMode($0.value, at: at) } ?? .fit)
        case "frame":
            let alignment = try labelled("alignment").map { try alignment2D($0.value, at: at) } ?? .center
            if args.contains(where: { ($0.label ?? "").hasPrefix("min") || ($0.label ?? "").hasPrefix("max") || ($0.label ?? "").hasPrefix("ideal") }) {
                m = .flexibleFrame(FlexibleFrame(minWidth: try number("minwidth"), idealWidth: try number("idealwidth"), maxWidth: try number("maxwidth"),
                                                 minHeight: try number("minheight"), idealHeight: try number("idealheight"), maxHeight: try number("maxheight"),
                                                 alignment: alignment))
            } else {
                m = .frame(width: try number("width"), height: try number("height"), alignment: alignment)
            }
        case "padding":
            let unlabelled = args.filter { $0.label == nil }
            switch unlabelled.count {
            case 0: m = .padding(EdgeInsets(.all, Modifier.defaultPadding))
            case 1:
                switch unlabelled[0].value {
                case .insets(let e): m = .padding(e)
                case .int, .double: m = .padding(EdgeInsets(.all, try double(unlabelled[0].value, at: at)))
                default: m = .padding(EdgeInsets(try edges(unlabelled[0].value, at: at), Modifier.defaultPadding))
                }
            default: m = .padding(EdgeInsets(try edges(unlabelled[0].value, at: at), try double(unlabelled[1].value, at: at)))
            }
        case "background":
            let alignment = try labelled("alignment").map { try alignment2D($0.value, at: at) } ?? .center
            guard let v = args.first(where: { $0.label == nil || $0.label == "content" }) else { throw fail(".background needs a view or a colour", at: at) }
            let content: ViewNode
            if case .closure(let c) = v.value { content = ViewBuilder.group(try closureViews(c, [])) } else {
                guard let node = try view(try coerce(v.value, to: .view, at: at), at: v.range) else { throw fail(".background needs a view or a colour", at: at) }
                content = node
            }
            m = .background(content, alignment: alignment)
        case "font":
            guard let v = firstValue(), case .font(let f) = try coerce(v, to: .font, at: at) else { throw fail(".font needs a font such as .title", at: at) }
            m = .font(f)
        case "fontweight":
            guard let v = firstValue() else { throw fail(".fontWeight needs a weight", at: at) }
            m = .fontWeight(try fontWeight(v, at: at))
        case "foregroundcolor", "foregroundstyle", "tint":
            guard let v = firstValue(), case .color(let c) = try coerce(v, to: .color, at: at) else {
                if n.key == "foregroundstyle" { return unknown(node, n, args) }
                throw fail(".\(n.text) needs a colour", at: at)
            }
            m = n.key == "tint" ? .tint(c) : .foregroundColor(c)
        case "cornerradius":
            guard let v = firstValue() else { throw fail(".cornerRadius needs a radius", at: at) }
            m = .cornerRadius(try double(v, at: at))
        case "clipped": m = .clipped
        case "shadow":
            var color = Color(white: 0, opacity: 0.33)
            if let c = labelled("color"), case .color(let x) = try coerce(c.value, to: .color, at: at) { color = x }
            m = .shadow(color: color, radius: try number("radius") ?? 0, x: try number("x") ?? 0, y: try number("y") ?? 0)
        case "opacity":
            guard let v = firstValue() else { throw fail(".opacity needs a value", at: at) }
            m = .opacity(try double(v, at: at))
        case "id":
            guard let v = firstValue() else { throw fail(".id needs an identity", at: at) }
            m = .id(v.hashKey)
        case "ontapgesture":
            let count = try labelled("count").map { try int($0.value, at: at) } ?? 1
            guard let c = args.last, case .closure(let closure) = c.value else { throw fail(".onTapGesture needs a closure", at: at) }
            m = .onTapGesture(count: max(1, count), actionValue(closure))
        case "matchedgeometryeffect":
            guard let id = labelled("id"), let ns = labelled("in") else { throw fail(".matchedGeometryEffect needs id: and in:", at: at) }
            guard case .namespace(let space) = ns.value else { throw fail("in: expects a @Namespace", at: at) }
            var isSource = true
            if case .bool(let b)? = labelled("issource")?.value { isSource = b }
            m = .matchedGeometryEffect(id: id.value.hashKey, namespace: space, isSource: isSource)
        case "animation":
            guard let value = labelled("value"), let a = firstValue() else { return unknown(node, n, args) }
            guard case .animation(let anim) = try coerce(a, to: .animation, at: at) else { throw fail("expected an animation", at: at) }
            m = .animation(anim, value: value.value.hashKey)
        case "transition":
            guard let v = firstValue(), case .transition(let t) = try coerce(v, to: .transition, at: at) else { throw fail(".transition needs a transition", at: at) }
            m = .transition(t)
        case "navigationtitle":
            guard let v = firstValue() else { throw fail(".navigationTitle needs a title", at: at) }
            m = .navigationTitle(describe(v))
        case "onappear":
            guard let c = args.last, case .closure(let closure) = c.value else { throw fail(".onAppear needs a closure", at: at) }
            m = .onAppear(actionValue(closure))
        case "onchange":
            guard let of = labelled("of"), let c = args.last, case .closure(let closure) = c.value else {
                throw fail(".onChange needs of: and a closure", at: at)
            }
            var initial = false
            if let i = labelled("initial") { guard case .bool(let b) = i.value else { throw fail("initial: expects true or false", at: at) }; initial = b }
            m = .onChange(changeHandler(of.value, initial: initial, closure))
        case "toolbar":
            guard let c = args.last, case .closure(let closure) = c.value else { throw fail(".toolbar needs a closure", at: at) }
            m = .toolbar(try closureViews(closure, []))
        default:
            return unknown(node, n, args)
        }
        return node.modified(m)
    }

    /// A modifier the layer does not know: listed for the banner, kept so the code prints as written.
    func unknown(_ node: ViewNode, _ n: Name, _ args: [Arg]) -> ViewNode {
        if !unknownModifiers.contains(n.text) { unknownModifiers.append(n.text) }
        let text = args.compactMap { $0.range.map { SourceSpan(text: self.text, range: $0).string } }.joined(separator: ", ")
        return node.modified(.unknown(name: n.text, source: ".\(n.text)(\(text))"))
    }

    // MARK: - Values

    func valueProperty(_ v: Value, _ key: String, at: Name) throws -> Value {
        switch (v, key) {
        case (.array(let a), "count"): return .int(a.count)
        case (.array(let a), "isempty"): return .bool(a.isEmpty)
        case (.array(let a), "first"): return a.first ?? .none
        case (.array(let a), "last"): return a.last ?? .none
        case (.array(let a), "indices"): return .range(0, a.count)
        case (.range(let lo, let hi), "count"): return .int(hi - lo)
        case (.range(let lo, let hi), "isempty"): return .bool(hi <= lo)
        case (.range(let lo, _), "lowerbound"): return .int(lo)
        case (.range(_, let hi), "upperbound"): return .int(hi)
        case (.range, "indices"): return v
        case (.string(let s), "count"): return .int(s.count)
        case (.string(let s), "isempty"): return .bool(s.isEmpty)
        case (.member, _):
            return try method(try coerceForMember(v, at: at), at, [], at: at, base: .nilLiteral, scope: globalScope)
        default:
            throw fail("a \(v.typeName) has no '\(at.text)'", at: at)
        }
    }

    /// An unresolved implicit member read as the one type that has the member asked of it.
    func coerceForMember(_ v: Value, at: Name) throws -> Value {
        for h in [Hint.color, .font, .animation, .transition] {
            if let c = try? coerce(v, to: h, at: at) { return c }
        }
        throw fail("'\(v.typeName)' needs a type to be read as", at: at)
    }

    func valueMethod(_ v: Value, _ n: Name, _ args: [Arg], at: Name) throws -> Value {
        let first = args.first?.value
        func closure() throws -> ClosureValue {
            guard case .closure(let c)? = args.last?.value else { throw fail(".\(n.text) needs a closure", at: at) }
            return c
        }
        switch (v, n.key) {
        case (.array, _), (.range, _):
            let xs: [Value]
            if case .range(let lo, let hi) = v {
                if n.key == "contains", let x = first { return .bool(try int(x, at: at) >= lo && (try int(x, at: at)) < hi) }
                if n.key == "randomelement" { return hi > lo ? .int(lo + Int(random.next() % UInt64(hi - lo))) : .none }
                xs = try elements(of: v, at: at)
            } else if case .array(let a) = v { xs = a } else { xs = [] }
            switch n.key {
            case "map": let c = try closure(); return .array(try xs.map { try callClosure(c, [$0], at: at) })
            case "filter": let c = try closure(); return .array(try xs.filter { try truth(try callClosure(c, [$0], at: at)) })
            case "contains":
                if case .closure(let c)? = first { return .bool(try xs.contains { try truth(try callClosure(c, [$0], at: at)) }) }
                guard let x = first else { throw fail(".contains needs a value", at: at) }
                return .bool(xs.contains { equal($0, x) })
            case "firstindex", "first":
                let found: Int?
                if case .closure(let c)? = first { found = try xs.firstIndex { try truth(try callClosure(c, [$0], at: at)) } } else {
                    guard let x = first else { throw fail(".\(n.text) needs a value", at: at) }
                    found = xs.firstIndex { equal($0, x) }
                }
                return found.map { n.key == "first" ? xs[$0] : .int($0) } ?? .none
            case "reversed": return .array(xs.reversed())
            case "shuffled":
                var a = xs
                a.shuffle(using: &random)
                return .array(a)
            case "randomelement": return xs.isEmpty ? .none : xs[Int(random.next() % UInt64(xs.count))]
            case "prefix": return .array(Array(xs.prefix(max(0, try int(first ?? .int(0), at: at)))))
            case "joined":
                let sep = args.first { $0.label == "separator" }.map { describe($0.value) } ?? ""
                return .string(xs.map(describe).joined(separator: sep))
            default: break
            }
        case (.color(let c), "opacity"): return .color(c.opacity(try double(first ?? .double(1), at: at)))
        case (.font(let f), "weight"): return .font(f.weight(try fontWeight(first ?? .member("regular", nil), at: at)))
        case (.font(let f), "bold"): return .font(f.bold())
        case (.font, "italic"), (.font, "monospaceddigit"), (.animation, "speed"), (.animation, "delay"), (.animation, "repeatforever"),
             (.animation, "repeatcount"):
            return v
        case (.transition(let t), "combined"):
            guard let o = first, case .transition(let u) = try coerce(o, to: .transition, at: at) else { throw fail("combined(with:) needs a transition", at: at) }
            return .transition(t.combined(with: u))
        case (.string(let s), "uppercased"): return .string(s.uppercased())
        case (.string(let s), "lowercased"): return .string(s.lowercased())
        case (.string(let s), "hasprefix"): return .bool(s.hasPrefix(describe(first ?? .string(""))))
        case (.scrollProxy, "scrollto"):
            if let id = first { scrollRequests.append(id.hashKey) }
            return .void
        case (.member, _):
            return try method(try coerceForMember(v, at: at), n, args, at: at, base: .nilLiteral, scope: globalScope)
        default: break
        }
        throw fail("a \(v.typeName) has no method '\(n.text)'", at: at)
    }

    /// Array methods that change the array in place: the new array, and what the call returns.
    func mutatingMethod(_ v: Value, _ n: Name, _ args: [Arg], at: Name) throws -> (newValue: Value, result: Value)? {
        switch (v, n.key) {
        case (.array(var a), "append"):
            if let c = args.first(where: { $0.label == "contentsof" }) { a += try elements(of: c.value, at: at) } else {
                guard let x = args.first?.value else { throw fail(".append needs a value", at: at) }
                a.append(x)
            }
            guard a.count <= Interpreter.maxArray else { throw fail("an array of more than \(Interpreter.maxArray) values", at: at) }
            return (.array(a), .void)
        case (.array(var a), "insert"):
            guard let x = args.first?.value, let i = args.first(where: { $0.label == "at" }) else { throw fail(".insert needs a value and at:", at: at) }
            let k = try int(i.value, at: at)
            guard k >= 0, k <= a.count else { throw fail("index \(k) is out of range (0...\(a.count))", at: at) }
            a.insert(x, at: k)
            return (.array(a), .void)
        case (.array(var a), "remove"):
            guard let i = args.first(where: { $0.label == "at" }) else { throw fail(".remove needs at:", at: at) }
            let k = try index(i.value, in: a.count, at: at)
            let removed = a.remove(at: k)
            return (.array(a), removed)
        case (.array(var a), "removeall"):
            if case .closure(let c)? = args.last?.value { try a.removeAll { try truth(try callClosure(c, [$0], at: at)) } } else { a.removeAll() }
            return (.array(a), .void)
        case (.array(var a), "removelast"), (.array(var a), "removefirst"):
            guard !a.isEmpty else { throw fail(".\(n.text) on an empty array", at: at) }
            let removed = n.key == "removelast" ? a.removeLast() : a.removeFirst()
            return (.array(a), removed)
        case (.bool(let b), "toggle"):
            return (.bool(!b), .void)
        default:
            return nil
        }
    }
}
