import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `graphcalc svg`: functions exported as an SVG file.
struct SVGCommand: Command {
    static let name = "svg"
    static let summary = "Export functions, relations, curves and data as SVG (-o OUT.svg)."
    static let operands = "EXPR|FILE.plist|DATA.csv..."
    static let requiredOptions = [OptionGroup.outputOption.showing(valueName: "OUT.svg")]
    static let discussion = """
        Curves are paths refined where they bend and simplified where straight, broken
        across poles and undefined stretches (no line at an asymptote), starting exactly
        where the domain starts (sqrt(x) at (0,0)), with spikes at their true height.
        Each curve carries a <title> naming it (hover in a browser) and thickens on hover.
        Jumps, holes and isolated points are circles, open where the graph only comes
        near a value and filled where it takes it, titled with their coordinates
        (--no-markers leaves them out). --xscale log and --yscale log space an axis by
        ratios, with minor ticks at 2…9 × 10^k where there is room.
        A relation (x^2+y^2=1, y<sin(x)) is decided pixel by pixel: proved pixels are
        drawn solid and undecided ones lighter, as merged rectangles (a circle's graph
        takes a few kilobytes), with a <desc> saying how much was decided when not all.
        A parametric curve ((cos(3t), sin(2t))) or a polar one (r = 1+cos(θ)) is a path
        of chords, each halved until the curve's enclosure over it stays within half a
        pixel of the chord's box, broken where it has no value or a pole (r = 1/cos(θ)).
        Data (DATA.csv, .tsv, .dat, or --data FILE) is a dot at each point (one per
        pixel) or a polyline that keeps each pixel column's first, lowest, highest and
        last point, so 10^7 points make a file of kilobytes that draws the same pixels.
        Colours are colour-blind safe (Okabe-Ito). The size is in pixels (default
        800x500). The file is written to a temporary name and renamed, so a failed or
        interrupted export never leaves a half-written file; -o - writes to standard
        output. At the prompt, export FILE.svg writes what was plotted last, in the
        session's view.

        Examples:
          graphcalc svg 'sin(x)' 'cos(x)' -o trig.svg --title 'sin and cos'
          graphcalc svg 'tan(x)' --y -5:5 --theme dark -o tan.svg
          graphcalc svg '(x^2+y^2-1)^3=x^2*y^3' --x -1.5:1.5 -o heart.svg
          graphcalc svg 'r = cos(4θ)' '(cos(3t), sin(2t))' --aspect equal -o rose.svg
          graphcalc svg examples/data/heights.csv '0.9x-80' -o heights.svg
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [
        .programFile, .data, .dataDrawing, .output, .xRange, .yRange, .axisScales, .variables, .angles, .curves, .size,
        .document,
        .furniture,
    ]
    static let positionals = PositionalKind.expressions

    let plotted: [PlottedFunction]
    let functions: [ResolvedFunction]
    /// The data series drawn beside them.
    let data: [DataLayer]
    /// What reading the data has to say (rows skipped).
    let dataNotes: [String]
    let graph: GraphOptions
    let y: Interval?
    let size: (width: Int, height: Int)
    let title: String?
    let theme: SVGPlot.Theme
    /// The furniture: the figure's as it was drawn, or the session's defaults, with what
    /// the options change.
    let style: PlotStyle
    let destination: String

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        guard let destination = try arguments.outputFile() else {
            throw .usageShowing("svg needs -o OUT.svg", usage: Self.usage)
        }
        try Self.checkName(destination)
        try self.init(arguments, session: session, atPrompt: atPrompt, destination: destination)
    }

    /// The request `export FILE.svg` makes: the session's figure, with its variable and
    /// values, in the session's view (or the functions given).
    init(
        _ arguments: ParsedArguments, session: Session, atPrompt: Bool, destination: String
    ) throws(GraphCalcError) {
        let showsFigure = atPrompt && ProgramArgument.all(arguments).isEmpty
        var graph = try GraphOptions(
            arguments, session: session, atPrompt: atPrompt, shown: showsFigure ? session.figure : nil)
        let programs: [ProgramArgument]
        let shownData = showsFigure ? session.figure?.data ?? [] : []
        let references: [DataReference]
        (programs, data, dataNotes, references) = try DataOptions.programsAndData(
            arguments, session: session, shown: shownData)
        (plotted, functions) = try graph.functions(
            programs, session: session, usage: Self.usage, preferringPlotted: true,
            allowsNone: DataOptions.isNamed(references, shown: shownData, programs: programs))
        let fitted = try graph.fittingCurves(functions, data: data, shown: showsFigure ? session.figure : nil)
        self.graph = graph
        if let fitted {
            y = graph.givenY ?? fitted.y
        } else if graph.givenX != nil || graph.givenY != nil {
            y = graph.givenY
        } else if session.view.fit != .ranges && graph.yScale == .linear {
            // A view set by a scale is shown by the ranges it last drew.
            y = session.view.viewport.yRange
        } else {
            y = graph.y(session: session)
        }
        let cells = try PlotCommand.cells(arguments.value(OptionGroup.sizeOption), option: "--size")
        size = cells.map { ($0.width, $0.height) } ?? (800, 500)
        let document = try DocumentOptions(arguments)
        title = document.title
        theme = document.theme ?? session.display.theme
        // The figure's furniture, as it was drawn, unless these options change it.
        var style = PlotStyle()
        style.showsGrid = session.display.showsGrid
        style.marksDiscontinuities = session.display.marksDiscontinuities
        if showsFigure, let drawn = session.figure?.style {
            style.showsAxes = drawn.showsAxes
            style.showsLegend = drawn.showsLegend
            style.showsGrid = drawn.showsGrid
            style.marksDiscontinuities = drawn.marksDiscontinuities
            style.marksPoints = drawn.marksPoints
        }
        style.hasEqualAspect = graph.hasEqualAspect
        self.style = FurnitureOptions(arguments).applied(to: style)
        self.destination = destination
    }

    func run(console: any Console) throws(GraphCalcError) {
        var figure = try graph.figure(functions, data: data, y: y, style: style)
        figure.title = title
        let document: String
        do {
            document = try SVGPlot(width: size.width, height: size.height, theme: theme).render(figure)
        } catch {
            throw .plotting(error)
        }
        if Cancellation.isRequested { throw .interrupted }
        try Self.write(document, to: destination, console: console)
        let notes =
            dataNotes + GraphOptions.logAxisNotes(figure)
            + GraphOptions.noValueNotes(figure, x: figure.x, columns: size.width)
            + graph.relationNotes(figure, marksPoints: style.marksPoints)
        for note in notes { console.writeError(note + "\n") }
    }

    /// Refuses an output name whose extension says another format (`-o graph.png`).
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` naming how to get that format.
    static func checkName(_ destination: String) throws(GraphCalcError) {
        guard destination != "-" else { return }
        let name = destination.split(separator: "/").last.map(String.init) ?? destination
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return }
        let fileExtension = name[name.index(after: dot)...].lowercased()
        guard fileExtension != "svg" else { return }
        let base = String(destination.dropLast(fileExtension.count + 1))
        throw .usage(
            "-o \(destination): graphcalc writes SVG; name the file \(base).svg"
                + (fileExtension == "png" ? " (for a PNG: rsvg-convert \(base).svg -o \(destination))" : ""))
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
