/// What a function does on an interval of x: the set of its values, as at most two
/// disjoint intervals, and what is proved about it there.
///
/// Two pieces arise at a pole (`1/x` on [−1, 1] is [−∞, −1] ∪ [1, +∞]); more pieces
/// are merged into two by bridging the smallest gap, which only enlarges the set.
/// An enclosure with no pieces means the function has no value anywhere on the interval.
public struct Enclosure: Hashable, Sendable, CustomStringConvertible {
    private var first = Interval(0)
    private var second = Interval(0)
    /// How many pieces there are: 0, 1 or 2.
    public private(set) var count = 0
    /// Whether the function is proved to have a value at every x of the interval.
    public var isTotal: Bool
    /// Whether the function is proved continuous on the interval (no pole, no jump).
    public var isContinuous: Bool

    /// No value anywhere on the interval.
    public static let empty = Enclosure(count: 0, isTotal: false, isContinuous: true)

    private init(count: Int, isTotal: Bool, isContinuous: Bool) {
        self.count = count
        self.isTotal = isTotal
        self.isContinuous = isContinuous
    }

    /// One piece.
    public init(_ interval: Interval, isTotal: Bool = true, isContinuous: Bool = true) {
        first = interval
        count = 1
        self.isTotal = isTotal
        self.isContinuous = isContinuous
    }

    /// The union of `intervals`, normalised to at most two disjoint pieces in increasing order.
    public init<Intervals: Sequence<Interval>>(union intervals: Intervals, isTotal: Bool, isContinuous: Bool) {
        var sorted = intervals.sorted { $0.lower < $1.lower }
        var merged: [Interval] = []
        for interval in sorted {
            if let last = merged.last, interval.lower <= last.upper {
                merged[merged.count - 1] = last.hull(interval)
            } else {
                merged.append(interval)
            }
        }
        while merged.count > 2 {
            // Bridge the smallest gap: the union only grows, so it stays an enclosure.
            var smallest = 0
            for index in 0..<(merged.count - 1)
            where merged[index + 1].lower - merged[index].upper < merged[smallest + 1].lower - merged[smallest].upper {
                smallest = index
            }
            merged[smallest] = merged[smallest].hull(merged[smallest + 1])
            merged.remove(at: smallest + 1)
        }
        sorted = merged
        self.init(count: sorted.count, isTotal: isTotal, isContinuous: isContinuous)
        if let interval = sorted.first { first = interval }
        if sorted.count == 2 { second = sorted[1] }
    }

    /// The pieces, in increasing order.
    public var pieces: [Interval] {
        switch count {
        case 0: []
        case 1: [first]
        default: [first, second]
        }
    }

    /// Whether there is no value.
    public var isEmpty: Bool { count == 0 }

    /// Whether the enclosure is unbounded with a value throughout and no break: the
    /// values pass the largest double (exp(x) beyond 709.78, x^2 beyond 1.3e154), which
    /// no pole does — a pole leaves its stretch without a value at it, or split in two.
    public var isOverflow: Bool { isTotal && isContinuous && hull.map { !$0.isBounded } == true }

    /// The smallest interval holding every piece, or `nil` when empty.
    public var hull: Interval? {
        switch count {
        case 0: nil
        case 1: first
        default: first.hull(second)
        }
    }

    /// Whether `value` lies in a piece.
    public func contains(_ value: Double) -> Bool {
        (count >= 1 && first.contains(value)) || (count == 2 && second.contains(value))
    }

    /// Applies an interval function to each piece and unites the results; the flags of
    /// the result also require this enclosure's.
    func flatMap(_ transform: (Interval) -> Enclosure) -> Enclosure {
        switch count {
        case 0:
            return .empty
        case 1:
            var result = transform(first)
            result.isTotal = result.isTotal && isTotal
            result.isContinuous = result.isContinuous && isContinuous
            return result
        default:
            let a = transform(first), b = transform(second)
            return Enclosure(
                union: a.pieces + b.pieces, isTotal: isTotal && a.isTotal && b.isTotal,
                isContinuous: isContinuous && a.isContinuous && b.isContinuous)
        }
    }

    /// Equal when the pieces and what is proved are equal.
    public static func == (left: Enclosure, right: Enclosure) -> Bool {
        left.pieces == right.pieces && left.isTotal == right.isTotal && left.isContinuous == right.isContinuous
    }

    /// Hashes the pieces and what is proved.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(pieces)
        hasher.combine(isTotal)
        hasher.combine(isContinuous)
    }

    /// Pieces joined by `∪`, with `partial` or `discontinuous` noted.
    public var description: String {
        var text = count == 0 ? "∅" : pieces.map(\.description).joined(separator: " ∪ ")
        if !isTotal { text += " (partial)" }
        if !isContinuous { text += " (discontinuous)" }
        return text
    }
}
