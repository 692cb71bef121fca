import CVectorMath

extension DataReader {
    /// Decides the delimiter, the header and the columns kept from the lines pending.
    mutating func decideLayout() throws(ChartDataError) {
        let lines = pending.map { $0.bytes }
        let delimiter = options.delimiter ?? DataDelimiter.detected(in: Array(lines.prefix(10)))
        var split = lines.map { DataLine.fields(of: $0[...], delimiter: delimiter) }
        if delimiter == .whitespace { DataLine.joinDateAndTimeNames(&split) }
        let kinds = split.map { $0.map { DataLine.kind(of: $0, decimalComma: delimiter == .semicolon) } }
        let hasHeader: Bool
        if let given = options.hasHeader {
            hasHeader = given
        } else if kinds.count >= 2 {
            // A text field over the first value below it that is a number or a date
            // (gaps skipped: `Paris,` then `Rome,20`).
            hasHeader = kinds[0].indices.contains { index in
                let below = kinds.dropFirst().lazy.compactMap {
                    $0.indices.contains(index) && $0[index] != .missing ? $0[index] : nil
                }.first
                return kinds[0][index] == .text && (below == .number || below == .date)
            }
        } else {
            hasHeader = kinds.first.map { !$0.isEmpty && $0.allSatisfy { $0 == .text } } ?? false
        }
        let widest = split.map(\.count).max() ?? 0
        // A header field left empty names its column by number ("column 2"), never "".
        var fileColumns: [String] =
            hasHeader
            ? split[0].enumerated().map { index, field in
                field.allSatisfy(DecimalNumber.isBlank) ? "column \(index + 1)" : DataLine.text(field)
            } : []
        while fileColumns.count < widest { fileColumns.append(String(fileColumns.count + 1)) }
        let data = hasHeader ? Array(kinds.dropFirst()) : kinds
        /// The first value of column `index` that is not missing, by kind.
        func firstKind(_ index: Int) -> DataLine.Kind? {
            data.lazy.compactMap { $0.indices.contains(index) && $0[index] != .missing ? $0[index] : nil }.first
        }
        var kept: [Int]
        if let asked = options.columns {
            kept = []
            for name in asked {
                if let index = fileColumns.firstIndex(of: name) {
                    kept.append(index)
                } else if let number = Int(name), number >= 1, number <= widest {
                    kept.append(number - 1)
                } else if let number = Int(name), number >= 1, !hasHeader {
                    throw .columnPastTheRows(number, widest: widest)
                } else {
                    throw .noSuchColumn(name, available: hasHeader ? fileColumns : nil)
                }
            }
        } else {
            // A column of gaps so far is kept: its numbers may come later.
            // Past a header's names, a column is only a stray field of some rows.
            let named = hasHeader ? split[0].count : fileColumns.count
            kept = fileColumns.indices.filter { $0 < named && firstKind($0) != .text }
            // A header alone is no rows, not a file without numbers.
            guard !data.isEmpty else { throw .noData(file: source) }
            guard kept.contains(where: { firstKind($0) != nil }) else { throw .noNumbers(file: source) }
        }
        let isTime = kept.map { firstKind($0) == .date }
        var slots = [Int](repeating: -1, count: (kept.max() ?? 0) + 1)
        for (slot, index) in kept.enumerated() where slots[index] < 0 { slots[index] = slot }
        // A column asked for twice is read once and copied at the end of each row.
        copies = kept.enumerated().compactMap { slot, index in slots[index] == slot ? nil : (slot, slots[index]) }
        self.slots = slots
        self.isTime = isTime
        readsFast = allowsFastRows && !isTime.contains(true) && !kept.isEmpty
        row = [Double](repeating: .nan, count: kept.count)
        values = [[Double]](repeating: [], count: kept.count)
        // Room for the rows the text holds, from its length and the lines so far, a tenth more.
        let bytesSoFar = lines.reduce(0) { $0 + $1.count + 1 }
        if let expected = expectedByteCount, expected > 0, bytesSoFar > 0 {
            let rows = Double(expected) / (Double(bytesSoFar) / Double(lines.count)) * 1.1 + 64
            let room = Int(min(rows, Double(1 << 31)))
            for index in values.indices {
                values[index].reserveCapacity(room)
                // Huge pages for large columns, where the system gives them: far fewer
                // page faults as the rows arrive.
                if room >= 1 << 20 {
                    values[index].withUnsafeMutableBufferPointer { buffer in
                        gcvm_advise_huge_pages(buffer.baseAddress, room * MemoryLayout<Double>.stride)
                    }
                }
            }
        }
        self.delimiter = delimiter
        names = kept.map { fileColumns[$0] }
        fileNumbers = kept.map { $0 + 1 }
        table = DataTable(
            columns: kept.enumerated().map { slot, index in
                DataTable.Column(name: fileColumns[index], number: index + 1, isTime: isTime[slot], values: [])
            },
            delimiter: delimiter, hasHeader: hasHeader, fileColumns: fileColumns)
    }
}
