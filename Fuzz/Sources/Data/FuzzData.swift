import ChartData
import Graphing

/// Data files on any bytes: read in chunks the input's length picks (with detection,
/// or with a delimiter and header given), every table's columns are as long as each
/// other, a series drawn on a small grid (points, lines and steps) marks only proved
/// or excluded cells, and statistics and a linear fit of what was read never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzData(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    var options = DataReader.Options(skipsBadRows: size % 2 == 0)
    if size % 3 == 1 {
        options.delimiter = DataDelimiter.allCases[size % DataDelimiter.allCases.count]
        options.hasHeader = size % 4 == 1
    }
    if size % 5 == 2 { options.columns = ["2", "1", "2"] }
    var reader = DataReader(options: options, source: "fuzz.csv")
    let chunk = [1, 3, 64, 1 << 20][size % 4]
    var start = 0
    do {
        while start < size {
            try reader.read(UnsafeRawBufferPointer(rebasing: bytes[start..<min(size, start + chunk)]))
            start += chunk
        }
        let table = try reader.finish()
        let count = table.rowCount
        guard table.columns.allSatisfy({ $0.values.count == count }) else { fatalError("ragged columns") }
        guard let y = table.columns.last?.values else { return 0 }
        let x = table.columns.count > 1 ? table.columns[0].values : nil
        let series = DataSeries(x: x, y: y)
        if let viewport = try? Viewport(width: 16, height: 8, x: Interval(-10, 10), y: Interval(-5, 5)) {
            for style in DataStyle.allCases {
                let cells = DataSampler(series: series, viewport: viewport, style: style).cells()
                if cells.undecidedCount != 0 || cells.statuses.count != 128 { fatalError("cells lost") }
                _ = DataSampler(series: series, viewport: viewport, style: style).paths()
            }
        }
        _ = Statistics(y)
        _ = try? Regression(fitting: .polynomial(degree: 2), to: series)
        _ = try? Regression(fitting: .logistic, to: series)
    } catch {
        // A clear error is an answer.
        _ = error.description
    }
    return 0
}
