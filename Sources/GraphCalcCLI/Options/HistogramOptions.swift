import ChartData
import Graphing

/// The histogram options read once: which column is counted, in how many bins, as
/// counts or densities, with or without a normal curve, and how the file is split.
struct HistogramOptions: ParsableOptionGroup {
    static let group = OptionGroup.histogram

    /// `--column`, by name or number, or `nil` for the first column of numbers.
    var column: String?
    /// `--bins N`, or automatic.
    var bins = Histogram.Bins.automatic
    /// `--density`: bars of density, not counts.
    var showsDensity = false
    /// `--normal`: the normal curve over the bars.
    var showsNormalCurve = false
    /// How the file is read (`--delimiter`, `--header`, `--skip-bad`, and the column).
    var reading = DataReader.Options()

    /// - Throws: ``GraphCalcError/usage(_:)`` for a number of bins that is not a whole
    ///   number from 1 or `auto`, or a delimiter or header not known.
    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        column = arguments.value(OptionGroup.histogramColumn)
        if let column {
            guard !column.trimmingBlanks().isEmpty else { throw .usage("--column needs a column name or number") }
            reading.columns = [column.trimmingBlanks()]
        }
        if let text = arguments.value(OptionGroup.bins), text != "auto" {
            guard let count = Int(text), (1...Histogram.maximumBins).contains(count) else {
                throw .usage("--bins takes a whole number from 1 to \(Histogram.maximumBins) or auto, not '\(text)'")
            }
            bins = .count(count)
        }
        showsDensity = arguments.contains(OptionGroup.density)
        showsNormalCurve = arguments.contains(OptionGroup.normal)
        try DataOptions.readSplitting(arguments, into: &reading)
    }

    /// The options given that apply only to a histogram, for refusing them elsewhere.
    static func given(in arguments: ParsedArguments) -> [OptionSpecification] {
        group.options.filter { arguments.isGiven($0) }
    }
}
