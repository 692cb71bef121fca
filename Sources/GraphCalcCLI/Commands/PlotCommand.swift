import CalculatorBrain
import Graphing
import Plotting

/// `graphcalc plot`: functions drawn in the terminal.
struct PlotCommand: Command {
    static let name = "plot"
    static let summary = "Draw functions in the terminal, in braille dots or ASCII, with axes and a legend."
    static let usage = """
        graphcalc plot EXPR|FILE... [--x A:B] [--y C:D] [--size WxH] [--mode ascii|braille] \
        [--color auto|always|never] [--no-axes] [--no-legend] [--grid] [--var NAME] [--set NAME=VALUE]... \
        [--scale S --origin X,Y]
        """
    static let discussion = """
        Every cell the graph passes through is drawn, and no other: steep parts are
        connected, a pole is no wall, undefined stretches stay empty, and a spike narrower
        than a column still shows at its height. Where the value cannot be pinned down (a
        removable singularity) the column is drawn faintly. Several functions get a colour
        each, and in ASCII mode a glyph each (* + o x # % @).

        braille shows 2x4 dots per cell (160x96 dots in 80x24) and is the default in a
        UTF-8 locale; ascii is 7-bit for any terminal, log or e-mail. Colour is on for a
        terminal unless NO_COLOR is set. The size defaults to the terminal's (80x24 when
        output is not a terminal). Without --y the range is chosen from the functions.
        --scale S --origin X,Y set the view as a graph view does: S columns per unit (S/2
        rows, since cells are twice as tall as wide) with (0,0) at plot-area cell X,Y.
        With --no-axes --no-legend the output is exactly H lines of W cells.

        Examples:
          graphcalc plot 'sin(x)' 'cos(x)' --x -pi:pi
          graphcalc plot 'tan(x)' --mode ascii --size 60x20
          graphcalc plot examples/programs/memory-key.plist --var M
        """
    static let yRange = OptionSpecification(names: ["--y"], valueName: "C:D", help: "The y range (default: automatic)")
    static let size = OptionSpecification(
        names: ["--size"], valueName: "WxH", help: "Size in character cells (default: the terminal's, or 80x24)")
    static let mode = OptionSpecification(
        names: ["--mode"], valueName: "ascii|braille", help: "Cells drawn (default: braille in a UTF-8 locale)")
    static let color = OptionSpecification(
        names: ["--color"], valueName: "auto|always|never", help: "ANSI colour (default: auto)")
    static let noAxes = OptionSpecification(
        names: ["--no-axes"], valueName: nil, help: "No frame, axes, ticks or labels")
    static let noLegend = OptionSpecification(names: ["--no-legend"], valueName: nil, help: "No legend")
    static let grid = OptionSpecification(names: ["--grid"], valueName: nil, help: "Grid lines at the ticks")
    static let scale = OptionSpecification(names: ["--scale"], valueName: "S", help: "Columns per unit (with --origin)")
    static let origin = OptionSpecification(
        names: ["--origin"], valueName: "X,Y", help: "Plot-area cell of (0,0) (with --scale)")
    static let trace = OptionSpecification(
        names: ["--trace"], valueName: "X", help: "Mark the first function's point at x = X, with its coordinates")
    static let options =
        GraphOptions.options + [yRange, size, mode, color, noAxes, noLegend, grid, scale, origin, trace]

    let sources: [String]
    let graph: GraphOptions
    let arguments: ParsedArguments

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        guard !arguments.positionals.isEmpty else { throw .usage("missing EXPR or FILE; usage: \(Self.usage)") }
        sources = arguments.positionals
        graph = try GraphOptions(arguments)
        self.arguments = arguments
    }

    func run(console: any Console) throws(GraphCalcError) {
        let terminal = console.terminal
        var plot = try TerminalPlot(
            mode: Self.mode(arguments.value(Self.mode), terminal),
            isColored: Self.isColored(arguments.value(Self.color), terminal),
            width: 80, height: 24)
        (plot.width, plot.height) = try Self.size(arguments.value(Self.size), terminal)
        if let scaleAndOrigin = try Self.scaleAndOrigin(arguments, values: graph.values) {
            plot.scaleAndOrigin = scaleAndOrigin
        }

        var request = try Self.request(sources, graph: graph, arguments: arguments)
        request.showsAxes = !arguments.contains(Self.noAxes)
        if let text = arguments.value(Self.trace), let first = request.functions.first {
            let x = try ExpressionValue.of(text, variables: graph.values, label: "--trace")
            let y = first.function.values(at: [x])[0]
            if y.isFinite { request.marker = Point(x: x, y: y) }
        }
        let lines: [String]
        do {
            lines = try plot.render(request)
        } catch {
            throw .plotting(error)
        }
        try console.write(lines.joined(separator: "\n") + "\n")
    }

    /// The request the plotting verbs share: the functions named by `sources`, labelled by
    /// their descriptions, over the ranges and with the legend and grid options given.
    static func request(
        _ sources: [String], graph: GraphOptions, arguments: ParsedArguments
    ) throws(GraphCalcError) -> PlotRequest {
        var functions: [PlotRequest.Function] = []
        for source in sources {
            let program = try ProgramSource(argument: source).program
            functions.append(PlotRequest.Function(try graph.function(for: source), label: program.description))
        }
        var request = PlotRequest(functions: functions, x: graph.x)
        if let text = arguments.value(yRange) {
            request.y = try GraphOptions.range(text, option: "--y", values: graph.values)
        }
        request.showsLegend = !arguments.contains(noLegend)
        request.showsGrid = arguments.contains(grid)
        return request
    }

    static func mode(_ text: String?, _ terminal: TerminalEnvironment) throws(GraphCalcError)
        -> TerminalPlot.Mode
    {
        guard let text else { return terminal.isUTF8 ? .braille : .ascii }
        guard let mode = TerminalPlot.Mode(rawValue: text) else {
            throw .usage("--mode must be ascii or braille, not '\(text)'")
        }
        return mode
    }

    static func isColored(_ text: String?, _ terminal: TerminalEnvironment) throws(GraphCalcError) -> Bool {
        switch text ?? "auto" {
        case "auto": return terminal.isTerminal && !terminal.forbidsColor
        case "always": return true
        case "never": return false
        case let other: throw .usage("--color must be auto, always or never, not '\(other)'")
        }
    }

    static func size(_ text: String?, _ terminal: TerminalEnvironment) throws(GraphCalcError) -> (Int, Int) {
        guard let text else {
            // Leave the last row for the shell's prompt.
            guard let size = terminal.size else { return (80, 24) }
            return (
                min(size.columns, TerminalPlot.maximumWidth), max(1, min(size.rows - 1, TerminalPlot.maximumHeight))
            )
        }
        return try cells(text, option: "--size") ?? (80, 24)
    }

    /// Reads `WxH`, or nil when not given.
    static func cells(_ text: String?, option: String) throws(GraphCalcError) -> (Int, Int)? {
        guard let text else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw .usage("\(option) needs WxH, such as 80x24, not '\(text)'")
        }
        return (width, height)
    }

    private static func scaleAndOrigin(
        _ arguments: ParsedArguments, values: [String: Double]
    ) throws(GraphCalcError) -> (scale: Double, origin: (x: Double, y: Double))? {
        let scaleText = arguments.value(scale), originText = arguments.value(origin)
        guard scaleText != nil || originText != nil else { return nil }
        guard let scaleText, let originText else { throw .usage("--scale and --origin go together") }
        let scale = try ExpressionValue.of(scaleText, variables: values, label: "--scale")
        let parts = originText.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .usage("--origin needs X,Y, not '\(originText)'") }
        let x = try ExpressionValue.of(String(parts[0]), variables: values, label: "--origin")
        let y = try ExpressionValue.of(String(parts[1]), variables: values, label: "--origin")
        return (scale, (x, y))
    }
}
