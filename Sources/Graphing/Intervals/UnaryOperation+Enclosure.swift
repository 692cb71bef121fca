import CalculatorBrain

#if canImport(Glibc)
    import Glibc
#endif

extension UnaryOperation {
    /// The values of the operation on every member of `enclosure`, with its domain rules.
    public func enclosure(of enclosure: Enclosure) -> Enclosure {
        enclosure.flatMap(enclosure(over:))
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
            let function = { (value: Double) -> Double in isNatural ? Glibc.log(value) : Glibc.log10(value) }
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
            return Enclosure(Self.periodic(x, maximumAt: .pi / 2, minimumAt: -.pi / 2, function: sin))
        case .cosine:
            return Enclosure(Self.periodic(x, maximumAt: 0, minimumAt: .pi, function: cos))
        case .tangent:
            return Self.tangent(x)
        case .reciprocal:
            return Self.reciprocal(x)
        }
    }

    /// Whether libm's result at `x` is exact: the points where IEEE 754 recommends, and
    /// glibc gives, exact results (sin 0 = 0, cos 0 = 1, exp 0 = 1, ln 1 = 0, acos 1 = 0, …).
    private func isExactLibraryResult(at x: Double) -> Bool {
        switch self {
        case .sine, .tangent, .arcsine, .arctangent: x == 0
        case .cosine, .exponential: x == 0
        case .naturalLogarithm, .commonLogarithm, .arccosine: x == 1
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

    private static func magnitude(of x: Interval) -> Interval {
        if x.lower >= 0 { return x }
        if x.upper <= 0 { return Interval(-x.upper, -x.lower) }
        return Interval(0, max(-x.lower, x.upper))
    }

    /// `sin` or `cos`: the values at the ends, widened to ±1 where a maximum or minimum
    /// (`maximumAt + 2kπ`, `minimumAt + 2kπ`) may lie inside.
    private static func periodic(
        _ x: Interval, maximumAt: Double, minimumAt: Double, function: (Double) -> Double
    ) -> Interval {
        let unit = Interval(-1, 1)
        // Beyond 2^50 the spacing of doubles exceeds π: every interval is a full period.
        guard x.isBounded, x.upper - x.lower < 2 * .pi, max(-x.lower, x.upper) < 0x1p50 else { return unit }
        let atLower = function(x.lower), atUpper = function(x.upper)
        let exactAtZero = { (point: Double) in point == 0 }
        let low = min(atLower, atUpper), high = max(atLower, atUpper)
        let lowIsExact = exactAtZero(low == atLower ? x.lower : x.upper)
        let highIsExact = exactAtZero(high == atLower ? x.lower : x.upper)
        let lower = containsCriticalPoint(x, at: minimumAt) ? -1 : max(-1, lowIsExact ? low : Rounding.libraryDown(low))
        let upper = containsCriticalPoint(x, at: maximumAt) ? 1 : min(1, highIsExact ? high : Rounding.libraryUp(high))
        return Interval(lower, upper)
    }

    /// Whether `point + 2kπ` may lie in `x` for some integer k; errs towards yes.
    private static func containsCriticalPoint(_ x: Interval, at point: Double) -> Bool {
        let period = 2 * Double.pi
        let k = ((x.lower - point) / period).rounded(.up)
        let tolerance = 1e-12 * max(1, abs(x.lower), abs(x.upper))
        for candidate in [k - 1, k] {
            let critical = point + candidate * period
            if critical >= x.lower - tolerance && critical <= x.upper + tolerance { return true }
        }
        return false
    }

    /// `tan`: increasing between its poles π/2 + kπ; across one, two pieces.
    ///
    /// The pole nearest the middle is the only one an interval narrower than π can hold.
    /// When it lies within rounding distance of an end, the sign of tan at that end tells
    /// which side of the pole the end is on (|tan| > 10¹¹ there, so the sign is reliable).
    private static func tangent(_ x: Interval) -> Enclosure {
        guard x.isBounded, x.upper - x.lower < .pi, max(-x.lower, x.upper) < 0x1p50 else {
            return Enclosure(.entire, isTotal: true, isContinuous: false)
        }
        let atLower = tan(x.lower), atUpper = tan(x.upper)
        let k = ((x.midpoint - .pi / 2) / .pi).rounded()
        let pole = .pi / 2 + k * .pi
        let tolerance = 1e-12 * max(1, abs(pole))
        let holdsPole: Bool
        if abs(pole - x.lower) <= tolerance {
            holdsPole = atLower > 0
        } else if abs(pole - x.upper) <= tolerance {
            holdsPole = atUpper < 0
        } else {
            holdsPole = x.lower < pole && pole < x.upper
        }
        if holdsPole {
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
