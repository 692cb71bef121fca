/// What separates the fields of a line of data.
public enum DataDelimiter: String, Sendable, CaseIterable {
    /// `,` (CSV).
    case comma
    /// A tab (TSV).
    case tab
    /// `;`, as spreadsheets write CSV where the comma is the decimal mark.
    case semicolon
    /// Runs of spaces and tabs, with blanks at the ends of a line ignored (gnuplot's
    /// columns, `ps` output).
    case whitespace

    /// The byte that separates fields, or `nil` for runs of blanks.
    var byte: UInt8? {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .tab: UInt8(ascii: "\t")
        case .semicolon: UInt8(ascii: ";")
        case .whitespace: nil
        }
    }

    /// The delimiter that splits most of `lines` (the first lines of a file, header
    /// included; a bad row among them is no vote) into the same number of fields, at
    /// least two, preferring the one that
    /// leaves most fields as numbers, then tab, comma, semicolon, blanks in that order;
    /// `nil` when none does (a file of one column).
    static func detected(in lines: [[UInt8]]) -> DataDelimiter? {
        var best: (delimiter: DataDelimiter, numbers: Int)?
        for delimiter in [DataDelimiter.tab, .semicolon, .comma, .whitespace] {
            var split = lines.map { DataLine.fields(of: $0[...], delimiter: delimiter) }
            if delimiter == .whitespace { DataLine.joinDateAndTimeNames(&split) }
            var votes: [Int: Int] = [:]
            for fields in split { votes[fields.count, default: 0] += 1 }
            guard
                let (count, lines) = votes.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }
                ),
                count >= 2, 2 * lines > split.count
            else { continue }
            let numbers = split.dropFirst().reduce(0) { total, fields in
                total + fields.count { DecimalNumber.value(of: $0) != nil }
            }
            // A file whose lines all split alike at semicolons is semicolon-separated,
            // whatever its commas do: they are decimal commas, not delimiters.
            if delimiter == .semicolon { return .semicolon }
            if best == nil || numbers > best?.numbers ?? 0 { best = (delimiter, numbers) }
        }
        return best?.delimiter
    }
}
