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
    let style: ChartStyleOptions
    let document: DocumentOptions
    /// Where the SVG goes, or `nil` for the terminal.
    let destination: String?
    let size: DisplaySettings.CellSize?
    let terminalOutput: TerminalOutput

    init(kind: ChartOptions.Kind, _ arguments: ParsedArguments) throws(GraphCalcError) {
        self.kind = kind
        style = try ChartStyleOptions(arguments)
        // What shapes bars means nothing to a pie, and the other way round.
        if let option = style.inapplicableOptions(for: kind).first {
            throw .usage("\(option.names[0]) does not apply to \(kind == .bar ? "a bar chart" : "a pie chart")")
        }
        document = try DocumentOptions(arguments)
        destination = try arguments.outputFile()
        if let destination { try SVGCommand.checkName(destination) }
        size = try PlotCommand.cells(arguments.value(OptionGroup.sizeOption), option: "--size")
        terminalOutput = try TerminalOutput(arguments)
    }

    /// Draws `data`, with what `adjust` sets in the options (a histogram's edges).
    func draw(
        _ data: ChartData, console: any Console, adjust: (inout ChartOptions) -> Void = { _ in }
    ) throws(GraphCalcError) {
        var options = style.applied(to: ChartOptions(kind: kind))
        options.title = document.title
        adjust(&options)
        if let label = style.selectedLabel {
            guard let index = data.index(ofLabel: label) else {
                // Each label quoted, so one with a comma (`C, C++`) cannot read as two.
                let known = (0..<min(data.count, 8)).map { "'\(data.label(at: $0))'" }.joined(separator: ", ")
                throw .usage(
                    "--select: no record labelled '\(label)' (there are \(known)\(data.count > 8 ? ", …" : ""))")
            }
            options.selected = index
        }
        if let destination {
            let (width, height) = size.map { ($0.width, $0.height) } ?? (800, 500)
            let theme = document.theme ?? .light
            let svg: String
            do {
                svg = try SVGChart(width: width, height: height, theme: theme).render(data, options: options)
            } catch {
                throw .plotting(error)
            }
            if Cancellation.isRequested { throw .interrupted }
            return try SVGCommand.write(svg, to: destination, console: console)
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
