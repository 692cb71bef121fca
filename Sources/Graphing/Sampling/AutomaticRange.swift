/// Chooses a y range for a function over an x range, as a plot does when none is given.
///
/// The function is sampled at every pixel column's edges; columns whose enclosure shows
/// a pole or a domain boundary are set aside, since their values say nothing about the
/// shape. Without poles the range is every value sampled. With poles, the values still
/// climb steeply next to them, so the range keeps only values within three
/// interquartile ranges of the middle half: tan(x) on [−10, 10] gets about [−7, 7], and
/// every branch keeps its shape instead of being flattened by values near ±∞.
/// The range is padded by 5% each side; a constant function gets ±10% of its value
/// (±1 at 0), and a function with no value anywhere gets [−1, 1].
public enum AutomaticRange {
    /// The y range for `function` over `x` with `columns` pixel columns; [−1, 1] for an x
    /// range that is empty or not finite.
    public static func yRange(
        for function: any GraphFunction, x: (lower: Double, upper: Double), columns: Int
    ) -> (lower: Double, upper: Double) {
        let count = max(columns, 1)
        let step = (x.upper - x.lower) / Double(count)
        // A range a viewport would refuse (reversed, not finite, wider than the doubles).
        guard step.isFinite, step > 0, x.lower.isFinite else { return (-1, 1) }
        let edges = (0...count).map { x.lower + Double($0) * step }
        let intervals = (0..<count).map { Interval(edges[$0], max(edges[$0], edges[$0 + 1])) }
        let enclosures = function.enclosures(over: intervals)
        let values = function.values(at: edges)

        var hasPoles = false
        var kept: [Double] = []
        for (index, enclosure) in enclosures.enumerated() {
            let isSmooth = enclosure.isContinuous && (enclosure.isTotal || !function.hasGuaranteedEnclosures)
            if !isSmooth && !enclosure.isEmpty { hasPoles = true }
            guard isSmooth else { continue }
            for value in [values[index], values[index + 1]] where value.isFinite { kept.append(value) }
        }
        if kept.isEmpty { kept = values.filter(\.isFinite) }
        guard !kept.isEmpty else { return (-1, 1) }
        kept.sort()

        var lower = kept[0], upper = kept[kept.count - 1]
        if hasPoles {
            let firstQuartile = kept[kept.count / 4], thirdQuartile = kept[(3 * kept.count) / 4]
            let reach = 3 * (thirdQuartile - firstQuartile)
            let fence = (firstQuartile - reach, thirdQuartile + reach)
            lower = kept.first { $0 >= fence.0 } ?? lower
            upper = kept.last { $0 <= fence.1 } ?? upper
        }
        if lower == upper {
            let margin = lower == 0 ? 1 : abs(lower) / 10
            return (lower - margin, upper + margin)
        }
        let padding = (upper - lower) / 20
        return (lower - padding, upper + padding)
    }
}
