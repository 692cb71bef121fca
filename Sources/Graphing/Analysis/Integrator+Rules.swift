import CalculatorBrain

/// The rules that enclose a stretch's share of the integral, and the outward sum of the
/// shares.
extension Integrator {
    /// The two nodes of the two-point Gauss rule on `stretch`, c ∓ (w/2)/√3, each as an
    /// interval rounded outward so it holds the exact node.
    static func gaussNodes(_ stretch: Interval) -> [Interval] {
        let centre = IntervalArithmetic.quotient(
            IntervalArithmetic.plus(Interval(stretch.lower), Interval(stretch.upper)), Interval(2))
        let half = IntervalArithmetic.quotient(
            Interval(Rounding.sumDown(stretch.upper, -stretch.lower), stretch.width), Interval(2))
        let offset = IntervalArithmetic.times(half, inverseRootThree)
        return [
            IntervalArithmetic.plus(centre, Interval(-offset.upper, -offset.lower)).intersection(stretch) ?? stretch,
            IntervalArithmetic.plus(centre, offset).intersection(stretch) ?? stretch,
        ]
    }

    /// 1/√3, enclosed.
    static let inverseRootThree = Interval(
        Rounding.quotientDown(1, Rounding.squareRootUp(3)), Rounding.quotientUp(1, Rounding.squareRootDown(3)))

    /// (w/2)(f(x₁) + f(x₂)) + w⁵·f⁗(X)/4320: the two-point Gauss rule and its error term,
    /// where f⁗ is bounded.
    static func gaussRule(_ width: Interval, _ f1: Interval, _ f2: Interval, _ bound: Enclosure) -> Interval? {
        guard bound.count == 1, bound.isTotal, bound.isContinuous, let d = bound.hull, d.isBounded else {
            return nil
        }
        let square = IntervalArithmetic.times(width, width)
        let fifth = IntervalArithmetic.times(IntervalArithmetic.times(square, square), width)
        let error = IntervalArithmetic.quotient(IntervalArithmetic.times(fifth, d), Interval(4320))
        return IntervalArithmetic.plus(
            IntervalArithmetic.times(IntervalArithmetic.quotient(width, Interval(2)), IntervalArithmetic.plus(f1, f2)),
            error)
    }

    /// w·f(c) + w³·f″(X)/24: the midpoint rule and its error term, where f″ is bounded.
    static func midpointRule(_ width: Interval, _ fc: Interval, _ bending: Enclosure) -> Interval? {
        guard bending.count == 1, bending.isTotal, bending.isContinuous, let b = bending.hull, b.isBounded else {
            return nil
        }
        let cube = IntervalArithmetic.times(IntervalArithmetic.times(width, width), width)
        let error = IntervalArithmetic.quotient(IntervalArithmetic.times(cube, b), Interval(24))
        return IntervalArithmetic.plus(IntervalArithmetic.times(width, fc), error)
    }

    /// w·f(c) ± w²·width(f′(X))/8: the mean-value form integrated, where f′ is bounded.
    static func meanValue(_ width: Interval, _ fc: Interval, _ slope: Enclosure) -> Interval? {
        guard slope.count == 1, slope.isTotal, slope.isContinuous, let d = slope.hull, d.isBounded else {
            return nil
        }
        let spread = IntervalArithmetic.quotient(
            IntervalArithmetic.times(IntervalArithmetic.times(width, width), Interval(d.width)), Interval(8))
        return IntervalArithmetic.plus(IntervalArithmetic.times(width, fc), Interval(-spread.upper, spread.upper))
    }

    /// The sum of `shares`, added in pairs so rounding outward costs a few ulps, not one
    /// per share.
    static func sum(_ shares: [Interval]) -> Interval {
        var level = shares.isEmpty ? [Interval(0)] : shares
        while level.count > 1 {
            var next: [Interval] = []
            next.reserveCapacity(level.count / 2 + 1)
            var index = 0
            while index + 1 < level.count {
                next.append(IntervalArithmetic.plus(level[index], level[index + 1]))
                index += 2
            }
            if index < level.count { next.append(level[index]) }
            level = next
        }
        return level[0]
    }

    /// An estimate of ∫|f|: the magnitudes of the shares' midpoints, summed; the scale the
    /// tolerance is relative to.
    static func sumOfMagnitudes(_ shares: [Interval]) -> Double {
        let total = shares.reduce(0) { $0 + abs($1.midpoint) }
        return max(total, Double.leastNormalMagnitude)
    }
}
