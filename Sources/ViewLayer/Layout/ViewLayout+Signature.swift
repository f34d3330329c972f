import GridCore
import GridMotion

extension ViewLayout {
    /// `node`'s signature and paints, or nil when it holds what a template cannot stand for: motion
    /// (`.animation`, `.transition`, `matchedGeometryEffect`, which compare frames between frames),
    /// containers that lay out lazily or scroll, buttons and navigation.
    public func signature(of node: ViewNode) -> (signature: ElementSignature, paints: [ElementSignature.Paint])? {
        var parts: [ElementSignature.Part] = []
        var paints: [ElementSignature.Paint] = []
        var widths: [Double] = []
        parts.reserveCapacity(12)
        guard walk(node, LayoutEnvironment(), &parts, &paints, &widths) else { return nil }
        return (ElementSignature(parts: parts, widths: widths), paints)
    }

    private func walk(_ node: ViewNode, _ env: LayoutEnvironment, _ parts: inout [ElementSignature.Part],
                      _ paints: inout [ElementSignature.Paint], _ widths: inout [Double]) -> Bool {
        switch node.kind {
        case let .modified(inner, m):
            var env = env
            switch m {
            case let .frame(w, h, a): parts.append(.frame(w, h, a))
            case .flexibleFrame(let f): parts.append(.flexibleFrame(f))
            case .padding(let e): parts.append(.padding(e))
            case let .aspectRatio(r, mode): parts.append(.aspectRatio(r, mode))
            case let .background(b, a):
                parts.append(.background(a))
                guard walk(b, env, &parts, &paints, &widths) else { return false }
            case .font(let f): parts.append(.font(f)); env.font = f
            case .fontWeight(let w): parts.append(.fontWeight(w)); env.fontWeight = w
            case .foregroundColor(let c): parts.append(.foregroundColor(c))
            case .tint(let c): parts.append(.tint(c))
            case .cornerRadius(let r): parts.append(.cornerRadius(r))
            case .clipped: parts.append(.clipped)
            case let .shadow(c, r, x, y): parts.append(.shadow(c, r, x, y))
            case .opacity(let o): parts.append(.opacity(o))
            case .id(let id): parts.append(.id(id))
            case .branch: break
            case .onTapGesture(let count, _): parts.append(.tap(count))
            case .unknown(let name, _): parts.append(.unknown(name))
            case .matchedGeometryEffect, .animation, .transition, .navigationTitle, .toolbar, .onAppear, .onChange: return false
            }
            return walk(inner, env, &parts, &paints, &widths)
        case .content(let c):
            switch c {
            case .empty: parts.append(.content(0))
            case .text(let s):
                let font = env.resolvedFont
                let size = measuring.size(of: s, font: font, maxWidth: nil)
                parts.append(.text(font, width: size.width, height: size.height))
                paints.append(.text(s))
                widths.append(size.width)
            case .color(let color):
                parts.append(.content(1))
                paints.append(.color(color))
                widths.append(0)
            case let .image(source, resizable):
                switch source {
                case .system(let name):
                    // The name is a paint: what lays out is the symbol's natural size.
                    parts.append(.image(.system(""), resizable: resizable, measuring.naturalSize(ofSymbol: name, font: env.resolvedFont)))
                    paints.append(.symbol(name))
                    widths.append(0)
                case .named(let name):
                    parts.append(.image(source, resizable: resizable, measuring.naturalSize(ofImage: name) ?? Size(width: -1, height: -1)))
                }
            case .spacer(let m): parts.append(.spacer(m))
            case let .stack(kind, alignment, spacing, children):
                parts.append(.stack(kind, alignment, spacing, count: children.count))
                for child in children { guard walk(child, env, &parts, &paints, &widths) else { return false } }
            case .group(let children):
                parts.append(.group(count: children.count))
                for child in children { guard walk(child, env, &parts, &paints, &widths) else { return false } }
            case .scroll, .grid, .forEach, .section, .navigation, .button, .toolbarItem:
                return false
            }
            return true
        }
    }
}

extension ViewLayout {
    /// The measured sizes (width, height, in paint order) of the texts among `paints`, each in the
    /// font `base` has for it: all that tells apart the signatures of elements made like `base`'s.
    /// Nil when the paints do not match `base`'s kinds.
    public func textSizes(_ base: ElementSignature, _ paints: [ElementSignature.Paint]) -> [Double]? {
        guard paints.count == base.isText.count else { return nil }
        var sizes: [Double] = []
        var next = 0
        for part in base.parts {
            guard case .text(let font, _, _) = part else { continue }
            while next < paints.count, !base.isText[next] { next += 1 }
            guard next < paints.count, case .text(let s) = paints[next] else { return nil }
            let size = measuring.size(of: s, font: font, maxWidth: nil)
            sizes.append(size.width)
            sizes.append(size.height)
            next += 1
        }
        for (p, text) in zip(paints, base.isText) {
            if case .text = p, !text { return nil }
            if case .color = p, text { return nil }
            if case .symbol = p, text { return nil }
        }
        return sizes
    }

    /// The signature of an element made like `base`'s (same views, same modifiers) whose paints are
    /// `paints`: each text measured again in its font. Nil when the paints do not match `base`'s kinds.
    public func signature(_ base: ElementSignature, refilledWith paints: [ElementSignature.Paint]) -> ElementSignature? {
        textSizes(base, paints).map { base.refilled(textSizes: $0) }
    }
}
