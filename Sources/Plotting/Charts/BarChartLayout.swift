/// Where the bars of a bar chart go along the category axis, and which bar a position
/// falls on (hit-testing, as a touch on a chart selects a bar).
public struct BarChartLayout: Sendable, Equatable {
    /// The pixel range of each bar along the category axis, `[start, end)`, in record order.
    public let bars: [Range<Double>]

    /// Bars for `count` records over `length` pixels from `start`: each slot of
    /// `length / count` holds a bar of `barFraction` of it, centred, with the rest as gaps.
    public init(count: Int, length: Double, start: Double = 0, barFraction: Double = 0.7) {
        guard count > 0, length > 0 else {
            bars = []
            return
        }
        let slot = length / Double(count), width = slot * barFraction
        bars = (0..<count).map { index in
            let lower = start + Double(index) * slot + (slot - width) / 2
            return lower..<(lower + width)
        }
    }

    /// Bars at the given spans, in record order.
    init(bars: [Range<Double>]) {
        self.bars = bars
    }

    /// The record whose bar covers position `x` along the category axis, or nil over a gap.
    public func bar(at x: Double) -> Int? {
        // Bars are sorted: binary search.
        var low = 0, high = bars.count
        while low < high {
            let middle = (low + high) / 2
            if bars[middle].upperBound <= x { low = middle + 1 } else { high = middle }
        }
        return low < bars.count && bars[low].contains(x) ? low : nil
    }
}
