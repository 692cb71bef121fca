import CVectorMath
import GraphCalcSupport

/// Reads columns of numbers from delimited text as it arrives (a file in chunks, or a
/// stream line by line), without holding the text: only the columns asked for are kept.
///
/// The first lines decide the layout: the delimiter (comma, tab, semicolon or blanks, the
/// one that splits every line alike), whether the first row is a header (a field that is
/// text over one that is a number or a date), and which columns to keep. Blank lines,
/// lines starting with `#`, and a byte-order mark are skipped. A field is a decimal
/// number, an ISO 8601 date or date-time in a column of dates, or missing (empty, `NaN`,
/// `NA`: a gap, NaN). A row with any other field, or too few fields, is an error naming
/// its line, or skipped and counted when ``Options/skipsBadRows``.
public struct DataReader: Sendable {
    /// How to read: what is not detected, and what to keep.
    public struct Options: Hashable, Sendable {
        /// The delimiter, or `nil` to detect it.
        public var delimiter: DataDelimiter?
        /// Whether the first row is a header, or `nil` to detect it.
        public var hasHeader: Bool?
        /// The columns to keep, by header name or number from 1, in this order; `nil`
        /// keeps every column whose first value is a number or a date (or that has no
        /// value in the first lines).
        public var columns: [String]?
        /// Whether a row that is not data is skipped (and counted) rather than an error.
        public var skipsBadRows = false

        /// Options that detect everything and keep every column of numbers.
        public init(
            delimiter: DataDelimiter? = nil, hasHeader: Bool? = nil, columns: [String]? = nil,
            skipsBadRows: Bool = false
        ) {
            self.delimiter = delimiter
            self.hasHeader = hasHeader
            self.columns = columns
            self.skipsBadRows = skipsBadRows
        }
    }

    /// How many lines (not blank, not comments) the layout is decided from.
    public static let linesToDecide = 20

    let options: Options
    /// The file's name for messages (`nil`: lines are named alone).
    let source: String?
    /// The lines waiting for the layout to be decided, with their line numbers.
    var pending: [(line: Int, bytes: [UInt8])] = []
    /// The bytes of a line not yet ended.
    private var carry: [UInt8] = []
    /// The number of the line being read, from 1.
    private var lineNumber = 1
    private var startsFile = true
    /// How lines end: line feeds (CR LF too), or a carriage return alone (classic Mac OS,
    /// read as line feeds), once the text shows which.
    private var lineEnds = LineEnds.undecided
    private enum LineEnds { case undecided, lineFeeds, carriageReturns }
    /// Whether the text so far ended in a carriage return (a line feed may follow).
    private var endedInCarriageReturn = false
    /// The table's layout (its columns without values), once decided.
    var table: DataTable?
    /// The values read, column by column: kept apart from the table so that a row is
    /// appended in place, never copying a column.
    var values: [[Double]] = []
    /// What separates fields, once decided.
    var delimiter: DataDelimiter?
    /// The kept columns' names and their numbers in the file.
    var names: [String] = [], fileNumbers: [Int] = []
    /// For each field of a row (by place), the column it fills, or −1.
    var slots: [Int] = []
    /// A row's values before it is known to be whole.
    var row: [Double] = []
    /// Whether each kept column holds dates.
    var isTime: [Bool] = []
    /// Columns asked for twice: the slot filled from another's value.
    var copies: [(slot: Int, from: Int)] = []
    /// Whether rows of plain numbers are read by the C loop (no column of dates).
    var readsFast = false
    /// Whether the C loop may be used (tests compare it with the line-by-line reading).
    var allowsFastRows = true
    /// The text's length in bytes, when known (a file's size): the columns are given room
    /// for the rows it holds once the first lines show how long a row is, so they are
    /// not copied as they grow (which needs their size twice over at the end).
    public var expectedByteCount: Int?
    /// The C loop's rows, column by column, ``fastRows`` a column.
    private var scratch: [Double] = []
    /// Whether the C loop's last read went to its span's end (no line handed back).
    private var lastFastReadWasWhole = true
    /// How many rows each of the C loop's two threads reads at a time.
    private static let fastRows = 1 << 16

    /// A reader with `options`, naming `source` in messages.
    public init(options: Options = Options(), source: String? = nil) {
        self.options = options
        self.source = source
    }

    /// Whether the layout (delimiter, header, columns) has been decided.
    public var isDecided: Bool { table != nil }

    /// How many lines wait for the layout to be decided.
    public var linesWaiting: Int { pending.count }

    /// Reads `bytes`, the next part of the text (a line may end in a later part).
    ///
    /// - Throws: ``ChartDataError`` for a row that is not data (unless skipped), a column
    ///   asked for that is not there, or a file with no column of numbers.
    public mutating func read(_ bytes: UnsafeRawBufferPointer) throws(ChartDataError) {
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var start = 0
        let count = bytes.count
        if startsFile {
            startsFile = false
            if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { start = 3 }
        }
        let text = UnsafeBufferPointer(start: base + start, count: count - start)
        if lineEnds == .undecided { decideLineEnds(text) }
        guard lineEnds != .carriageReturns else {
            // Read as line feeds, with the line begun before it was known.
            let lines = (carry + text).map { $0 == UInt8(ascii: "\r") ? UInt8(ascii: "\n") : $0 }
            carry.removeAll(keepingCapacity: true)
            try reading(lines) { (reader, buffer) throws(ChartDataError) in
                guard let lines = buffer.baseAddress else { return }
                try reader.readLines(lines, count: buffer.count, from: 0)
            }
            return
        }
        try readLines(base, count: count, from: start)
    }

    /// Decides how lines end from the text so far: a line feed anywhere, or a carriage
    /// return followed by anything else.
    private mutating func decideLineEnds(_ text: UnsafeBufferPointer<UInt8>) {
        let feed = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
        guard let first = text.first else { return }
        if endedInCarriageReturn {
            lineEnds = first == feed ? .lineFeeds : .carriageReturns
        } else if text.contains(feed) {
            lineEnds = .lineFeeds
        } else if let index = text.firstIndex(of: carriageReturn), index < text.count - 1 {
            lineEnds = .carriageReturns
        }
        endedInCarriageReturn = text.last == carriageReturn
    }

    /// Reads the lines of the `count` bytes at `base` from `start` (what ends in a line
    /// break; the rest is kept for the next read).
    private mutating func readLines(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) throws(ChartDataError) {
        var start = start
        while start < count {
            if readsFast && carry.isEmpty {
                // Plain rows by the C loop, up to the first line it leaves to the one below.
                start += readFast(base + start, count: count - start)
                if start >= count { break }
            }
            let end = start + POSIX.offset(of: UInt8(ascii: "\n"), in: base + start, count: count - start)
            guard end < count else { break }
            if carry.isEmpty {
                try line(base + start, count: end - start)
            } else {
                carry.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
                let whole = carry
                carry.removeAll(keepingCapacity: true)
                try line(whole)
            }
            lineNumber += 1
            start = end + 1
        }
        if start < count { carry.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start)) }
    }

    /// Reads the whole lines of plain numbers at `start` with the C loop (on two threads,
    /// each part of the text into its own scratch columns), appending their rows in
    /// order; returns the bytes read.
    private mutating func readFast(_ start: UnsafePointer<UInt8>, count: Int) -> Int {
        // Rows of a field each at most as many as the bytes hold (two a row at least), and
        // at most a few megabytes of scratch however wide the file.
        let kept = row.count
        let capacity = max(1, min(Self.fastRows, count / (2 * max(1, slots.count)) + 1, (1 << 22) / max(1, kept)))
        if scratch.count < 2 * kept * capacity { scratch = [Double](repeating: 0, count: 2 * kept * capacity) }
        var firstRows = 0, secondRows = 0, lines = 0
        // One column has no delimiter: a field ends only at the line's end (not at a NUL).
        let separator = delimiter?.byte ?? UInt8(ascii: "\n"), blanks: Int32 = delimiter == .whitespace ? 1 : 0
        // After a line the C loop handed back, one thread: the two-thread split pays off
        // on runs of plain rows, not line by line.
        let splits = lastFastReadWasWhole
        let consumed = scratch.withUnsafeMutableBufferPointer { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            let columns: [UnsafeMutablePointer<Double>?] = (0..<(2 * kept)).map { base + $0 * capacity }
            return slots.withUnsafeBufferPointer { slots in
                columns.withUnsafeBufferPointer { columns in
                    guard let first = columns.baseAddress else { return 0 }
                    guard splits else {
                        return gcvm_read_rows(
                            start, count, separator, blanks, slots.baseAddress, slots.count, first, capacity,
                            &firstRows, &lines)
                    }
                    return gcvm_read_rows_split(
                        start, count, separator, blanks, slots.baseAddress, slots.count, first, first + kept, capacity,
                        &firstRows, &secondRows, &lines)
                }
            }
        }
        lineNumber += lines
        // Whole: up to the last line break, or as many rows as the scratch holds.
        let lastBreak = (0..<count).last { start[$0] == UInt8(ascii: "\n") }.map { $0 + 1 } ?? 0
        lastFastReadWasWhole = consumed == lastBreak || firstRows + secondRows >= capacity
        scratch.withUnsafeBufferPointer { buffer in
            for (part, rows) in [(0, firstRows), (1, secondRows)] where rows > 0 {
                for slot in 0..<kept {
                    // A column asked for twice is its first column's values again.
                    let from = (part * kept + (copies.first { $0.slot == slot }?.from ?? slot)) * capacity
                    values[slot].append(contentsOf: UnsafeBufferPointer(rebasing: buffer[from..<(from + rows)]))
                }
            }
        }
        return consumed
    }

    /// Reads `bytes`, as ``read(_:)-(UnsafeRawBufferPointer)``.
    public mutating func read(_ bytes: [UInt8]) throws(ChartDataError) {
        try reading(bytes) { (reader, buffer) throws(ChartDataError) in try reader.read(UnsafeRawBufferPointer(buffer))
        }
    }

    /// Runs `body` on the bytes of `bytes` in place, its typed error passed on (the
    /// standard library's `withUnsafeBufferPointer` rethrows untyped).
    private mutating func reading(
        _ bytes: [UInt8], _ body: (inout DataReader, UnsafeBufferPointer<UInt8>) throws(ChartDataError) -> Void
    ) throws(ChartDataError) {
        var failure: ChartDataError?
        bytes.withUnsafeBufferPointer { buffer in
            do throws(ChartDataError) { try body(&self, buffer) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Ends the text: reads a last line without a line break, decides the layout if it
    /// is not yet decided, and gives the table.
    ///
    /// - Throws: as ``read(_:)-(UnsafeRawBufferPointer)``.
    public mutating func finish() throws(ChartDataError) -> DataTable {
        if !carry.isEmpty {
            let last = carry
            carry = []
            try line(last)
        }
        try decide()
        guard let table = tableSoFar else { throw .noData(file: source) }
        values = []
        return table
    }

    /// Decides the layout from the lines read so far (a stream cannot wait for 20), when
    /// there is at least one; then reads them.
    public mutating func decide() throws(ChartDataError) {
        guard table == nil, !pending.isEmpty else { return }
        try decideLayout()
        let lines = pending
        pending = []
        let saved = lineNumber
        for (number, bytes) in lines.dropFirst(table?.hasHeader == true ? 1 : 0) {
            lineNumber = number
            try reading(bytes) { (reader, buffer) throws(ChartDataError) in
                try reader.row(buffer.baseAddress, count: buffer.count)
            }
        }
        lineNumber = saved
    }

    /// The values of the rows read since the last take, column by column (the table's
    /// columns, in order), which the reader then forgets: a stream read for ever keeps
    /// only what its reader's caller keeps. Empty before the layout is decided.
    public mutating func takeRows() -> [[Double]] {
        guard table != nil else { return [] }
        let taken = values
        for index in values.indices { values[index].removeAll(keepingCapacity: true) }
        return taken
    }

    /// The table so far (its layout decided), or `nil`.
    public var tableSoFar: DataTable? {
        guard var table else { return nil }
        for index in table.columns.indices where index < values.count { table.columns[index].values = values[index] }
        return table
    }

    // MARK: - Lines

    private mutating func line(_ bytes: [UInt8]) throws(ChartDataError) {
        try reading(bytes) { (reader, buffer) throws(ChartDataError) in
            if let start = buffer.baseAddress { try reader.line(start, count: buffer.count) }
        }
    }

    private mutating func line(_ start: UnsafePointer<UInt8>, count: Int) throws(ChartDataError) {
        var first = 0
        while first < count && DecimalNumber.isBlank(start[first]) { first += 1 }
        guard first < count, start[first] != UInt8(ascii: "#") else { return }
        if table == nil {
            pending.append((lineNumber, Array(UnsafeBufferPointer(start: start, count: count))))
            if pending.count >= Self.linesToDecide { try decide() }
            return
        }
        try row(start, count: count)
    }

    /// Reads one row of data into the table, or reports it.
    private mutating func row(_ start: UnsafePointer<UInt8>?, count: Int) throws(ChartDataError) {
        guard isDecided, let start else { return }
        let delimiter = self.delimiter
        let separator = delimiter?.byte
        let isWhitespace = delimiter == .whitespace
        var index = 0
        var field = 0
        var filled = 0
        let needed = row.count - copies.count
        if isWhitespace { while index < count && DecimalNumber.isBlank(start[index]) { index += 1 } }
        while field < slots.count {
            // One field: [fieldStart, fieldEnd), unquoted.
            var fieldStart = index, fieldEnd = index
            // Blanks before a quoted field (`1, "2"`), as the first look skips them.
            var quote = index
            while !isWhitespace && quote < count && start[quote] == UInt8(ascii: " ") && separator != start[quote] {
                quote += 1
            }
            if quote < count && start[quote] == UInt8(ascii: "\"") {
                index = quote
                fieldStart = index + 1
                index += 1
                // To the closing quote (`""` inside is a quote, and the field text).
                while index < count {
                    if start[index] == UInt8(ascii: "\"") {
                        guard index + 1 < count, start[index + 1] == UInt8(ascii: "\"") else { break }
                        index += 1
                    }
                    index += 1
                }
                fieldEnd = index
                while index < count && !(isWhitespace ? DecimalNumber.isBlank(start[index]) : start[index] == separator)
                {
                    index += 1
                }
            } else if isWhitespace {
                while index < count && !DecimalNumber.isBlank(start[index]) { index += 1 }
                // A date and its time apart (`2024-03-01 14:30`) are one field.
                index = ISODate.endOfDateTime(start, count: count, fieldStart: fieldStart, fieldEnd: index)
                fieldEnd = index
            } else if let separator {
                while index < count && start[index] != separator { index += 1 }
                fieldEnd = index
            } else {
                index = count
                fieldEnd = count
            }
            let slot = slots[field]
            if slot >= 0 {
                let fieldCount = fieldEnd - fieldStart
                if isTime[slot] {
                    if let seconds = ISODate.seconds(start + fieldStart, count: fieldCount) {
                        row[slot] = seconds
                    } else if DecimalNumber.isMissing(start + fieldStart, count: fieldCount) {
                        row[slot] = .nan
                    } else {
                        return try skip(
                            "\(quoted(start + fieldStart, fieldCount)) in column \(names[slot]) is not a date")
                    }
                } else if let value = DecimalNumber.value(
                    start + fieldStart, count: fieldCount, decimalComma: delimiter == .semicolon)
                {
                    guard value.isFinite else {
                        return try skip(
                            "\(quoted(start + fieldStart, fieldCount)) in column \(names[slot]) is beyond the largest number (about 1.8e308)"
                        )
                    }
                    row[slot] = value
                } else if isTime[slot], let seconds = ISODate.seconds(start + fieldStart, count: fieldCount) {
                    row[slot] = seconds
                } else if DecimalNumber.isMissing(start + fieldStart, count: fieldCount) {
                    row[slot] = .nan
                } else {
                    let kind = isTime[slot] ? "a date" : "a number"
                    return try skip(
                        "\(quoted(start + fieldStart, fieldCount)) in column \(names[slot]) is not \(kind)"
                    )
                }
                filled += 1
            }
            field += 1
            // The separator after the field (runs of blanks for whitespace).
            if isWhitespace {
                while index < count && DecimalNumber.isBlank(start[index]) { index += 1 }
                if index >= count { break }
            } else {
                if index >= count { break }
                index += 1
            }
        }
        // A row that ends early leaves its last columns empty: gaps, as an empty field is.
        if filled < needed {
            for position in field..<slots.count where slots[position] >= 0 { row[slots[position]] = .nan }
        }
        for (slot, from) in copies { row[slot] = row[from] }
        for slot in row.indices { values[slot].append(row[slot]) }
    }

    /// Skips the current row as not data, or throws when skipping is not asked for.
    private mutating func skip(_ reason: String) throws(ChartDataError) {
        guard options.skipsBadRows else { throw .notData(file: source, line: lineNumber, reason: reason) }
        table?.skippedCount += 1
        if table?.firstSkipped == nil { table?.firstSkipped = DataTable.SkippedRow(line: lineNumber, reason: reason) }
    }

    private func quoted(_ start: UnsafePointer<UInt8>, _ count: Int) -> String {
        let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self).trimmingBlanks()
        return "'" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "'"
    }
}
