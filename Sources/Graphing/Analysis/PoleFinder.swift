import GraphCalcSupport

/// Where a function is unbounded in a range — its poles — each located by bisection to a
/// narrow interval: stretches whose enclosure is bounded are dropped, the others halved.
/// Overestimation (`1/(x^2-x+1)` on [0, 1] looks unbounded) goes as the stretches narrow.
/// What is left at the resolution is a pole where the values grow toward it
/// (``grows(toward:in:)``); where they do not, it is a removable singularity whose
/// enclosure interval arithmetic cannot bound (`sin(x)/x` at 0) or an overflow
/// (`exp(x)` at 709.78), and is not called a pole.
public struct PoleFinder: Sendable {
    /// The function, with guaranteed enclosures.
    public let function: any GraphFunction
    /// The narrowest stretch, as a fraction of the range.
    public var resolution = 1e-12
    /// The most stretches looked at.
    public var budget = 20_000

    /// A search for the poles of `function`.
    public init(function: any GraphFunction) {
        self.function = function
    }

    /// The poles in `range`, left to right, and whether the search ended before it had
    /// looked everywhere (too many poles for the budget: `1/sin(1e4*x)`).
    public func poles(in range: Interval) -> (poles: [Interval], isComplete: Bool) {
        guard range.isBounded else { return ([], false) }
        let smallest = max(range.width * resolution, Double.leastNormalMagnitude)
        var found: [Interval] = []
        // Depth first, the left half first: with more poles than the budget allows, the
        // leftmost are located rather than none.
        var pending = [range]
        var spent = 0
        while let stretch = pending.popLast() {
            spent += 1
            if spent > budget || Cancellation.isRequested { return (Interval.mergingTouching(found), false) }
            let enclosure = function.enclosures(over: [stretch])[0]
            guard let hull = enclosure.hull, !hull.isBounded else { continue }
            // An overflow is no pole; halving it down would spend the budget on it.
            if enclosure.isOverflow { continue }
            if stretch.width > smallest, let halves = stretch.halves {
                pending += [halves.upper, halves.lower]
            } else {
                found.append(stretch)
            }
        }
        return (Interval.mergingTouching(found).filter { grows(toward: $0, in: range) }, true)
    }

    /// Whether |f| grows toward `pole` from a side where it has values: at distances of
    /// 10⁻³ to 10⁻¹² of the range, each larger than the last, and still by 1% or more a
    /// decade in the last three (a logarithm's pole grows that fast; an overflow's edge,
    /// or a removable singularity, does not grow).
    public func grows(toward pole: Interval, in range: Interval) -> Bool {
        for side in [-1.0, 1.0] {
            var distance = range.width / 1e3
            var xs: [Double] = []
            for _ in 3...12 {
                let x = side < 0 ? pole.lower - distance : pole.upper + distance
                guard range.contains(x) else { break }
                xs.append(x)
                distance /= 10
            }
            guard xs.count == 10 else { continue }
            let magnitudes = function.values(at: xs).map(abs)
            guard magnitudes.allSatisfy(\.isFinite) else { continue }
            let steps = zip(magnitudes, magnitudes.dropFirst())
            if steps.allSatisfy({ $1 > $0 }), steps.suffix(3).allSatisfy({ $1 >= $0 * 1.01 }) { return true }
        }
        return false
    }
}
