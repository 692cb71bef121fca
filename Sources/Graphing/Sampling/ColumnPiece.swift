/// One interval of the values a function takes on a pixel column, with the part of it
/// actually attained.
public struct ColumnPiece: Hashable, Sendable {
    /// The values, bounds possibly ±∞; every value the function takes on the column's
    /// part that this piece covers lies inside (the enclosure).
    public let y: Interval
    /// Whether the piece is proved to exceed the true values by at most one pixel row at
    /// each end (within the viewport; parts outside it do not count).
    public let isExact: Bool
    /// Values the function is shown to take: each interval is attained throughout (point
    /// values of the program's evaluation, and between the values at the ends of a stretch
    /// where the function is continuous), disjoint and in increasing order. Empty where
    /// nothing was witnessed.
    public let witnessed: [Interval]

    /// Creates a piece; the witnessed intervals are put in increasing order and those
    /// that overlap or touch are united.
    public init(y: Interval, isExact: Bool, witnessed: [Interval] = []) {
        self.y = y
        self.isExact = isExact
        var united: [Interval] = []
        for interval in witnessed.sorted(by: { $0.lower < $1.lower }) {
            if let last = united.last, interval.lower <= last.upper {
                united[united.count - 1] = last.hull(interval)
            } else {
                united.append(interval)
            }
        }
        self.witnessed = united
    }

    /// The lowest and highest values witnessed: both attained (not always all between).
    public var witnessedRange: Interval? {
        guard let first = witnessed.first, let last = witnessed.last else { return nil }
        return Interval(first.lower, last.upper)
    }
}
