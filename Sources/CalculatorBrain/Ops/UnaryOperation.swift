#if canImport(Glibc)
    import Glibc
#endif

/// An operation that takes one operand from the stack.
public enum UnaryOperation: String, CaseIterable, Hashable, Sendable, Spelled {
    case squareRoot = "√"
    case sine = "sin"
    case cosine = "cos"
    case tangent = "tan"
    case arcsine = "asin"
    case arccosine = "acos"
    case arctangent = "atan"
    case naturalLogarithm = "ln"
    case commonLogarithm = "log"
    case exponential = "exp"
    case absoluteValue = "abs"
    case negation = "±"
    case square = "x²"
    case reciprocal = "x⁻¹"

    /// Other spellings accepted on input (ASCII forms of the Unicode keys).
    public var aliases: [String] {
        switch self {
        case .squareRoot: ["sqrt"]
        case .negation: ["neg", "+/-"]
        case .square: ["sq", "x^2"]
        case .reciprocal: ["inv", "x^-1", "1/x"]
        default: []
        }
    }

    /// How the operation is written in infix form.
    public enum Notation: Sendable {
        /// `name(operand)`, such as `sin(x)` and `√(x)`.
        case function
        /// `−operand`.
        case prefix
        /// `operand²`, `operand⁻¹`.
        case postfix(String)
    }

    /// How descriptions write this operation.
    public var notation: Notation {
        switch self {
        case .negation: .prefix
        case .square: .postfix("²")
        case .reciprocal: .postfix("⁻¹")
        default: .function
        }
    }

    /// The operation applied to a plain `Double`, with IEEE 754 results for arguments
    /// outside the domain (NaN, ±∞); evaluation turns those into reasons.
    public func apply(_ x: Double) -> Double {
        switch self {
        case .squareRoot: x.squareRoot()
        case .sine: sin(x)
        case .cosine: cos(x)
        case .tangent: tan(x)
        case .arcsine: asin(x)
        case .arccosine: acos(x)
        case .arctangent: atan(x)
        case .naturalLogarithm: log(x)
        case .commonLogarithm: log10(x)
        case .exponential: exp(x)
        case .absoluteValue: abs(x)
        case .negation: -x
        case .square: x * x
        case .reciprocal: 1 / x
        }
    }

    /// Looks up an operation by its canonical spelling or one of its aliases.
    public init?(symbol: String) {
        guard let match = Self.bySpelling[symbol] else { return nil }
        self = match
    }

    private static let bySpelling = spellingTable()
}
