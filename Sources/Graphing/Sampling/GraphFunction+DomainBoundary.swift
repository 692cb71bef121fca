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
}
