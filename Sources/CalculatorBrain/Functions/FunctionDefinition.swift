/// A function of one variable that the user named: `f(x) = x^2 - 2`.
///
/// Its body holds only built-in ops (calls of other named functions are already
/// expanded), so a program that calls it is a plain program.
public struct FunctionDefinition: Hashable, Sendable {
    /// The name calls use: `f`.
    public let name: String
    /// The variable the body is written in: `x` in `f(x) = x^2 - 2`, `t` in `g(t) = sin(t)/t`.
    public let parameter: String
    /// What the function computes, in terms of ``parameter``.
    public let body: Program

    /// The derivative, `f'`, as a function of the same parameter.
    ///
    /// - Throws: ``DerivativeError`` when the body has none.
    public func derivative() throws(DerivativeError) -> FunctionDefinition {
        FunctionDefinition(name: name + "'", parameter: parameter, body: try body.derivative(withRespectTo: parameter))
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
        let base = String(name.reversed().drop { $0 == "'" }.reversed())
        guard base.count < name.count, var definition = definitions[base] else { return nil }
        for _ in 0..<(name.count - base.count) { definition = try definition.derivative() }
        return definition
    }

    /// A definition of `name(parameter) = body`.
    public init(name: String, parameter: String, body: Program) {
        self.name = name
        self.parameter = parameter
        self.body = body
    }

    /// The body with each use of the parameter replaced by `argument`, a complete
    /// expression's ops: what a call `name(argument)` stands for.
    public func applied(to argument: [Op]) -> [Op] {
        var ops: [Op] = []
        ops.reserveCapacity(body.ops.count + argument.count)
        for op in body.ops {
            if op == .variable(parameter) {
                ops.append(contentsOf: argument)
            } else {
                ops.append(op)
            }
        }
        return ops
    }

    /// The names the body uses besides its parameter: variables it reads from wherever it
    /// is evaluated (`x` in `f(t) = t + x`), never the argument of a call.
    public var freeVariables: Set<String> {
        var names: Set<String> = []
        for case .variable(let name) in body.ops where name != parameter { names.insert(name) }
        return names
    }

    /// What a call `name(argument)` stands for where the caller itself binds `bound` (the
    /// variable a graph runs along): the argument takes the parameter's place, and the
    /// body's own uses of `bound` — which mean the variable of that name outside, not the
    /// caller's — become `value`. So `f(t) = t + x` plotted along x, with x = 5, is
    /// x + 5, not x + x.
    public func applied(to argument: [Op], binding bound: String, outsideValue value: Double) -> [Op] {
        guard bound != parameter, freeVariables.contains(bound) else { return applied(to: argument) }
        var ops: [Op] = []
        ops.reserveCapacity(body.ops.count + argument.count)
        for op in body.ops {
            if op == .variable(parameter) {
                ops.append(contentsOf: argument)
            } else if op == .variable(bound) {
                ops.append(.operand(value))
            } else {
                ops.append(op)
            }
        }
        return ops
    }

    /// The definition as typed: `f(x) = x^2-2`.
    public var equation: String { "\(name)(\(parameter)) = \(body)" }
}
