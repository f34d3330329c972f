import GridCore

/// A tree printed as the SwiftUI that makes it. A node a snippet made prints as the snippet wrote
/// it; a node made in Swift prints from its values — and a `ForEach` written in Swift, whose
/// closure is compiled code, prints its first element's views (the values it made, not the
/// expressions that made them).
struct SwiftUIPrinter {
    var indentUnit = "    "

    func lines(_ node: ViewNode, _ depth: Int) -> [String] {
        let pad = String(repeating: indentUnit, count: depth)
        if let source = node.source { return reindented(source, pad) }
        guard case .modified(let inner, let m) = node.kind else { return content(node.content, depth) }
        if case .branch = m { return lines(inner, depth) }
        var result = lines(inner, depth)
        let more = String(repeating: indentUnit, count: depth + 1)
        result += modifier(m, depth + 1).enumerated().map { $0.offset == 0 ? more + $0.element : $0.element }
        return result
    }

    /// A snippet's text at a new indentation: its first line where it starts, the rest keeping their
    /// indentation relative to that line's.
    func reindented(_ span: SourceSpan, _ pad: String) -> [String] {
        let scalars = span.text.scalars
        var column = 0, k = span.range.lowerBound
        while k > 0, scalars[k - 1] != "\n" { k -= 1; column += 1 }
        let raw = span.string.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return raw.enumerated().map { i, line in
            if i == 0 { return pad + line }
            var l = Substring(line), n = 0
            while n < column, l.first == " " { l.removeFirst(); n += 1 }
            return l.isEmpty ? "" : pad + l
        }
    }

    func block(_ head: String, _ children: [ViewNode], _ depth: Int) -> [String] {
        let pad = String(repeating: indentUnit, count: depth)
        return [pad + head + " {"] + children.flatMap { lines($0, depth + 1) } + [pad + "}"]
    }

    func content(_ c: ViewContent, _ depth: Int) -> [String] {
        let pad = String(repeating: indentUnit, count: depth)
        switch c {
        case .empty: return [pad + "EmptyView()"]
        case .text(let s): return [pad + "Text(\(SwiftUIPrinter.quoted(s)))"]
        case let .image(.named(n), resizable): return [pad + "Image(\(SwiftUIPrinter.quoted(n)))" + (resizable ? ".resizable()" : "")]
        case let .image(.system(n), resizable): return [pad + "Image(systemName: \(SwiftUIPrinter.quoted(n)))" + (resizable ? ".resizable()" : "")]
        case .color(let color): return [pad + SwiftUIPrinter.color(color, qualified: true)]
        case .spacer(let m): return [pad + (m.map { "Spacer(minLength: \(formatPoints($0)))" } ?? "Spacer()")]
        case let .stack(kind, alignment, spacing, children):
            var args: [String] = []
            switch kind {
            case .vertical where alignment.horizontal != .center: args.append("alignment: .\(alignment.horizontal.rawValue)")
            case .horizontal where alignment.vertical != .center: args.append("alignment: .\(alignment.vertical.rawValue)")
            case .depth where alignment != .center: args.append("alignment: " + SwiftUIPrinter.alignment(alignment))
            default: break
            }
            if let s = spacing { args.append("spacing: \(formatPoints(s))") }
            return block(kind.rawValue + (args.isEmpty ? "" : "(\(args.joined(separator: ", ")))"), children, depth)
        case let .scroll(axes, shows, children):
            var args: [String] = []
            if axes == .horizontal { args.append(".horizontal") } else if axes == [.horizontal, .vertical] { args.append("[.horizontal, .vertical]") }
            if !shows { args.append("showsIndicators: false") }
            return block("ScrollView" + (args.isEmpty ? "" : "(\(args.joined(separator: ", ")))"), children, depth)
        case let .grid(g, children):
            let vertical = g.axis == .vertical
            var args = [(vertical ? "columns: " : "rows: ") + SwiftUIPrinter.items(g.items)]
            if g.alignment != 0.5 {
                args.append("alignment: ." + (vertical ? (g.alignment == 0 ? "leading" : "trailing") : (g.alignment == 0 ? "top" : "bottom")))
            }
            if let s = g.spacing { args.append("spacing: \(formatPoints(s))") }
            if !g.pinnedViews.isEmpty {
                var p: [String] = []
                if g.pinnedViews.contains(.sectionHeaders) { p.append(".sectionHeaders") }
                if g.pinnedViews.contains(.sectionFooters) { p.append(".sectionFooters") }
                args.append("pinnedViews: [\(p.joined(separator: ", "))]")
            }
            return block((vertical ? "LazyVGrid(" : "LazyHGrid(") + args.joined(separator: ", ") + ")", children, depth)
        case .forEach(let f):
            let data = f.dataSource == "data" ? "0..<\(f.count)" : f.dataSource
            let head = "ForEach(\(data)" + (f.idSource.map { ", id: \($0)" } ?? (f.dataSource == "data" ? ", id: \\.self" : "")) + ")"
            if let closure = f.contentSource { return [pad + head + " " + closure] }
            let views = f.count > 0 ? f.views(0) : []
            return [pad + head + " { _ in"] + views.flatMap { lines($0, depth + 1) } + [pad + "}"]
        case let .section(header, content, footer):
            var result = [pad + "Section {"] + content.flatMap { lines($0, depth + 1) }
            if !header.isEmpty { result += [pad + "} header: {"] + header.flatMap { lines($0, depth + 1) } }
            if !footer.isEmpty { result += [pad + "} footer: {"] + footer.flatMap { lines($0, depth + 1) } }
            return result + [pad + "}"]
        case .group(let children): return block("Group", children, depth)
        case .navigation(let children): return block("NavigationStack", children, depth)
        case let .button(action, label):
            return [pad + "Button {"] + SwiftUIPrinter.actionBody(action, pad + indentUnit) + [pad + "} label: {"]
                + label.flatMap { lines($0, depth + 1) } + [pad + "}"]
        case let .toolbarItem(placement, children):
            return block("ToolbarItem(placement: .\(placement))", children, depth)
        }
    }

    /// A modifier's lines; the first is placed by the caller.
    func modifier(_ m: Modifier, _ depth: Int) -> [String] {
        let pad = String(repeating: indentUnit, count: depth)
        func one(_ s: String) -> [String] { [s] }
        switch m {
        case let .frame(width, height, alignment):
            var args: [String] = []
            if let w = width { args.append("width: \(formatPoints(w))") }
            if let h = height { args.append("height: \(formatPoints(h))") }
            if alignment != .center { args.append("alignment: " + SwiftUIPrinter.alignment(alignment)) }
            return one(".frame(\(args.joined(separator: ", ")))")
        case .flexibleFrame(let f):
            let parts: [(String, Double?)] = [("minWidth", f.minWidth), ("idealWidth", f.idealWidth), ("maxWidth", f.maxWidth),
                                              ("minHeight", f.minHeight), ("idealHeight", f.idealHeight), ("maxHeight", f.maxHeight)]
            var args = parts.compactMap { p in p.1.map { "\(p.0): \(formatPoints($0))" } }
            if f.alignment != .center { args.append("alignment: " + SwiftUIPrinter.alignment(f.alignment)) }
            return one(".frame(\(args.joined(separator: ", ")))")
        case .padding(let e):
            if e == EdgeInsets(.all, Modifier.defaultPadding) { return one(".padding()") }
            if e == EdgeInsets(.all, e.top) { return one(".padding(.all, \(formatPoints(e.top)))") }
            if e == EdgeInsets(.horizontal, e.leading) { return one(".padding(.horizontal, \(formatPoints(e.leading)))") }
            if e == EdgeInsets(.vertical, e.top) { return one(".padding(.vertical, \(formatPoints(e.top)))") }
            return one(".padding(EdgeInsets(top: \(formatPoints(e.top)), leading: \(formatPoints(e.leading)), bottom: \(formatPoints(e.bottom)), trailing: \(formatPoints(e.trailing))))")
        case let .aspectRatio(ratio, mode):
            if ratio == nil { return one(mode == .fill ? ".scaledToFill()" : ".scaledToFit()") }
            return one(".aspectRatio(\(formatPoints(ratio!)), contentMode: .\(mode.rawValue))")
        case let .background(view, alignment):
            let inner = lines(view, 0)
            let a = alignment == .center ? "" : ", alignment: " + SwiftUIPrinter.alignment(alignment)
            if inner.count == 1 { return one(".background(\(inner[0])\(a))") }
            return [".background(alignment: \(SwiftUIPrinter.alignment(alignment))) {"] + lines(view, depth + 1) + [pad + "}"]
        case .font(let f): return one(".font(\(SwiftUIPrinter.font(f)))")
        case .fontWeight(let w): return one(".fontWeight(.\(w.rawValue))")
        case .foregroundColor(let c): return one(".foregroundColor(\(SwiftUIPrinter.color(c, qualified: false)))")
        case .tint(let c): return one(".tint(\(SwiftUIPrinter.color(c, qualified: false)))")
        case .cornerRadius(let r): return one(".cornerRadius(\(formatPoints(r)))")
        case .clipped: return one(".clipped()")
        case let .shadow(color, radius, x, y):
            var args = ["color: " + SwiftUIPrinter.color(color, qualified: true), "radius: \(formatPoints(radius))"]
            if x != 0 { args.append("x: \(formatPoints(x))") }
            if y != 0 { args.append("y: \(formatPoints(y))") }
            return one(".shadow(\(args.joined(separator: ", ")))")
        case .opacity(let o): return one(".opacity(\(formatPoints(o)))")
        case .id(let id): return one(".id(\(SwiftUIPrinter.literal(id)))")
        case .branch: return []
        case let .onTapGesture(count, action):
            return [".onTapGesture\(count == 1 ? "" : "(count: \(count))") {"] + SwiftUIPrinter.actionBody(action, pad + indentUnit) + [pad + "}"]
        case let .matchedGeometryEffect(id, namespace, isSource):
            return one(".matchedGeometryEffect(id: \(SwiftUIPrinter.literal(id)), in: \(namespace.name)\(isSource ? "" : ", isSource: false"))")
        case let .animation(animation, value):
            return one(".animation(\(animation?.swiftSource ?? "nil"), value: \(SwiftUIPrinter.literal(value)))")
        case .transition(let t): return one(".transition(\(SwiftUIPrinter.transition(t)))")
        case .navigationTitle(let t): return one(".navigationTitle(\(SwiftUIPrinter.quoted(t)))")
        case .onAppear(let action): return [".onAppear {"] + SwiftUIPrinter.actionBody(action, pad + indentUnit) + [pad + "}"]
        case .onChange(let h):
            return [".onChange(of: \(SwiftUIPrinter.literal(h.value))\(h.initial ? ", initial: true" : "")) {"]
                + SwiftUIPrinter.actionBody(Action(source: h.source) {}, pad + indentUnit) + [pad + "}"]
        case .toolbar(let items): return [".toolbar {"] + items.flatMap { lines($0, depth + 1) } + [pad + "}"]
        case .unknown(_, let source): return one(source)
        }
    }

    static func actionBody(_ a: Action, _ pad: String) -> [String] {
        guard let s = a.source else { return [pad + "// an action written in Swift"] }
        var body = Substring(s)
        if body.first == "{" { body.removeFirst() }
        if body.last == "}" { body.removeLast() }
        return body.split(separator: "\n").map { $0.trimmingCharacters() }.filter { !$0.isEmpty }.map { pad + $0 }
    }

    static func quoted(_ s: String) -> String {
        "\"" + s.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"").replacingAll("\n", "\\n") + "\""
    }

    static func literal(_ v: AnyHashable) -> String {
        switch v.base {
        case let s as String: return quoted(s)
        case let i as Int: return String(i)
        case let d as Double: return formatPoints(d)
        case let b as Bool: return String(b)
        default: return "\(v.base)"
        }
    }

    static func items(_ items: [GridItem]) -> String {
        if items.count > 1, Set(items).count == 1 { return "Array(repeating: \(items[0]), count: \(items.count))" }
        return "[" + items.map(\.description).joined(separator: ", ") + "]"
    }

    static func alignment(_ a: Alignment) -> String {
        "." + (GridCore.Alignment.named.first { $0.value == a }?.key ?? "center")
    }

    static func color(_ c: Color, qualified: Bool) -> String {
        var s: String
        switch c.storage {
        case .named(let n):
            if Color.named[n] != nil { s = (qualified ? "Color." : ".") + n } else { s = "Color(.\(n))" }
            if c.opacity != 1 { s += ".opacity(\(formatPoints(c.opacity)))" }
        case let .rgb(r, g, b):
            s = "Color(red: \(formatPoints(r)), green: \(formatPoints(g)), blue: \(formatPoints(b))" + (c.opacity != 1 ? ", opacity: \(formatPoints(c.opacity))" : "") + ")"
        }
        return s
    }

    static func font(_ f: Font) -> String {
        if let style = f.style {
            let plainWeight = style == .headline ? Font.Weight.semibold : .regular
            if f.design == .default && f.weight == plainWeight { return "." + style.rawValue }
            if f.design == .default { return ".\(style.rawValue).weight(.\(f.weight.rawValue))" }
            let w = f.weight == plainWeight ? "" : ".weight(.\(f.weight.rawValue))"
            return ".system(.\(style.rawValue), design: .\(f.design.rawValue))" + w
        }
        var args = ["size: \(formatPoints(f.size))"]
        if f.weight != .regular { args.append("weight: .\(f.weight.rawValue)") }
        if f.design != .default { args.append("design: .\(f.design.rawValue)") }
        return ".system(\(args.joined(separator: ", ")))"
    }

    static func transition(_ t: AnyTransition) -> String {
        t.parts.map { p -> String in
            switch p {
            case .identity: return ".identity"
            case .opacity: return ".opacity"
            case .slide: return ".slide"
            case .scale(let s): return s == 0 ? ".scale" : ".scale(scale: \(formatPoints(s)))"
            case .move(let e): return ".move(edge: .\(e.rawValue))"
            }
        }.joined(separator: ".combined(with: ") + String(repeating: ")", count: max(0, t.parts.count - 1))
    }
}

extension ViewNode {
    /// The SwiftUI code of this tree (see `SwiftUIPrinter`).
    public var swiftSource: String { SwiftUIPrinter().lines(self, 0).joined(separator: "\n") }
}

extension StringProtocol {
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first?.isWhitespace == true { s.removeFirst() }
        while s.last?.isWhitespace == true { s.removeLast() }
        return String(s)
    }

    func replacingAll(_ a: String, _ b: String) -> String {
        guard !a.isEmpty else { return String(self) }
        return split(separator: Character(a), omittingEmptySubsequences: false).joined(separator: b)
    }
}
