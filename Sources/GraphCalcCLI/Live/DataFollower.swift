import ChartData
import GraphCalcSupport
import Graphing
import Plotting

#if canImport(Glibc)
    import Glibc
#endif

/// A data stream followed as it grows: standard input (a pipe, until its writer ends it)
/// or a file (as `tail -f` follows one, for ever), read as lines arrive, its last rows
/// kept in a ``DataWindow``. A line that is not data is skipped and counted, never the
/// end of the stream.
struct DataFollower {
    /// The stream's name in messages.
    let name: String
    /// How its series are drawn, or `nil` for each one's natural style.
    let style: DataStyle?
    /// Whether its x column is Unix seconds.
    let xIsUnixTime: Bool
    private let descriptor: Int32
    /// Whether the stream is a regular file, whose end is only where it is so far.
    private let isFile: Bool
    private var reader: DataReader
    /// The last rows, once the layout is decided.
    private(set) var window: DataWindow?
    private let capacity: Int
    /// The stream's path (`-` for standard input).
    private let path: String
    /// The table's layout (its columns, without values), once decided.
    private var layout: DataTable?
    /// Whether the writer has ended the stream (a pipe closed); a file never ends.
    private(set) var hasEnded = false
    /// Whether standard input is a regular file, read to its end and no further.
    private var readsToEnd = false
    /// How many reads in a row brought nothing.
    private var quietReads = 0

    /// Follows `reference` (`-` for standard input), keeping the last `window` rows.
    ///
    /// - Throws: ``GraphCalcError/input(_:)`` for a file that cannot be opened.
    init(_ reference: DataReference, window: Int) throws(GraphCalcError) {
        path = reference.path
        name = reference.path == FileSystem.standardInput ? "standard input" : reference.path
        style = reference.style
        xIsUnixTime = reference.xIsUnixTime
        capacity = window
        var reading = reference.reading
        reading.skipsBadRows = true
        reader = DataReader(options: reading, source: name)
        if reference.path == FileSystem.standardInput {
            descriptor = STDIN_FILENO
        } else {
            descriptor = open(reference.path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw .input("cannot read '\(reference.path)': \(String(cString: strerror(errno)))")
            }
        }
        var status = stat()
        let isRegular = fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
        // A file named is followed as it grows; standard input redirected from a file
        // (`< data.csv`) ends where the file does, as a pipe's writer ends it.
        isFile = isRegular && reference.path != FileSystem.standardInput
        readsToEnd = isRegular && reference.path == FileSystem.standardInput
    }

    /// Closes the file followed (not standard input).
    func close() {
        if descriptor != STDIN_FILENO { Glibc.close(descriptor) }
    }

    /// Reads what arrives within `timeout` seconds (what is there already, or the first
    /// bytes to come), and says whether new rows came into the window.
    ///
    /// - Throws: ``GraphCalcError/input(_:)`` for a stream whose first lines have no
    ///   column of numbers, or a column asked for that is not there.
    mutating func read(timeout: Double) throws(GraphCalcError) -> Bool {
        guard !hasEnded else { return false }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var waited = false
        var total = 0
        // What is there now, up to a few megabytes, so a fast writer cannot starve the frames.
        while total < 1 << 22 {
            if !isFile && !readsToEnd {
                var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let milliseconds = waited ? 0 : Int32(max(0, min(timeout, 1)) * 1000)
                guard poll(&ready, 1, milliseconds) > 0 else { break }
            }
            waited = true
            let count = buffer.withUnsafeMutableBytes { POSIX.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { break }
                throw .input("cannot read \(name): \(String(cString: strerror(errno)))")
            }
            if count == 0 {
                // A file has no more yet; a pipe's writer has gone.
                if isFile {
                    if total == 0 { usleep(UInt32(max(0, min(timeout, 1)) * 1_000_000)) }
                } else {
                    hasEnded = true
                }
                break
            }
            total += count
            var failure: ChartDataError?
            buffer.withUnsafeBytes { bytes in
                do throws(ChartDataError) {
                    try reader.read(UnsafeRawBufferPointer(rebasing: bytes[..<count]))
                } catch {
                    failure = error
                }
            }
            if let failure { throw DataOptions.error(failure) }
        }
        quietReads = total == 0 ? quietReads + 1 : 0
        return try takeRows()
    }

    /// Moves the rows read into the window, deciding the layout from the lines there are
    /// (a stream cannot wait for twenty): from two, or from one line once the stream has
    /// ended or been quiet for three reads (a header alone waits for its first row).
    private mutating func takeRows() throws(GraphCalcError) -> Bool {
        do throws(ChartDataError) {
            let waiting = reader.linesWaiting
            if !reader.isDecided && (waiting >= 2 || (waiting == 1 && (hasEnded || quietReads >= 3))) {
                try reader.decide()
            }
        } catch {
            // One line that is not yet data (a header before its first row) waits.
            let isNotYetData: Bool
            switch error {
            case .noData, .noNumbers: isNotYetData = true
            default: isNotYetData = false
            }
            if isNotYetData && !hasEnded && reader.linesWaiting == 1 { return false }
            throw DataOptions.error(error)
        }
        guard reader.isDecided else { return false }
        if window == nil, let table = reader.tableSoFar {
            layout = table
            window = DataWindow(capacity: capacity, columns: table.columns.count)
        }
        let rows = reader.takeRows()
        guard !(rows.first?.isEmpty ?? true) else { return false }
        window?.append(columns: rows)
        return true
    }

    /// The figure layers of the rows in the window, named by their columns.
    var layers: [DataLayer] {
        guard let window, let layout, let first = layout.columns.first else { return [] }
        let hasX = layout.columns.count >= 2
        return window.series.enumerated().map { index, series in
            let column = hasX ? layout.columns[index + 1] : first
            var layer = DataLayer(
                series, style: style ?? .lines, label: DataOptions.label(of: column, in: layout, file: path))
            layer.xIsTime = hasX && (first.isTime || xIsUnixTime)
            return layer
        }
    }

    /// What the stream has done, short enough for a status line: rows read, the window,
    /// lines skipped (the first's number), whether it ended (`80 rows, last 50, 1 skipped
    /// (line 4), ended`).
    var status: String {
        let seen = window?.rowsSeen ?? 0
        guard seen > 0 || hasEnded else { return "waiting for \(name)" }
        var text = "\(seen) row\(seen == 1 ? "" : "s")"
        if seen > capacity { text += ", last \(capacity)" }
        if let table = reader.tableSoFar, table.skippedCount > 0, let first = table.firstSkipped {
            text += ", \(table.skippedCount) skipped (line \(first.line))"
        }
        if hasEnded { text += ", ended" }
        return text
    }

    /// The note said when following stops: the lines that were not data, the first's
    /// number and why.
    var skippedNote: String? {
        guard let table = reader.tableSoFar else { return nil }
        return DataOptions.skippedNote(table, file: name)
    }
}
