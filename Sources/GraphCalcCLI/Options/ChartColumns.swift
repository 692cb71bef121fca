/// The chart data options read once: which columns a chart's labels and values come from.
struct ChartColumns: ParsableOptionGroup, Equatable {
    static let group = OptionGroup.chartData

    /// The column whose values are counted (`--count`), or `nil` to chart labels and values.
    var counted: String?
    /// The labels' column (`--label-column`), by name or number; `nil` for the first.
    var label: String?
    /// The values' column (`--value-column`), by name or number; `nil` for the second.
    var value: String?

    /// - Throws: ``GraphCalcError/usage(_:)`` when `--count` comes with a label or value
    ///   column.
    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        counted = arguments.value(OptionGroup.countColumn)
        label = arguments.value(OptionGroup.labelColumn)
        value = arguments.value(OptionGroup.valueColumn)
        guard counted == nil || (label == nil && value == nil) else {
            throw .usage("--count goes without --label-column and --value-column")
        }
    }

    /// The columns named (not numbered), which the table must have.
    var names: [String] { [counted, label, value].compactMap { $0 }.filter { Int($0) == nil } }
}
