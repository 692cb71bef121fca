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

    /// The definition as typed: `f(x) = x^2-2`.
    public var equation: String { "\(name)(\(parameter)) = \(body)" }
}
