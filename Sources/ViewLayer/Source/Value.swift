import GridCore
import GridMotion

/// A value while a snippet runs: Swift's numbers, strings, arrays and ranges, the snippet's own
/// structs, closures, and the SwiftUI values the layer knows (views, grid items, colours, fonts,
/// animations). A `.name` whose type the context decides (`.center`, `.init(…)`) stays a `member`
/// until a parameter or a declared type says what it is.
indirect enum Value {
    case void
    case none
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case array([Value])
    /// `lower..<upper` (a closed range is stored half-open).
    case range(Int, Int)
    case view(ViewNode)
    case record(Record)
    case closure(ClosureValue)
    case function(FunctionValue)
    case native(NativeFunction)
    /// A type used as a value (`Color.red`, `Int.random`), by its folded name.
    case type(String)
    /// An implicit member not yet resolved: `.center`, `.init(.flexible())`.
    case member(String, [Arg]?)
    case keyPath([String])
    case gridItem(GridItem)
    case gridSize(GridItem.Size)
    case color(Color)
    case font(Font)
    case animation(Animation?)
    case transition(AnyTransition)
    case namespace(Namespace.ID)
    case uuid(Int)
    case insets(EdgeInsets)
    case scrollProxy

    /// A closure, a function, a built-in or a type: what a call can apply.
    var isCallable: Bool {
        switch self {
        case .closure, .function, .native, .type: return true
        default: return false
        }
    }

    var typeName: String {
        switch self {
        case .void: return "Void"
        case .none: return "nil"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .string: return "String"
        case .array: return "Array"
        case .range: return "Range"
        case .view: return "View"
        case .record(let r): return r.typeName
        case .closure, .function, .native: return "function"
        case .type(let t): return t
        case .member(let n, _): return "." + n
        case .keyPath: return "KeyPath"
        case .gridItem: return "GridItem"
        case .gridSize: return "GridItem.Size"
        case .color: return "Color"
        case .font: return "Font"
        case .animation: return "Animation"
        case .transition: return "AnyTransition"
        case .namespace: return "Namespace.ID"
        case .uuid: return "UUID"
        case .insets: return "EdgeInsets"
        case .scrollProxy: return "ScrollViewProxy"
        }
    }

    /// What identifies the value in a `ForEach`, an `.id(…)` or an `.animation(_:value:)`.
    var hashKey: AnyHashable {
        switch self {
        case .void, .none: return AnyHashable(Optional<Int>.none)
        case .int(let v): return AnyHashable(v)
        case .double(let v): return v == v.rounded() && abs(v) < 1e15 ? AnyHashable(Int(v)) : AnyHashable(v)
        case .bool(let v): return AnyHashable(v)
        case .string(let v): return AnyHashable(v)
        case .array(let a): return AnyHashable(a.map(\.hashKey))
        case .range(let a, let b): return AnyHashable([a, b])
        case .record(let r): return r.fields["id"]?.hashKey ?? AnyHashable(r.order.map { r.fields[$0]!.hashKey })
        case .gridItem(let g): return AnyHashable(g)
        case .gridSize(let s): return AnyHashable(s)
        case .color(let c): return AnyHashable(c)
        case .font(let f): return AnyHashable(f)
        case .uuid(let u): return AnyHashable("uuid-\(u)")
        case .namespace(let n): return AnyHashable(n)
        case .member(let n, _): return AnyHashable("." + n)
        case .type(let t): return AnyHashable("type " + t)
        case .keyPath(let p): return AnyHashable(p)
        case .insets(let e): return AnyHashable(e)
        case .animation(let a): return AnyHashable(a.map { "\($0)" } ?? "nil")
        case .transition(let t): return AnyHashable(t)
        case .view, .closure, .function, .native, .scrollProxy: return AnyHashable("\(typeName)")
        }
    }

    var isNone: Bool {
        if case .none = self { return true }
        return false
    }
}

/// An argument as passed: its label, its value, and the text it was written as.
struct Arg {
    let label: String?
    let value: Value
    let range: Range<Int>?
}

/// A value of a struct the snippet declares (`Photo(name:)`), with its stored fields by folded name.
struct Record {
    let typeName: String
    var fields: [String: Value]
    var order: [String]
}

/// A closure with the scope it was written in.
struct ClosureValue {
    let closure: Closure
    let scope: Scope
}

/// A function the snippet declares, and the value it is called on, if any.
struct FunctionValue {
    let decl: FuncDecl
    let receiver: SelfBox?
    let typeName: String?
}

/// A built-in function or method: what the layer knows how to call.
struct NativeFunction {
    let name: String
    let call: ([Arg], Range<Int>?) throws -> Value
}

/// The `self` of a method, a body or an initializer: mutable in place, so `contentViews.append(…)`
/// in an `init` and `self.gridLayout = …` in an action change it.
final class SelfBox {
    var record: Record
    init(_ record: Record) { self.record = record }
}

/// Names visible at a point of the snippet, innermost first.
final class Scope {
    var values: [String: Value] = [:]
    /// A closure's one parameter, kept beside `values`: a grid's `{ i in … }` runs for every element
    /// that comes into view, and a dictionary made and freed for each one showed in its frames.
    /// `values` wins over it (an assignment lands there).
    var parameter: (key: String, value: Value)?
    let parent: Scope?
    let receiver: SelfBox?
    /// `$0`, `$1` … of the closure this scope runs.
    var dollars: [Value] = []

    init(parent: Scope?, receiver: SelfBox? = nil) {
        self.parent = parent
        self.receiver = receiver ?? parent?.receiver
    }

    func lookup(_ key: String) -> Value? {
        var s: Scope? = self
        while let c = s {
            // Most scopes of a closure's run hold nothing (blocks); skip hashing the name there.
            if !c.values.isEmpty, let v = c.values[key] { return v }
            if let p = c.parameter, p.key == key { return p.value }
            s = c.parent
        }
        return nil
    }

    /// The scope that holds `key`, for assignment.
    func owner(of key: String) -> Scope? {
        var s: Scope? = self
        while let c = s {
            if c.values[key] != nil || c.parameter?.key == key { return c }
            s = c.parent
        }
        return nil
    }

    func dollar(_ n: Int) -> Value? {
        var s: Scope? = self
        while let c = s {
            if !c.dollars.isEmpty { return n < c.dollars.count ? c.dollars[n] : nil }
            s = c.parent
        }
        return nil
    }
}
