import GraphCalcSupport

extension ChartData {
    /// Records from a CSV table: labels from one column, values from another.
    ///
    /// - Throws: ``ChartDataError/invalidData(file:line:reason:)`` naming the line of a
    ///   value that is not a number or a row too short.
    public init(table: CSVTable, labelColumn: Int, valueColumn: Int, file: String? = nil) throws(ChartDataError) {
        var records: [(label: String, value: Double)] = []
        for row in table.rows {
            guard row.fields.count > max(labelColumn, valueColumn) else {
                throw .invalidData(
                    file: file, line: row.line, reason: "\(row.fields.count) fields, fewer than the columns used")
            }
            let text = row.fields[valueColumn]
            guard let value = CSVTable.number(text) else {
                let problem =
                    CSVTable.isNumeral(text) ? "is beyond the largest number (about 1.8e308)" : "is not a number"
                throw .invalidData(
                    file: file, line: row.line,
                    reason: "'\(text.trimmingBlanks())' in column \(valueColumn + 1) \(problem)")
            }
            records.append((row.fields[labelColumn].trimmingBlanks(), value))
        }
        self.init(records)
    }

    /// How often each distinct value of a column occurs, most frequent first, ties in
    /// label order.
    public init(countingColumn column: Int, of table: CSVTable, file: String? = nil) throws(ChartDataError) {
        var counts: [String: Int] = [:]
        for row in table.rows {
            guard column < row.fields.count else {
                throw .invalidData(file: file, line: row.line, reason: "no field \(column + 1) to count")
            }
            counts[row.fields[column].trimmingBlanks(), default: 0] += 1
        }
        self.init(Self.sortedByCount(counts))
    }

    /// Word frequencies of a text: see ``ChartData/words(in:)``; most frequent first, ties
    /// alphabetical; `stopWords` left out; the first `top` kept when given.
    public init(wordsIn text: String, stopWords: Set<String> = [], top: Int? = nil) {
        var counts = WordCounter.counts(in: text)
        for word in stopWords { counts[word] = nil }
        let sorted = Self.sortedByCount(counts)
        self.init(top.map { Array(sorted.prefix($0)) } ?? sorted)
    }

    private static func sortedByCount(_ counts: [String: Int]) -> [(label: String, value: Double)] {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map {
            ($0.key, Double($0.value))
        }
    }

    /// The words of a text, lowercased: runs of letters, marks and digits, with an
    /// apostrophe inside a word kept (`don't`, `l'été`); each Han, Hiragana or Katakana
    /// character is a word of its own, as those scripts do not separate words by spaces.
    /// Stops early when `Cancellation` is requested.
    public static func words(in text: String) -> [String] {
        var words: [String] = []
        var current = ""
        func finish() {
            while let last = current.last, last == "'" || last == "’" { current.removeLast() }
            if !current.isEmpty { words.append(current.lowercased()) }
            current = ""
        }
        for (index, character) in text.enumerated() {
            // Ctrl-C: stop with the words so far; the caller checks and discards them.
            if index & 0xFFFF == 0, Cancellation.isRequested { break }
            guard let scalar = character.unicodeScalars.first else { continue }
            if isIdeographic(scalar) {
                finish()
                words.append(String(character))
            } else if character.isLetter || character.isNumber || scalar.properties.isAlphabetic {
                current.append(character)
            } else if (character == "'" || character == "’") && !current.isEmpty {
                current.append(character)
            } else {
                finish()
            }
        }
        finish()
        return words
    }

    private static func isIdeographic(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
    }
}
