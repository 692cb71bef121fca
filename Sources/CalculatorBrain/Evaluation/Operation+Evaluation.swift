extension UnaryOperation {
    /// The operation applied to a number, with the reason when there is no result.
    ///
    /// `√` of a negative number, `ln`/`log` of zero or less, `asin`/`acos` outside
    /// [−1, 1] and `x⁻¹` of ±0 have no result; so has a NaN made from a number (`sin(∞)`),
    /// and an infinity made from a finite number is an overflow. A NaN argument gives NaN.
    /// - Throws: ``EvaluationError`` saying why there is no result.
    public func evaluate(_ x: Double) throws(EvaluationError) -> Double {
        switch self {
        case .squareRoot where x < 0:
            throw .squareRootOfNegative(x)
        case .naturalLogarithm where x <= 0, .commonLogarithm where x <= 0:
            throw .logarithmOfNonPositive(operation: symbol, argument: x)
        case .arcsine where abs(x) > 1, .arccosine where abs(x) > 1:
            throw .outsideDomain(operation: symbol, argument: x)
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
    /// Division by ±0 and `0^y` for y < 0 are divisions by zero; a negative base with a
    /// fractional exponent is outside the domain of `^`; a NaN made from numbers (`∞−∞`)
    /// has no result, and an infinity made from finite numbers is an overflow. A NaN
    /// operand gives NaN, even where C's `pow` would not (`NaN^0`, `1^NaN`), so that every
    /// evaluator agrees.
    /// - Throws: ``EvaluationError`` saying why there is no result.
    public func evaluate(_ x: Double, _ y: Double) throws(EvaluationError) -> Double {
        if x.isNaN || y.isNaN { return .nan }
        switch self {
        case .division where y == 0:
            throw .divisionByZero(operation: symbol)
        case .power where x == 0 && y < 0:
            throw .divisionByZero(operation: symbol)
        case .power where x < 0 && y.isFinite && y != y.rounded():
            throw .outsideDomain(operation: symbol, argument: x)
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
