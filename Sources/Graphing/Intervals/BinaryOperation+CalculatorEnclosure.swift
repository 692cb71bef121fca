import CVectorMath
import CalculatorBrain

/// Enclosures of the calculator keys `mod`, `log(b, x)`, `nPr` and `nCr`.
extension BinaryOperation {
    /// `mod(a, b)` over boxes: where the whole quotient ⌊a/b⌋ is one k throughout, it is
    /// a − k·b, continuous; elsewhere it jumps, and lies between 0 and b (with b's sign).
    static func modulo(_ a: Interval, _ b: Interval) -> Enclosure {
        let isTotal = a.isBounded && b.isBounded && !b.contains(0)
        // Between 0 and b, whatever a is.
        let range = Interval(min(0, b.lower), max(0, b.upper))
        guard isTotal else {
            if b == Interval(0) { return .empty }
            return Enclosure(range, isTotal: false, isContinuous: false)
        }
        let quotient = BinaryOperation.division.enclosure(over: a, b)
        if let hull = quotient.hull, quotient.count == 1, hull.isBounded,
            let whole = wholeQuotient(a, b, hull)
        {
            // a − k·b, with the same k everywhere (and never a multiple of b inside).
            let k = Interval(whole)
            let shifted = BinaryOperation.subtraction.enclosure(over: a, product(k, b))
            if let value = shifted.hull, let clipped = value.intersection(range) {
                return Enclosure(clipped)
            }
        }
        return Enclosure(range, isTotal: true, isContinuous: false)
    }

    /// The one whole quotient ⌊a/b⌋ of every a in `a`, from an enclosure of a/b, or `nil`
    /// when it may change. Where rounding alone puts the enclosure across a whole number m
    /// (a/b within an ulp of m, as beside 0 among the subnormals), the multiple m·b is
    /// placed exactly against a's ends with fused multiply-adds.
    private static func wholeQuotient(_ a: Interval, _ b: Interval, _ quotient: Interval) -> Double? {
        let low = quotient.lower.rounded(.down), high = quotient.upper.rounded(.down)
        if low == high { return low }
        guard b.isPoint, high - low == 1 else { return nil }
        let m = high, divisor = b.lower
        // m·b − a's ends, each rounded once: their signs are exact.
        let belowLower = (-a.lower).addingProduct(m, divisor) < 0
        let aboveUpper = (-a.upper).addingProduct(m, divisor) > 0
        guard belowLower || aboveUpper else { return nil }
        // Every a/b lies on one side of m.
        return belowLower == (divisor > 0) ? m : m - 1
    }

    /// `log(b, x)` = log₂x / log₂b: defined for x > 0 and a base b > 0 other than 1 (a
    /// pole in the base at 1).
    static func logarithm(base b: Interval, _ x: Interval) -> Enclosure {
        guard x.upper > 0, b.upper > 0, b != Interval(1) else { return .empty }
        let numerator = UnaryOperation.binaryLogarithm.enclosure(over: x)
        let denominator = UnaryOperation.binaryLogarithm.enclosure(over: b)
        var result = BinaryOperation.division.enclosure(of: numerator, denominator)
        result.isTotal = x.lower > 0 && b.lower > 0 && !b.contains(1) && b.upper < .infinity
        return result
    }

    /// How many (n, r) pairs are counted one by one before a bound is used.
    private static let largestEnumeration = 64

    /// `nPr` or `nCr` over every whole pair 0 ≤ r ≤ n in the box: each pair's value when
    /// there are few, else from 1 to the largest possible; defined only at whole numbers,
    /// so partial and discontinuous unless the box is one pair.
    func choices(_ n: Interval, _ r: Interval) -> Enclosure {
        let firstN = max(0, n.lower.rounded(.up)), lastN = n.upper.rounded(.down)
        let firstR = max(0, r.lower.rounded(.up)), lastR = r.upper.rounded(.down)
        guard firstN <= lastN, firstR <= lastR, firstR <= lastN else { return .empty }
        let isOnePair = n.isPoint && r.isPoint && n.isBounded && r.isBounded
        let countN = lastN - firstN + 1, countR = lastR - firstR + 1
        var lower = Double.infinity, upper = -Double.infinity
        if countN * countR <= Double(Self.largestEnumeration) {
            // Offsets as integers: beyond 2⁵³, n + 1 is n again.
            for stepN in 0..<Int(countN) {
                let k = firstN + Double(stepN)
                for stepR in 0..<Int(countR) where firstR + Double(stepR) <= k {
                    let value = apply(k, firstR + Double(stepR))
                    lower = min(lower, value)
                    upper = max(upper, value)
                }
            }
        } else {
            // Both grow with n, nPr with r too; nCr is largest at r = n/2.
            lower = 1
            let r = self == .permutations ? min(lastR, lastN) : min(max((lastN / 2).rounded(.down), firstR), lastR)
            // Past the doubles (n = ∞) there is no value to compute: no bound above.
            let largest = apply(lastN, r)
            upper = largest.isNaN ? .infinity : largest
        }
        guard lower <= upper else { return .empty }
        // Products beyond 2⁵³ round at each factor: widen by as many ulps as factors.
        func widened(_ value: Double, down: Bool) -> Double {
            guard value > 9_007_199_254_740_992 else { return value }
            var result = value
            for _ in 0..<1024 { result = down ? result.nextDown : result.nextUp }
            return result
        }
        return Enclosure(
            Interval(widened(lower, down: true), widened(upper, down: false)), isTotal: isOnePair,
            isContinuous: isOnePair)
    }
}
