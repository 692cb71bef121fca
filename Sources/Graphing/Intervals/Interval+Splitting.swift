extension Interval {
    /// Where branch and bound splits a stretch: off the middle, so that zeros, poles and
    /// jumps at simple numbers (0, whole numbers) fall inside a half rather than on the
    /// edge between two.
    static let splitFraction = 0.4876543

    /// The two halves, split at ``splitFraction``, or `nil` where the interval holds too
    /// few doubles to split.
    var halves: (lower: Interval, upper: Interval)? {
        let middle = lower + (upper - lower) * Self.splitFraction
        guard middle > lower, middle < upper else { return nil }
        return (Interval(lower, middle), Interval(middle, upper))
    }

    /// `intervals` in increasing order with those that touch (the next starts at most one
    /// double after the last ends) as one.
    static func mergingTouching(_ intervals: [Interval]) -> [Interval] {
        var result: [Interval] = []
        for interval in intervals.sorted(by: { $0.lower < $1.lower }) {
            if let last = result.last, interval.lower <= last.upper.nextUp {
                result[result.count - 1] = last.hull(interval)
            } else {
                result.append(interval)
            }
        }
        return result
    }
}
