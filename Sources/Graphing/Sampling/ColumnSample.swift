/// The values a function takes on one pixel column, as disjoint pieces in increasing
/// order: none where it has no value, two either side of a pole.
public struct ColumnSample: Hashable, Sendable {
    /// The column index, 0 at the left.
    public let column: Int
    /// The x interval the column covers.
    public let x: Interval
    /// The pieces, lowest first.
    public let pieces: [ColumnPiece]

    /// Creates a column's sample.
    public init(column: Int, x: Interval, pieces: [ColumnPiece]) {
        self.column = column
        self.x = x
        self.pieces = pieces
    }
}
