/// Why data cannot be charted: a line of a file that does not read, or a column that is
/// not there.
public enum ChartDataError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Data that does not read: a file (if named), a 1-based line and what is wrong.
    case invalidData(file: String?, line: Int, reason: String)
    /// A column asked for by a name the header does not have (`available`: the header's
    /// names, or nil for a file without one).
    case noSuchColumn(String, available: [String]?)
    /// A column asked for by number, past every row of a file without a header (`widest`:
    /// the most fields a row has).
    case columnPastTheRows(Int, widest: Int)
    /// A row of a data file that is not data: a file (if named), a 1-based line and why.
    case notData(file: String?, line: Int, reason: String)
    /// A data file none of whose columns starts with a number or a date.
    case noNumbers(file: String?)
    /// A data file with no line of data.
    case noData(file: String?)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .invalidData(let file, let line, let reason):
            "\(file.map { "\($0):" } ?? "line ")\(line): \(reason)"
        case .noSuchColumn(let name, let available):
            "no column '\(name)'"
                + (available.map { ": the columns are " + $0.joined(separator: ", ") } ?? " (the file has no header)")
        case .columnPastTheRows(let number, let widest):
            "no column \(number): the rows have \(widest == 1 ? "1 field" : "at most \(widest) fields")"
        case .notData(let file, let line, let reason):
            "\(file.map { "\($0):" } ?? "line ")\(line): \(reason)"
        case .noNumbers(let file):
            "\(file.map { "'\($0)'" } ?? "the data") has no column of numbers or dates"
        case .noData(let file):
            "\(file.map { "'\($0)'" } ?? "the data") has no rows of data"
        }
    }
}
