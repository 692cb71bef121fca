import ChartData
import GraphCalcSupport
import Graphing
import Plotting

extension ChartCommand {
    /// Draws the histogram of one column of the file, saying on standard error how the
    /// bins were chosen when they were chosen automatically.
    func drawHistogram(_ options: HistogramOptions, console: any Console) throws(GraphCalcError) {
        let table = try DataOptions.table(file, reading: options.reading)
        let name = file == FileSystem.standardInput ? "standard input" : file
        if let note = DataOptions.skippedNote(table, file: name) { console.writeError(note + "\n") }
        guard let column = options.column == nil ? table.columns.first(where: { !$0.isTime }) : table.columns.first
        else {
            throw .input("'\(name)' has no column of numbers to count")
        }
        if options.column == nil && table.columns.count > 1 {
            console.writeError("note: counting column '\(column.name)' (--column picks another)\n")
        }
        // Checked before the bins are chosen, so a refusal is the one line said.
        let statistics = options.showsNormalCurve ? Statistics(column.values) : nil
        if options.showsNormalCurve && !(statistics?.sampleStandardDeviation ?? 0 > 0) {
            throw .input(
                "--normal needs two values or more that differ: '\(column.name)' has "
                    + (statistics.map { $0.count < 2 ? "\($0.count) value" : "a standard deviation of 0" } ?? "none"))
        }
        let histogram: Histogram
        do {
            histogram = try Histogram(column.values, bins: options.bins, limit: binLimit(console))
        } catch {
            throw .input("'\(name)' column '\(column.name)': \(error)")
        }
        if let note = Self.binsNote(histogram) { console.writeError(note + "\n") }
        var records: [(label: String, value: Double)] = []
        for index in histogram.counts.indices {
            let lower = Self.edge(histogram.edges[index]), upper = Self.edge(histogram.edges[index + 1])
            let closing = index == histogram.counts.count - 1 ? "]" : ")"
            let value = options.showsDensity ? histogram.density(of: index) : Double(histogram.counts[index])
            records.append(("[\(lower), \(upper)\(closing)", value))
        }
        var overlay: (@Sendable (Double) -> Double)?, overlayName: String?
        if let statistics {
            let mean = statistics.mean, deviation = statistics.sampleStandardDeviation
            overlay = histogram.normalCurve(
                mean: mean, standardDeviation: deviation, overDensities: options.showsDensity)
            overlayName = "normal curve, mean \(Self.edge(mean)), sd \(Self.edge(deviation))"
            console.writeError("note: \(overlayName ?? "")\n")
        }
        if Cancellation.isRequested { throw .interrupted }
        try drawing.draw(ChartData(records), console: console) { chart in
            chart.binEdges = histogram.edges
            chart.overlay = overlay
            chart.overlayName = overlayName
        }
    }

    /// The most bins the automatic rule may make here: one a column of the terminal (or
    /// of the size asked for), less the value axis's labels; one every two pixels in SVG.
    private func binLimit(_ console: any Console) -> Int {
        if drawing.destination != nil { return max(1, ((drawing.size?.width ?? 800) - 60) / 2) }
        let width = drawing.size?.width ?? PlotCommand.terminalSize(console.terminal).0
        return max(1, width - 10)
    }

    /// How the bins were chosen, when a rule chose them.
    static func binsNote(_ histogram: Histogram) -> String? {
        let count = histogram.counts.count
        let width = edge(histogram.width(of: 0))
        let bins = "\(count) bin\(count == 1 ? "" : "s") of width \(width)"
        switch histogram.rule {
        case .given: return nil
        case .freedmanDiaconis where histogram.isLimited:
            return
                "note: \(bins): the Freedman-Diaconis rule (2*IQR/cbrt(n)) asks for more than fit; --bins N sets them"
        case .freedmanDiaconis:
            return "note: \(bins), by the Freedman-Diaconis rule (2*IQR/cbrt(n)); --bins N sets them"
        case .sturges where histogram.isLimited:
            return "note: \(bins): Sturges' rule (the quartiles coincide) asks for more than fit; --bins N sets them"
        case .sturges:
            return
                "note: \(bins), by Sturges' rule (log2(n)+1 bins; the quartiles coincide, so Freedman-Diaconis gives none)"
        }
    }

    /// An edge or a statistic as labels show it: ten significant digits at most.
    static func edge(_ value: Double) -> String {
        DisplaySettings.format(value, digits: 10)
    }
}
