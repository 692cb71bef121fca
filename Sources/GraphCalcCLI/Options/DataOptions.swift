import ChartData
import GraphCalcSupport
import Graphing
import Plotting

/// The data options read once: which files, which columns, how they are split and
/// drawn (`--data`, `--columns`, `--delimiter`, `--header`, `--style`, `--skip-bad`).
struct DataOptions: ParsableOptionGroup {
    static let group = OptionGroup.data

    /// `--data FILE` (repeatable; `-` is standard input).
    var files: [String]
    /// How the files are read.
    var reading: DataReader.Options
    /// `--style`, or `nil` for each series' natural style.
    var style: DataStyle?
    /// `--time unix`: the x column is Unix seconds, shown as dates.
    var xIsUnixTime = false

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        files = arguments.allValues(OptionGroup.dataFile)
        reading = DataReader.Options()
        if let text = arguments.value(OptionGroup.columns) {
            let names = text.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingBlanks()
            }
            guard !names.contains(where: \.isEmpty) else {
                throw .usage("--columns needs column names or numbers separated by commas, not '\(text)'")
            }
            reading.columns = names
        }
        reading.delimiter = try arguments.choice(OptionGroup.delimiter, of: DataDelimiter.self)
        if let header = arguments.value(OptionGroup.header) {
            guard header == "yes" || header == "no" else { throw .usage("--header takes yes or no, not '\(header)'") }
            reading.hasHeader = header == "yes"
        }
        reading.skipsBadRows = arguments.contains(OptionGroup.skipBad)
        style = try arguments.choice(OptionGroup.dataStyle, of: DataStyle.self)
        if let time = arguments.value(OptionGroup.time) {
            guard time == "unix" else {
                throw .usage("--time takes unix, not '\(time)' (ISO 8601 dates are read as times anyway)")
            }
            xIsUnixTime = true
        }
    }

    /// Whether a positional argument names a data file (`.csv`, `.tsv`, `.dat`), as
    /// `.plist` names a program.
    static func isDataFile(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return [".csv", ".tsv", ".dat"].contains { lowered.hasSuffix($0) && lowered.count > $0.count }
    }

    /// The data files among `arguments` (positionals first), then `--data`'s.
    func dataFiles(among arguments: [ProgramArgument]) -> [String] {
        arguments.compactMap { argument in
            if case .positional(let text) = argument, Self.isDataFile(text) { return text }
            return nil
        } + files
    }

    /// What a graphing verb's arguments name, split: the programs, and the layers of
    /// the data files with the notes reading them gives.
    ///
    /// - Throws: a usage error when standard input is named both as a program (`-`) and
    ///   as data (`--data -`), and what reading the data throws.
    static func programsAndData(
        _ arguments: ParsedArguments
    ) throws(GraphCalcError) -> (programs: [ProgramArgument], data: [DataLayer], notes: [String]) {
        let given = ProgramArgument.all(arguments)
        let programs = Self.programs(among: given)
        let options = try DataOptions(arguments)
        if programs.contains(where: \.readsStandardInput) && options.files.contains(FileSystem.standardInput) {
            throw .usage("standard input (-) can be read once: as a program or as data, not both")
        }
        let (data, notes) = try options.layers(among: given)
        return (programs, data, notes)
    }

    /// The arguments that are programs, not data files.
    static func programs(among arguments: [ProgramArgument]) -> [ProgramArgument] {
        arguments.filter { argument in
            if case .positional(let text) = argument { return !isDataFile(text) }
            return true
        }
    }

    /// Reads `path` (`-`: standard input) as a table, in chunks.
    ///
    /// - Throws: ``GraphCalcError/input(_:)`` for a file that cannot be read or a row that
    ///   is not data (with how to skip such rows), a usage error for a column not there.
    static func table(_ path: String, reading: DataReader.Options) throws(GraphCalcError) -> DataTable {
        let name = path == FileSystem.standardInput ? "standard input" : path
        var reader = DataReader(options: reading, source: name)
        var failure: ChartDataError?
        do {
            try FileSystem.forEachChunk(of: path) { chunk in
                do throws(ChartDataError) {
                    try reader.read(chunk)
                } catch {
                    failure = error
                    return false
                }
                return !Cancellation.isRequested
            }
        } catch {
            throw .input("cannot read '\(path)': \(error.reason)")
        }
        if Cancellation.isRequested { throw .interrupted }
        do throws(ChartDataError) {
            if let failure { throw failure }
            return try reader.finish()
        } catch {
            throw Self.error(error)
        }
    }

    /// The CLI's words for a data error: a row that is not data says how to skip it, a
    /// column not there is a usage error.
    static func error(_ error: ChartDataError) -> GraphCalcError {
        switch error {
        case .notData: .input("\(error) (--skip-bad skips rows that are not data)")
        case .noSuchColumn, .columnPastTheRows: .usage("--columns: \(error)")
        default: .chartData(error)
        }
    }

    /// A note for rows skipped (`--skip-bad`), naming the first.
    static func skippedNote(_ table: DataTable, file: String) -> String? {
        guard table.skippedCount > 0, let first = table.firstSkipped else { return nil }
        let rows = table.skippedCount == 1 ? "1 row that is" : "\(table.skippedCount) rows that are"
        return "note: \(file): skipped \(rows) not data, the first on line \(first.line): \(first.reason)"
    }

    /// The series of a table: each column after the first against the first, or the one
    /// column against the row number; each named by its column (or, in a file without a
    /// header, by the file).
    static func series(of table: DataTable, file: String) -> [(series: DataSeries, label: String)] {
        let base =
            file == FileSystem.standardInput ? "stdin" : (file.split(separator: "/").last.map(String.init) ?? file)
        guard table.columns.count >= 2 else {
            guard let only = table.columns.first else { return [] }
            return [(DataSeries(x: nil, y: only.values), table.hasHeader ? only.name : base)]
        }
        let x = table.columns[0]
        return table.columns.dropFirst().map { column in
            let label =
                table.hasHeader ? column.name : table.columns.count == 2 ? base : "\(base) column \(column.number)"
            return (DataSeries(x: x.values, y: column.values), label)
        }
    }

    /// The figure layers of every data file named, with the notes they give.
    func layers(among arguments: [ProgramArgument]) throws(GraphCalcError) -> (layers: [DataLayer], notes: [String]) {
        let paths = dataFiles(among: arguments)
        guard paths.filter({ $0 == FileSystem.standardInput }).count <= 1 else {
            throw .usage("standard input (-) can be read once; name it once")
        }
        var layers: [DataLayer] = [], notes: [String] = []
        for path in paths {
            let table = try Self.table(path, reading: reading)
            if let note = Self.skippedNote(table, file: path) { notes.append(note) }
            // x is a time in a column of dates, or of Unix seconds with --time unix.
            let xIsTime = table.columns.count >= 2 && (table.columns[0].isTime || xIsUnixTime)
            for (series, label) in Self.series(of: table, file: path) {
                var layer = DataLayer(series, style: style ?? DataStyle.natural(for: series), label: label)
                layer.xIsTime = xIsTime
                layers.append(layer)
            }
        }
        return (layers, notes)
    }
}
