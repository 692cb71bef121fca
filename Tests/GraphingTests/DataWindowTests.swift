import Testing

@testable import Graphing

/// The ring buffer of a live stream: the last rows, oldest first, however they arrive.
@Suite struct DataWindowTests {
    @Test(arguments: [1, 2, 3, 7, 10, 25])
    func keepsTheLastRowsHoweverTheyArrive(batch: Int) {
        var window = DataWindow(capacity: 10, columns: 2)
        let rows = (1...47).map(Double.init)
        var start = 0
        while start < rows.count {
            let end = min(rows.count, start + batch)
            window.append(columns: [Array(rows[start..<end]), rows[start..<end].map { $0 * $0 }])
            start = end
            let kept = Array(rows[max(0, start - 10)..<start])
            #expect(window.column(0) == kept, "batch \(batch) after \(start) rows")
            #expect(window.column(1) == kept.map { $0 * $0 })
        }
        #expect(window.rowsSeen == 47 && window.count == 10)
        #expect(window.series.count == 1 && window.series[0].xs == Array(38...47).map(Double.init))
    }

    @Test func oneColumnIsAgainstTheRowNumberInTheStream() {
        var window = DataWindow(capacity: 3, columns: 1)
        window.append(columns: [[5, 6, 7, 8]])
        window.append(columns: [[9]])
        #expect(window.series == [DataSeries(x: [3, 4, 5], y: [7, 8, 9])])
    }

    @Test func aShortColumnIsGaps() {
        var window = DataWindow(capacity: 4, columns: 3)
        window.append(columns: [[1, 2], [3]])
        #expect(window.column(1).count == 2)
        #expect(window.column(1)[0] == 3 && window.column(1)[1].isNaN && window.column(2).allSatisfy(\.isNaN))
    }
}
