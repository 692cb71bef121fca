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
        try Self.readSplitting(arguments, into: &reading)
        style = try arguments.choice(OptionGroup.dataStyle, of: DataStyle.self)
        if let time = arguments.value(OptionGroup.time) {
            guard time == "unix" else {
                throw .usage("--time takes unix, not '\(time)' (ISO 8601 dates are read as times anyway)")
            }
            xIsUnixTime = true
        }
    }

    /// Reads how a file is split and what is done with bad rows (`--delimiter`,
    /// `--header`, `--skip-bad`) into `reading`: for plotted data and histograms alike.
    static func readSplitting(
        _ arguments: ParsedArguments, into reading: inout DataReader.Options
    ) throws(GraphCalcError) {
        reading.delimiter = try arguments.choice(OptionGroup.delimiter, of: DataDelimiter.self)
        if let header = arguments.value(OptionGroup.header) {
            guard header == "yes" || header == "no" else { throw .usage("--header takes yes or no, not '\(header)'") }
            reading.hasHeader = header == "yes"
        }
        reading.skipsBadRows = arguments.contains(OptionGroup.skipBad)
    }

    /// The error for a data file given to a verb that takes expressions or programs.
    static func dataFileWhereAProgramGoes(_ path: String) -> GraphCalcError {
        .usage(
            "'\(path)' is a data file, not an expression or a program: plot, svg and explore draw data, "
                + "stats and fit summarise it")
    }

    /// Whether a positional argument names a data file (`.csv`, `.tsv`, `.dat`), as
    /// `.plist` names a program.
    static func isDataFile(_ argument: String) -> Bool {
        let lowered = argument.lowercased()
        return [".csv", ".tsv", ".dat"].contains { lowered.hasSuffix($0) && lowered.count > $0.count }
    }

    /// What a graphing verb's arguments name, split: the programs, and the data — its
    /// layers, the notes reading it gives, and the references a figure keeps.
    ///
    /// Data is the data files named (positionally or with `--data`) and, at the prompt,
    /// the session's data sets named (`plot d`); when neither programs nor data are
    /// named, `shown` (the data of the figure on show). Tables are read through the
    /// session's cache, so a redraw does not read an unchanged file again.
    ///
    /// - Throws: a usage error when standard input is named both as a program (`-`) and
    ///   as data (`--data -`), and what reading the data throws.
    static func programsAndData(
        _ arguments: ParsedArguments, session: Session? = nil, shown: [DataReference] = [],
        following: FollowOptions? = nil
    ) throws(GraphCalcError) -> (
        programs: [ProgramArgument], data: [DataLayer], notes: [String], references: [DataReference]
    ) {
        let given = ProgramArgument.all(arguments)
        let sets = session?.dataSets ?? [:]
        let programs = Self.programs(among: given, sets: sets)
        let options = try DataOptions(arguments)
        if programs.contains(where: \.readsStandardInput) && options.files.contains(FileSystem.standardInput) {
            throw .usage("standard input (-) can be read once: as a program or as data, not both")
        }
        var references = try options.references(among: given, sets: sets)
        if references.isEmpty && programs.isEmpty { references = shown }
        // Data followed as it arrives is read by its follower, not here: one stream.
        if following?.isFollowing == true {
            guard references.count == 1 else {
                throw .usage("--follow follows one data file or standard input (--data -), not \(references.count)")
            }
            return (programs, [], [], references)
        }
        let (data, notes) = try Self.layers(of: references, cache: session?.dataTables)
        return (programs, data, notes, references)
    }

    /// Whether the data was named on the line, not the figure's shown again: a figure of
    /// data alone then has no functions, where a redraw keeps the figure's.
    static func isNamed(_ references: [DataReference], shown: [DataReference], programs: [ProgramArgument]) -> Bool {
        !references.isEmpty && !(programs.isEmpty && references == shown)
    }

    /// The arguments that are programs, not data files or (at the prompt) data sets.
    static func programs(
        among arguments: [ProgramArgument], sets: [String: DataReference] = [:]
    ) -> [ProgramArgument] {
        arguments.filter { argument in
            if case .positional(let text) = argument { return !isDataFile(text) && sets[text] == nil }
            return true
        }
    }

    /// The data the arguments name, by reference, in order: data sets of `sets` and
    /// data files positionally, then `--data`'s; this line's `--style` and `--time` over
    /// a data set's own.
    func references(
        among arguments: [ProgramArgument], sets: [String: DataReference] = [:]
    ) throws(GraphCalcError) -> [DataReference] {
        var references: [DataReference] = []
        for argument in arguments {
            guard case .positional(let text) = argument else { continue }
            if var set = sets[text] {
                if let style { set.style = style }
                if xIsUnixTime { set.xIsUnixTime = true }
                references.append(set)
            } else if Self.isDataFile(text) {
                references.append(reference(to: text))
            }
        }
        references += files.map(reference(to:))
        guard references.filter({ $0.path == FileSystem.standardInput }).count <= 1 else {
            throw .usage("standard input (-) can be read once; name it once")
        }
        return references
    }

    /// `path` read and drawn as these options say.
    func reference(to path: String) -> DataReference {
        DataReference(path: path, reading: reading, style: style, xIsUnixTime: xIsUnixTime)
    }

    /// Reads `path` (`-`: standard input) as a table, in chunks.
    ///
    /// - Throws: ``GraphCalcError/input(_:)`` for a file that cannot be read or a row that
    ///   is not data (with how to skip such rows), a usage error for a column not there.
    static func table(_ path: String, reading: DataReader.Options) throws(GraphCalcError) -> DataTable {
        let name = path == FileSystem.standardInput ? "standard input" : path
        var reader = DataReader(options: reading, source: name)
        reader.expectedByteCount = FileSystem.size(of: path)
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
        guard table.columns.count >= 2 else {
            guard let only = table.columns.first else { return [] }
            return [(DataSeries(x: nil, y: only.values), label(of: only, in: table, file: file))]
        }
        let x = table.columns[0]
        return table.columns.dropFirst().map { column in
            (DataSeries(x: x.values, y: column.values), label(of: column, in: table, file: file))
        }
    }

    /// The name of a series of `column`'s values: the column's in a file with a header;
    /// else the file's (`stdin` for standard input), with the column's number where the
    /// file has more than one series.
    static func label(of column: DataTable.Column, in table: DataTable, file: String) -> String {
        guard !table.hasHeader else { return column.name }
        let base =
            file == FileSystem.standardInput ? "stdin" : (file.split(separator: "/").last.map(String.init) ?? file)
        return table.columns.count > 2 ? "\(base) column \(column.number)" : base
    }

    /// The figure layers of the data referred to, with the notes reading it gives; each
    /// table from `cache` while its file is unchanged.
    static func layers(
        of references: [DataReference], cache: DataTableCache? = nil
    ) throws(GraphCalcError) -> (layers: [DataLayer], notes: [String]) {
        var layers: [DataLayer] = [], notes: [String] = []
        for reference in references {
            let path = reference.path
            let read = { () throws(GraphCalcError) -> DataTable in try Self.table(path, reading: reference.reading) }
            let table: DataTable
            if let cache {
                table = try cache.table(for: reference, read: read)
            } else {
                table = try read()
            }
            if let note = Self.skippedNote(table, file: path) { notes.append(note) }
            // x is a time in a column of dates, or of Unix seconds with --time unix.
            if reference.xIsUnixTime, table.columns.count < 2 {
                throw .input(
                    "--time unix reads x as Unix seconds, but '\(path)' gives one column, which is drawn against "
                        + "its row number: name an x column and a y column with --columns")
            }
            let xIsTime = table.columns.count >= 2 && (table.columns[0].isTime || reference.xIsUnixTime)
            for (series, label) in Self.series(of: table, file: path) {
                var layer = DataLayer(series, style: reference.style ?? DataStyle.natural(for: series), label: label)
                layer.xIsTime = xIsTime
                layers.append(layer)
            }
        }
        return (layers, notes)
    }
}
