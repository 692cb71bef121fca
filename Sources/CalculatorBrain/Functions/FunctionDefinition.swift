/// A function that the user named, of one variable (`f(x) = x^2 - 2`) or several
/// (`g(x, y) = x^2 + y^2`).
///
/// Its body holds only built-in ops (calls of other named functions are already
/// expanded), so a program that calls it is a plain program.
public struct FunctionDefinition: Hashable, Sendable {
    /// The name calls use: `f`.
    public let name: String
    /// The variables the body is written in, one per argument of a call: `[x]` in
    /// `f(x) = x^2 - 2`, `[x, y]` in `g(x, y) = x^2 + y^2`; never empty.
    public let parameters: [String]
    /// What the function computes, in terms of ``parameters``.
    public let body: Program

    /// The first parameter (the only one of a function of one variable).
    public var parameter: String { parameters[0] }

    /// The derivative, `f'`, as a function of the same parameters: for a function of
    /// several, the partial derivative in the first (`g'` of `g(x, y)` is ∂g/∂x).
    ///
    /// It has a value only where the function has one: where a rule's formula reaches
    /// beyond the function's domain (ln's 1/u, log's, log2's, logb's, atanh's 1/(1−u²),
    /// acosh's 1/√(u²−1)), it is guarded, `f′+0×f`, so `f'(−1)` of `f(x) = ln(x)` has no
    /// value, as f has none (`1÷x+0×ln(x)`; where f has a value the guard adds 0, and its
    /// enclosure is 0, so graphs of f′ stay tight).
    ///
    /// - Throws: ``DerivativeError`` when the body has none.
    public func derivative() throws(DerivativeError) -> FunctionDefinition {
        let slope = try body.derivative(withRespectTo: parameter)
        guard body.ops.contains(where: Self.widensItsDomain) else {
            return FunctionDefinition(name: name + "'", parameters: parameters, body: slope)
        }
        let guarded =
            Array(slope.ops) + [.operand(0)] + Array(body.ops) + [.binary(.multiplication), .binary(.addition)]
        return FunctionDefinition(name: name + "'", parameters: parameters, body: Program(guarded))
    }

    /// Whether the op's derivative rule has values where the op has none.
    private static func widensItsDomain(_ op: Op) -> Bool {
        switch op {
        case .unary(.naturalLogarithm), .unary(.commonLogarithm), .unary(.binaryLogarithm),
            .unary(.inverseHyperbolicTangent), .unary(.inverseHyperbolicCosine), .binary(.logarithm):
            true
        default: false
        }
    }

    /// The definition `name` stands for among `definitions`, primes included: `f''` is the
    /// derivative of the derivative of `f`; `nil` when the name without its primes is not
    /// defined.
    ///
    /// - Throws: ``DerivativeError`` when a derivative asked for does not exist.
    static func named(
        _ name: String, in definitions: [String: FunctionDefinition]
    ) throws(DerivativeError) -> FunctionDefinition? {
        if let definition = definitions[name] { return definition }
        // Most names asked about (every expression a verb is given) are not derivatives.
        guard name.utf8.last == UInt8(ascii: "'") else { return nil }
        let base = String(name.reversed().drop { $0 == "'" }.reversed())
        guard base.count < name.count, var definition = definitions[base] else { return nil }
        for _ in 0..<(name.count - base.count) { definition = try definition.derivative() }
        return definition
    }

    /// A definition of `name(parameter) = body`.
    public init(name: String, parameter: String, body: Program) {
        self.init(name: name, parameters: [parameter], body: body)
    }

    /// A definition of `name(parameters…) = body`; `parameters` must not be empty.
    public init(name: String, parameters: [String], body: Program) {
        self.name = name
        self.parameters = parameters.isEmpty ? ["x"] : parameters
        self.body = body
    }

    /// The body with each use of the parameter replaced by `argument`, a complete
    /// expression's ops: what a call `name(argument)` stands for.
    public func applied(to argument: [Op]) -> [Op] {
        applied(to: [argument])
    }

    /// The body with each use of each parameter replaced by its argument (complete
    /// expressions' ops, one per parameter), and each use of a name among
    /// `outsideValues` that is no parameter by that value: what a call stands for.
    public func applied(to arguments: [[Op]], outsideValues: [String: Double] = [:]) -> [Op] {
        var ops: [Op] = []
        ops.reserveCapacity(body.ops.count + arguments.reduce(0) { $0 + $1.count })
        for op in body.ops {
            if case .variable(let name) = op, let index = parameters.firstIndex(of: name), index < arguments.count {
                ops.append(contentsOf: arguments[index])
            } else if case .variable(let name) = op, let value = outsideValues[name], !parameters.contains(name) {
                ops.append(.operand(value))
            } else {
                ops.append(op)
            }
        }
        return ops
    }

    /// The names the body uses besides its parameters: variables it reads from wherever
    /// it is evaluated (`x` in `f(t) = t + x`), never the arguments of a call.
    public var freeVariables: Set<String> {
        var names: Set<String> = []
        for case .variable(let name) in body.ops where !parameters.contains(name) { names.insert(name) }
        return names
    }

    /// What a call `name(argument)` stands for where the caller itself binds `bound` (the
    /// variable a graph runs along): the argument takes the parameter's place, and the
    /// body's own uses of `bound` — which mean the variable of that name outside, not the
    /// caller's — become `value`. So `f(t) = t + x` plotted along x, with x = 5, is
    /// x + 5, not x + x.
    public func applied(to argument: [Op], binding bound: String, outsideValue value: Double) -> [Op] {
        applied(to: [argument], outsideValues: [bound: value])
    }

    /// The definition as typed: `f(x) = x^2-2`, `g(x, y) = x^2+y^2`.
    public var equation: String { "\(name)(\(parameters.joined(separator: ", "))) = \(body)" }
}
