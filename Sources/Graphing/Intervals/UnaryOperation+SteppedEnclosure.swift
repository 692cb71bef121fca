import CVectorMath
import CalculatorBrain

/// Enclosures of the operations that jump or live on whole numbers — `floor`, `ceil`,
/// `round`, `trunc`, `sign`, `!` — and of `Γ` and `ψ`, with their poles at 0, −1, −2, …
extension UnaryOperation {
    /// A non-decreasing step function over `x`: the values at the ends bound the rest, and
    /// it is continuous on `x` (constant) only where both ends give the same value, so a
    /// sampler halves down to each jump.
    static func step(_ x: Interval, _ function: (Double) -> Double) -> Enclosure {
        let low = function(x.lower), high = function(x.upper)
        return Enclosure(Interval(low, high), isTotal: true, isContinuous: low == high)
    }

    /// n! at the whole numbers n ≥ 0 in `x`: none, one point, or the hull from the least to
    /// the greatest (n! never decreases); defined nowhere else, so partial unless `x` is
    /// that one whole number.
    static func factorial(_ x: Interval) -> Enclosure {
        let first = max(0, x.lower.rounded(.up)), last = x.upper.rounded(.down)
        guard first <= last else { return .empty }
        // Each n! is the exact product rounded once: exact up to 22!, within half an ulp
        // above.
        let low = Self.factorial.apply(first), high = last > 170 ? Double.infinity : Self.factorial.apply(last)
        let lower = first <= 22 ? low : low.nextDown
        let upper = last <= 22 ? high : high.nextUp
        return Enclosure(Interval(lower, upper), isTotal: x.isPoint, isContinuous: first == last)
    }

    /// Where Γ has its least value on the positive axis, and a bound below that value.
    private static let gammaMinimum = (x: Interval(1.4616321449683622, 1.4616321449683625), value: 0.8856031944108886)

    /// How many ulps `gcvm_gamma` may be off: less than one (it rounds a value within
    /// 2⁻⁷⁸ of Γ once; 0.74 is the worst seen against mpmath), so two is a margin.
    private static let gammaUlps = 2

    private static func gammaDown(_ value: Double) -> Double {
        var result = value
        for _ in 0..<gammaUlps { result = result.nextDown }
        return result
    }

    private static func gammaUp(_ value: Double) -> Double {
        var result = value
        for _ in 0..<gammaUlps { result = result.nextUp }
        return result
    }

    /// ψ over `x`. ψ rises on each stretch between its poles (its derivative, Σ 1/(x+k)²,
    /// is positive), from −∞ just right of a pole to +∞ just left of the next, and on the
    /// positive axis from −∞ at 0 to +∞: so each stretch without a pole is enclosed by
    /// its ends, and across a pole it is two rays.
    static func digamma(_ x: Interval) -> Enclosure {
        if x.lower > 0 {
            return Enclosure(Interval(digammaBounds(x.lower).lower, digammaBounds(x.upper).upper))
        }
        // The greatest pole at or below the upper end.
        let pole = min(0, x.upper.rounded(.down))
        if x.lower <= pole {
            if x.isPoint { return .empty }
            guard x.lower > pole - 1, x.isBounded else {
                return Enclosure(.entire, isTotal: false, isContinuous: false)
            }
            var pieces: [Interval] = []
            if x.lower < pole { pieces.append(Interval(digammaBounds(x.lower).lower, .infinity)) }
            if x.upper > pole { pieces.append(Interval(-.infinity, digammaBounds(x.upper).upper)) }
            let isOneSide = x.lower == pole || x.upper == pole
            return Enclosure(union: pieces, isTotal: false, isContinuous: isOneSide)
        }
        guard x.isBounded else { return Enclosure(.entire, isTotal: false, isContinuous: false) }
        return Enclosure(Interval(digammaBounds(x.lower).lower, digammaBounds(x.upper).upper))
    }

    /// Bounds on ψ at a double that is not a pole: `gcvm_digamma` is within 1.5 ulps of
    /// ψ for x > 0 (1.0 the worst seen against mpmath), and below 0 within 2 ulps of the
    /// largest term it sums, max(1, |ψ|, ln(2 − x), 1/distance to the nearest pole) (1.0
    /// seen); the bounds allow twice that.
    private static func digammaBounds(_ x: Double) -> (lower: Double, upper: Double) {
        let value = gcvm_digamma(x)
        if x > 0 {
            var lower = value, upper = value
            for _ in 0..<3 {
                lower = lower.nextDown
                upper = upper.nextUp
            }
            return (lower, upper)
        }
        let distance = abs(x - x.rounded())
        let scale = max(1, abs(value), log(2 - x), 1 / distance)
        let error = 4 * scale.ulp
        return (Rounding.sumDown(value, -error), Rounding.sumUp(value, error))
    }

    /// Γ over `x`. On the positive axis it falls to its minimum near 1.4616 and rises
    /// after; across a pole (0, −1, −2, …) it takes every value, in two pieces; between
    /// poles on the negative axis, by reflection, Γ(x) = π / (sin(πx) Γ(1−x)).
    static func gamma(_ x: Interval) -> Enclosure {
        // At 1 … 23, Γ is a whole number that a double holds exactly, as gcvm_gamma gives
        // it: so `zeros 'gamma(x)-2'` proves the zero at exactly 3.
        if x.isPoint, x.lower >= 1, x.lower <= 23, x.lower == x.lower.rounded() {
            return Enclosure(Interval(gcvm_gamma(x.lower)))
        }
        if x.lower > 0 {
            let atLower = gcvm_gamma(x.lower), atUpper = gcvm_gamma(x.upper)
            if x.upper <= gammaMinimum.x.lower {
                return Enclosure(Interval(gammaDown(atUpper), gammaUp(atLower)))
            }
            if x.lower >= gammaMinimum.x.upper {
                return Enclosure(Interval(gammaDown(atLower), gammaUp(atUpper)))
            }
            return Enclosure(Interval(gammaMinimum.value, gammaUp(max(atLower, atUpper))))
        }
        // The greatest pole at or below the upper end.
        let pole = min(0, x.upper.rounded(.down))
        if x.lower <= pole {
            if x.isPoint { return .empty }
            // One pole inside: the branch on either side, each of one sign (as 1/x).
            guard x.lower > pole - 1, x.isBounded else {
                return Enclosure(.entire, isTotal: false, isContinuous: false)
            }
            var pieces: [Interval] = []
            if x.lower < pole { pieces += gamma(Interval(x.lower, pole.nextDown)).pieces }
            if x.upper > pole { pieces += gamma(Interval(pole.nextUp, x.upper)).pieces }
            let isOneSide = x.lower == pole || x.upper == pole
            return Enclosure(union: pieces, isTotal: false, isContinuous: isOneSide)
        }
        guard x.isBounded else { return Enclosure(.entire, isTotal: false, isContinuous: false) }
        // Between two poles: π / (sin(πx) Γ(1−x)), with 1 − x > 1.
        let pi = Enclosure(Interval(Double.pi, Double.pi.nextUp))
        let turned = BinaryOperation.multiplication.enclosure(of: pi, Enclosure(x))
        let sine = UnaryOperation.sine.enclosure(of: turned)
        let reflected = BinaryOperation.subtraction.enclosure(of: Enclosure(Interval(1)), Enclosure(x))
        let denominator = BinaryOperation.multiplication.enclosure(of: sine, reflected.flatMap(gamma))
        let quotient = BinaryOperation.division.enclosure(of: pi, denominator)
        // Between poles Γ is continuous, defined and of one sign: negative on (−1, 0),
        // positive on (−2, −1), and so on; a bound loosened by rounding near a pole keeps
        // only that side.
        let isNegative = (-pole).truncatingRemainder(dividingBy: 2) == 1
        let side = isNegative ? Interval(-.infinity, 0) : Interval(0, .infinity)
        let pieces = quotient.pieces.compactMap { $0.intersection(side) }
        guard let first = pieces.first, let last = pieces.last else { return Enclosure(side) }
        return Enclosure(first.hull(last))
    }
}
