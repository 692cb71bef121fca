/// Finds what breaks a function's graph in stretches far narrower than a pixel, where the
/// enclosure stays loose however far the samplers halve: a jump, a hole or a point defined
/// on its own. It works on point values: the simplest double of the stretch and its
/// neighbours (holes and isolated points sit at simple numbers), and for a jump a
/// bisection on the doubles in order (at most 64 steps) to the two neighbours it falls
/// between. Every stretch of a batch is evaluated together, one step at a time.
///
/// Steep continuous stretches (no two neighbouring doubles more than a pixel row apart)
/// and poles (values beyond every finite double) are not discontinuities here: the
/// samplers draw them as they are.
struct DiscontinuityLocator {
    /// The function.
    let function: any GraphFunction
    /// Values closer than this are one value on the graph: a pixel row.
    let tolerance: Double
    /// On a log y axis, values closer than this share of the smaller are one value too
    /// (a row there is a ratio, not a width); 0 on a linear axis.
    var relativeTolerance = 0.0
    /// Defined stretches narrower than this are points on the graph (a fraction of a
    /// pixel column); `nil` to look for points only where the neighbouring doubles have
    /// no value.
    var resolution: Double? = nil

    /// A stretch to look in, with the values at its ends and its enclosure.
    struct Stretch {
        let x: Interval
        let left: Double
        let right: Double
        let enclosure: Enclosure
    }

    /// A jump being bisected: `low` is on the left value's side, `high` is not.
    private struct Bisection {
        let index: Int
        var low: OrderedDouble, high: OrderedDouble
        var lowValue: Double, highValue: Double
    }

    /// What breaks each stretch's graph, or `nil` where nothing is found. With
    /// `bisecting` false only the simplest double and its neighbours are looked at (for
    /// stretches wider than a leaf, whose ends say little).
    func locate(_ stretches: [Stretch], bisecting: Bool = true) -> [Discontinuity?] {
        var found = [Discontinuity?](repeating: nil, count: stretches.count)
        let simplest = stretches.map { PathSampler.simplest(in: $0.x.lower, $0.x.upper) ?? $0.x.midpoint }
        let around = function.values(at: simplest.flatMap { [$0, $0.nextDown, $0.nextUp] })
        var jumps: [Bisection] = []
        for (index, stretch) in stretches.enumerated() {
            let (value, below, above) = (around[3 * index], around[3 * index + 1], around[3 * index + 2])
            if let point = classified(at: simplest[index], value: value, below: below, above: above, stretch) {
                found[index] = point
            } else if value.isFinite, !stretch.left.isFinite, !stretch.right.isFinite,
                let island = island(around: simplest[index], value: value, stretch)
            {
                found[index] = island
            } else if bisecting, stretch.left.isFinite, stretch.right.isFinite,
                !isClose(stretch.left, stretch.right)
            {
                jumps.append(
                    Bisection(
                        index: index, low: OrderedDouble(stretch.x.lower), high: OrderedDouble(stretch.x.upper),
                        lowValue: stretch.left, highValue: stretch.right))
            }
        }
        bisect(&jumps, stretches)
        let beyond = function.values(at: jumps.map { $0.high.value.nextUp })
        for (jump, after) in zip(jumps, beyond) {
            found[jump.index] = finishedJump(jump, after: after, stretches[jump.index])
        }
        return withRays(found)
    }

    /// Each break, with the slivers between it and its neighbouring doubles enclosed (as
    /// real intervals, the break included): where one is unbounded the function runs on
    /// to ±∞ beside the break however close the last double lies, so that side gets a
    /// ray and no open circle at the last double's value (`ln(x)` at 0 approaches no
    /// −744.44).
    private func withRays(_ found: [Discontinuity?]) -> [Discontinuity?] {
        var slivers: [(index: Int, sliver: Interval, neighbour: Double)] = []
        for (index, discontinuity) in found.enumerated() {
            guard let discontinuity else { continue }
            let x = discontinuity.x, gap = discontinuity.gap
            if gap.lower < x { slivers.append((index, Interval(gap.lower, x), gap.lower)) }
            if x < gap.upper { slivers.append((index, Interval(x, gap.upper), gap.upper)) }
        }
        guard !slivers.isEmpty else { return found }
        let enclosures = function.enclosures(over: slivers.map(\.sliver))
        let values = function.values(at: slivers.map(\.neighbour))
        var rays: [Int: (rays: [Interval], unbounded: [Double])] = [:]
        for (position, (index, sliver, beside)) in slivers.enumerated() {
            let enclosure = enclosures[position], neighbour = values[position]
            guard function.runsOff(at: beside, away: beside < sliver.upper ? -1 : 1) else { continue }
            guard neighbour.isFinite,
                let hull = enclosure.pieces.first(where: { $0.contains(neighbour) }),
                hull.lower.isFinite != hull.upper.isFinite
            else { continue }
            rays[index, default: ([], [])].rays.append(hull)
            rays[index, default: ([], [])].unbounded.append(neighbour)
        }
        return found.enumerated().map { index, discontinuity in
            guard let discontinuity, let sides = rays[index] else { return discontinuity }
            let unbounded = discontinuity.approached.filter { value in
                sides.unbounded.contains { isClose($0, value) || $0 == value }
            }
            return discontinuity.with(rays: sides.rays, unbounded: unbounded)
        }
    }

    /// What the values at `x` and its neighbouring doubles show: a point on its own, a
    /// jump or a hole at `x`, an end of the graph that `x` does not reach; `nil` when the
    /// graph runs through `x` (or nowhere near it).
    private func classified(
        at x: Double, value: Double, below: Double, above: Double, _ stretch: Stretch
    ) -> Discontinuity? {
        func made(_ kind: Discontinuity.Kind, approached: [Double]) -> Discontinuity {
            Discontinuity(
                kind: kind, x: x, value: value.isFinite ? value : nil, approached: approached, stretch: stretch.x,
                gap: Interval(x.nextDown, x.nextUp), enclosure: stretch.enclosure)
        }
        switch (below.isFinite, above.isFinite) {
        case (false, false):
            return value.isFinite ? made(.isolatedPoint, approached: []) : nil
        case (true, true) where isClose(below, above):
            return isClose(value, below) ? nil : made(.hole, approached: [below / 2 + above / 2])
        case (true, true):
            // Neighbours more than a row apart: a jump; the sides x does not take are approached.
            return made(.jump, approached: [below, above].filter { !isClose($0, value) })
        case (true, false), (false, true):
            // One side only: an end of the graph, marked where x does not take the
            // side's value (open: `x/x` at 0 from the right) or takes another (0^x at 0).
            let side = below.isFinite ? below : above
            return isClose(value, side) ? nil : made(value.isFinite ? .jump : .end, approached: [side])
        }
    }

    /// A defined stretch around `x` too narrow to see, between undefined ends: a point on
    /// its own at the graph's resolution (`sqrt(-x^2)`, defined in doubles for |x| below
    /// 1.5e-162), marked at its simplest double. Its ends are found by bisection, one
    /// evaluation a step.
    func island(around x: Double, value: Double, _ stretch: Stretch) -> Discontinuity? {
        guard let resolution else { return nil }
        let start = function.domainBoundary(defined: x, undefined: stretch.x.lower)?.x ?? x
        let end = function.domainBoundary(defined: x, undefined: stretch.x.upper)?.x ?? x
        guard end - start <= resolution else { return nil }
        let simplest = PathSampler.simplest(in: start, end) ?? x
        let simplestValue = simplest == x ? value : function.values(at: [simplest])[0]
        let (at, y) = simplestValue.isFinite ? (simplest, simplestValue) : (x, value)
        return Discontinuity(
            kind: .isolatedPoint, x: at, value: y, approached: [], stretch: stretch.x,
            gap: Interval(start.nextDown, end.nextUp), enclosure: stretch.enclosure)
    }

    /// Halves every jump's stretch, in one batch a step, until its ends are neighbours.
    private func bisect(_ jumps: inout [Bisection], _ stretches: [Stretch]) {
        var active = Array(jumps.indices)
        while !active.isEmpty {
            let middles = active.map { index in
                let jump = jumps[index]
                return OrderedDouble(
                    key: jump.low.key / 2 + jump.high.key / 2 + (jump.low.key % 2 + jump.high.key % 2) / 2)
            }
            let values = function.values(at: middles.map(\.value))
            for (index, (middle, value)) in zip(active, zip(middles, values)) {
                let stretch = stretches[jumps[index].index]
                if value.isFinite && abs(value - stretch.left) < abs(value - stretch.right) {
                    jumps[index].low = middle
                    jumps[index].lowValue = value
                } else {
                    jumps[index].high = middle
                    jumps[index].highValue = value
                }
            }
            active.removeAll { jumps[$0].low.isNeighbour(of: jumps[$0].high) }
        }
    }

    /// The jump between a bisection's neighbouring doubles, if the values there are more
    /// than a row apart; `after` is the value at the double after the higher one.
    private func finishedJump(_ jump: Bisection, after: Double, _ stretch: Stretch) -> Discontinuity? {
        let (a, b) = (jump.lowValue, jump.highValue)
        let low = jump.low.value, high = jump.high.value
        guard a.isFinite, !isClose(a, b) else { return nil }
        if b.isFinite && isClose(b, after) {
            // The value switches between neighbours: the simpler of the two is where the
            // jump is, and takes its value there.
            let x = PathSampler.simplest(in: low, high) ?? high
            return Discontinuity(
                kind: .jump, x: x, value: x == low ? a : b, approached: [x == low ? b : a], stretch: stretch.x,
                gap: Interval(low, high), enclosure: stretch.enclosure)
        }
        guard after.isFinite else { return nil }
        // One double with no value, or a value of its own, between the two sides.
        let isHole = isClose(a, after)
        return Discontinuity(
            kind: isHole ? .hole : .jump, x: high, value: b.isFinite ? b : nil,
            approached: isHole ? [a / 2 + after / 2] : [a, after], stretch: stretch.x,
            gap: Interval(low, high.nextUp), enclosure: stretch.enclosure)
    }

    /// Whether two values are one on the graph (both with a value, within a row).
    private func isClose(_ a: Double, _ b: Double) -> Bool {
        a.isFinite && b.isFinite
            && (abs(a - b) <= tolerance || abs(a - b) <= relativeTolerance * min(abs(a), abs(b)))
    }
}
