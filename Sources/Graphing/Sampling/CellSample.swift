/// What is known about one cell of a relation's or a curve's graph.
public enum CellStatus: UInt8, Sendable, Hashable {
    /// The relation is proved to hold nowhere in the cell (the curve to pass nowhere in it).
    case excluded
    /// Neither proved nor excluded within the work allowed.
    case undecided
    /// A point of the cell where the relation holds (which the curve passes) has been shown.
    case proved
}

/// A graph decided on every cell of a viewport's grid: a cell is drawn when the relation
/// holds at some point of it, or the curve passes through it (its edges included), after
/// Tupper.
public struct CellSample: Sendable, Hashable {
    /// The number of cells across.
    public let columns: Int
    /// The number of cells down.
    public let rows: Int
    /// Each cell's status, row by row from the top, `columns` to a row.
    public let statuses: [CellStatus]

    /// A grid of `columns` × `rows` statuses, row by row from the top.
    public init(columns: Int, rows: Int, statuses: [CellStatus]) {
        self.columns = columns
        self.rows = rows
        self.statuses = statuses
    }

    /// The status of the cell in `column` (from the left) and `row` (from the top).
    public subscript(column: Int, row: Int) -> CellStatus {
        statuses[row * columns + column]
    }

    /// How many cells have a point where the relation holds.
    public var provedCount: Int { statuses.count { $0 == .proved } }

    /// How many cells were left undecided.
    public var undecidedCount: Int { statuses.count { $0 == .undecided } }

    /// How many cells are proved to have no point where the relation holds.
    public var excludedCount: Int { statuses.count { $0 == .excluded } }

    /// The share of cells decided (proved or excluded), from 0 to 1.
    public var decidedShare: Double {
        statuses.isEmpty ? 1 : Double(statuses.count - undecidedCount) / Double(statuses.count)
    }
}
