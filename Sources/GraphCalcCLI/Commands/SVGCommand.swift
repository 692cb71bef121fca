import CalculatorBrain
import FoundationEssentials
import Plotting

/// `graphcalc svg`: functions exported as an SVG file.
struct SVGCommand: Command {
    static let name = "svg"
    static let summary = "Export functions as an SVG graph (-o OUT.svg)."
    static let usage = """
        graphcalc svg EXPR|FILE... -o OUT.svg [--x A:B] [--y C:D] [--size WxH] [--title TEXT] \
        [--theme light|dark] [--grid] [--no-legend] [--var NAME] [--set NAME=VALUE]...
        """
    static let discussion = """
        Curves are paths refined where they bend and simplified where straight, broken
        across poles and undefined stretches (no line at an asymptote), starting exactly
        where the domain starts (sqrt(x) at (0,0)), with spikes at their true height.
        Each curve carries a <title> naming it (hover in a browser) and thickens on hover.
        Colours are colour-blind safe (Okabe-Ito). The size is in pixels (default
        800x500). The file is written to a temporary name and renamed, so a failed export
        never leaves a half-written file; -o - writes to standard output.

        Examples:
          graphcalc svg 'sin(x)' 'cos(x)' -o trig.svg --title 'sin and cos'
          graphcalc svg 'tan(x)' --y -5:5 --theme dark -o tan.svg
        """
    static let output = OptionSpecification(
        names: ["--output", "-o"], valueName: "FILE", help: "Where to write the SVG (- for standard output)")
    static let size = OptionSpecification(
        names: ["--size"], valueName: "WxH", help: "Size in pixels (default: 800x500)")
    static let title = OptionSpecification(names: ["--title"], valueName: "TEXT", help: "A title above the graph")
    static let theme = OptionSpecification(
        names: ["--theme"], valueName: "light|dark", help: "Colours (default: light)")
    static let options =
        GraphOptions.options + [output, PlotCommand.yRange, size, title, theme, PlotCommand.grid, PlotCommand.noLegend]

    let sources: [String]
    let graph: GraphOptions
    let arguments: ParsedArguments
    let destination: String

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        guard !arguments.positionals.isEmpty else { throw .usage("missing EXPR or FILE; usage: \(Self.usage)") }
        guard let destination = arguments.value(Self.output) else {
            throw .usage("svg needs -o OUT.svg; usage: \(Self.usage)")
        }
        sources = arguments.positionals
        graph = try GraphOptions(arguments)
        self.arguments = arguments
        self.destination = destination
    }

    func run(console: any Console) throws(GraphCalcError) {
        let (width, height) = try PlotCommand.cells(arguments.value(Self.size), option: "--size") ?? (800, 500)
        let theme = try Self.theme(arguments)
        var request = try PlotCommand.request(sources, graph: graph, arguments: arguments)
        request.title = arguments.value(Self.title)
        let document: String
        do {
            document = try SVGPlot(width: width, height: height, theme: theme).render(request)
        } catch {
            throw .plotting(error)
        }
        try Self.write(document, to: destination, console: console)
    }

    /// The `--theme` asked for, light by default.
    static func theme(_ arguments: ParsedArguments) throws(GraphCalcError) -> SVGPlot.Theme {
        let name = arguments.value(theme) ?? SVGPlot.Theme.light.rawValue
        guard let theme = SVGPlot.Theme(rawValue: name) else {
            throw .usage("--theme must be light or dark, not '\(name)'")
        }
        return theme
    }

    /// Writes `document` to `destination` through a temporary file, or to standard output
    /// for `-`.
    static func write(_ document: String, to destination: String, console: any Console) throws(GraphCalcError) {
        if destination == "-" { return try console.write(document) }
        do {
            try FileSystem.writeAtomically(Data(document.utf8), to: destination, synchronizes: false)
        } catch {
            throw .output("cannot write '\(destination)': \(error.reason)")
        }
    }
}
