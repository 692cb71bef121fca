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
    if size % 7 == 3 { return followData(bytes, options: options, chunk: chunk) }
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
        if let histogram = try? Histogram(y, bins: .automatic, limit: 50) {
            if histogram.counts.reduce(0, +) != histogram.total || histogram.edges.count != histogram.counts.count + 1 {
                fatalError("histogram lost values")
            }
        }
        _ = try? Regression(fitting: .polynomial(degree: 2), to: series)
        _ = try? Regression(fitting: .logistic, to: series)
    } catch {
        // A clear error is an answer.
        _ = error.description
    }
    return 0
}

/// The bytes as a followed stream: the layout decided from the first line there is, the
/// rows taken after each chunk into a window of five, which never holds more, and whose
/// columns stay as long as each other.
func followData(_ bytes: UnsafeRawBufferPointer, options: DataReader.Options, chunk: Int) -> Int32 {
    var options = options
    options.skipsBadRows = true
    var reader = DataReader(options: options, source: "stream")
    var window: DataWindow?
    var start = 0
    do {
        while start < bytes.count {
            try reader.read(UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + chunk)]))
            start += chunk
            if !reader.isDecided && reader.linesWaiting > 0 { try reader.decide() }
            let rows = reader.takeRows()
            guard !rows.isEmpty else { continue }
            if window == nil { window = DataWindow(capacity: 5, columns: rows.count) }
            window?.append(columns: rows)
            guard let window, window.count <= 5,
                (0..<rows.count).allSatisfy({ window.column($0).count == window.count })
            else { fatalError("window lost its shape") }
            _ = window.series
        }
    } catch {
        _ = error.description
    }
    return 0
}
