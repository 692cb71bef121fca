/// The functions a user has named, such as `f(x) = x^2 - 2`, `g(t) = f(t)/t` and
/// `h(x, y) = x^2 + y^2`, and the parsing of expressions that call them.
///
/// Definitions are live: `g` calls whatever `f` is now, so redefining `f` changes `g`.
/// A definition that would refer to itself, directly or through other functions, is
/// refused, and so is removing a function that another calls. Every call is expanded
/// into plain ops (see ``FunctionDefinition/applied(to:)``), so a program that uses
/// named functions evaluates, compiles and saves like any other.
public struct FunctionLibrary: Hashable, Sendable {
    /// A definition as given: its parameters and its body's infix text.
    private struct Entry: Hashable, Sendable {
        var parameters: [String]
        var text: String
    }

    /// The definitions as given, by name.
    private var entries: [String: Entry] = [:]
    /// The names in the order first defined.
    public private(set) var names: [String] = []
    /// Each function with the calls in its body expanded, by name.
    public private(set) var definitions: [String: FunctionDefinition] = [:]

    /// An empty library.
    public init() {}

    /// Whether no function is defined.
    public var isEmpty: Bool { names.isEmpty }

    /// The body of `name` as it was given (`f(t)/t`, calls not expanded), if it is defined.
    public func text(of name: String) -> String? { entries[name]?.text }

    /// `name(parameters) = body` as it was given: `g(t) = f(t)/t`, `h(x, y) = x^2+y^2`.
    public func equation(of name: String) -> String? {
        entries[name].map { "\(name)(\($0.parameters.joined(separator: ", "))) = \($0.text)" }
    }

    /// The expanded definition of `name`, if it is defined; `f'` (and `f''`, …) is the
    /// derivative of a defined `f`, `nil` where it has none.
    public subscript(name: String) -> FunctionDefinition? { try? FunctionDefinition.named(name, in: definitions) }

    /// Parses an infix expression, expanding calls of the functions defined.
    ///
    /// - Throws: ``ExpressionError`` as ``Program/init(parsing:)`` does, and
    ///   ``ExpressionError/expansionTooLarge(function:offset:)``.
    public func parse(_ text: String) throws(ExpressionError) -> Program {
        try ExpressionParser.parse(text, functions: definitions).program
    }

    /// Parses an expression a graph runs along `variable`, expanding calls of the
    /// functions defined: a function's own use of `variable` (`x` in `f(t) = t + x`) is
    /// the variable of that name among `values`, not the graph's, so `f(x)` along x with
    /// x = 5 is x + 5.
    ///
    /// - Throws: ``ExpressionError`` as ``parse(_:)`` does, and
    ///   ``ExpressionError/capturedVariable(function:variable:isParameter:offset:)`` when a
    ///   function uses `variable` and it has no value among `values`.
    public func parse(_ text: String, along variable: String, values: [String: Double]) throws(ExpressionError)
        -> Program
    {
        try parse(text, along: [variable], values: values)
    }

    /// Parses an expression a graph runs along several variables (a relation's x and y),
    /// as ``parse(_:along:values:)`` does for one.
    ///
    /// - Throws: as ``parse(_:along:values:)`` does.
    public func parse(_ text: String, along variables: [String], values: [String: Double]) throws(ExpressionError)
        -> Program
    {
        let bindings = variables.map {
            ExpressionParser.Binding(name: $0, outsideValue: values[$0], isParameter: false)
        }
        return try ExpressionParser.parse(text, functions: definitions, bindings: bindings).program
    }

    /// Defines `name(parameter) = text`, replacing any definition of `name`.
    ///
    /// - Throws: ``FunctionDefinitionError`` for a bad name or parameter, a body that
    ///   does not parse, or a cycle; the library is unchanged then.
    public mutating func define(_ name: String, parameter: String, body text: String) throws(FunctionDefinitionError) {
        try define(name, parameters: [parameter], body: text)
    }

    /// Defines `name(parameters…) = text`, a function of as many variables as it has
    /// distinct parameters, replacing any definition of `name`.
    ///
    /// - Throws: ``FunctionDefinitionError`` for a bad name, a bad or repeated parameter
    ///   (or none), a body that does not parse, or a cycle; the library is unchanged then.
    public mutating func define(
        _ name: String, parameters: [String], body text: String
    ) throws(FunctionDefinitionError) {
        guard Op.isValidVariableName(name) else { throw .invalidName(name) }
        guard !parameters.isEmpty else { throw .invalidParameter("", function: name) }
        for (index, parameter) in parameters.enumerated() {
            guard Op.isValidVariableName(parameter), !parameters[..<index].contains(parameter) else {
                throw .invalidParameter(parameter, function: name)
            }
        }
        var candidate = self
        candidate.entries[name] = Entry(parameters: parameters, text: text)
        if !candidate.names.contains(name) { candidate.names.append(name) }
        try candidate.rebuild(defining: name)
        self = candidate
    }

    /// Defines `name(parameter) = body` from a program, as a session file stores it.
    ///
    /// - Throws: ``FunctionDefinitionError`` as ``define(_:parameter:body:)`` does.
    public mutating func define(_ name: String, parameter: String, program body: Program)
        throws(FunctionDefinitionError)
    {
        try define(name, parameters: [parameter], body: body.description)
    }

    /// Defines `name(parameters…) = body` from a program, as a session file stores it.
    ///
    /// - Throws: ``FunctionDefinitionError`` as ``define(_:parameters:body:)`` does.
    public mutating func define(_ name: String, parameters: [String], program body: Program)
        throws(FunctionDefinitionError)
    {
        try define(name, parameters: parameters, body: body.description)
    }

    /// Removes the function `name`.
    ///
    /// - Throws: ``FunctionDefinitionError/notDefined(_:)``, or
    ///   ``FunctionDefinitionError/inUse(_:by:)`` when other functions call it.
    public mutating func remove(_ name: String) throws(FunctionDefinitionError) {
        guard entries[name] != nil else { throw .notDefined(name) }
        let users = names.filter { $0 != name && (try? calls(of: $0, among: Set(names)))?.contains(name) == true }
        guard users.isEmpty else { throw .inUse(name, by: users) }
        entries[name] = nil
        names.removeAll { $0 == name }
        definitions[name] = nil
    }

    /// The names `name`'s body calls, parsing it with every name in `known` taken as a function.
    private func calls(of name: String, among known: Set<String>) throws(ExpressionError) -> Set<String> {
        guard let entry = entries[name] else { return [] }
        // Stand-ins: only which names are called matters here, not what they compute.
        var standIns: [String: FunctionDefinition] = [:]
        for other in known {
            let count = max(1, entries[other]?.parameters.count ?? 1)
            standIns[other] = FunctionDefinition(
                name: other, parameters: (0..<count).map { "p\($0)" }, body: Program([.operand(0)]))
        }
        return try ExpressionParser.parse(entry.text, functions: standIns).calls
    }

    /// Checks the calls for cycles and expands every definition, callees first.
    private mutating func rebuild(defining defined: String) throws(FunctionDefinitionError) {
        let known = Set(names)
        var graph: [String: Set<String>] = [:]
        for name in names {
            do {
                graph[name] = try calls(of: name, among: known)
            } catch {
                throw .expression(error)
            }
        }
        if let cycle = Self.cycle(from: defined, in: graph) { throw .cycle(cycle) }
        definitions = [:]
        var visiting: Set<String> = []
        for name in names { try expand(name, graph: graph, visiting: &visiting) }
    }

    private mutating func expand(
        _ name: String, graph: [String: Set<String>], visiting: inout Set<String>
    ) throws(FunctionDefinitionError) {
        guard definitions[name] == nil, !visiting.contains(name), let entry = entries[name] else { return }
        visiting.insert(name)
        for callee in (graph[name] ?? []).sorted() { try expand(callee, graph: graph, visiting: &visiting) }
        do {
            // A callee's variable from outside must not be taken for these parameters.
            let bindings = entry.parameters.map {
                ExpressionParser.Binding(name: $0, outsideValue: nil, isParameter: true)
            }
            let body = try ExpressionParser.parse(entry.text, functions: definitions, bindings: bindings).program
            definitions[name] = FunctionDefinition(name: name, parameters: entry.parameters, body: body)
        } catch {
            throw .expression(error)
        }
        visiting.remove(name)
    }

    /// A path of calls from `start` back to itself, if there is one.
    private static func cycle(from start: String, in graph: [String: Set<String>]) -> [String]? {
        var path = [start]
        var seen: Set<String> = []
        func search(_ name: String) -> Bool {
            for callee in (graph[name] ?? []).sorted() {
                if callee == start {
                    path.append(callee)
                    return true
                }
                guard seen.insert(callee).inserted else { continue }
                path.append(callee)
                if search(callee) { return true }
                path.removeLast()
            }
            return false
        }
        return search(start) ? path : nil
    }
}
