import CalculatorBrain
import ChartData
import GraphCalcSupport
import Graphing
import Plotting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `graphcalc chart`: a bar or pie chart of data from a CSV file, or a histogram of a
/// column of numbers.
struct ChartCommand: Command {
    static let name = "chart"
    static let summary = "Draw a bar or pie chart or a histogram of a CSV file, in the terminal or as SVG."
    static let operands = "bar|pie|hist DATA.csv"
    static let discussion = """
        The file holds label,value rows (a header is detected when its fields are not
        numbers where the data's are); --label-column and --value-column pick other
        columns by header name or number (from 1). Fields may be quoted ("a, b"), numbers
        may have signs and exponents, blank lines are skipped, and a value that is not a
        number is an error naming its line. --count COLUMN charts how often each distinct
        value of a column occurs instead, most frequent first.

        Bars start at zero, negative values below the axis; --horizontal lays them along
        x, --values prints each value. A pie needs positive values; its legend gives each
        slice's percentage (adding up to 100), slices start at --start-angle degrees
        clockwise from 12 o'clock and follow --direction; --min-share 1 groups slices
        under 1% as "other". --select LABEL highlights one bar or slice.

        Without -o the chart is drawn in the terminal (block characters for bars, braille
        or ASCII for a pie). With -o OUT.svg it is written as SVG (default 800x500 pixels),
        each bar and slice with a tooltip naming its label and value.

        chart hist counts the values of one column of numbers (--column, by name or
        number; the first column of numbers by default) in bins of equal width from the
        least value to the greatest, as numpy.histogram does: each bin holds values from
        its lower edge up to but not including its upper edge, the last bin both. --bins N
        makes N bins; --bins auto (the default) follows the Freedman-Diaconis rule, bins
        2*IQR/cbrt(n) wide (Sturges' rule, log2(n)+1 bins, where the quartiles coincide),
        at most as many as the terminal has columns, and says which rule it used.
        --density draws densities (count / (n * width), areas adding up to 1) instead of
        counts; --normal draws the normal curve of the values' mean and sample standard
        deviation over the bars, scaled to the counts. Empty fields and NaN are gaps.

        Examples:
          graphcalc chart bar examples/data/languages.csv --values
          graphcalc chart pie examples/data/languages.csv -o languages.svg --select Swift
          graphcalc chart bar examples/data/languages.csv --count paradigm --horizontal
          graphcalc chart hist examples/data/heights.csv --column height --normal
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [
        .chartData, .histogram, .output, .size, .document, .chartStyle, .terminalOutput,
    ]
    static let positionals = PositionalKind.wordThenFile(["bar", "pie", "hist"])

    let file: String
    let columns: ChartColumns
    let drawing: ChartDrawing
    /// For `chart hist`, what to count and how.
    let histogram: HistogramOptions?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        guard arguments.positionals.count == 2 else {
            throw .usageShowing("chart needs bar, pie or hist and a CSV file", usage: Self.usage)
        }
        let word = arguments.positionals[0]
        guard let kind = word == "hist" ? .bar : ChartOptions.Kind(rawValue: word) else {
            throw .usage("chart draws bar, pie or hist, not '\(word)'")
        }
        file = arguments.positionals[1]
        columns = try ChartColumns(arguments)
        if word == "hist" {
            // A histogram's bars are its bins: none is picked, labelled or laid across.
            let foreign =
                OptionGroup.chartData.options
                + [OptionGroup.select, OptionGroup.horizontal, OptionGroup.startAngle, OptionGroup.direction]
                + [OptionGroup.minimumShare]
            if let option = foreign.first(where: arguments.isGiven) {
                throw .usage("\(option.names[0]) does not apply to a histogram")
            }
            histogram = try HistogramOptions(arguments)
        } else {
            if let option = HistogramOptions.given(in: arguments).first {
                throw .usage("\(option.names[0]) applies to chart hist, not a \(word) chart")
            }
            histogram = nil
        }
        drawing = try ChartDrawing(kind: kind, arguments)
    }

    func run(console: any Console) throws(GraphCalcError) {
        if let histogram { return try drawHistogram(histogram, console: console) }
        let text = try Self.readText(file)
        // Where a record's line is named: the file, or standard input for '-'.
        let file = self.file == FileSystem.standardInput ? "standard input" : self.file
        let data: ChartData
        do throws(ChartDataError) {
            let table = try CSVTable(text: text, file: file).namingColumns(columns.names)
            if let counted = columns.counted {
                data = try ChartData(countingColumn: table.column(counted), of: table, file: file)
            } else {
                data = try ChartData(
                    table: table, labelColumn: table.column(columns.label ?? "1"),
                    valueColumn: table.column(columns.value ?? "2"), file: file)
            }
        } catch {
            throw .chartData(error)
        }
        if Cancellation.isRequested { throw .interrupted }
        guard data.count > 0 else { throw .input("'\(file)' has no records to chart") }
        try drawing.draw(data, console: console)
    }

    /// The text of a UTF-8 file.
    static func readText(_ path: String) throws(GraphCalcError) -> String {
        let bytes: Data
        do {
            bytes = try FileSystem.read(path)
        } catch {
            throw .input("cannot read '\(path)': \(error.reason)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .input("'\(path)' is not UTF-8 text")
        }
        return text
    }
}
