/// The parsed form of a snippet: the small part of Swift SwiftUI tutorials write — declarations
/// (`struct … : View`, `extension`, `enum`, `func`, `init`, properties with `@State`, `@Namespace`,
/// `@Environment`), statements (`let`/`var`, assignment, `if`/`if let`, `for … in`, `return`) and
/// expressions (literals and interpolated strings, calls with labels and trailing closures, members,
/// implicit members such as `.flexible()`, subscripts, closures with `$0` or named parameters, key
/// paths, arithmetic, comparison, ranges, `?:`).
struct Name {
    let text: String
    let line: Int
    let column: Int
    /// Folded to lower case: names match whatever their case.
    let key: String
    /// Where it starts in the text.
    let offset: Int

    init(text: String, line: Int, column: Int, offset: Int = 0) {
        self.text = text
        self.line = line
        self.column = column
        self.offset = offset
        key = text.lowercased()
    }
}

indirect enum Expr {
    case integer(Int)
    case float(Double)
    case string([StringPart])
    case boolean(Bool)
    case nilLiteral
    case identifier(Name)
    case dollar(Int, Name)
    /// `.flexible`, `.center`: a member of whatever type the context wants.
    case implicitMember(Name)
    case member(Expr, Name)
    case call(Expr, [Argument], Name)
    case subscripted(Expr, [Argument], Name)
    case array([Expr])
    case closure(Closure)
    case keyPath([Name])
    case prefix(String, Expr, Name)
    case binary(String, Expr, Expr, Name)
    case ternary(Expr, Expr, Expr)
    case forceUnwrap(Expr)
    /// `[AnyView]()`: an empty array of that type.
    case emptyArray(TypeRef)

    /// `self` or `.member`: a base a call treats specially (the view's own methods, a type's members).
    var isSelfOrImplicit: Bool {
        switch self {
        case .identifier(let n): return n.key == "self"
        case .implicitMember: return true
        default: return false
        }
    }

    enum StringPart {
        case text(String)
        case interpolation(Expr)
    }
}

struct Argument {
    let label: Name?
    let value: Expr
    let range: Range<Int>
}

final class Closure {
    let parameters: [Name]
    let body: [Stmt]
    let range: Range<Int>
    let start: Name
    init(parameters: [Name], body: [Stmt], range: Range<Int>, start: Name) {
        self.parameters = parameters
        self.body = body
        self.range = range
        self.start = start
    }
}

indirect enum Stmt {
    case expression(Expr, Range<Int>)
    case variable(VarDecl)
    case assign(Expr, String, Expr, Name)
    case ifStatement([(conditions: [Condition], body: [Stmt])], otherwise: [Stmt]?)
    case forIn(Name, Expr, [Stmt])
    case returnStatement(Expr?, Name)
    case declaration(Decl)
}

enum Condition {
    case expression(Expr)
    case binding(Name, Expr)
}

struct TypeRef {
    /// As written: `[GridItem]`, `UUID?`, `some View`.
    let text: String
    /// The element type's name of an array, else the type's own name, folded.
    let base: String
    let isArray: Bool
    let isOptional: Bool
}

struct Attribute {
    let name: Name
    let arguments: [Argument]
}

final class VarDecl {
    let attributes: [Attribute]
    let isLet: Bool
    let isStatic: Bool
    let name: Name
    let type: TypeRef?
    let initializer: Expr?
    /// The initializer's text (what printing replaces with a state's current value).
    let initializerRange: Range<Int>?
    /// A computed property's body.
    let getter: [Stmt]?
    init(attributes: [Attribute], isLet: Bool, isStatic: Bool, name: Name, type: TypeRef?, initializer: Expr?,
         initializerRange: Range<Int>?, getter: [Stmt]?) {
        self.attributes = attributes
        self.isLet = isLet
        self.isStatic = isStatic
        self.name = name
        self.type = type
        self.initializer = initializer
        self.initializerRange = initializerRange
        self.getter = getter
    }

    func hasAttribute(_ key: String) -> Bool { attributes.contains { $0.name.key == key } }
}

struct Parameter {
    let label: String?
    let name: Name
    let type: TypeRef?
    let defaultValue: Expr?
}

final class FuncDecl {
    let name: Name
    let isStatic: Bool
    let parameters: [Parameter]
    let returnType: TypeRef?
    let body: [Stmt]
    init(name: Name, isStatic: Bool, parameters: [Parameter], returnType: TypeRef?, body: [Stmt]) {
        self.name = name
        self.isStatic = isStatic
        self.parameters = parameters
        self.returnType = returnType
        self.body = body
    }
}

final class TypeDecl {
    enum Kind { case structure, extension_, enumeration }
    let kind: Kind
    let name: Name
    let inherits: [String]
    var properties: [VarDecl] = []
    var functions: [FuncDecl] = []
    var initializers: [FuncDecl] = []
    var cases: [String] = []
    var nested: [TypeDecl] = []
    /// Cut off by `//...`: it shows some members of a declaration made elsewhere, and updates only those.
    var isExcerpt = false
    init(kind: Kind, name: Name, inherits: [String]) {
        self.kind = kind
        self.name = name
        self.inherits = inherits
    }

    var isView: Bool { inherits.contains("view") }
    var isApp: Bool { inherits.contains("app") }
}

enum Decl {
    case variable(VarDecl)
    case function(FuncDecl)
    case type(TypeDecl)
}
