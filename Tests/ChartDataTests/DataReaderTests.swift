import GraphCalcSupport
import Testing

@testable import ChartData

/// Data files read as columns of numbers: delimiters and headers detected, columns
/// chosen, gaps, dates, bad rows named by line, and text split across reads.
@Suite struct DataReaderTests {
    static func read(
        _ text: String, _ options: DataReader.Options = DataReader.Options(), chunk: Int = 1 << 20
    ) throws(ChartDataError) -> DataTable {
        var reader = DataReader(options: options, source: "d.csv")
        let bytes = Array(text.utf8)
        var start = 0
        while start < bytes.count {
            try reader.read(Array(bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
        }
        return try reader.finish()
    }

    static let layouts: [(name: String, text: String, delimiter: DataDelimiter?, header: Bool, names: [String])] = [
        ("comma with header", "x,y\n1,2\n3,4\n", .comma, true, ["x", "y"]),
        ("tab", "1\t2\n3\t4\n", .tab, false, ["1", "2"]),
        ("semicolon", "t;v\n1;2.5\n", .semicolon, true, ["t", "v"]),
        ("whitespace, aligned", "  x    y\n  1   20\n 10    2\n", .whitespace, true, ["x", "y"]),
        ("one column", "5\n6\n7\n", nil, false, ["1"]),
        ("one column with header", "load\n5\n6\n", nil, true, ["load"]),
        ("quoted header", "\"a, b\",c\n1,2\n", .comma, true, ["a, b", "c"]),
        ("comment and blank lines", "# made by hand\n\nx,y\n\n1,2\n", .comma, true, ["x", "y"]),
        ("BOM and CRLF", "\u{FEFF}x,y\r\n1,2\r\n", .comma, true, ["x", "y"]),
        ("text column left out", "name,x,y\na,1,2\nb,3,4\n", .comma, true, ["x", "y"]),
        ("header over a gap", "city,temp\nParis,\nRome,20\n", .comma, true, ["temp"]),
        ("decimal commas", "x;y\n1;2,5\n2;3,5\n", .semicolon, true, ["x", "y"]),
        ("an empty header name", "x,,z\n1,2,3\n", .comma, true, ["x", "column 2", "z"]),
        ("a stray field past the header", "x,y\n1,2\n2,3,99\n3,4\n", .comma, true, ["x", "y"]),
        (
            "date and time apart under two names", "date time v\n2024-03-01 14:30 1\n", .whitespace, true,
            ["date time", "v"]
        ),
        ("date and time apart under one name", "when v\n2024-03-01 14:30:15 1\n", .whitespace, true, ["when", "v"]),
    ]

    /// Split at blanks, a date and its time of day one space apart are one field, the
    /// date-time (ISO 8601's space form), in the first look and in the rows after it, in
    /// one read or many; two spaces apart they are two fields.
    @Test(arguments: [1, 5, 1 << 20])
    func aDateAndItsTimeApartAreOneField(chunk: Int) throws {
        let rows = (0..<40).map { "2024-03-01 \(10 + $0 / 4):\(15 * ($0 % 4) + 10) \($0)" }
        let table = try Self.read("date time value\n" + rows.joined(separator: "\n") + "\n", chunk: chunk)
        #expect(table.columns.map(\.name) == ["date time", "value"])
        #expect(table.columns[0].isTime)
        let start = try #require(ISODate.seconds("2024-03-01T10:10"))
        #expect(table.columns[0].values.prefix(3) == [start, start + 900, start + 1800])
        #expect(table.columns[1].values == (0..<40).map(Double.init))
        let apart = try Self.read("2024-03-01  14:30 5\n2024-03-02  15:00 6\n", DataReader.Options(columns: ["3"]))
        #expect(apart.columns[0].values == [5, 6])
    }

    /// Quoted fields as spreadsheets write them: a blank before the quote, `""` for a
    /// quote inside (with the delimiter inside, text), in the rows as in the first look.
    @Test func quotedFieldsInRows() throws {
        let rows =
            (0..<30).map { "\($0 % 2 == 0 ? "a" : " \"a, b\""),\($0), \"\($0 * 2)\"" } + [
                "\"say \"\"hi\"\", ok\",7, \"8\""
            ]
        let table = try Self.read("name,x,y\n" + rows.joined(separator: "\n") + "\n")
        #expect(table.columns.map(\.name) == ["x", "y"])
        #expect(table.columns[0].values == (0..<30).map(Double.init) + [7])
        #expect(table.columns[1].values == (0..<30).map { Double($0 * 2) } + [8])
    }

    @Test(arguments: layouts)
    func detectsTheLayout(name: String, text: String, delimiter: DataDelimiter?, header: Bool, names: [String]) throws {
        let table = try Self.read(text)
        #expect(table.delimiter == delimiter, "\(name)")
        #expect(table.hasHeader == header, "\(name)")
        #expect(table.columns.map(\.name) == names, "\(name)")
    }

    /// Semicolon-separated files write decimal commas (as spreadsheets in much of Europe
    /// do): `2,5` is 2.5 there, long numerals too; elsewhere a comma is never a point.
    @Test func decimalCommasInSemicolonFiles() throws {
        let table = try Self.read("t;v\n1;2,5\n2;-0,125\n3;3,14159265358979323846\n4;1e3\n")
        #expect(table.columns.map(\.values) == [[1, 2, 3, 4], [2.5, -0.125, 3.141592653589793, 1000]])
        let commas = try Self.read("t,v\n1,\"2,5\"\n")
        #expect(commas.columns.map(\.name) == ["t"])
        #expect(DecimalNumber.value(of: Array("2,5".utf8)[...]) == nil)
    }

    /// Lines ended by a carriage return alone (classic Mac OS), in one read or many.
    @Test(arguments: [1, 3, 1 << 20])
    func carriageReturnsAloneEndLines(chunk: Int) throws {
        let table = try Self.read("x,y\r1,2\r3,4\r5,6", chunk: chunk)
        #expect(table.hasHeader && table.columns.map(\.values) == [[1, 3, 5], [2, 4, 6]])
    }

    @Test func readsTheSameWhateverTheChunks() throws {
        let text = (1...500).map { "\($0),\(Double($0) * 0.25),\"q\"" }.joined(separator: "\n")
        let whole = try Self.read(text)
        for chunk in [1, 2, 7, 64] {
            let parts = try Self.read(text, chunk: chunk)
            #expect(parts.columns.map(\.values) == whole.columns.map(\.values), "chunk \(chunk)")
        }
        #expect(whole.rowCount == 500 && whole.columns[1].values[3] == 1)
    }

    @Test func choosesColumnsByNameAndNumber() throws {
        let text = "t,a,b\n1,10,100\n2,20,200\n"
        let table = try Self.read(text, DataReader.Options(columns: ["b", "1", "a"]))
        #expect(table.columns.map(\.name) == ["b", "t", "a"])
        #expect(table.columns.map(\.values) == [[100, 200], [1, 2], [10, 20]])
        let twice = try Self.read(text, DataReader.Options(columns: ["a", "a"]))
        #expect(twice.columns.map(\.values) == [[10, 20], [10, 20]])
    }

    @Test func aMissingColumnIsNamed() {
        #expect(throws: ChartDataError.noSuchColumn("z", available: ["t", "a"])) {
            try Self.read("t,a\n1,2\n", DataReader.Options(columns: ["z"]))
        }
        #expect(throws: ChartDataError.columnPastTheRows(5, widest: 2)) {
            try Self.read("1,2\n", DataReader.Options(columns: ["5"]))
        }
        #expect(
            ChartDataError.noSuchColumn("z", available: ["t", "a"]).description == "no column 'z': the columns are t, a"
        )
    }

    @Test func missingFieldsAreGaps() throws {
        let table = try Self.read("x,y\n1,2\n2,\n3,NaN\n4,NA\n5,6\n")
        #expect(table.columns[1].values.map { $0.isNaN } == [false, true, true, true, false])
    }

    @Test func aBadRowNamesItsLine() throws {
        let error = ChartDataError.notData(file: "d.csv", line: 4, reason: "'oops' in column y is not a number")
        #expect(throws: error) { try Self.read("x,y\n1,2\n2,3\n3,oops\n") }
        #expect(error.description == "d.csv:4: 'oops' in column y is not a number")
        // A row that ends early has gaps where its fields are missing, as pandas reads it.
        let short = try Self.read("x,y\n1,2\n7\n")
        #expect(short.columns[1].values.count == 2 && short.columns[1].values[1].isNaN)
        #expect(
            throws: ChartDataError.notData(file: "d.csv", line: 4, reason: "'20240103' in column date is not a date")
        ) { try Self.read("date,v\n2024-01-01,1\n2024-01-02,2\n20240103,3\n") }
        #expect(
            throws: ChartDataError.notData(
                file: "d.csv", line: 2, reason: "'1e999' in column y is beyond the largest number (about 1.8e308)")
        ) { try Self.read("x,y\n1,1e999\n") }
    }

    @Test func badRowsAreSkippedAndCountedWhenAsked() throws {
        let table = try Self.read("x,y\n1,2\nbad,row\n3,4\n5,oops\n", DataReader.Options(skipsBadRows: true))
        #expect(table.columns.map(\.values) == [[1, 3], [2, 4]])
        #expect(table.skippedCount == 2)
        #expect(table.firstSkipped == DataTable.SkippedRow(line: 3, reason: "'bad' in column x is not a number"))
    }

    @Test func emptyAndTextOnlyFilesSaySo() {
        #expect(throws: ChartDataError.noData(file: "d.csv")) { try Self.read("# nothing\n\n") }
        #expect(throws: ChartDataError.noNumbers(file: "d.csv")) { try Self.read("a,b\nc,d\n") }
    }

    @Test func datesAreSecondsSince1970() throws {
        let table = try Self.read("day,v\n2024-01-01,1\n2024-03-01T12:30:00Z,2\n2024-03-01 12:30+02:00,3\n")
        #expect(table.columns[0].isTime && !table.columns[1].isTime)
        #expect(table.columns[0].values == [1_704_067_200, 1_709_296_200, 1_709_289_000])
    }

    static let dates: [(String, Double?)] = [
        ("1970-01-01", 0), ("1969-12-31", -86_400), ("2000-02-29", 951_782_400), ("2001-02-29", nil),
        ("2024-13-01", nil), ("2024-01-01T24:00", 1_704_153_600), ("2024-01-01T24:01", nil),
        ("2024-01-01T00:00:00.5", 1_704_067_200.5), ("2024-01-01T00:00-0130", 1_704_072_600), ("2024-1-1", nil),
        ("1600-03-01", -11_670_912_000),
    ]

    @Test(arguments: dates)
    func readsISODates(text: String, seconds: Double?) {
        #expect(ISODate.seconds(text) == seconds, "\(text)")
    }

    @Test func daysRoundTripThroughTheCalendar() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let date = ISODate.date(daysSinceEpoch: days)
            #expect(ISODate.daysSinceEpoch(year: date.year, month: date.month, day: date.day) == days)
        }
    }

    static let numbers: [String] = [
        "0", "-0", "1", "-2.5", "+4", "1e3", "-1.5E-2", " 7 ", ".5", "5.", "0.1", "0.30000000000000004",
        "123456789012345678901234567890", "1e-320", "4.9e-324", "1.7976931348623157e308", "9007199254740993",
        "2.2250738585072011e-308", "0.000000000000000000000000000001", "1234567.8901234567",
    ]

    @Test(arguments: numbers)
    func readsNumbersAsTheStandardLibraryDoes(text: String) {
        let expected = Double(text.trimmingCharacters(in: " "))
        let value = DecimalNumber.value(of: Array(text.utf8)[...])
        #expect(value?.bitPattern == expected?.bitPattern, "\(text)")
    }

    @Test(arguments: ["", "abc", "nan", "inf", "0x10", "1_000", "e5", "1e", "--1", ".", "1.2.3", "1e5e5"])
    func refusesWhatIsNotADecimal(text: String) {
        #expect(DecimalNumber.value(of: Array(text.utf8)[...]) == nil, "\(text)")
    }
}

extension String {
    fileprivate func trimmingCharacters(in blank: Character) -> String {
        String(drop { $0 == blank }.reversed().drop { $0 == blank }.reversed())
    }
}

/// The C loop that reads rows of plain numbers against the line-by-line reading it
/// stands in for: the same tables (values to the bit, gaps, skipped rows and their
/// lines) and the same errors, for every kind of row, however the text is split.
@Suite struct FastRowsTests {
    /// Twenty-five plain rows decide the layout; then rows of every kind.
    static func text(_ delimiter: String, rows: [String]) -> String {
        "x\(delimiter)y\(delimiter)z\n"
            + (1...25).map { "\($0)\(delimiter)\($0 * 2)\(delimiter)0.\($0)" }
            .joined(separator: "\n") + "\n" + rows.joined(separator: "\n") + "\n"
    }

    static let rows = [
        "1.5,-2.25e3,+7", " 3 , 4 ,5 ", "6,,8", "9,10", "11", "12,13,14,15,16", "1e22,1e-22,123456789012345678901",
        "0.1,0.2,0.30000000000000004", "9007199254740993,1,2", "-0,+0,.5", "5.,6e+2,7E-1", "NA,1,2", "1,NaN,null",
        "\"4\",5,6", "# a comment", "", "   ", "1,2,3\r", "x1,2,3", "1,2,3x", "1e,2,3", "-,1,2", "1,2,3 # note",
        "00012,0.000,1e400", "3.14159265358979323846,1e-400,-2.2250738585072014e-308",
        "123456789012345678,0.1234567890123456789,1e23",
    ]

    static func read(_ text: String, options: DataReader.Options, fast: Bool, chunk: Int) -> Result<
        DataTable, ChartDataError
    > {
        var reader = DataReader(options: options, source: "d.csv")
        reader.allowsFastRows = fast
        let bytes = Array(text.utf8)
        var start = 0
        do throws(ChartDataError) {
            while start < bytes.count {
                try reader.read(Array(bytes[start..<min(bytes.count, start + chunk)]))
                start += chunk
            }
            return .success(try reader.finish())
        } catch {
            return .failure(error)
        }
    }

    static func same(_ a: Result<DataTable, ChartDataError>, _ b: Result<DataTable, ChartDataError>) -> Bool {
        switch (a, b) {
        case (.failure(let x), .failure(let y)): return x == y
        case (.success(let x), .success(let y)):
            return x.columns.map(\.name) == y.columns.map(\.name) && x.skippedCount == y.skippedCount
                && x.firstSkipped == y.firstSkipped
                && zip(x.columns, y.columns).allSatisfy { left, right in
                    left.values.map(\.bitPattern) == right.values.map(\.bitPattern)
                }
        default: return false
        }
    }

    @Test(arguments: [",", "\t", ";", " "])
    func readsAsTheLineByLineReaderDoes(delimiter: String) {
        for skips in [true, false] {
            for columns in [nil, ["z", "x"], ["y", "y"], ["3"]] as [[String]?] {
                let options = DataReader.Options(columns: columns, skipsBadRows: skips)
                // Each kind of row alone after the plain ones, and all of them together.
                for rows in Self.rows.map({ [$0] }) + [Self.rows] {
                    let text = Self.text(
                        delimiter, rows: rows.map { $0.replacingOccurrences(of: ",", with: delimiter) })
                    let expected = Self.read(text, options: options, fast: false, chunk: 1 << 20)
                    for chunk in [1, 7, 1 << 20] {
                        let got = Self.read(text, options: options, fast: true, chunk: chunk)
                        #expect(
                            Self.same(got, expected), "\(rows) \(delimiter) \(columns ?? []) \(skips) chunk \(chunk)")
                    }
                }
            }
        }
    }

    /// Megabytes of rows, read on two threads a chunk at a time: lines that are not data
    /// in either half of a chunk, and rows so short that a half holds more than its
    /// columns take, read as the line-by-line reader reads them.
    @Test(arguments: [true, false])
    func largeTextsReadOnTwoThreadsAsOnOne(skips: Bool) {
        var lines = (0..<200_000).map { "\($0),\(Double($0) / 8)" }
        for bad in [30_000, 45_000, 120_000] { lines[bad] = "n/a,\(bad)" }
        let texts = [
            "x,y\n" + lines.joined(separator: "\n") + "\n",
            "v\n" + (0..<400_000).map { "\($0 % 10)" }.joined(separator: "\n") + "\n",
        ]
        for text in texts {
            let options = DataReader.Options(skipsBadRows: skips)
            let expected = Self.read(text, options: options, fast: false, chunk: 1 << 20)
            let got = Self.read(text, options: options, fast: true, chunk: 1 << 20)
            let isSame = Self.same(got, expected)
            #expect(isSame, "\(text.prefix(20))")
        }
    }

    /// One column has no delimiter: a NUL is not the end of a field, in the C loop as
    /// in the line-by-line reader.
    @Test(arguments: [true, false])
    func aNULInAOneColumnFileIsNotData(skips: Bool) {
        let text = "v\n" + (1...30).map { "\($0)" }.joined(separator: "\n") + "\n5\u{0}junk\n\u{0}\u{0}\n7\n"
        let options = DataReader.Options(skipsBadRows: skips)
        let expected = Self.read(text, options: options, fast: false, chunk: 1 << 20)
        let got = Self.read(text, options: options, fast: true, chunk: 1 << 20)
        let isSame = Self.same(got, expected)
        #expect(isSame)
    }

    /// Numerals of every length, the C loop reading digits eight at a time: runs of 0 to
    /// 24 digits before and after the point (leading zeros, words that end exactly at a
    /// run's end, runs past the 19 digits a whole number holds), signs and exponents,
    /// the last of the text read a byte at a time, as Swift reads them.
    @Test(arguments: [1, 2, 3])
    func numeralsOfEveryLengthReadAsSwiftReadsThem(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &random))) })
        }
        var numerals: [String] = []
        for _ in 0..<4000 {
            var numeral = Bool.random(using: &random) ? "-" : ""
            numeral += digits(Int.random(in: 0...24, using: &random))
            if Bool.random(using: &random) { numeral += "." + digits(Int.random(in: 0...24, using: &random)) }
            if numeral.allSatisfy({ !$0.isNumber }) { numeral += "7" }
            if Int.random(in: 0..<5, using: &random) == 0 { numeral += "e\(Int.random(in: -30...30, using: &random))" }
            numerals.append(numeral)
        }
        let text =
            "a,b\n"
            + stride(from: 0, to: numerals.count, by: 2).map { "\(numerals[$0]),\(numerals[$0 + 1])" }
            .joined(separator: "\n") + "\n"
        let table = try Self.read(text, options: DataReader.Options(), fast: true, chunk: 1 << 20).get()
        let expected = numerals.map { Double($0) ?? .nan }
        let got = zip(table.columns[0].values, table.columns[1].values).flatMap { [$0, $1] }
        #expect(got.count == expected.count)
        for (index, (value, truth)) in zip(got, expected).enumerated() where value.bitPattern != truth.bitPattern {
            Issue.record("\(numerals[index]): read \(value), Swift reads \(truth)")
        }
    }

    @Test func manyRowsCrossTheLoopsBatches() throws {
        // 300,000 rows: the scratch's 65,536 rows a thread are filled many times over.
        let text = "a,b\n" + (0..<300_000).map { "\($0),\(Double($0) / 7)" }.joined(separator: "\n") + "\n"
        let fast = try Self.read(text, options: DataReader.Options(), fast: true, chunk: 65_536).get()
        let slow = try Self.read(text, options: DataReader.Options(), fast: false, chunk: 65_536).get()
        let isSame = Self.same(.success(fast), .success(slow))
        #expect(isSame && fast.rowCount == 300_000)
        #expect(fast.columns[1].values[299_999] == 299_999.0 / 7)
    }
}
