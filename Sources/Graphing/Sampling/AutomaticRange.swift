import CVectorMath
import GraphCalcSupport

/// Chooses a y range for a function over an x range, as a plot does when none is given.
///
/// The function is sampled at every pixel column's edges; columns whose enclosure shows
/// a pole or a domain boundary are set aside, since their values say nothing about the
/// shape. Where a column's enclosure reaches well beyond the values sampled (a spike
/// between two samples), the column is halved, branch-and-bound fashion, until a sampled
/// value comes within 1% of the range of its bound, so narrow spikes are in range (within
/// a budget of 64 halvings a column, fewer for a program of over 4,096 instructions, and
/// in all as ``workLimit`` allows, at least 2 a column; a long program is sampled in
/// fewer columns, at least 16, as ``workLimit`` allows too).
/// Without poles the range is every value sampled. With poles, the values still
/// climb steeply next to them, so the range keeps only values within three
/// interquartile ranges of the middle half: tan(x) on [−10, 10] gets about [−7, 7], and
/// every branch keeps its shape instead of being flattened by values near ±∞.
/// Columns at a domain end contribute the value at the end itself, found by bisection
/// (so `sqrt(1-x^2)` keeps its ends at 0). Overflowed and undefined values are ignored.
/// When the values come within a quarter of their span of 0, the range reaches 0, so the
/// x-axis shows. The range is padded by 5% each side and stays within the doubles; a
/// constant function gets ±10% of its value (±1 at 0), and a function with no value
/// anywhere gets [−1, 1] (``hasValue(_:x:columns:xAxisScale:)`` tells that case apart).
///
/// On a log x axis the columns are equal steps of log₁₀ x. For a log y axis only positive
/// values count, and the range is found and padded by ratios (5% of its decades each
/// side; a constant gets a factor of 2 each side); with no positive value it is [0.1, 10].
public enum AutomaticRange {
    /// The y range for `function` over `x` with `columns` pixel columns, on axes of the
    /// scales given; [−1, 1] ([0.1, 10] for a log y axis) for an x range that is empty or
    /// not finite.
    public static func yRange(
        for function: any GraphFunction, x: Interval, columns: Int, xAxisScale: AxisScale = .linear,
        yAxisScale: AxisScale = .linear
    ) -> Interval {
        let fallback = yAxisScale == .log ? Interval(0.1, 10) : Interval(-1, 1)
        let columns = min(columns, max(16, workLimit / function.costOfEvaluation))
        guard let edges = edges(of: x, columns: columns, scale: xAxisScale) else { return fallback }
        let count = edges.count - 1
        let intervals = (0..<count).map { Interval(edges[$0], max(edges[$0], edges[$0 + 1])) }
        let enclosures = function.enclosures(over: intervals)
        let values = function.values(at: edges)

        var hasPoles = false
        var kept: [Double] = []
        var smooth: [(Interval, Enclosure)] = []
        var isolated: [Double] = []
        for (index, enclosure) in enclosures.enumerated() {
            let isSmooth = enclosure.isContinuous && (enclosure.isTotal || !function.hasGuaranteedEnclosures)
            let isBounded = enclosure.hull.map { $0.lower.isFinite && $0.upper.isFinite } ?? true
            // A pole splits a column or leaves part of it without a value, unbounded; an
            // overflow (exp beyond 709) is unbounded but total, and says nothing about the
            // rest; a bounded jump or a point defined on its own is no pole.
            if !isBounded && (!enclosure.isContinuous || !enclosure.isTotal) && !enclosure.isEmpty { hasPoles = true }
            if enclosure.isContinuous && isBounded && !enclosure.isTotal && !enclosure.isEmpty {
                // A domain end: the value where the function stops is attained, and shows.
                let (left, right) = (values[index], values[index + 1])
                if left.isFinite != right.isFinite {
                    let (defined, undefined) =
                        left.isFinite ? (edges[index], edges[index + 1]) : (edges[index + 1], edges[index])
                    if let end = function.domainBoundary(defined: defined, undefined: undefined) { kept.append(end.y) }
                }
            }
            // Points defined on their own ((−2)^x at whole x) are values the graph shows:
            // the simplest double of a bounded column that is partly without a value.
            if !enclosure.isContinuous && isBounded && !enclosure.isTotal && !enclosure.isEmpty,
                let simplest = PathSampler.simplest(in: intervals[index].lower, intervals[index].upper)
            {
                isolated.append(simplest)
            }
            guard isSmooth else { continue }
            for value in [values[index], values[index + 1]] where value.isFinite { kept.append(value) }
            smooth.append((intervals[index], enclosure))
        }
        kept += function.values(at: isolated).filter(\.isFinite)
        if kept.isEmpty { kept = values.filter(\.isFinite) }
        guard !kept.isEmpty else { return fallback }
        if function.hasGuaranteedEnclosures { kept += extremes(of: function, in: smooth, sampled: kept) }
        if yAxisScale == .log { return logRange(kept.filter { $0 > 0 }, hasPoles: hasPoles) }
        kept.sort()

        var lower = kept[0], upper = kept[kept.count - 1]
        if hasPoles {
            let firstQuartile = kept[kept.count / 4], thirdQuartile = kept[(3 * kept.count) / 4]
            let reach = 3 * (thirdQuartile - firstQuartile)
            let fence = (firstQuartile - reach, thirdQuartile + reach)
            lower = kept.first { $0 >= fence.0 } ?? lower
            upper = kept.last { $0 <= fence.1 } ?? upper
        }
        let largest = Double.greatestFiniteMagnitude
        if lower == upper {
            let margin = lower == 0 ? 1 : abs(lower) / 10
            return Interval(max(-largest, lower - margin), min(largest, upper + margin))
        }
        // Halves, so that spans near the largest double do not overflow.
        let halfSpan = upper / 2 - lower / 2
        if lower > 0 && lower <= halfSpan / 2 { lower = 0 }
        if upper < 0 && -upper <= halfSpan / 2 { upper = 0 }
        let padding = (upper / 2 - lower / 2) / 10
        var bottom = max(-largest, lower - padding), top = min(largest, upper + padding)
        // The width itself must be a double: keep the end farther from 0 and as much of the
        // other as a double's width allows.
        if !(top - bottom).isFinite { (bottom, top) = (lower, upper) }
        if !(top - bottom).isFinite {
            if abs(top) >= abs(bottom) { bottom = top - largest * 0.999 } else { top = bottom + largest * 0.999 }
        }
        return Interval(bottom, top)
    }

    /// The interval operations the columns' enclosures should cost at most, a target rather
    /// than a bound: a long program is sampled in fewer columns (never fewer than 16), so a
    /// million-op program's range takes a fraction of a second.
    public static let workLimit = 1 << 25

    /// Whether `function` may have a value somewhere over `x`: false only when no sampled
    /// point has a value and every column's enclosure is empty (proved undefined) or lies
    /// wholly beyond the doubles (it overflows, as `exp(x)` beyond 709.8).
    public static func hasValue(
        _ function: any GraphFunction, x: Interval, columns: Int, xAxisScale: AxisScale = .linear
    ) -> Bool {
        let count = max(columns, 1)
        let edges: [Double]
        if xAxisScale == .log {
            guard let logEdges = self.edges(of: x, columns: columns, scale: .log) else { return true }
            edges = logEdges
        } else {
            let step = x.upper / Double(count) - x.lower / Double(count)
            guard step.isFinite, step > 0 else { return true }
            edges = (0...count).map { index in index == count ? x.upper : x.lower + Double(index) * step }
        }
        if function.values(at: edges).contains(where: \.isFinite) { return true }
        guard function.hasGuaranteedEnclosures else { return false }
        let intervals = (0..<count).map { Interval(edges[$0], max(edges[$0], edges[$0 + 1])) }
        return function.enclosures(over: intervals).contains { enclosure in
            enclosure.pieces.contains { !isOverflow($0) }
        }
    }

    /// The edges of `columns` columns over `x`: equal steps of x, or of log₁₀ x on a log
    /// axis; `nil` for a range a viewport would refuse (reversed, not finite, wider than
    /// the doubles, or not positive on a log axis).
    private static func edges(of x: Interval, columns: Int, scale: AxisScale) -> [Double]? {
        let count = max(columns, 1)
        if scale == .log {
            let low = log10(x.lower), step = (log10(x.upper) - low) / Double(count)
            guard x.lower > 0, x.upper.isFinite, step.isFinite, step > 0 else { return nil }
            return (0...count).map { index in
                index == 0
                    ? x.lower
                    : index == count ? x.upper : min(max(pow(10, low + Double(index) * step), x.lower), x.upper)
            }
        }
        let step = (x.upper - x.lower) / Double(count)
        guard step.isFinite, step > 0, x.lower.isFinite else { return nil }
        return (0...count).map { x.lower + Double($0) * step }
    }

    /// A log axis's range for the positive values `kept`: their span in decades (with
    /// poles, only values within three interquartile ranges of the middle half, in
    /// decades), padded by 5% of it each side, within 1e308; a constant gets a factor of
    /// 2 each side.
    private static func logRange(_ kept: [Double], hasPoles: Bool) -> Interval {
        let logs = kept.map { log10($0) }.filter(\.isFinite).sorted()
        guard var lower = logs.first, var upper = logs.last else { return Interval(0.1, 10) }
        if hasPoles {
            let firstQuartile = logs[logs.count / 4], thirdQuartile = logs[(3 * logs.count) / 4]
            let reach = 3 * (thirdQuartile - firstQuartile)
            lower = logs.first { $0 >= firstQuartile - reach } ?? lower
            upper = logs.last { $0 <= thirdQuartile + reach } ?? upper
        }
        let padding = upper > lower ? (upper - lower) / 20 : log10(2.0)
        // At most 1e308, the largest decade: a function that overflows (exp(x) beyond
        // 709.8) leaves through the top, and nothing is drawn against the largest double.
        let largest = 308.0, smallest = log10(Double.leastNormalMagnitude)
        let bottom = max(Double.leastNormalMagnitude, pow(10, max(smallest, lower - padding)))
        let top = min(Double.greatestFiniteMagnitude, pow(10, min(largest, upper + padding)))
        return bottom < top ? Interval(bottom, top) : Interval(bottom, bottom * 4)
    }

    /// Whether an interval holds only values beyond the doubles (an overflow, the bound
    /// moved outward a few ulps from the largest double): the calculator has no value there.
    public static func isOverflow(_ y: Interval) -> Bool {
        let edge = Double.greatestFiniteMagnitude - 16 * Double.greatestFiniteMagnitude.ulp
        return y.lower >= edge || y.upper <= -edge
    }

    /// Values found by halving the columns whose enclosures reach more than 1% of the
    /// range beyond the sampled values, until the enclosures no longer do (or a budget of
    /// halvings runs out).
    private static func extremes(
        of function: any GraphFunction, in columns: [(Interval, Enclosure)], sampled: [Double]
    ) -> [Double] {
        guard var low = sampled.min(), var high = sampled.max() else { return [] }
        var found: [Double] = []
        var pending = columns.map { (x: $0.0, y: $0.1.hull, depth: 0) }
        // 64 halvings a column, fewer for a long program (at least 2), and in all no more
        // than the work limit allows (at least 2 a column).
        let cost = function.costOfEvaluation
        let columnCount = max(columns.count, 16)
        var budget = min(min(64, max(2, (1 << 18) / cost)) * columnCount, max(2 * columnCount, workLimit / cost))
        while !pending.isEmpty && budget > 0 && !Cancellation.isRequested {
            let tolerance = max((high - low) / 100, 1e-300)
            // Only intervals that could still hold a value beyond the range so far.
            pending = pending.filter { item in
                guard let y = item.y, item.depth < 48 else { return false }
                return y.upper > high + tolerance || y.lower < low - tolerance
            }
            guard !pending.isEmpty else { break }
            let halves = pending.flatMap { item -> [(x: Interval, depth: Int)] in
                let middle = item.x.midpoint
                guard middle > item.x.lower, middle < item.x.upper else { return [] }
                return [
                    (Interval(item.x.lower, middle), item.depth + 1), (Interval(middle, item.x.upper), item.depth + 1),
                ]
            }
            budget -= halves.count
            let enclosures = function.enclosures(over: halves.map(\.x))
            let middles = function.values(at: halves.map(\.x.midpoint))
            for value in middles where value.isFinite {
                found.append(value)
                low = min(low, value)
                high = max(high, value)
            }
            pending = zip(halves, enclosures).compactMap { half, enclosure in
                enclosure.isContinuous && enclosure.isTotal ? (half.x, enclosure.hull, half.depth) : nil
            }
        }
        return found
    }
}
