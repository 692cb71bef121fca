import ChartData
import GraphCalcSupport
import Graphing

/// `graphcalc stats`: summary statistics of data columns.
struct StatsCommand: Command {
    static let name = "stats"
    static let summary = "Summary statistics of data columns: mean, deviations, quartiles, r."
    static let operands = "DATA.csv|--data FILE"
    static let discussion = """
        For each column of numbers (or those --columns names): n, the mean, the sample
        standard deviation (n - 1 in the denominator, a calculator's Sx) and the
        population one (n, σx), the least value, the quartiles and median, the greatest
        value and the sum, as a calculator's 1-Var Stats gives them. Gaps (empty fields,
        NaN, NA) are left out of each column. Quartiles are interpolated linearly
        between the sorted values (position (n-1)p from 0), as numpy's percentile and
        pandas' describe do. With two columns or more, each after the first is paired
        with the first: the correlation r and the sample covariance over the rows where
        both have a value. Sums are compensated and deviations taken from the mean, so a
        large common offset (1e9 plus small noise) loses nothing. Columns of dates are
        left out unless named. Numbers are shown to 10 significant digits unless
        --digits says otherwise.

        Examples:
          graphcalc stats examples/data/heights.csv
          graphcalc stats measurements.tsv --columns load,time
          seq 1 100 | graphcalc stats --data -
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.data, .digits]
    static let positionals = PositionalKind.files

    let path: String
    let options: DataOptions
    let digits: Int

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        var options = try DataOptions(arguments)
        path = try Self.singleFile(
            arguments.positionals, options: &options, session: atPrompt ? session : nil, usage: Self.usage,
            verb: Self.name)
        self.options = options
        digits = try GraphOptions.digits(arguments, session: session) ?? 10
    }

    /// The one data file a verb reads: a positional argument or `--data FILE`; at the
    /// prompt, a data set's name reads its file as the set says (`--columns` given here
    /// choosing columns over the set's).
    static func singleFile(
        _ positionals: [String], options: inout DataOptions, session: Session?, usage: String, verb: String
    ) throws(GraphCalcError) -> String {
        let files = positionals + options.files
        guard files.count == 1 else {
            throw .usageShowing(
                files.isEmpty ? "\(verb) needs a data file" : "\(verb) reads one data file, not \(files.count)",
                usage: usage)
        }
        if let set = session?.dataSets[files[0]] {
            let columns = options.reading.columns
            options.reading = set.reading
            if let columns { options.reading.columns = columns }
            return set.path
        }
        return files[0]
    }

    func run(console: any Console) throws(GraphCalcError) {
        let table = try DataOptions.table(path, reading: options.reading)
        if let note = DataOptions.skippedNote(table, file: path) { console.writeError(note + "\n") }
        let columns = options.reading.columns == nil ? table.columns.filter { !$0.isTime } : table.columns
        guard !columns.isEmpty else { throw .input("'\(path)' has no column of numbers to summarise") }
        // Each column's summary, on the cores at once, then each pair's correlation (from
        // the summaries' means where the columns have no gaps).
        let values = columns.map(\.values)
        let summaries = ConcurrentWork.map(values.count) { Statistics(values[$0]) }
        let correlations = ConcurrentWork.map(values.count > 1 ? values.count - 1 : 0) { pair -> Correlation? in
            let other = pair + 1
            guard let first = summaries[0], let second = summaries[other] else {
                return Correlation(values[0], values[other])
            }
            return Correlation(values[0], values[other], summaries: (first, second))
        }
        func number(_ value: Double?) -> String {
            guard let value else { return "-" }
            return value.isNaN ? "-" : DisplaySettings.format(value, digits: digits)
        }
        let rows: [(String, (Statistics) -> Double)] = [
            ("n", { Double($0.count) }), ("mean", \.mean), ("sd (sample, Sx)", \.sampleStandardDeviation),
            ("sd (population, σx)", \.populationStandardDeviation), ("min", \.minimum), ("Q1", \.firstQuartile),
            ("median", \.median), ("Q3", \.thirdQuartile), ("max", \.maximum), ("sum", \.sum),
        ]
        var lines: [[String]] = [[""] + columns.map(\.name)]
        for (name, value) in rows { lines.append([name] + summaries.map { number($0.map(value)) }) }
        try console.write(Self.aligned(lines))
        if let first = columns.first, columns.count > 1 {
            var pairs: [[String]] = [["", "n", "r", "covariance"]]
            for (column, correlation) in zip(columns.dropFirst(), correlations) {
                pairs.append([
                    "\(first.name), \(column.name)", correlation.map { String($0.count) } ?? "0",
                    number(correlation?.r), number(correlation?.covariance),
                ])
            }
            try console.write("\n" + Self.aligned(pairs))
        }
    }

    /// Rows of cells in columns two spaces apart, the first left-aligned and the rest
    /// right-aligned, as numbers read.
    static func aligned(_ rows: [[String]]) -> String {
        let count = rows.map(\.count).max() ?? 0
        let widths = (0..<count).map { column in
            rows.map { column < $0.count ? TerminalText.width(of: $0[column]) : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - TerminalText.width(of: cell))
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
