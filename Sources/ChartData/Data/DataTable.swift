/// Columns of numbers read from a data file (``DataReader``): each column's values in
/// file order, a missing field (empty, `NaN`, `NA`) as NaN, dates and times as seconds
/// since 1970 UTC.
public struct DataTable: Sendable {
    /// One column read.
    public struct Column: Sendable {
        /// Its header name, or its number (`"2"`) in a file without a header.
        public let name: String
        /// Its place in the file's rows, from 1.
        public let number: Int
        /// Whether it holds ISO 8601 dates or date-times (its values then being seconds
        /// since 1970-01-01 00:00 UTC).
        public let isTime: Bool
        /// Its values, row by row; NaN where a row's field is missing.
        public internal(set) var values: [Double]
    }

    /// A row that was skipped because it is not data.
    public struct SkippedRow: Sendable, Equatable {
        /// Its line, from 1.
        public let line: Int
        /// Why it is not data.
        public let reason: String
    }

    /// The columns read, in the order asked for (or the file's).
    public internal(set) var columns: [Column]
    /// What separates the fields, or `nil` for a file of one column.
    public let delimiter: DataDelimiter?
    /// Whether the first row is a header of names.
    public let hasHeader: Bool
    /// Every column's name in the file, read or not.
    public let fileColumns: [String]
    /// How many rows were skipped as not data (only when skipping was asked for).
    public internal(set) var skippedCount = 0
    /// The first row skipped, to show where.
    public internal(set) var firstSkipped: SkippedRow?

    /// The number of rows read.
    public var rowCount: Int { columns.first?.values.count ?? 0 }
}
