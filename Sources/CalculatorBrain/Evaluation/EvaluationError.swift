/// Why a program has no value.
public enum EvaluationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The program has no ops.
    case emptyProgram
    /// An operation found fewer values on the stack than it takes.
    case notEnoughOperands(operation: String)
    /// A variable the program uses has no value.
    case variableNotSet(name: String)
    /// A division, reciprocal or negative power of zero.
    case divisionByZero(operation: String)
    /// `√` of a number below zero.
    case squareRootOfNegative(Double)
    /// `ln` or `log` of zero or a negative number.
    case logarithmOfNonPositive(operation: String, argument: Double)
    /// An argument outside an operation's domain, such as `asin(2)` or `(−8)^0.5`.
    case outsideDomain(operation: String, argument: Double)
    /// A finite computation whose result is too large for a `Double`.
    case overflow(operation: String, sign: FloatingPointSign)
    /// An operation whose result is not a number, such as `∞−∞` or `0×∞`.
    case undefined(operation: String)
    /// An operation at one of its poles, such as `Γ(−2)` or `atanh(1)`.
    case pole(operation: String, argument: Double)
    /// An operation that takes whole numbers only, such as `2.5!` or `(−1)!`.
    case notWholeNumber(operation: String, argument: Double)
    /// `nPr` or `nCr` with r outside 0…n.
    case choiceOutOfRange(operation: String, n: Double, r: Double)
    /// A logarithm's base that is not positive or is 1.
    case invalidBase(Double)
    /// A point `(x, y)` where a number is wanted: it has two coordinates, not one value.
    case point

    /// The message a user sees.
    public var description: String {
        switch self {
        case .emptyProgram:
            "the program is empty"
        case .notEnoughOperands(let operation):
            "not enough operands for \(operation)"
        case .variableNotSet(let name):
            "variable '\(name)' is not set"
        case .divisionByZero(let operation):
            "division by zero in \(operation)"
        case .squareRootOfNegative(let argument):
            "square root of a negative number (\(NumberFormat.plain(argument)))"
        case .logarithmOfNonPositive(let operation, let argument):
            "\(operation) of \(argument == 0 ? "zero" : "a negative number (\(NumberFormat.plain(argument)))")"
        case .outsideDomain("^", let base):
            "^ of a negative base (\(NumberFormat.plain(base))) needs a whole exponent"
        case .outsideDomain(let operation, let argument):
            "\(NumberFormat.plain(argument)) is outside the domain of \(operation)"
        case .overflow(let operation, let sign):
            "overflow: \(operation) gives \(sign == .minus ? "−" : "+")∞"
        case .undefined(let operation):
            "\(operation) has no defined result here"
        case .pole(let operation, let argument):
            "\(operation) has a pole at \(NumberFormat.plain(argument))"
        case .notWholeNumber("!", let argument):
            "! takes a whole number from 0, not \(NumberFormat.plain(argument)) (Γ(x+1) takes any other)"
        case .notWholeNumber(let operation, let argument):
            "\(operation) takes whole numbers, not \(NumberFormat.plain(argument))"
        case .choiceOutOfRange(let operation, let n, let r):
            "\(operation) needs 0 ≤ r ≤ n, not n = \(NumberFormat.plain(n)) and r = \(NumberFormat.plain(r))"
        case .invalidBase(let base):
            "a logarithm's base must be positive and not 1, not \(NumberFormat.plain(base))"
        case .point:
            "a point (x, y) has two coordinates, not one value"
        }
    }
}
