import GraphCalcSupport

/// Where a function is unbounded in a range — its poles — each located by bisection to a
/// narrow interval: stretches whose enclosure is bounded are dropped, the others halved.
/// Overestimation (`1/(x^2-x+1)` on [0, 1] looks unbounded) goes as the stretches narrow,
/// so what is left at the resolution is a pole, proved unbounded on that interval.
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
            if spent > budget || Cancellation.isRequested { return (merged(found), false) }
            guard let hull = function.enclosures(over: [stretch])[0].hull, !hull.isBounded else { continue }
            let middle = stretch.lower + (stretch.upper - stretch.lower) * 0.4876543
            if stretch.width > smallest, middle > stretch.lower, middle < stretch.upper {
                pending += [Interval(middle, stretch.upper), Interval(stretch.lower, middle)]
            } else {
                found.append(stretch)
            }
        }
        return (merged(found), true)
    }

    /// Stretches that touch, as one.
    private func merged(_ stretches: [Interval]) -> [Interval] {
        var result: [Interval] = []
        for stretch in stretches.sorted(by: { $0.lower < $1.lower }) {
            if let last = result.last, stretch.lower <= last.upper.nextUp {
                result[result.count - 1] = last.hull(stretch)
            } else {
                result.append(stretch)
            }
        }
        return result
    }
}
