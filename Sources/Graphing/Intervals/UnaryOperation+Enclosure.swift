import CVectorMath
import CalculatorBrain

/// libm's ln and log₁₀, named apart from the operations' cases.
private func libmLog(_ value: Double) -> Double { log(value) }
private func libmLog10(_ value: Double) -> Double { log10(value) }

extension UnaryOperation {
    /// The values of the operation on every member of `enclosure`, with its domain rules.
    public func enclosure(of enclosure: Enclosure) -> Enclosure {
        if self == .logicalNot { return Self.logicalNot(enclosure) }
        return enclosure.flatMap(enclosure(over:))
    }

    /// The values of the operation on every member of `x`.
    ///
    /// Domain rules: `√` keeps x ≥ 0, `ln`/`log` x > 0, `asin`/`acos` −1 ≤ x ≤ 1, `x⁻¹`
    /// x ≠ 0; the result is partial (not total) when `x` reaches outside, and empty when
    /// it lies wholly outside. `x⁻¹` across 0 and `tan` across a pole give two pieces.
    public func enclosure(over x: Interval) -> Enclosure {
        switch self {
        case .negation:
            return Enclosure(Interval(-x.upper, -x.lower))
        case .absoluteValue:
            return Enclosure(Self.magnitude(of: x))
        case .square:
            let magnitude = Self.magnitude(of: x)
            let lower = max(0, Rounding.productDown(magnitude.lower, magnitude.lower))
            return Enclosure(Interval(lower, Rounding.productUp(magnitude.upper, magnitude.upper)))
        case .squareRoot:
            guard x.upper >= 0 else { return .empty }
            let lower = x.lower <= 0 ? 0 : Rounding.squareRootDown(x.lower)
            return Enclosure(Interval(lower, Rounding.squareRootUp(x.upper)), isTotal: x.lower >= 0)
        case .naturalLogarithm, .commonLogarithm:
            guard x.upper > 0 else { return .empty }
            let isNatural = self == .naturalLogarithm
            let function = { (value: Double) -> Double in isNatural ? libmLog(value) : libmLog10(value) }
            let lower = x.lower <= 0 ? -Double.infinity : libraryDown(function(x.lower), at: x.lower)
            return Enclosure(Interval(lower, libraryUp(function(x.upper), at: x.upper)), isTotal: x.lower > 0)
        case .exponential:
            return Enclosure(
                Interval(max(0, libraryDown(exp(x.lower), at: x.lower)), libraryUp(exp(x.upper), at: x.upper)))
        case .arctangent:
            return Enclosure(Interval(libraryDown(atan(x.lower), at: x.lower), libraryUp(atan(x.upper), at: x.upper)))
        case .arcsine, .arccosine:
            guard let inside = x.intersection(Interval(-1, 1)) else { return .empty }
            let isTotal = inside == x
            if self == .arcsine {
                let result = Interval(
                    libraryDown(asin(inside.lower), at: inside.lower), libraryUp(asin(inside.upper), at: inside.upper))
                return Enclosure(result, isTotal: isTotal)
            }
            let result = Interval(
                libraryDown(acos(inside.upper), at: inside.upper), libraryUp(acos(inside.lower), at: inside.lower))
            return Enclosure(Interval(max(0, result.lower), result.upper), isTotal: isTotal)
        case .sine:
            return Enclosure(Self.periodic(x, cosine: false))
        case .cosine:
            return Enclosure(Self.periodic(x, cosine: true))
        case .tangent:
            return Self.tangent(x)
        case .reciprocal:
            return Self.reciprocal(x)
        case .floor, .ceiling, .round, .truncation, .sign:
            return Self.step(x, apply)
        case .hyperbolicSine, .hyperbolicTangent, .inverseHyperbolicSine, .cubeRoot:
            return Enclosure(Interval(libraryDown(apply(x.lower), at: x.lower), libraryUp(apply(x.upper), at: x.upper)))
        case .hyperbolicCosine:
            let magnitude = Self.magnitude(of: x)
            return Enclosure(
                Interval(
                    max(1, libraryDown(cosh(magnitude.lower), at: magnitude.lower)),
                    libraryUp(cosh(magnitude.upper), at: magnitude.upper)))
        case .binaryLogarithm:
            guard x.upper > 0 else { return .empty }
            let lower = x.lower <= 0 ? -Double.infinity : libraryDown(log2(x.lower), at: x.lower)
            return Enclosure(Interval(lower, libraryUp(log2(x.upper), at: x.upper)), isTotal: x.lower > 0)
        case .inverseHyperbolicCosine:
            guard let inside = x.intersection(Interval(1, .infinity)) else { return .empty }
            return Enclosure(
                Interval(
                    max(0, libraryDown(acosh(inside.lower), at: inside.lower)),
                    libraryUp(acosh(inside.upper), at: inside.upper)), isTotal: inside == x)
        case .inverseHyperbolicTangent:
            // Poles at ±1: defined only strictly inside.
            guard let inside = x.intersection(Interval(-1, 1)), !(inside.isPoint && abs(inside.lower) == 1) else {
                return .empty
            }
            let lower = inside.lower == -1 ? -Double.infinity : libraryDown(atanh(inside.lower), at: inside.lower)
            let upper = inside.upper == 1 ? Double.infinity : libraryUp(atanh(inside.upper), at: inside.upper)
            return Enclosure(Interval(lower, upper), isTotal: x.lower > -1 && x.upper < 1)
        case .factorial:
            return Self.factorial(x)
        case .gamma:
            return Self.gamma(x)
        case .digamma:
            return Self.digamma(x)
        case .logicalNot:
            return Self.logicalNot(Enclosure(x))
        }
    }

    /// Whether libm's result at `x` is exact: the points where IEEE 754 recommends, and
    /// glibc gives, exact results (sin 0 = 0, cos 0 = 1, exp 0 = 1, ln 1 = 0, acos 1 = 0, …).
    private func isExactLibraryResult(at x: Double) -> Bool {
        switch self {
        case .sine, .tangent, .arcsine, .arctangent: x == 0
        case .cosine, .exponential: x == 0
        case .hyperbolicSine, .hyperbolicTangent, .inverseHyperbolicSine, .inverseHyperbolicTangent: x == 0
        case .hyperbolicCosine, .cubeRoot: x == 0
        case .naturalLogarithm, .commonLogarithm, .arccosine, .binaryLogarithm, .inverseHyperbolicCosine: x == 1
        default: false
        }
    }

    /// A lower bound for this operation's libm result `value` at `x`.
    private func libraryDown(_ value: Double, at x: Double) -> Double {
        isExactLibraryResult(at: x) ? value : Rounding.libraryDown(value)
    }

    /// An upper bound for this operation's libm result `value` at `x`.
    private func libraryUp(_ value: Double, at x: Double) -> Double {
        isExactLibraryResult(at: x) ? value : Rounding.libraryUp(value)
    }

    /// `[lower, upper]` from libm results, moved outward.
    static func outward(_ lower: Double, _ upper: Double) -> Interval {
        guard !lower.isNaN, !upper.isNaN else { return .entire }
        return Interval(Rounding.libraryDown(min(lower, upper)), Rounding.libraryUp(max(lower, upper)))
    }

    static func magnitude(of x: Interval) -> Interval {
        if x.lower >= 0 { return x }
        if x.upper <= 0 { return Interval(-x.upper, -x.lower) }
        return Interval(0, max(-x.lower, x.upper))
    }

    /// `sin` or `cos` over `x`: monotone between the zeros of its derivative, so on a
    /// stretch shorter than π, which holds at most one of them, the values at the ends give
    /// the range, widened to 1 (or −1) where the slope falls (or rises) through zero inside
    /// (a stretch of 3 or more is halved; one of 2π or more gets [−1, 1]). Computed by
    /// `gcvm_interval_periodic`, which the compiled evaluator's batch kernels share, so
    /// both give the same bounds: sin and cos of each end come from one argument
    /// reduction, exact up to |x| = 1.6e6 and within an ulp of glibc's (glibc's own
    /// beyond, which reduces exactly over the whole double range), so the signs of the
    /// slope at the ends are right and the enclosure stays as tight at large x. Each value
    /// moves outward ``Rounding/libraryUlps`` ulps, except sin 0 = 0 and cos 0 = 1.
    private static func periodic(_ x: Interval, cosine: Bool) -> Interval {
        var lower = -1.0, upper = 1.0
        gcvm_interval_periodic(cosine ? 1 : 0, x.lower, x.upper, &lower, &upper)
        return Interval(lower, upper)
    }

    /// `tan`: increasing between its poles π/2 + kπ, where `cos` changes sign; an interval
    /// shorter than π holds at most one, and glibc's `cos` (exactly reduced, within an ulp)
    /// gives the right sign at each end over the whole double range. Across a pole, two pieces.
    private static func tangent(_ x: Interval) -> Enclosure {
        guard x.isBounded, x.upper - x.lower < .pi else {
            return Enclosure(.entire, isTotal: true, isContinuous: false)
        }
        let atLower = tan(x.lower), atUpper = tan(x.upper)
        if (cos(x.lower) > 0) != (cos(x.upper) > 0) {
            return Enclosure(
                union: [
                    Interval(-.infinity, Rounding.libraryUp(atUpper)),
                    Interval(Rounding.libraryDown(atLower), .infinity),
                ], isTotal: true, isContinuous: false)
        }
        // Rounding can put two values within an ulp or two out of order on a tiny interval.
        guard atLower <= atUpper else { return Enclosure(outward(atLower, atUpper)) }
        let lower = x.lower == 0 ? atLower : Rounding.libraryDown(atLower)
        let upper = x.upper == 0 ? atUpper : Rounding.libraryUp(atUpper)
        return Enclosure(Interval(lower, upper))
    }

    /// `1/x`: two pieces across 0, one unbounded piece when 0 is an end.
    static func reciprocal(_ x: Interval) -> Enclosure {
        if x.lower > 0 || x.upper < 0 {
            return Enclosure(Interval(Rounding.quotientDown(1, x.upper), Rounding.quotientUp(1, x.lower)))
        }
        if x.lower == 0 && x.upper == 0 { return .empty }
        if x.lower == 0 { return Enclosure(Interval(Rounding.quotientDown(1, x.upper), .infinity), isTotal: false) }
        if x.upper == 0 { return Enclosure(Interval(-.infinity, Rounding.quotientUp(1, x.lower)), isTotal: false) }
        return Enclosure(
            union: [
                Interval(-.infinity, Rounding.quotientUp(1, x.lower)),
                Interval(Rounding.quotientDown(1, x.upper), .infinity),
            ],
            isTotal: false, isContinuous: false)
    }
}
