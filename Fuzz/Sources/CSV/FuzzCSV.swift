import ChartData
import Plotting

/// The CSV reader and both chart back-ends on any text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let table = try? CSVTable(text: text, file: "fuzz.csv"),
        let chart = try? ChartData(table: table, labelColumn: 0, valueColumn: 1, file: "fuzz.csv"), chart.count > 0
    else { return 0 }
    for kind in [ChartOptions.Kind.bar, .pie] {
        var options = ChartOptions(kind: kind)
        options.showsValues = true
        options.isHorizontal = size % 2 == 0
        for mode in TerminalPlot.Mode.allCases {
            guard let terminal = try? TerminalChart(mode: mode, isColored: true, width: 40, height: 12) else {
                continue
            }
            _ = try? terminal.render(chart, options: options)
        }
        _ = try? SVGChart(width: 300, height: 200, theme: .light).render(chart, options: options)
    }
    return 0
}
