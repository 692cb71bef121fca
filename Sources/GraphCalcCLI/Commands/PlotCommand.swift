import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

/// `graphcalc plot`: functions drawn in the terminal.
struct PlotCommand: Command {
    static let name = "plot"
    static let summary = "Draw functions, relations, curves and data in the terminal."
    static let operands = "EXPR|FILE.plist|DATA.csv..."
    static let discussion = """
        Every cell the graph passes through is drawn, and no other: steep parts are
        connected, a pole is no wall, undefined stretches stay empty, and a spike narrower
        than a column still shows at its height. Where the value cannot be pinned down (a
        removable singularity) the column is drawn faintly. Jumps, holes and points
        defined on their own are located and marked as calculators mark them: ○ where
        the graph comes near a value it does not take, ● where it takes it (in ASCII o,
        and the function's own glyph); --no-markers leaves them out. Several functions
        get a colour each, and in ASCII mode a glyph each (* + o x # % @, then = ~ & $
        ^ ! v).

        braille shows 2x4 dots per cell (160x96 dots in 80x24) and is the default in a
        UTF-8 locale; ascii is 7-bit for any terminal, log or e-mail. Colour is on for a
        terminal unless NO_COLOR is set. The size defaults to the terminal's (80x24 when
        output is not a terminal). Without --y the range is chosen from the functions.
        --scale S --origin X,Y set the view as a graph view does: S columns per unit (S/2
        rows, since cells are twice as tall as wide) with (0,0) at plot-area cell X,Y.
        With --no-axes --no-legend the output is exactly H lines of W cells.
        --xscale log and --yscale log space an axis by ratios (ticks at 1, 10, 100…):
        each column is an equal step of log10 x, values at or below 0 are off a log y
        axis, and a range reaching 0 or below on a log axis is refused.

        An expression with a comparison is a relation in x and y, proved cell by cell:
        a cell (a braille dot, an ASCII cell) is drawn where the relation holds at some
        point of it — solid where that is proved, faint where the work ran out
        (undecided, said in a note under the plot), empty where it is proved to hold
        nowhere. Equations draw curves (x^2+y^2=1), inequalities regions (y<sin(x)), and
        and, or, not join them. Without --y a relation takes the x range.

        A point of t is a parametric curve, (cos(3t), sin(2t)), over --t A:B; r = F(θ)
        (or theta) is a polar curve, over --theta A:B; both run over one turn unless
        given (0:2pi, or 0:360 in degrees). Every cell the curve passes through is drawn
        — loops, cusps and turns smaller than a cell included — solid where a point of
        the curve is shown in it, faint where it is only enclosed; across a pole in t,
        (t, tan(t)), the branches are not joined. Curves alone, without --x, are shown
        whole. --aspect equal makes a unit as long across as up, so a circle is round
        (terminal cells are twice as tall as wide). At the prompt, c(t) = (cos(t),
        sin(t)) names a curve, and trace t=1 marks each curve's point at t = 1.

        A DATA.csv, .tsv or .dat argument (or --data FILE, - for standard input) is data:
        the first column of numbers is x and each other one a series against it (one
        column is y against its row number); --columns x,y1,y2 picks them by header name
        or number (a name first: a column named 2 is that one). The delimiter (comma,
        tab, semicolon or blanks) and a header row are detected from the first lines (in
        a semicolon-separated file a comma is a decimal point: 2,5 is 2.5; a field may be
        quoted, "a, b", with "" for a quote); blank lines and lines starting with # are
        skipped; empty fields, NaN and NA are gaps; ISO 8601 dates are read as times, an
        x axis of them labelled by the calendar (split at blanks, 2024-03-01 14:30 is one
        date-time). --trace X on data marks the point at x = X, or between two points
        the line's or the step's y; a series drawn as points has values at its points
        only.
        A row that is not data is an error naming its line, or with --skip-bad is
        skipped and counted in a note. A series is drawn with lines when its x never
        decreases row by row and as points otherwise (--style points|lines|steps).
        Every cell a point (or a line between two) lies in is drawn, and no other, so
        10^7 points show each column's least and greatest value. Without --x, data is
        shown whole.

        --follow reads the data as it arrives — standard input (--data -) until its
        writer ends it, or a file as tail -f follows one, until Ctrl-C — and draws the
        last --window N rows (1000 by default) again as rows come, at most 30 times a
        second, over the last frame in a terminal (elsewhere the last frame is written at
        the end), with a status line: rows read, the window, lines that were not data
        (skipped and counted, not the end of the stream). x follows the window unless
        --x is given. One column is y against its row number in the stream.
          tail -f load.log | graphcalc plot --data - --follow --window 500

        At the prompt, plot without arguments draws the program's expressions or what
        was plotted last, a named function plots by its name (plot f g), and the plot
        uses the session's view, which zoom, pan and view then change.

        Examples:
          graphcalc plot 'sin(x)' 'cos(x)' --x -pi:pi
          graphcalc plot 'x^2+y^2=1' 'y<sin(x)' --x -2:2
          graphcalc plot '(sin(3t), sin(4t))' 'r = 1+cos(θ)' --aspect equal
          graphcalc plot 'tan(x)' --mode ascii --size 60x20
          graphcalc plot examples/data/heights.csv '0.9x-80'
          seq 1 100 | graphcalc plot --data - --style steps
          graphcalc plot examples/programs/memory-key.plist --var M
        """
    static let trace = OptionSpecification(
        names: ["--trace"], valueName: "X",
        help: "Mark each function's point at x = X, with its coordinates (or say why not, on stderr)")
    static let ownOptions = [trace]
    static let optionGroups: [OptionGroup] = [
        .programFile, .data, .dataDrawing, .live, .xRange, .yRange, .axisScales, .variables, .angles, .curves, .size,
        .terminalOutput,
        .furniture, .scaleAndOrigin,
    ]
    static let positionals = PositionalKind.expressions

    /// What was asked to be plotted, as the session keeps it.
    let plotted: [PlottedFunction]
    /// The functions, along the plotting variable, with their labels.
    let functions: [ResolvedFunction]
    /// The data series drawn beside them.
    let data: [DataLayer]
    /// Their files, as the session's figure keeps them.
    let dataReferences: [DataReference]
    /// Whether the data is followed as it arrives, and how much of it is shown.
    let follow: FollowOptions
    /// What reading the data has to say (rows skipped).
    let dataNotes: [String]
    let graph: GraphOptions
    /// The y range, or `nil` for automatic.
    let y: Interval?
    /// A scale and where it anchors, instead of ranges.
    let scale: (columnsPerUnit: Double, anchor: TerminalPlot.ScaleAnchor)?
    /// How the view drawn should set the session's: only when this command's options set it.
    let viewFit: SessionView.Fit?
    /// How it is drawn: size, mode, colour, furniture.
    var style: PlotStyle
    /// Where to mark each function's point.
    var traceX: Double?
    /// Points to mark besides (a trace along a curve's parameter).
    var tracePoints: [Point] = []
    /// Whether `--trace` asked for it, so what cannot be marked is said (the prompt's
    /// `trace` says it in its own words).
    private(set) var reportsTrace = false

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        try self.init(arguments, session: session, atPrompt: atPrompt, shown: nil)
    }

    /// The session's figure again, in the session's view, with its functions, variables
    /// and style.
    static func showing(_ session: Session) throws(GraphCalcError) -> PlotCommand {
        let none = try ParsedArguments([], command: name, options: options)
        var command = try PlotCommand(none, session: session, atPrompt: true, shown: session.figure)
        if let style = session.figure?.style { command.style = style }
        return command
    }

    private init(
        _ arguments: ParsedArguments, session: Session, atPrompt: Bool, shown: SessionFigure?
    ) throws(GraphCalcError) {
        var graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt, shown: shown)
        let programs: [ProgramArgument]
        // A redraw, or a bare plot at the prompt, shows the figure's data again.
        let shownData = shown?.data ?? (atPrompt && session.brain.program.isEmpty ? session.figure?.data ?? [] : [])
        follow = try FollowOptions(arguments)
        (programs, data, dataNotes, dataReferences) = try DataOptions.programsAndData(
            arguments, session: session, shown: shownData, following: follow)
        (plotted, functions) = try graph.functions(
            programs, session: session, usage: Self.usage, preferringPlotted: shown != nil,
            allowsNone: DataOptions.isNamed(dataReferences, shown: shownData, programs: programs))
        let givenScale = try ScaleAndOrigin(arguments, values: graph.values)
        let fitted = givenScale == nil ? try graph.fittingCurves(functions, data: data, shown: shown) : nil
        self.graph = graph
        if givenScale != nil && (graph.givenX != nil || graph.givenY != nil) {
            throw .usage("give --x and --y, or --scale and --origin, not both: a scale and origin set the ranges")
        }
        let isLog = graph.xScale == .log || graph.yScale == .log
        if givenScale != nil && isLog {
            throw .usage("--scale and --origin set a linear view; they cannot be used with a log axis")
        }
        if let givenScale {
            scale = (givenScale.scale, .origin(x: givenScale.origin.x, y: givenScale.origin.y))
            viewFit = .scaleAboutOrigin
            y = nil
        } else if let fitted {
            // Curves alone, new: shown whole, and the view is theirs from now on.
            scale = nil
            viewFit = .ranges
            y = graph.givenY ?? fitted.y
        } else if graph.givenX != nil || graph.givenY != nil || graph.givesAxisScales {
            scale = nil
            viewFit = .ranges
            y = graph.givenY ?? (graph.givenX == nil ? graph.y(session: session) : nil)
        } else if isLog {
            // A log view is set by its ranges.
            scale = nil
            viewFit = nil
            y = graph.y(session: session)
        } else {
            viewFit = nil
            y = session.view.y
            let view = session.view
            switch view.fit {
            case .ranges: scale = nil
            case .scaleAboutCenter:
                scale = (view.viewport.xScale, .center(x: view.center.x, y: view.center.y))
            case .scaleAboutOrigin:
                scale = (view.viewport.xScale, .origin(x: view.viewport.origin.x, y: view.viewport.origin.y))
            }
        }
        var style = PlotStyle()
        style.size = try Self.cells(arguments.value(OptionGroup.sizeOption), option: "--size") ?? session.display.size
        let output = try TerminalOutput(arguments, mode: session.display.mode)
        style.mode = output.mode
        style.colorChoice = output.colorChoice
        style.showsGrid = session.display.showsGrid
        style.marksDiscontinuities = session.display.marksDiscontinuities
        style.hasEqualAspect = graph.hasEqualAspect
        self.style = FurnitureOptions(arguments).applied(to: style)
        reportsTrace = arguments.value(Self.trace) != nil
        traceX = try arguments.value(Self.trace).map { text throws(GraphCalcError) in
            try ExpressionValue.of(text, variables: graph.values, from: .option("--trace"))
        }
    }

    func run(console: any Console) throws(GraphCalcError) {
        if follow.isFollowing, let reference = dataReferences.first {
            return try self.follow(reference, console: console)
        }
        _ = try draw(console: console)
    }

    /// Draws the plot and returns the region its plot area shows, in cells.
    func draw(console: any Console, beforeWriting: (Viewport) -> Void = { _ in }) throws(GraphCalcError) -> Viewport {
        let terminal = console.terminal
        let (width, height) = style.size.map { ($0.width, $0.height) } ?? Self.terminalSize(terminal)
        let output = style.terminalOutput
        var plot = TerminalPlot(
            mode: output.mode(on: terminal), isColored: output.isColored(on: terminal), width: width, height: height)
        plot.scale = scale
        var figure = try graph.figure(functions, data: data, y: y, style: style)
        // Each layer's value at the trace, once: marked where it has one, said where not.
        let traced = traceX.map { x in figure.layers.map { $0.value(at: x) } } ?? []
        if let x = traceX {
            figure.markers = traced.compactMap { $0 }.map { Point(x: x, y: $0) }
        }
        figure.markers += tracePoints
        let drawing: TerminalPlot.Rendering
        do {
            drawing = try plot.renderWithView(figure)
        } catch {
            throw .plotting(error)
        }
        if Cancellation.isRequested { throw .interrupted }
        beforeWriting(drawing.view)
        try console.write(drawing.lines.joined(separator: "\n") + "\n")
        let view = drawing.view
        let notes =
            dataNotes
            + drawing.undecided.map { "note: " + Scene.undecidedNote(label: $0.label, decided: $0.decided) }
            + GraphOptions.logAxisNotes(figure)
            + GraphOptions.noValueNotes(figure, x: Interval(view.minimumX, view.maximumX), columns: view.width)
            + graph.relationNotes(figure, marksPoints: style.marksPoints)
        for note in notes { console.writeError(note + "\n") }
        if let x = traceX, reportsTrace {
            // What could not be marked is said, as trace at the prompt says it.
            let view = drawing.view
            if x < view.minimumX || x > view.maximumX {
                console.writeError(
                    "note: --trace \(DisplaySettings.format(x, digits: nil)) is outside the view "
                        + "(x \(DisplaySettings.format(view.minimumX, digits: nil)):\(DisplaySettings.format(view.maximumX, digits: nil)))\n"
                )
            } else {
                for (layer, value) in zip(figure.layers, traced) where value == nil {
                    let at = DisplaySettings.format(x, digits: nil)
                    let note =
                        switch layer {
                        case is RelationLayer: "\(layer.label) is a relation: --trace marks functions of x"
                        case let data as DataLayer where data.drawingStyle == .points:
                            "\(layer.label) has no point at x = \(at) (data drawn as points has values at its points only)"
                        default: "\(layer.label) has no value at x = \(at)"
                        }
                    console.writeError("note: " + note + "\n")
                }
            }
        }
        return drawing.view
    }

    /// The terminal's size less a row for the prompt, or 80x24.
    static func terminalSize(_ terminal: TerminalEnvironment) -> (Int, Int) {
        guard let size = terminal.size else { return (80, 24) }
        return (min(size.columns, TerminalPlot.maximumWidth), max(1, min(size.rows - 1, TerminalPlot.maximumHeight)))
    }

    /// Reads `WxH`, or nil when not given.
    static func cells(_ text: String?, option: String) throws(GraphCalcError) -> DisplaySettings.CellSize? {
        guard let text else { return nil }
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw .usage("\(option) needs WxH, such as 80x24, not '\(text)'")
        }
        return DisplaySettings.CellSize(width: width, height: height)
    }

    /// Reads `X,Y`, each an expression.
    static func point(
        _ text: String, from source: ValueSource, values: [String: Double]
    ) throws(GraphCalcError) -> (x: Double, y: Double) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .usage("\(source.label) needs X,Y, not '\(text)'") }
        let x = try ExpressionValue.of(String(parts[0]), variables: values, from: source)
        let y = try ExpressionValue.of(String(parts[1]), variables: values, from: source)
        return (x, y)
    }
}
