import ChartData
import Foundation
import GraphCalcCLI
import GraphCalcSupport
import Graphing

/// What `plot`, `stats` and `fit` do with a large CSV, beside pandas, numpy and scipy
/// (scripts/data_peer.py) on the same file.
enum DataBenchmark {
    /// Writes `rows` rows of `x,y` (x = i/1000, y a seeded random walk, six decimals),
    /// as the peer reads them.
    static func write(rows: Int, to path: String) throws {
        var generator = SeededGenerator(seed: 31)
        var bytes: [UInt8] = Array("x,y\n".utf8)
        bytes.reserveCapacity(rows * 25)
        var walk = 0  // in millionths
        func append(_ value: Int, decimals: Int) {
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = abs(value)
            var scale = 1
            for _ in 0..<decimals { scale *= 10 }
            bytes.append(contentsOf: String(magnitude / scale).utf8)
            bytes.append(UInt8(ascii: "."))
            let fraction = String(magnitude % scale)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: decimals - fraction.utf8.count))
            bytes.append(contentsOf: fraction.utf8)
        }
        for index in 0..<rows {
            walk += Int(generator.next() % 2_000_001) - 1_000_000
            append(index, decimals: 3)
            bytes.append(UInt8(ascii: ","))
            append(walk, decimals: 6)
            bytes.append(UInt8(ascii: "\n"))
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// Writes 10,000 points of y = 2.5·e^(0.3·x) with up to 1% of deterministic noise, x
    /// from 0 to 10: the data set an exponential fit is compared on (the peer reads the
    /// same file).
    static func writeExponential(to path: String) throws {
        var text = "x,y\n"
        for index in 0..<10_000 {
            let x = Double(index) / 1000
            let noise = 0.01 * sin(Double(index) * 12.9898).truncatingRemainder(dividingBy: 1)
            text += String(format: "%.6f,%.9e\n", x, 2.5 * exp(0.3 * x) * (1 + noise))
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// The data rows of the bench: a CSV of `rows` rows read as `plot` reads it, then
    /// summarised, fitted and drawn, each also with the reading (what `stats`, `fit` and
    /// `plot` cost a user, against `pandas.read_csv` alone), and an exponential fit of
    /// 10,000 points, beside pandas, numpy and scipy (scripts/data_peer.py) in the same
    /// run.
    static func run(rows: Int, runs: Int, scripts: URL) {
        let directory = FileManager.default.temporaryDirectory
        let dataFile = directory.appendingPathComponent("graphcalc-bench-\(getpid()).csv")
        let exponentialFile = directory.appendingPathComponent("graphcalc-bench-exp-\(getpid()).csv")
        defer {
            try? FileManager.default.removeItem(at: dataFile)
            try? FileManager.default.removeItem(at: exponentialFile)
        }
        do {
            try write(rows: rows, to: dataFile.path)
            try writeExponential(to: exponentialFile.path)
        } catch {
            print("data: the bench's files could not be written: \(error)")
            return
        }
        let dataMegabytes = (FileSystem.size(of: dataFile.path) ?? 0) / 1_000_000
        var dataTable: DataTable?
        let readSeconds = Clock.median(runs: runs) { dataTable = read(dataFile.path) }
        let readPeak = peakOfReading(dataFile.path)
        // What a user waits for: the verbs themselves, reading included (in this process,
        // their output captured; a process's start is the `plot` row's floor above).
        func verb(_ arguments: [String]) -> (seconds: Double, status: Int32) {
            var status: Int32 = 0
            let seconds = Clock.median(runs: runs) {
                status = GraphCalc.run(arguments: arguments, console: CapturingConsole())
            }
            return (seconds, status)
        }
        let plotVerb = verb(["plot", dataFile.path, "--mode", "braille", "--size", "200x60"])
        let statsVerb = verb(["stats", dataFile.path])
        let fitVerb = verb(["fit", dataFile.path, "--model", "linear"])
        let pythonData = PeerFigures.run(
            script: scripts.appendingPathComponent("data_peer.py"), arguments: [dataFile.path, exponentialFile.path],
            installHint: "pandas, numpy or scipy is not installed: pip install pandas numpy scipy")
        if let table = dataTable, let series = series(of: table) {
            var summary: Statistics?
            let statsSeconds = Clock.median(runs: runs) { summary = Statistics(series.ys) }
            var line: Regression?
            let fitSeconds = Clock.median(runs: runs) {
                line = try? Regression(fitting: .polynomial(degree: 1), to: series)
            }
            let drawSeconds = Clock.median(runs: runs) { _ = frame(of: series) }
            print("data: \(rows) rows of x,y (\(dataMegabytes) MB of CSV), ms (median of \(runs)):")
            if let problem = pythonData.problem { print("  (\(problem))") }
            func row(_ name: String, _ ours: Double, _ peerName: String, _ peer: String, _ answer: String = "") {
                let peerFigure = pythonData.figures[peer]
                let ratio = peerFigure.map { "  ×" + format(ours / $0.value) } ?? ""
                print(
                    "  " + name.padding(toLength: 30, withPad: " ", startingAt: 0) + format(ours, 1).leftPadded(9)
                        + "   " + peerName.padding(toLength: 26, withPad: " ", startingAt: 0)
                        + (peerFigure.map { format($0.value, 1) } ?? "-").leftPadded(9) + ratio)
                if !answer.isEmpty { print("      graphcalc: \(answer)") }
                if let peerFigure, !answer.isEmpty { print("      peer:      \(peerFigure.answer)") }
            }
            row(
                "read (plot's reader)", readSeconds * 1000, "pandas.read_csv", "D1",
                "\(table.rowCount) rows, peak \(format(readPeak, 0)) MB")
            row(
                "stats", statsSeconds * 1000, "numpy mean/std/percentile", "D2",
                summary.map { "mean \($0.mean) sd \($0.sampleStandardDeviation)" } ?? "")
            row(
                "fit linear", fitSeconds * 1000, "numpy.polyfit", "D3",
                line.map { "\($0.coefficients[1]) \($0.coefficients[0])" } ?? "")
            row("fit linear", fitSeconds * 1000, "scipy.stats.linregress", "D4")
            print("  braille frame (200x60 cells)  " + format(drawSeconds * 1000, 1).leftPadded(9))
            for (name, run) in [
                ("plot --mode braille", plotVerb), ("stats (x, y, r)", statsVerb), ("fit --model linear", fitVerb),
            ] {
                let status = run.status == 0 ? "" : "exit status \(run.status)"
                row("graphcalc " + name, run.seconds * 1000, "pandas.read_csv alone", "D1", status)
            }
        }
        // An exponential fit (Levenberg-Marquardt) beside scipy's curve_fit on the same points.
        if let points = read(exponentialFile.path), let series = series(of: points) {
            var fit: Regression?
            let seconds = Clock.median(runs: runs) { fit = try? Regression(fitting: .exponential, to: series) }
            let peer = pythonData.figures["D5"]
            let agreement: String
            if let fit, let peer {
                let theirs = peer.answer.split(separator: " ").compactMap { Double($0) }
                let difference = zip(fit.coefficients, theirs).map { abs($0 - $1) / abs($1) }.max() ?? .nan
                agreement = "coefficients agree to \(String(format: "%.1e", difference)) relative"
            } else {
                agreement = ""
            }
            print(
                "  fit exp (10000 points)        " + format(seconds * 1000, 1).leftPadded(9)
                    + "   scipy.optimize.curve_fit   " + (peer.map { format($0.value, 1) } ?? "-").leftPadded(9)
                    + (peer.map { "  ×" + format(seconds * 1000 / $0.value) } ?? ""))
            if let fit { print("      graphcalc: \(fit.coefficients[0]) \(fit.coefficients[1]); \(agreement)") }
            if let peer { print("      peer:      \(peer.answer)") }
        }
    }

    /// The table's two columns as a series.
    static func series(of table: DataTable) -> DataSeries? {
        guard table.columns.count == 2 else { return nil }
        return DataSeries(x: table.columns[0].values, y: table.columns[1].values)
    }

    /// A braille frame of the series as `plot` draws it: 200×60 cells, the view its extent.
    static func frame(of series: DataSeries) -> CellSample? {
        guard let extent = series.extent(),
            let viewport = try? Viewport(width: 400, height: 240, x: extent.x, y: extent.y)
        else { return nil }
        return DataSampler(series: series, viewport: viewport, style: .lines).cells()
    }

    /// The peak memory of reading `path`, in a process of its own (`--data-memory`), so
    /// that it is the reading's alone.
    static func peakOfReading(_ path: String) -> Double {
        let process = Process()
        process.executableURL = MeasuredProcess.bench
        process.arguments = ["--data-memory", path]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return .nan }
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return report.split(separator: "\t").last.flatMap {
            Double($0.trimmingCharacters(in: .whitespacesAndNewlines))
        } ?? .nan
    }

    /// Reads the file's two columns as `graphcalc plot` reads them.
    static func read(_ path: String) -> DataTable? {
        var reader = DataReader(source: path)
        reader.expectedByteCount = FileSystem.size(of: path)
        var failed = false
        try? FileSystem.forEachChunk(of: path) { chunk in
            do throws(ChartDataError) { try reader.read(chunk) } catch { failed = true }
            return !failed
        }
        return failed ? nil : try? reader.finish()
    }

    /// The peak resident memory of this process, in MB.
    static func peakMegabytes() -> Double {
        // VmHWM, not getrusage: its maximum survives exec, so a child of the bench would
        // report the bench's own size (427 MB here, when the reading needed 174).
        Double(peakResidentMegabytes())
    }
}
