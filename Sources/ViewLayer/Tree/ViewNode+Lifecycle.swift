/// `.onAppear` and `.onChange(of:initial:)`, as the host runs them: a body's appear actions once,
/// when it is first shown; a change handler each time a body is made in which its value differs
/// from the last body's (the environment's size class after a rotation, a `@State` an action
/// set), and once on appearing when written `initial: true`. SwiftUI's order: handlers run after
/// the body that saw the change, never while laying out.
public struct Lifecycle {
    public var appear: [Action] = []
    public var changes: [ChangeHandler] = []

    /// The actions to run on going from a body whose handlers were `before` to this one: those whose
    /// value changed, matched by their order in the tree (a body of another shape runs none), each
    /// handed the value before and after.
    public func changed(since before: Lifecycle) -> [Action] {
        guard before.changes.count == changes.count else { return [] }
        return zip(changes, before.changes).compactMap { now, was in
            now.value != was.value ? Action(source: now.source) { now.run(was) } : nil
        }
    }

    /// What runs when the body first appears: its appear actions, then its `initial: true` handlers
    /// (whose old and new values are the same).
    public var onFirstAppearance: [Action] {
        appear + changes.filter(\.initial).map { h in Action(source: h.source) { h.run(h) } }
    }
}

/// `.onChange(of:initial:)` as one body read it: the value it watches, and its action, which is
/// handed the handler of the body before (its value is the old value: `{ oldValue, newValue in }`).
public struct ChangeHandler {
    public let value: AnyHashable
    public let initial: Bool
    /// The closure's source when a snippet wrote it.
    public let source: String?
    /// The value as the snippet holds it, handed to the next body's action as its old value.
    let held: Any
    let action: (_ before: ChangeHandler) -> Void

    public init(value: AnyHashable, initial: Bool, source: String? = nil, held: Any? = nil, action: @escaping (_ before: ChangeHandler) -> Void) {
        self.value = value
        self.initial = initial
        self.source = source
        self.held = held ?? value
        self.action = action
    }

    public func run(_ before: ChangeHandler) { action(before) }
}

extension ViewNode {
    /// The tree's lifecycle handlers, on the views that hold its content (navigation stacks, scroll
    /// views, stacks, groups) in the order written: not those inside a lazy grid's items, which
    /// come and go as they scroll.
    public var lifecycle: Lifecycle {
        var found = Lifecycle()
        func walk(_ n: ViewNode) {
            for m in n.modifiers {
                switch m {
                case .onAppear(let a): found.appear.append(a)
                case .onChange(let h): found.changes.append(h)
                default: break
                }
            }
            switch n.content {
            case .scroll(_, _, let children), .navigation(let children), .group(let children), .stack(_, _, _, let children):
                children.forEach(walk)
            default: break
            }
        }
        walk(self)
        return found
    }
}
