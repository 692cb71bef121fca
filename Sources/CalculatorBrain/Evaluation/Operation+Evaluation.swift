extension UnaryOperation {
    /// The operation applied to a number, with the reason when there is no result.
    ///
    /// `√` of a negative number, `ln`/`log`/`log2` of zero or less, `asin`/`acos` outside
    /// [−1, 1], `acosh` below 1, `atanh` outside (−1, 1) (at ±1, a pole), `x⁻¹` of ±0, `!`
    /// of anything but a whole number from 0, and `Γ` at 0, −1, −2, … (its poles) have no
    /// result; so has a NaN made from a number (`sin(∞)`), and an infinity made from a
    /// finite number is an overflow. A NaN argument gives NaN.
    /// - Throws: ``EvaluationError`` saying why there is no result.
    public func evaluate(_ x: Double) throws(EvaluationError) -> Double {
        try evaluate(x, angle: .radians)
    }

    /// Whether the operation takes an angle (`sin`, `cos`, `tan`) or gives one (`asin`,
    /// `acos`, `atan`), so that the angle unit matters.
    public var isAngular: Bool {
        switch self {
        case .sine, .cosine, .tangent, .arcsine, .arccosine, .arctangent: true
        default: false
        }
    }

    /// The operation applied to a number with angles in `angle`, with the reason when
    /// there is no result; in degrees and gradians `tan` has poles (`tan(90)`).
    /// - Throws: ``EvaluationError`` saying why there is no result.
    public func evaluate(_ x: Double, angle: AngleUnit) throws(EvaluationError) -> Double {
        if angle != .radians && isAngular && !x.isNaN {
            switch self {
            case .sine: return try checkedResult(angle.sine(x), of: symbol, fromFinite: x.isFinite, fromNaN: false)
            case .cosine: return try checkedResult(angle.cosine(x), of: symbol, fromFinite: x.isFinite, fromNaN: false)
            case .tangent:
                let value = angle.tangent(x)
                if value.isInfinite { throw .pole(operation: symbol, argument: x) }
                return try checkedResult(value, of: symbol, fromFinite: x.isFinite, fromNaN: false)
            default:
                return angle.inverse(self, x, radians: try evaluate(x, angle: .radians))
            }
        }
        switch self {
        case .squareRoot where x < 0:
            throw .squareRootOfNegative(x)
        case .naturalLogarithm where x <= 0, .commonLogarithm where x <= 0, .binaryLogarithm where x <= 0:
            throw .logarithmOfNonPositive(operation: symbol, argument: x)
        case .arcsine where abs(x) > 1, .arccosine where abs(x) > 1, .inverseHyperbolicCosine where x < 1,
            .inverseHyperbolicTangent where abs(x) > 1:
            throw .outsideDomain(operation: symbol, argument: x)
        case .inverseHyperbolicTangent where abs(x) == 1:
            throw .pole(operation: symbol, argument: x)
        case .factorial where !(x >= 0 && x == x.rounded()) && !x.isNaN:
            throw .notWholeNumber(operation: symbol, argument: x)
        case .gamma where x <= 0 && x == x.rounded(), .digamma where x <= 0 && x == x.rounded():
            throw .pole(operation: symbol, argument: x)
        case .reciprocal where x == 0:
            throw .divisionByZero(operation: symbol)
        default:
            return try checkedResult(apply(x), of: symbol, fromFinite: x.isFinite, fromNaN: x.isNaN)
        }
    }
}

extension BinaryOperation {
    /// The operation applied to two numbers, with the reason when there is no result.
    ///
    /// Division by ±0, `0^y` for y < 0 and `mod(x, 0)` are divisions by zero; a negative
    /// base with a fractional exponent is outside the domain of `^`; `log(b, x)` needs a
    /// base b > 0 other than 1 and x > 0; `nPr` and `nCr` need whole 0 ≤ r ≤ n; a NaN made from numbers (`∞−∞`)
    /// has no result, and an infinity made from finite numbers is an overflow. A NaN
    /// operand gives NaN, even where C's `pow` would not (`NaN^0`, `1^NaN`), so that every
    /// evaluator agrees.
    /// - Throws: ``EvaluationError`` saying why there is no result.
    public func evaluate(_ x: Double, _ y: Double) throws(EvaluationError) -> Double {
        try evaluate(x, y, angle: .radians)
    }

    /// The operation applied to two numbers with angles in `angle` (`atan2` gives one).
    /// - Throws: ``EvaluationError`` saying why there is no result.
    public func evaluate(_ x: Double, _ y: Double, angle: AngleUnit) throws(EvaluationError) -> Double {
        if self == .arctangent2 && angle != .radians {
            return angle.inverseTangent(x, y, radians: try evaluate(x, y, angle: .radians))
        }
        if self == .point { throw .point }
        if x.isNaN || y.isNaN { return .nan }
        switch self {
        case .division where y == 0:
            throw .divisionByZero(operation: symbol)
        case .power where x == 0 && y < 0:
            throw .divisionByZero(operation: symbol)
        case .power where x < 0 && y.isFinite && y != y.rounded():
            throw .outsideDomain(operation: symbol, argument: x)
        case .modulo where y == 0:
            throw .divisionByZero(operation: symbol)
        case .logarithm where x <= 0 || x == 1 || x == .infinity:
            throw .invalidBase(x)
        case .logarithm where y <= 0:
            throw .logarithmOfNonPositive(operation: "log", argument: y)
        case .permutations where !(x.isFinite && x == x.rounded() && y == y.rounded()),
            .combinations where !(x.isFinite && x == x.rounded() && y == y.rounded()):
            throw .notWholeNumber(operation: symbol, argument: x.isFinite && x == x.rounded() ? y : x)
        case .permutations where !BinaryOperation.isChoice(x, y), .combinations where !BinaryOperation.isChoice(x, y):
            throw .choiceOutOfRange(operation: symbol, n: x, r: y)
        default:
            return try checkedResult(
                apply(x, y), of: symbol, fromFinite: x.isFinite && y.isFinite, fromNaN: x.isNaN || y.isNaN)
        }
    }
}

/// Turns a NaN made from numbers, or an infinity made from finite numbers, into a reason.
private func checkedResult(
    _ result: Double, of symbol: String, fromFinite: Bool, fromNaN: Bool
) throws(EvaluationError) -> Double {
    if result.isNaN && !fromNaN { throw .undefined(operation: symbol) }
    if result.isInfinite && fromFinite { throw .overflow(operation: symbol, sign: result.sign) }
    return result
}
