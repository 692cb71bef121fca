import Testing

@testable import ChartData

/// CSV tables, category counts and word frequencies: the data sources charts read.
@Suite struct ChartDataTests {
    /// A label is one line, whatever the file held: a quoted field's line break or tab
    /// is a space, so a chart's layout holds.
    @Test func aLabelWithALineBreakIsOneLine() throws {
        let table = try CSVTable(text: "label,value\n\"two\nlines\",3\n\"tab\tbed\",1\n")
        let data = try ChartData(table: table, labelColumn: 0, valueColumn: 1)
        #expect(data.label(at: 0) == "two lines" && data.label(at: 1) == "tab bed")
    }

    /// Printable ASCII is kept as it is (the fast path); every control character and
    /// every space other than " ", ASCII or not, becomes a space.
    @Test(arguments: [
        ("plain words, it's 3 + 4 = 7!", "plain words, it's 3 + 4 = 7!"), ("", ""), ("tab\tbed", "tab bed"),
        ("a\rb\nc", "a b c"), ("del\u{7F}", "del "), ("nul\u{0}", "nul "), ("café naïve", "café naïve"),
        ("next\u{85}line", "next line"), ("para\u{2029}graph", "para graph"), ("no\u{A0}break", "no break"),
        ("l’été", "l’été"),
    ])
    func labelsBecomeOneLine(label: String, expected: String) {
        #expect(ChartData.oneLine(label) == expected)
    }

    static let tables: [(name: String, text: String, header: [String]?, rows: [[String]], lines: [Int])] = [
        ("plain", "a,1\nb,2\n", nil, [["a", "1"], ["b", "2"]], [1, 2]),
        ("header detected", "name,value\na,1\n", ["name", "value"], [["a", "1"]], [2]),
        ("CRLF", "a,1\r\nb,2\r\n", nil, [["a", "1"], ["b", "2"]], [1, 2]),
        ("BOM", "\u{FEFF}name,value\na,1", ["name", "value"], [["a", "1"]], [2]),
        ("blank lines skipped", "a,1\n\n\nb,2\n\n", nil, [["a", "1"], ["b", "2"]], [1, 4]),
        (
            "quotes and commas", "\"C, C++\",3\n\"say \"\"hi\"\"\",4\n", nil, [["C, C++", "3"], ["say \"hi\"", "4"]],
            [1, 2]
        ),
        ("line break in quotes", "\"two\nlines\",1\nb,2\n", nil, [["two\nlines", "1"], ["b", "2"]], [1, 3]),
        ("empty quoted field", "\"\",1\n", nil, [["", "1"]], [1]),
        ("no final newline", "a,1", nil, [["a", "1"]], [1]),
    ]

    @Test(arguments: tables)
    func parsesCSV(name: String, text: String, header: [String]?, rows: [[String]], lines: [Int]) throws {
        let table = try CSVTable(text: text)
        #expect(table.header == header, "\(name)")
        #expect(table.rows.map(\.fields) == rows, "\(name)")
        #expect(table.rows.map(\.line) == lines, "\(name)")
    }

    @Test func anUnclosedQuoteNamesItsLine() {
        #expect(throws: ChartDataError.invalidData(file: "d.csv", line: 2, reason: "a quoted field is never closed")) {
            try CSVTable(text: "a,1\n\"b,2\n", file: "d.csv")
        }
    }

    static let numbers: [(String, Double?)] = [
        ("3", 3), ("-2.5", -2.5), ("+4", 4), ("1e3", 1000), ("-1.5E-2", -0.015), (" 7 ", 7), (".5", 0.5),
        ("abc", nil), ("", nil), ("nan", nil), ("inf", nil), ("0x10", nil), ("1_000", nil), ("e5", nil), ("1e999", nil),
        ("3 apples", nil),
    ]

    @Test(arguments: numbers)
    func readsNumbersWithSignsAndExponents(text: String, value: Double?) {
        #expect(CSVTable.number(text) == value)
    }

    @Test func picksColumnsByNameOrNumber() throws {
        let table = try CSVTable(text: "language,users,kind\nSwift,28,compiled\nRuby,5,interpreted\n")
        let byName = try ChartData(
            table: table, labelColumn: table.column("language"), valueColumn: table.column("users"))
        #expect(byName == ChartData([("Swift", 28), ("Ruby", 5)]))
        #expect(try table.column("3") == 2)
        #expect(throws: ChartDataError.noSuchColumn("size", available: ["language", "users", "kind"])) {
            try table.column("size")
        }
        // A number past the columns is no column, not a short row on line 2.
        #expect(throws: ChartDataError.noSuchColumn("7", available: ["language", "users", "kind"])) {
            try table.column("7")
        }
        let bare = try CSVTable(text: "Swift,28\nRuby,5,x\n")
        #expect(try bare.column("3") == 2)
        #expect(throws: ChartDataError.columnPastTheRows(4, widest: 3)) { try bare.column("4") }
        #expect(
            ChartDataError.columnPastTheRows(4, widest: 3).description == "no column 4: the rows have at most 3 fields")
    }

    @Test func aValueThatIsNotANumberNamesItsLine() throws {
        let table = try CSVTable(text: "label,value\na,1\n\nb,lots\n")
        #expect(
            throws: ChartDataError.invalidData(file: "d.csv", line: 4, reason: "'lots' in column 2 is not a number")
        ) {
            try ChartData(table: table, labelColumn: 0, valueColumn: 1, file: "d.csv")
        }
        #expect(ChartDataError.invalidData(file: "d.csv", line: 4, reason: "x").description == "d.csv:4: x")
        let short = try CSVTable(text: "a,1\nb\n")
        #expect(throws: ChartDataError.invalidData(file: nil, line: 2, reason: "1 fields, fewer than the columns used"))
        {
            try ChartData(table: short, labelColumn: 0, valueColumn: 1)
        }
    }

    @Test func countsCategoriesMostFrequentFirstTiesByLabel() throws {
        let table = try CSVTable(text: "name,kind\na,fruit\nb,veg\nc,fruit\nd,nut\ne,veg\nf,fruit\ng,bean\n")
        // All text: no header is detected until a column is asked for by a name in row 1.
        #expect(table.header == nil)
        let named = table.namingColumns(["kind"])
        #expect(named.header == ["name", "kind"] && named.rows.count == 7 && named.rows[0].line == 2)
        #expect(table.namingColumns(["size"]).header == nil)
        let counts = try ChartData(countingColumn: named.column("kind"), of: named)
        #expect(counts == ChartData([("fruit", 3), ("veg", 2), ("bean", 1), ("nut", 1)]))
    }

    static let words: [(String, [String])] = [
        ("The cat, the HAT.", ["the", "cat", "the", "hat"]),
        ("Don't stop—it's fine'", ["don't", "stop", "it's", "fine"]),
        ("l’été à Paris", ["l’été", "à", "paris"]),
        ("Größe ÉCOLE naïve", ["größe", "école", "naïve"]),
        ("数学很好", ["数", "学", "很", "好"]),
        ("ひらがな and カタカナ", ["ひ", "ら", "が", "な", "and", "カ", "タ", "カ", "ナ"]),
        ("'quoted' 3 times x2", ["quoted", "3", "times", "x2"]),
        ("Привет, мир", ["привет", "мир"]),
        ("", []),
    ]

    @Test(arguments: words)
    func splitsWordsInAnyScript(text: String, expected: [String]) {
        #expect(ChartData.words(in: text) == expected)
    }

    @Test func wordFrequenciesSortByCountThenAlphabetically() {
        let text = "b a c b a d b the The"
        #expect(ChartData(wordsIn: text) == ChartData([("b", 3), ("a", 2), ("the", 2), ("c", 1), ("d", 1)]))
        #expect(ChartData(wordsIn: text, stopWords: ["the"], top: 2) == ChartData([("b", 3), ("a", 2)]))
    }
}
