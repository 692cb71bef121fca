/// The values a function takes on one pixel column, as disjoint pieces in increasing
/// order: none where it has no value, two either side of a pole.
public struct ColumnSample: Hashable, Sendable {
    /// The column index, 0 at the left.
    public let column: Int
    /// The x interval the column covers.
    public let x: Interval
    /// The pieces, lowest first: every value on the column.
    public let pieces: [ColumnPiece]
    /// The jumps, holes and isolated points located in the column, left to right.
    public let discontinuities: [Discontinuity]

    /// Creates a column's sample.
    public init(column: Int, x: Interval, pieces: [ColumnPiece], discontinuities: [Discontinuity] = []) {
        self.column = column
        self.x = x
        self.pieces = pieces
        self.discontinuities = discontinuities.sorted { $0.x < $1.x }
    }
}
