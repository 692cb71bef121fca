/// Why a program has no symbolic derivative.
public enum DerivativeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// An expression lacks an operand (`3 +`).
    case incomplete
    /// An operation with no derivative among the calculator's keys: `ψ` (its derivative,
    /// the trigamma function, is not a key) and the whole-number keys `nPr`, `nCr`.
    case notDifferentiable(operation: String)
    /// The derivative would have more ops than a program may (nested products double
    /// at each level).
    case tooLarge

    /// The message a user sees.
    public var description: String {
        switch self {
        case .incomplete:
            "the program lacks an operand, so it has no derivative"
        case .notDifferentiable("ψ"):
            "ψ has no derivative here: it needs the trigamma function, which is not a key"
        case .notDifferentiable(let operation):
            "\(operation) takes whole numbers only, so it has no derivative"
        case .tooLarge:
            "the derivative would have more than \(Derivative.maximumCount) ops"
        }
    }
}
