import GridCore
import GridMotion

/// The views a snippet can make, and their modifiers, as SwiftUI spells them. A `ForEach`'s
/// closure is kept, not run: the tree's `ForEachContent` runs it for an element when layout asks.
extension Interpreter {
    /// `Name(args)` for a type the layer knows: a view, a value, or a free function.
    func construct(_ name: String, _ args: [Arg], at: Name, call: Name, scope: Scope) throws -> Value {
        func labelled(_ l: String) -> Arg? { args.first { $0.label == l } }
        func closures() -> [(label: String?, ClosureValue)] {
            args.compactMap { a in if case .closure(let c) = a.value { return (a.label, c) }; return nil }
        }
        func content(_ label: String? = nil) throws -> [ViewNode] {
            guard let c = closures().first(where: { $0.label == label || label == nil && $0.label == "content" })?.1 else { return [] }
            return try closureViews(c, [])
        }
        func viewNode(_ c: ViewContent, _ a: Arg? = nil) -> Value { .view(ViewNode(c)) }
        switch name {
        case "text":
            guard let first = args.first else { throw fail("Text needs a string", at: at) }
            return viewNode(.text(describe(first.value)))
        case "image":
            if let s = labelled("systemname") { return viewNode(.image(.system(describe(s.value)), resizable: false)) }
            guard let first = args.first else { throw fail("Image needs a name or systemName:", at: at) }
            return viewNode(.image(.named(describe(first.value)), resizable: false))
        case "spacer":
            return viewNode(.spacer(minLength: try labelled("minlength").map { try double($0.value, at: at) }))
        case "vstack", "hstack", "zstack":
            let spacing = try labelled("spacing").map { try double($0.value, at: at) }
            var alignment = Alignment.center
            if let a = labelled("alignment") {
                switch name {
                case "vstack": alignment = Alignment(horizontal: try horizontalAlignment(a.value, at: at), vertical: .center)
                case "hstack": alignment = Alignment(horizontal: .center, vertical: try verticalAlignment(a.value, at: at))
                default: alignment = try alignment2D(a.value, at: at)
                }
            }
            let kind: StackKind = name == "vstack" ? .vertical : name == "hstack" ? .horizontal : .depth
            return viewNode(.stack(kind, alignment: alignment, spacing: spacing, try content()))
        case "scrollview":
            let axes = try args.first(where: { $0.label == nil && !isClosure($0.value) }).map { try self.axes($0.value, at: at) } ?? .vertical
            var shows = true
            if let s = labelled("showsindicators"), case .bool(let b) = s.value { shows = b }
            return viewNode(.scroll(axes, showsIndicators: shows, try content()))
        case "lazyvgrid", "lazyhgrid":
            let vertical = name == "lazyvgrid"
            guard let itemsArg = labelled(vertical ? "columns" : "rows") else {
                throw fail("\(vertical ? "LazyVGrid needs columns:" : "LazyHGrid needs rows:")", at: at)
            }
            let items = try gridItems(itemsArg.value, at: at)
            var alignment = 0.5
            if let a = labelled("alignment") {
                alignment = vertical ? try horizontalAlignment(a.value, at: at).fraction : try verticalAlignment(a.value, at: at).fraction
            }
            var spacing: Double?
            if let s = labelled("spacing") {
                let v = try double(s.value, at: at)
                if let fault = GridItem.spacingFault(v) { throw fail(fault, at: s.range) }
                spacing = v
            }
            let pinned = try labelled("pinnedviews").map { try pinnedViews($0.value, at: at) } ?? []
            let grid = GridDescription(axis: vertical ? .vertical : .horizontal, items: items, alignment: alignment, spacing: spacing, pinnedViews: pinned)
            return viewNode(.grid(grid, try content()))
        case "foreach":
            return .view(ViewNode(.forEach(try forEach(args, at: at))))
        case "section":
            let c = closures()
            let header = try c.first { $0.label == "header" }.map { try closureViews($0.1, []) } ?? []
            let footer = try c.first { $0.label == "footer" }.map { try closureViews($0.1, []) } ?? []
            let body = try c.first { $0.label == nil || $0.label == "content" }.map { try closureViews($0.1, []) } ?? []
            return viewNode(.section(header: header, content: body, footer: footer))
        case "group", "windowgroup":
            return viewNode(.group(try content()))
        case "navigationstack", "navigationview":
            return viewNode(.navigation(try content()))
        case "scrollviewreader":
            guard let c = closures().first?.1 else { return viewNode(.empty) }
            return viewNode(.group(try closureViews(c, [.scrollProxy])))
        case "emptyview":
            return viewNode(.empty)
        case "anyview":
            guard let first = args.first, let n = try view(first.value, at: first.range) else { throw fail("AnyView needs a view", at: at) }
            return .view(n)
        case "button":
            let c = closures()
            let label: [ViewNode]
            if let title = args.first(where: { $0.label == nil && !isClosure($0.value) }) {
                label = [ViewNode(.text(describe(title.value)))]
            } else {
                label = try c.first { $0.label == "label" }.map { try closureViews($0.1, []) } ?? []
            }
            let action = c.first { $0.label == nil || $0.label == "action" }?.1
            return viewNode(.button(actionValue(action), label: label))
        case "toolbaritem":
            var placement = "automatic"
            if case .member(let p, nil)? = labelled("placement")?.value { placement = p }
            return viewNode(.toolbarItem(placement: placement, try content()))
        case "color", "uicolor":
            return try color(args, at: at)
        case "griditem":
            return try gridItem(args, at: at)
        case "array":
            if let r = labelled("repeating"), let c = labelled("count") {
                let n = try int(c.value, at: at)
                let limit = isGridItem(r.value) ? GridSpec.maxRepeatCount : Interpreter.maxArray
                guard n >= 0, n <= limit else { throw fail("count must be a whole number from 0 to \(limit)", at: c.range) }
                return .array(Array(repeating: r.value, count: n))
            }
            guard let first = args.first else { return .array([]) }
            return try coerce(first.value, to: .array(.any), at: at)
        case "int":
            guard let v = args.first?.value else { return .int(0) }
            if case .double(let d) = v, d.isFinite, abs(d) < 9e18 { return .int(Int(d)) }
            return .int(try int(v, at: at))
        case "double", "cgfloat", "float":
            guard let v = args.first?.value else { return .double(0) }
            return .double(try double(v, at: at))
        case "string":
            return .string(args.first.map { describe($0.value) } ?? "")
        case "uuid":
            uuids += 1
            return .uuid(uuids)
        case "edgeinsets":
            func side(_ l: String) throws -> Double { try labelled(l).map { try double($0.value, at: at) } ?? 0 }
            return .insets(EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"), trailing: try side("trailing")))
        case "arc4random":
            return .int(Int(random.next() & 0xFFFF_FFFF))
        case "min", "max":
            let xs = try args.map { try double($0.value, at: at) }
            guard let m = name == "min" ? xs.min() : xs.max() else { throw fail("\(name) needs numbers", at: at) }
            return args.allSatisfy({ if case .int = $0.value { return true }; return false }) ? .int(Int(m)) : .double(m)
        case "abs":
            guard let v = args.first?.value else { throw fail("abs needs a number", at: at) }
            if case .int(let i) = v { return .int(abs(i)) }
            return .double(abs(try double(v, at: at)))
        case "withanimation":
            var animation: Animation? = .default
            if let a = args.first(where: { !isClosure($0.value) }) {
                guard case .animation(let x) = try coerce(a.value, to: .animation, at: at) else { throw fail("expected an animation", at: at) }
                animation = x
            }
            guard let c = closures().first?.1 else { return .void }
            var result = Value.void
            try withAnimation(animation) { result = try callClosure(c, [], at: at) }
            return result
        case "print":
            return .void
        default:
            throw fail("'\(at.text)' is not declared in the snippet", at: at)
        }
    }

    func isClosure(_ v: Value) -> Bool {
        if case .closure = v { return true }
        return false
    }

    func isGridItem(_ v: Value) -> Bool {
        switch v {
        case .gridItem: return true
        case .member("init", _): return true
        default: return false
        }
    }

    /// An action closure, run later against this snippet's state (errors go to `runtimeErrors`).
    func actionValue(_ c: ClosureValue?, arguments: [Value] = []) -> Action {
        let source = c.map { SourceSpan(text: text, range: $0.closure.range).string }
        // The tree keeps its snippet's state alive: its actions and elements run against it however
        // long the tree is kept (a cycle only if the state itself holds such a tree).
        return Action(source: source) {
            guard let c = c else { return }
            do { try self.budgeted(Interpreter.runSteps) { _ = try self.callClosure(c, arguments, at: c.closure.start) } } catch let e as SnippetError {
                self.runtimeErrors.append(e)
            } catch {}
        }
    }

    /// `.onChange(of: value) { … }`: `{ newValue in }` is handed the new value, `{ oldValue, newValue in }`
    /// the one the body before read and the new one, `{ }` nothing.
    func changeHandler(_ value: Value, initial: Bool, _ c: ClosureValue) -> ChangeHandler {
        let source = SourceSpan(text: text, range: c.closure.range).string
        return ChangeHandler(value: value.hashKey, initial: initial, source: source, held: value) { before in
            let old = before.held as? Value ?? value
            let arguments: [Value]
            switch c.closure.parameters.count {
            case 0: arguments = []
            case 1: arguments = [value]
            default: arguments = [old, value]
            }
            self.actionValue(c, arguments: arguments).perform()
        }
    }

    /// `ForEach(data, id:) { element in … }`: the data's count and identities now, the closure later.
    func forEach(_ args: [Arg], at: Name) throws -> ForEachContent {
        guard let data = args.first(where: { $0.label == nil && !isClosure($0.value) }) else { throw fail("ForEach needs data: a range or a collection", at: at) }
        guard let closure = args.last(where: { isClosure($0.value) }), case .closure(let content) = closure.value else {
            throw fail("ForEach needs a closure that makes each element's views", at: at)
        }
        let idArg = args.first { $0.label == "id" }
        var idPath: [String]?
        if let i = idArg {
            guard case .keyPath(let p) = i.value else { throw fail("id: expects a key path such as \\.self", at: at) }
            idPath = p
        }
        let count: Int, element: (Int) -> Value
        switch data.value {
        case let .range(lo, hi):
            count = max(0, hi - lo)
            element = { .int(lo + $0) }
        case .array(let xs):
            count = xs.count
            element = { xs[$0] }
        default:
            throw fail("ForEach needs a range or an array, not a \(data.value.typeName)", at: at)
        }
        let identify: (Value) -> AnyHashable = { v in
            guard let path = idPath, path != ["self"] else {
                if idPath == nil, case .record(let r) = v, let id = r.fields["id"] { return id.hashKey }
                return v.hashKey
            }
            var cur = v
            for k in path { if case .record(let r) = cur, let f = r.fields[k] { cur = f } }
            return cur.hashKey
        }
        var indexOf: (AnyHashable) -> Int? = { _ in nil }
        if case .range(let lo, _) = data.value, idPath == nil || idPath == ["self"] {
            indexOf = { id in (id.base as? Int).flatMap { $0 - lo >= 0 && $0 - lo < count ? $0 - lo : nil } }
        } else if count <= ForEach.IndexTable.limit {
            let table = ForEach.IndexTable()
            indexOf = { id in
                if table.index == nil {
                    var t: [AnyHashable: Int] = [:]
                    for i in 0..<count where t[identify(element(i))] == nil { t[identify(element(i))] = i }
                    table.index = t
                }
                return table.index?[id]
            }
        }
        let source = { (r: Range<Int>?) in r.map { SourceSpan(text: self.text, range: $0).string } }
        return ForEachContent(count: count, id: { identify(element($0)) }, indexOfID: indexOf, dataSource: source(data.range) ?? "data",
                              idSource: source(idArg?.range), contentSource: source(closure.range),
                              paints: paintProgram(content).map { run in { i in run(element(i)) } }) { i in
            do {
                return try self.budgeted(Interpreter.elementSteps) { try self.closureViews(content, [element(i)]) }
            } catch let e as SnippetError {
                if self.runtimeErrors.count < 16, !self.runtimeErrors.contains(e) { self.runtimeErrors.append(e) }
                return []
            } catch { return [] }
        }
    }
}
