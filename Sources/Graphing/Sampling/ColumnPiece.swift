/// One interval of the values a function takes on a pixel column.
public struct ColumnPiece: Hashable, Sendable {
    /// The values, bounds possibly ±∞; every value the function takes on the column's
    /// part that this piece covers lies inside.
    public let y: Interval
    /// Whether the piece is proved to exceed the true values by at most one pixel row at
    /// each end (within the viewport; parts outside it do not count).
    public let isExact: Bool

    /// Creates a piece.
    public init(y: Interval, isExact: Bool) {
        self.y = y
        self.isExact = isExact
    }
}
