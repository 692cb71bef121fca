import GraphCalcSupport
import Synchronization

/// The enclosures and values a long program has given, so that what is asked again is not
/// evaluated again: the edge two neighbouring columns share, asked twice in one batch, or
/// a point or stretch a later pass (the discontinuity locator, the automatic range) asks
/// about again; a million-op program takes milliseconds for each.
///
/// Evaluation is deterministic, so a remembered result is the one a new evaluation would
/// give. Results of a batch cut short by `Cancellation` are not kept. At most ``capacity``
/// of each are kept; beyond that the memo starts afresh.
final class EvaluationMemo: Sendable {
    /// An interval by the bits of its ends, so that [−0, 1] and [0, 1] stay apart.
    private struct IntervalKey: Hashable {
        let lower: UInt64
        let upper: UInt64

        init(_ interval: Interval) {
            lower = interval.lower.bitPattern
            upper = interval.upper.bitPattern
        }
    }

    private struct Store {
        var enclosures: [IntervalKey: Enclosure] = [:]
        /// Keyed by the bits of x, so that −0 and 0 (and NaNs) stay apart.
        var values: [UInt64: Double] = [:]
    }

    private let store = Mutex(Store())

    /// How many enclosures, and how many values, are kept at most.
    static let capacity = 1 << 15

    /// The least evaluation cost (interval operations) at which a function remembers.
    static let leastCost = 1 << 16

    /// `evaluate` of each of `items`, asked once for each distinct one (neighbouring
    /// columns share their edge).
    private static func once<Item: Hashable, Result>(_ items: [Item], _ evaluate: ([Item]) -> [Result]) -> [Result] {
        var slots: [Item: Int] = [:]
        var distinct: [Item] = []
        let slot = items.map { item in
            if let known = slots[item] { return known }
            slots[item] = distinct.count
            distinct.append(item)
            return distinct.count - 1
        }
        guard distinct.count < items.count else { return evaluate(items) }
        let computed = evaluate(distinct)
        return slot.map { computed[$0] }
    }

    /// The enclosure over each interval: remembered, or computed by `evaluate` (once, for
    /// all that are not) and remembered.
    func enclosures(over intervals: [Interval], evaluate: ([Interval]) -> [Enclosure]) -> [Enclosure] {
        var results = [Enclosure](repeating: .empty, count: intervals.count)
        var missing: [Int] = []
        store.withLock { store in
            for (index, interval) in intervals.enumerated() {
                if let known = store.enclosures[IntervalKey(interval)] {
                    results[index] = known
                } else {
                    missing.append(index)
                }
            }
        }
        guard !missing.isEmpty else { return results }
        let computed = Self.once(missing.map { IntervalKey(intervals[$0]) }) { keys in
            evaluate(keys.map { Interval(Double(bitPattern: $0.lower), Double(bitPattern: $0.upper)) })
        }
        for (index, enclosure) in zip(missing, computed) { results[index] = enclosure }
        guard !Cancellation.isRequested else { return results }
        store.withLock { store in
            if store.enclosures.count + missing.count > Self.capacity { store.enclosures.removeAll() }
            for (index, enclosure) in zip(missing, computed).prefix(Self.capacity) {
                store.enclosures[IntervalKey(intervals[index])] = enclosure
            }
        }
        return results
    }

    /// The value at each x: remembered, or computed by `evaluate` (once, for all that are
    /// not) and remembered.
    func values(at xs: [Double], evaluate: ([Double]) -> [Double]) -> [Double] {
        var results = [Double](repeating: .nan, count: xs.count)
        var missing: [Int] = []
        store.withLock { store in
            for (index, x) in xs.enumerated() {
                if let known = store.values[x.bitPattern] { results[index] = known } else { missing.append(index) }
            }
        }
        guard !missing.isEmpty else { return results }
        let computed = Self.once(missing.map { xs[$0].bitPattern }, { evaluate($0.map(Double.init(bitPattern:))) })
        for (index, value) in zip(missing, computed) { results[index] = value }
        guard !Cancellation.isRequested else { return results }
        store.withLock { store in
            if store.values.count + missing.count > Self.capacity { store.values.removeAll() }
            for (index, value) in zip(missing, computed).prefix(Self.capacity) {
                store.values[xs[index].bitPattern] = value
            }
        }
        return results
    }
}
