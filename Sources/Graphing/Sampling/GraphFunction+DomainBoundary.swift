extension GraphFunction {
    /// The point at the last double with a value between `defined` (which has one) and
    /// `undefined` (which has none), found by bisecting the doubles in order (at most 64
    /// steps), or `nil` when `defined` is already that double.
    func domainBoundary(defined: Double, undefined: Double) -> Point? {
        var inside = OrderedDouble(defined), outside = OrderedDouble(undefined)
        var value = values(at: [defined])[0]
        while !inside.isNeighbour(of: outside) {
            let middle = OrderedDouble(key: inside.key / 2 + outside.key / 2 + (inside.key % 2 + outside.key % 2) / 2)
            let y = values(at: [middle.value])[0]
            if y.isFinite {
                inside = middle
                value = y
            } else {
                outside = middle
            }
        }
        guard value.isFinite, inside.value != defined else { return nil }
        // Adding 0 turns −0 into 0.
        return Point(x: inside.value + 0, y: value + 0)
    }

    /// Whether the values approaching the double `end` run off to ±∞ rather than to a
    /// finite value: at `end` and at 2²⁰ and 2⁴⁰ doubles further away from it (towards
    /// larger x when `away` is 1, smaller when −1), all with values, growing in magnitude
    /// one way towards `end` (`ln(x)` at 5e−324: −744.4, −730.5, −716.6; not `x/x+1`'s
    /// 2, 2, 2). With an enclosure unbounded that way between `end` and the break, it is
    /// where a graph draws a ray rather than mark a finite limit.
    func runsOff(at end: Double, away: Int64) -> Bool {
        let key = OrderedDouble(end).key
        let probes =
            [end]
            + [Int64(1) << 20, Int64(1) << 40].map { step in
                let (moved, overflow) = key.addingReportingOverflow(away * step)
                return overflow ? end : OrderedDouble(key: moved).value
            }
        let values = self.values(at: probes)
        let (at, nearer, farther) = (values[0], values[1], values[2])
        return at.isFinite && nearer.isFinite && farther.isFinite && abs(at) > abs(nearer)
            && abs(nearer) > abs(farther) && (at - nearer).sign == (nearer - farther).sign
    }
}
