import GraphCalcSupport

/// A table read from comma-separated values: quoted fields (with "" for a quote, and
/// commas and line breaks inside), CRLF or LF line ends, a UTF-8 byte-order mark, and
/// blank lines skipped. Each row remembers its line number for error messages.
public struct CSVTable: Sendable {
    /// One row: its fields and the line it starts on (1-based).
    public struct Row: Sendable {
        /// The fields, unquoted.
        public let fields: [String]
        /// The line the row starts on, from 1.
        public let line: Int
    }

    /// The header's names, when the first row is a header.
    public let header: [String]?
    /// The data rows.
    public let rows: [Row]

    /// Parses `text`; the first row is a header when `hasHeader`, or — when nil — when one
    /// of its fields is not a number where the second row's is (`label,value` over `a,3`).
    ///
    /// - Throws: ``ChartDataError/invalidData(file:line:reason:)`` for an unterminated quote.
    public init(text: String, file: String? = nil, hasHeader: Bool? = nil) throws(ChartDataError) {
        var rows: [Row] = []
        var fields: [String] = []
        var field = ""
        var inQuotes = false
        var quotedField = false
        var line = 1, rowLine = 1
        var characters = text.unicodeScalars[...]
        if characters.first == "\u{FEFF}" { characters = characters.dropFirst() }
        func endRow() {
            fields.append(field)
            if !(fields.count == 1 && fields[0].isEmpty && !quotedField) {
                rows.append(Row(fields: fields, line: rowLine))
            }
            fields = []
            field = ""
            quotedField = false
        }
        var iterator = characters.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let scalar = pending ?? iterator.next() {
            pending = nil
            if inQuotes {
                if scalar == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.unicodeScalars.append("\"") } else { inQuotes = false; pending = next }
                    } else {
                        inQuotes = false
                    }
                } else {
                    if scalar == "\n" { line += 1 }
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where field.isEmpty:
                inQuotes = true
                quotedField = true
            case ",":
                fields.append(field)
                field = ""
            case "\r":
                break
            case "\n":
                endRow()
                line += 1
                rowLine = line
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        if inQuotes { throw .invalidData(file: file, line: rowLine, reason: "a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || quotedField { endRow() }

        let detected: Bool
        if let hasHeader {
            detected = hasHeader
        } else if rows.count >= 2 {
            detected = zip(rows[0].fields, rows[1].fields).contains {
                !Self.isNumeral($0) && Self.isNumeral($1)
            }
        } else {
            // A single row with no number in it (`label,value`) is a header over no records.
            detected =
                rows.first.map { $0.fields.count > 1 && $0.fields.allSatisfy { !Self.isNumeral($0) } } ?? false
        }
        header = detected ? rows.first?.fields.map { $0.trimmingBlanks() } : nil
        self.rows = detected ? Array(rows.dropFirst()) : rows
    }

    /// A field as a number: decimal with optional sign and exponent, blanks around allowed.
    public static func number(_ text: String) -> Double? {
        guard let value = numeral(text), value.isFinite else { return nil }
        return value
    }

    /// Whether a field is written as a decimal number, even one beyond the doubles
    /// (`1e400`): what tells a header's names from a record's values.
    public static func isNumeral(_ text: String) -> Bool { numeral(text) != nil }

    /// The value a decimal numeral reads as, ±∞ beyond the doubles; `nil` for other text.
    private static func numeral(_ text: String) -> Double? {
        // Decimal only, as data files read numbers: Double alone would also take "0x1p4",
        // "nan" and "inf".
        DecimalNumber.value(of: Array(text.trimmingBlanks().utf8)[...])
    }

    /// This table, with its first row taken as the header when no header was detected and
    /// that row holds every one of `names` (a file of text columns, such as `name,kind`,
    /// looks the same with or without a header until a column is asked for by name).
    public func namingColumns(_ names: [String]) -> CSVTable {
        guard header == nil, !names.isEmpty, let first = rows.first,
            names.allSatisfy({ name in first.fields.contains { $0.trimmingBlanks() == name } })
        else { return self }
        return CSVTable(header: first.fields.map { $0.trimmingBlanks() }, rows: Array(rows.dropFirst()))
    }

    private init(header: [String]?, rows: [Row]) {
        self.header = header
        self.rows = rows
    }

    /// The 0-based index of a column given by header name or 1-based number.
    ///
    /// - Throws: ``ChartDataError/noSuchColumn(_:available:)`` when there is no such column
    ///   (a number past the header's columns, or past every row's fields, included:
    ///   column 7 of a three-column file is no column, not a short row on line 2).
    public func column(_ name: String) throws(ChartDataError) -> Int {
        if let header, let index = header.firstIndex(of: name) { return index }
        if let number = Int(name), number >= 1 {
            let widest = max(header?.count ?? 0, rows.map(\.fields.count).max() ?? 0)
            guard number <= widest else {
                throw header == nil
                    ? .columnPastTheRows(number, widest: widest) : .noSuchColumn(name, available: header)
            }
            return number - 1
        }
        throw .noSuchColumn(name, available: header)
    }
}
