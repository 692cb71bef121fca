import CVectorMath
import CalculatorBrain

extension BinaryOperation {
    /// The values of the operation on every pair of members of `left` and `right`.
    public func enclosure(of left: Enclosure, _ right: Enclosure) -> Enclosure {
        if isComparison || isLogical { return truthEnclosure(of: left, right) }
        if left.count == 1 && right.count == 1, let a = left.hull, let b = right.hull {
            var result = enclosure(over: a, b)
            result.isTotal = result.isTotal && left.isTotal && right.isTotal
            result.isContinuous = result.isContinuous && left.isContinuous && right.isContinuous
            return result
        }
        if left.isEmpty || right.isEmpty { return .empty }
        var pieces: [Interval] = []
        var isTotal = left.isTotal && right.isTotal
        var isContinuous = left.isContinuous && right.isContinuous
        for a in left.pieces {
            for b in right.pieces {
                let result = enclosure(over: a, b)
                pieces += result.pieces
                isTotal = isTotal && result.isTotal
                isContinuous = isContinuous && result.isContinuous
            }
        }
        return Enclosure(union: pieces, isTotal: isTotal, isContinuous: isContinuous)
    }

    /// The values of the operation on every pair of members of `x` and `y`.
    ///
    /// Domain rules: division by an interval holding 0 gives two pieces (or one, when 0
    /// is an end) and is partial; `x^y` is defined for x > 0, for x = 0 with y ≥ 0, and for
    /// x < 0 only at whole y; `atan2` across the negative x axis is discontinuous.
    public func enclosure(over x: Interval, _ y: Interval) -> Enclosure {
        switch self {
        case .addition:
            return Enclosure(Self.bounded(Rounding.sumDown(x.lower, y.lower), Rounding.sumUp(x.upper, y.upper)))
        case .subtraction:
            return Enclosure(Self.bounded(Rounding.sumDown(x.lower, -y.upper), Rounding.sumUp(x.upper, -y.lower)))
        case .multiplication:
            return Enclosure(Self.product(x, y))
        case .division:
            // Away from 0 the quotient of the ends, each rounded once (so an exact
            // quotient, such as |x|/x at a double, stays exact).
            if y.lower > 0 || y.upper < 0, let quotient = Self.quotient(x, y) { return Enclosure(quotient) }
            let reciprocal = UnaryOperation.reciprocal(y)
            var result = reciprocal.flatMap { Enclosure(Self.product(x, $0)) }
            if x == Interval(0) && !reciprocal.isEmpty { result.isContinuous = true }
            return result
        case .power:
            return Self.power(x, y)
        case .minimum:
            return Enclosure(Interval(min(x.lower, y.lower), min(x.upper, y.upper)))
        case .maximum:
            return Enclosure(Interval(max(x.lower, y.lower), max(x.upper, y.upper)))
        case .arctangent2:
            return Self.arctangent2(x, y)
        case .modulo:
            return Self.modulo(x, y)
        case .logarithm:
            return Self.logarithm(base: x, y)
        case .permutations, .combinations:
            return choices(x, y)
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual, .conjunction, .disjunction:
            return truthEnclosure(of: Enclosure(x), Enclosure(y))
        case .point:
            // Two coordinates, not one value: none.
            return .empty
        }
    }

    /// x ÷ y for y of one sign, from the quotients of the ends rounded outward; `nil`
    /// where one is NaN (∞ ÷ ∞), left to the reciprocal's rules.
    ///
    /// Of the four quotients of the ends, the signs say which are least and greatest: for
    /// y above 0 the least is x's lower end over y's upper end where that end is at least
    /// 0 (else over y's lower), the greatest x's upper end over y's lower where it is at
    /// least 0 (else over y's upper); for y below 0 the same with x's ends swapped.
    private static func quotient(_ x: Interval, _ y: Interval) -> Interval? {
        let lower: Double, upper: Double
        if y.lower > 0 {
            lower = Rounding.quotientDown(x.lower, x.lower >= 0 ? y.upper : y.lower)
            upper = Rounding.quotientUp(x.upper, x.upper >= 0 ? y.lower : y.upper)
        } else {
            lower = Rounding.quotientDown(x.upper, x.upper >= 0 ? y.upper : y.lower)
            upper = Rounding.quotientUp(x.lower, x.lower >= 0 ? y.lower : y.upper)
        }
        guard !lower.isNaN, !upper.isNaN else { return nil }
        return Interval(
            lower == .infinity ? .greatestFiniteMagnitude : lower,
            upper == -.infinity ? -.greatestFiniteMagnitude : upper)
    }

    /// `[lower, upper]`, or the whole line where a bound is NaN (∞ − ∞).
    private static func bounded(_ lower: Double, _ upper: Double) -> Interval {
        Interval(lower.isNaN ? -.infinity : lower, upper.isNaN ? .infinity : upper)
    }

    /// The product, with 0 × ∞ taken as 0 for bounds.
    static func product(_ x: Interval, _ y: Interval) -> Interval {
        let lower = min(
            min(Rounding.productDown(x.lower, y.lower), Rounding.productDown(x.lower, y.upper)),
            min(Rounding.productDown(x.upper, y.lower), Rounding.productDown(x.upper, y.upper)))
        let upper = max(
            max(Rounding.productUp(x.lower, y.lower), Rounding.productUp(x.lower, y.upper)),
            max(Rounding.productUp(x.upper, y.lower), Rounding.productUp(x.upper, y.upper)))
        return Interval(lower, upper)
    }

    private static func power(_ x: Interval, _ y: Interval) -> Enclosure {
        if y.isPoint, let exponent = Int(exactly: y.lower), abs(exponent) <= 1 << 30 {
            return integerPower(x, exponent)
        }
        var pieces: [Interval] = []
        var isTotal = true
        var jumps = false
        if let positive = x.intersection(Interval(0, .infinity)) {
            pieces.append(cornerHull(positive, y))
            if positive.lower == 0 && y.lower < 0 { isTotal = false }
            // 0^0 = 1 beside 0^y = 0 for y > 0 (and x^0 = 1 beside 0^0): a jump, not a slope.
            if positive.lower == 0 && y.lower <= 0 && y.upper >= 0 && !y.isPoint { jumps = true }
        }
        if x.lower < 0 {
            isTotal = false
            // Negative bases have values only at whole exponents: each x^n where there are
            // a few (x^y for y near 2 is x^2), else within ±|x|^n.
            let first = y.lower.rounded(.up), last = y.upper.rounded(.down)
            let wholeExponents = last >= first
            let limit = Double(1 << 30)
            if wholeExponents && last - first < 16 && abs(first) <= limit && abs(last) <= limit {
                let negative = Interval(x.lower, min(x.upper, 0))
                for exponent in Int(first)...Int(last) {
                    pieces.append(contentsOf: integerPower(negative, exponent).pieces)
                }
            } else if wholeExponents,
                let magnitude = Interval(max(0, -x.upper), -x.lower).intersection(Interval(0, .infinity))
            {
                let bound = cornerHull(magnitude, y).upper
                pieces.append(Interval(-bound, bound))
            }
        }
        guard !pieces.isEmpty else { return .empty }
        return Enclosure(union: pieces, isTotal: isTotal, isContinuous: isTotal && !jumps)
    }

    /// `x^y` for x ≥ 0: monotone in each argument, so its extremes lie at the corners.
    private static func cornerHull(_ x: Interval, _ y: Interval) -> Interval {
        var lower = Double.infinity, upper = -Double.infinity
        for a in [x.lower, x.upper] {
            for b in [y.lower, y.upper] {
                let value = pow(a, b)
                guard !value.isNaN else { return Interval(0, .infinity) }
                lower = min(lower, value)
                upper = max(upper, value)
            }
        }
        let result = UnaryOperation.outward(lower, upper)
        return Interval(max(0, result.lower), result.upper)
    }

    /// `x^n` for a whole n: even powers fold at 0, negative powers are reciprocals.
    private static func integerPower(_ x: Interval, _ exponent: Int) -> Enclosure {
        if exponent == 0 { return Enclosure(Interval(1)) }
        let magnitude = Int(exponent.magnitude)
        let positivePower: Interval
        if magnitude % 2 == 0 {
            let low = x.lower >= 0 ? x.lower : (x.upper <= 0 ? -x.upper : 0)
            let high = max(abs(x.lower), abs(x.upper))
            positivePower = Interval(max(0, powerDown(low, magnitude)), powerUp(high, magnitude))
        } else {
            positivePower = Interval(powerDown(x.lower, magnitude), powerUp(x.upper, magnitude))
        }
        return exponent > 0 ? Enclosure(positivePower) : UnaryOperation.reciprocal(positivePower)
    }

    /// A lower bound of `base^n` for n ≥ 1: exact products for small n, so 3² is exactly 9.
    private static func powerDown(_ base: Double, _ n: Int) -> Double {
        guard n <= 8 else { return base == 0 ? 0 : Rounding.libraryDown(pow(base, Double(n))) }
        // For a negative base the odd power is negative: bound its magnitude from above.
        if base < 0 { return -powerUp(-base, n) }
        var result = base
        for _ in 1..<n { result = Rounding.productDown(result, base) }
        return result
    }

    /// An upper bound of `base^n` for n ≥ 1.
    private static func powerUp(_ base: Double, _ n: Int) -> Double {
        guard n <= 8 else { return base == 0 ? 0 : Rounding.libraryUp(pow(base, Double(n))) }
        if base < 0 { return -powerDown(-base, n) }
        var result = base
        for _ in 1..<n { result = Rounding.productUp(result, base) }
        return result
    }

    /// `atan2(y, x)` with y = `first`: continuous, with extremes at the corners, unless the
    /// box holds the origin or meets the negative x axis, where the angle wraps.
    private static func arctangent2(_ first: Interval, _ second: Interval) -> Enclosure {
        let y = first, x = second
        let holdsOrigin = x.contains(0) && y.contains(0)
        // y = ±0 counts as crossing: atan2(+0, x < 0) = π but atan2(−0, x < 0) = −π.
        let crossesCut = x.lower < 0 && y.lower <= 0 && y.upper >= 0
        if holdsOrigin || crossesCut {
            let full = Interval(Rounding.libraryDown(-.pi), Rounding.libraryUp(.pi))
            return Enclosure(full, isTotal: true, isContinuous: false)
        }
        var lower = Double.infinity, upper = -Double.infinity
        for a in [y.lower, y.upper] {
            for b in [x.lower, x.upper] {
                let value = atan2(a, b)
                lower = min(lower, value)
                upper = max(upper, value)
            }
        }
        return Enclosure(UnaryOperation.outward(lower, upper))
    }
}
