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

/// How `chart` and `words` draw, read once from the chart style, output, size, document
/// and terminal options: in the terminal, or as SVG with `-o`.
struct ChartDrawing {
    let kind: ChartOptions.Kind
    let title: String?
    let isHorizontal: Bool
    let showsValues: Bool
    /// The label of the bar or slice to highlight.
    let selectedLabel: String?
    let startAngle: Double?
    let direction: PieChartLayout.Direction?
    /// Slices under this share (0…1) are grouped as "other".
    let minimumShare: Double?
    /// Where the SVG goes, or `nil` for the terminal.
    let destination: String?
    let size: DisplaySettings.CellSize?
    let theme: SVGPlot.Theme
    let terminalOutput: TerminalOutput

    init(kind: ChartOptions.Kind, _ arguments: ParsedArguments) throws(GraphCalcError) {
        self.kind = kind
        // What shapes bars means nothing to a pie, and the other way round.
        switch kind {
        case .bar:
            try arguments.refuse(
                [OptionGroup.startAngle, OptionGroup.direction, OptionGroup.minimumShare], for: "a bar chart")
        case .pie:
            try arguments.refuse([OptionGroup.horizontal, OptionGroup.values], for: "a pie chart")
        }
        title = arguments.value(OptionGroup.title)
        isHorizontal = arguments.contains(OptionGroup.horizontal)
        showsValues = arguments.contains(OptionGroup.values)
        selectedLabel = arguments.value(OptionGroup.select)
        startAngle = try arguments.value(OptionGroup.startAngle).map { text throws(GraphCalcError) in
            try ExpressionValue.of(text, variables: [:], from: .option("--start-angle"))
        }
        if let text = arguments.value(OptionGroup.direction) {
            guard let value = PieChartLayout.Direction(rawValue: text) else {
                throw .usage("--direction must be clockwise or counterclockwise, not '\(text)'")
            }
            direction = value
        } else {
            direction = nil
        }
        if let text = arguments.value(OptionGroup.minimumShare) {
            let percent = try ExpressionValue.of(text, variables: [:], from: .option("--min-share"))
            guard (0...100).contains(percent) else { throw .usage("--min-share must be a percentage from 0 to 100") }
            minimumShare = percent / 100
        } else {
            minimumShare = nil
        }
        destination = try arguments.outputFile()
        if let destination { try SVGCommand.checkName(destination) }
        size = try PlotCommand.cells(arguments.value(OptionGroup.sizeOption), option: "--size")
        theme = try SVGCommand.theme(arguments) ?? .light
        terminalOutput = try TerminalOutput(arguments)
    }

    /// Draws `data`.
    func draw(_ data: ChartData, console: any Console) throws(GraphCalcError) {
        var options = ChartOptions(kind: kind)
        options.title = title
        options.isHorizontal = isHorizontal
        options.showsValues = showsValues
        if let label = selectedLabel {
            guard let index = data.index(ofLabel: label) else {
                let known = (0..<min(data.count, 8)).map { data.label(at: $0) }.joined(separator: ", ")
                throw .usage(
                    "--select: no record labelled '\(label)' (there are \(known)\(data.count > 8 ? ", …" : ""))")
            }
            options.selected = index
        }
        if let startAngle { options.startAngle = startAngle }
        if let direction { options.direction = direction }
        if let minimumShare { options.minimumShare = minimumShare }
        if let destination {
            let (width, height) = size.map { ($0.width, $0.height) } ?? (800, 500)
            let document: String
            do {
                document = try SVGChart(width: width, height: height, theme: theme).render(data, options: options)
            } catch {
                throw .plotting(error)
            }
            if Cancellation.isRequested { throw .interrupted }
            return try SVGCommand.write(document, to: destination, console: console)
        }
        let terminal = console.terminal
        let (width, height) = size.map { ($0.width, $0.height) } ?? PlotCommand.terminalSize(terminal)
        let chart = TerminalChart(
            mode: terminalOutput.mode(on: terminal), isColored: terminalOutput.isColored(on: terminal), width: width,
            height: height)
        let lines: [String]
        do {
            lines = try chart.render(data, options: options)
        } catch {
            throw .plotting(error)
        }
        try console.write(lines.joined(separator: "\n") + "\n")
    }
}
