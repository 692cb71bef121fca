import CVectorMath

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
    case floor = "floor"
    case ceiling = "ceil"
    /// To the nearest whole number, halves away from zero (`round(2.5)` = 3, `round(−2.5)` = −3).
    case round = "round"
    case truncation = "trunc"
    /// −1, 0 or 1.
    case sign = "sign"
    case hyperbolicSine = "sinh"
    case hyperbolicCosine = "cosh"
    case hyperbolicTangent = "tanh"
    case inverseHyperbolicSine = "asinh"
    case inverseHyperbolicCosine = "acosh"
    case inverseHyperbolicTangent = "atanh"
    case cubeRoot = "∛"
    case binaryLogarithm = "log2"
    /// n! for a whole n ≥ 0, written after its operand; Γ takes the rest.
    case factorial = "!"
    /// The gamma function, Γ(n+1) = n! for whole n.
    case gamma = "Γ"
    /// The digamma function ψ(x) = Γ′(x)/Γ(x), the derivative of ln Γ.
    case digamma = "ψ"
    /// 1 where the operand is false (0), 0 where it is true (any other number).
    case logicalNot = "not"

    /// Other spellings accepted on input (ASCII forms of the Unicode keys).
    public var aliases: [String] {
        switch self {
        case .squareRoot: ["sqrt"]
        case .negation: ["neg", "+/-"]
        case .square: ["sq", "x^2"]
        case .reciprocal: ["inv", "x^-1", "1/x"]
        case .sign: ["sgn"]
        case .cubeRoot: ["cbrt"]
        case .factorial: ["fact"]
        case .gamma: ["gamma"]
        case .digamma: ["digamma"]
        case .logicalNot: ["¬"]
        // Other calculators' spellings, accepted where they are unambiguous.
        case .commonLogarithm: ["log10"]
        case .arcsine: ["arcsin"]
        case .arccosine: ["arccos"]
        case .arctangent: ["arctan"]
        case .inverseHyperbolicSine: ["arsinh", "arcsinh"]
        case .inverseHyperbolicCosine: ["arcosh", "arccosh"]
        case .inverseHyperbolicTangent: ["artanh", "arctanh"]
        default: []
        }
    }

    /// How the operation is written in infix form.
    public enum Notation: Sendable {
        /// `name(operand)`, such as `sin(x)` and `√(x)`.
        case function
        /// `−operand`.
        case prefix
        /// A word before its operand, binding looser than comparisons: `not x>1`.
        case prefixWord
        /// `operand²`, `operand⁻¹`, `operand!`.
        case postfix(String)
    }

    /// How descriptions write this operation.
    public var notation: Notation {
        switch self {
        case .negation: .prefix
        case .logicalNot: .prefixWord
        case .square: .postfix("²")
        case .reciprocal: .postfix("⁻¹")
        case .factorial: .postfix("!")
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
        case .floor: x.rounded(.down)
        case .ceiling: x.rounded(.up)
        case .round: x.rounded(.toNearestOrAwayFromZero)
        case .truncation: x.rounded(.towardZero)
        case .sign: x.isNaN ? .nan : x > 0 ? 1 : x < 0 ? -1 : 0
        case .hyperbolicSine: sinh(x)
        case .hyperbolicCosine: cosh(x)
        case .hyperbolicTangent: tanh(x)
        case .inverseHyperbolicSine: asinh(x)
        case .inverseHyperbolicCosine: acosh(x)
        case .inverseHyperbolicTangent: atanh(x)
        case .cubeRoot: Self.cubeRoot(x)
        case .binaryLogarithm: log2(x)
        case .factorial: gcvm_factorial(x)
        case .gamma: x == 0 ? 1 / x : gcvm_gamma(x)
        case .digamma: gcvm_digamma(x)
        case .logicalNot: x.isNaN ? .nan : x == 0 ? 1 : 0
        }
    }

    /// The cube root, correctly rounded where glibc's `cbrt` is an ulp off (∛27 = 3, not
    /// 3.0000000000000004): of `cbrt`'s result and its neighbours, the one whose cube,
    /// computed exactly with fused multiply-adds, is nearest x.
    static func cubeRoot(_ x: Double) -> Double {
        let estimate = cbrt(x)
        guard estimate.isFinite, estimate != 0 else { return estimate }
        func residual(_ c: Double) -> Double {
            let square = c * c
            let squareError = (-square).addingProduct(c, c)
            return abs((-x).addingProduct(square, c) + squareError * c)
        }
        var best = estimate, smallest = residual(estimate)
        for candidate in [estimate.nextDown, estimate.nextUp] {
            let error = residual(candidate)
            if error < smallest {
                best = candidate
                smallest = error
            }
        }
        return best
    }

    /// Looks up an operation by its canonical spelling or one of its aliases.
    public init?(symbol: String) {
        guard let match = Self.bySpelling[symbol] else { return nil }
        self = match
    }

    private static let bySpelling = spellingTable()
}
