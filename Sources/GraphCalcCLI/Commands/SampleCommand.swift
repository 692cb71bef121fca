import GraphCalcSupport
import Graphing

/// `graphcalc sample`: the sampler's enclosures per pixel column, as CSV.
struct SampleCommand: Command {
    static let name = "sample"
    static let summary = "Print what the samplers prove: y per column, cells, curve boxes (CSV)."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let discussion = """
        Each column covers [x0, x1]; every value the function takes there lies in one of
        the column's rows [ymin, ymax]. A column with a pole has two rows (one each side),
        a column where the function has no value has none; unbounded ends print as inf
        and -inf. exact is 1 when the row is proved to exceed the true values by at most
        one pixel row of the --y range at each end, else 0 (a removable singularity,
        wild oscillation). wmin and wmax are the lowest and highest values the function is
        shown to take there (empty when none was witnessed). Without --y the range is
        chosen as a plot would choose it. With --xscale log the columns are equal steps of
        log10 x (x0 and x1 are each column's real edges); with --yscale log the rows are
        equal steps of log10 y and exact counts a row of that spacing.

        Output: column,x0,x1,ymin,ymax,exact,wmin,wmax

        A relation (x^2+y^2=1, y<sin(x)) is decided on the grid of --width × --height
        cells a plot of that size draws, rows counted from the top: one row per cell
        where it is proved to hold somewhere (proved) or not decided within the work
        allowed (undecided), then a line of totals. Without --y, y takes the x range.

        Output: column,row,x0,x1,y0,y1,status
                # N proved, M undecided, K excluded

        A curve ((cos(t), sin(t)), r = 1+cos(θ)) is enclosed over the intervals of its
        parameter that drawing it on that grid ended on, in order: every point of the
        curve for t in [t0, t1] has x in [xmin, xmax] and y in [ymin, ymax] (two rows for
        an interval across a pole); intervals where it has no value are left out. Then a
        line of totals for the grid's cells. Without --x and --y the view shows the whole
        curve; --t and --theta give the parameter range (default: one turn).

        Output: t0,t1,xmin,xmax,ymin,ymax
                # N intervals; cells: P proved, U undecided

        Examples:
          graphcalc sample 'tan(x)' --x -2:2 --width 8 --y -5:5 --height 20
          graphcalc sample 'sqrt(x)' --x -1:1 --width 4
          graphcalc sample 'x^2+y^2=1' --x -2:2 --width 8 --height 8
          graphcalc sample '(cos(t), sin(t))' --width 8 --height 8
        """
    static let width = OptionSpecification(names: ["--width"], valueName: "N", help: "Pixel columns (default: 80)")
    static let height = OptionSpecification(names: ["--height"], valueName: "M", help: "Pixel rows (default: 24)")
    static let ownOptions = [width, height]
    static let optionGroups: [OptionGroup] = [
        .programFile, .xRange, .yRange, .axisScales, .variables, .angles, .curves,
    ]
    static let positionals = PositionalKind.expressions

    let function: ResolvedFunction
    let graph: GraphOptions
    let columns: Int
    let rows: Int
    /// The y range: given, the session's, or `nil` for automatic.
    let y: Interval?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let source = try ProgramArgument.single(arguments, usage: Self.usage)
        graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt)
        function = try session.resolve(
            session.plottedFunction(source, along: graph.variable, values: graph.values), along: graph.variable,
            values: graph.values)
        y = graph.givenY ?? (graph.givenX == nil ? graph.y(session: session) : nil)
        let pixels = 1...Viewport.maximumPixels
        columns = try GraphOptions.count(arguments.value(Self.width), option: "--width", default: 80, range: pixels)
        rows = try GraphOptions.count(arguments.value(Self.height), option: "--height", default: 24, range: pixels)
    }

    func run(console: any Console) throws(GraphCalcError) {
        if Curve.isCurve(function.program) { return try runCurve(console: console) }
        if Relation.isRelation(function.program) { return try runRelation(console: console) }
        let function = try graph.function(for: function)
        let y =
            y
            ?? AutomaticRange.yRange(
                for: function, x: graph.x, columns: columns, xAxisScale: graph.xScale, yAxisScale: graph.yScale)
        let viewport: Viewport
        do {
            viewport = try Viewport(
                width: columns, height: rows, x: graph.x, y: y, xAxisScale: graph.xScale, yAxisScale: graph.yScale)
        } catch {
            throw .graphing(error)
        }
        guard
            AutomaticRange.hasValue(function, x: graph.x, columns: columns, xAxisScale: graph.xScale)
                || Cancellation.isRequested
        else {
            throw .graphing(.noValue(labels: [self.function.label], lower: graph.x.lower, upper: graph.x.upper))
        }
        var text = "column,x0,x1,ymin,ymax,exact,wmin,wmax\n"
        let samples = ColumnSampler(function: function, viewport: viewport).sample()
        if Cancellation.isRequested { throw .interrupted }
        for sample in samples {
            for piece in sample.pieces {
                text += "\(sample.column),\(CSVNumber.format(sample.x.lower)),\(CSVNumber.format(sample.x.upper)),"
                text +=
                    "\(CSVNumber.format(piece.y.lower)),\(CSVNumber.format(piece.y.upper)),\(piece.isExact ? 1 : 0),"
                if let witnessed = piece.witnessedRange {
                    text += "\(CSVNumber.format(witnessed.lower)),\(CSVNumber.format(witnessed.upper))\n"
                } else {
                    text += ",\n"
                }
            }
            if text.utf8.count > 1 << 16 {
                if Cancellation.isRequested { throw .interrupted }
                try console.write(text)
                text = ""
            }
        }
        try console.write(text)
    }

    /// A curve's parameter intervals with their enclosures, then the totals.
    private func runCurve(console: any Console) throws(GraphCalcError) {
        try checkGrid(for: "curve")
        var graph = self.graph
        let fitted = try graph.fittingCurves([function], shown: nil).flatMap { fitted in
            fitted.y.map { (x: fitted.x, y: $0) }
        }
        let layer = try graph.curveLayer(function.program, label: function.label)
        guard let region = fitted ?? layer.extent(xScale: graph.xScale, yScale: graph.yScale) else {
            throw .graphing(
                .noPoint(
                    label: layer.label, parameter: layer.curve.parameter, lower: layer.t.lower, upper: layer.t.upper))
        }
        let viewport = try cellViewport(x: graph.x, y: y ?? region.y)
        var sampler = CurveSampler(curve: layer.curve, viewport: viewport, t: layer.t)
        sampler.budget = layer.budget
        let sample = sampler.sample()
        if Cancellation.isRequested { throw .interrupted }
        var text = "t0,t1,xmin,xmax,ymin,ymax\n"
        for piece in sample.pieces {
            let t = "\(CSVNumber.format(piece.t.lower)),\(CSVNumber.format(piece.t.upper))"
            for x in piece.x.pieces {
                for y in piece.y.pieces {
                    text += "\(t),\(CSVNumber.format(x.lower)),\(CSVNumber.format(x.upper)),"
                    text += "\(CSVNumber.format(y.lower)),\(CSVNumber.format(y.upper))\n"
                }
            }
            if text.utf8.count > 1 << 16 {
                try console.write(text)
                text = ""
            }
        }
        let cells = sample.cells
        text +=
            "# \(sample.pieces.count) intervals; cells: \(cells.provedCount) proved, \(cells.undecidedCount) undecided\n"
        try console.write(text)
    }

    /// Throws unless `--width` × `--height` is at most ``largestRelationGrid`` cells, the
    /// most a `kind` (relation or curve) is decided on.
    private func checkGrid(for kind: String) throws(GraphCalcError) {
        guard columns * rows <= Self.largestRelationGrid else {
            throw .usage(
                "--width \(columns) × --height \(rows) is more cells than a \(kind) is sampled on (at most \(Self.largestRelationGrid), such as 2048x2048)"
            )
        }
    }

    /// The grid of `--width` × `--height` cells a relation or a curve is decided on, over
    /// `x` and `y`.
    private func cellViewport(x: Interval, y: Interval) throws(GraphCalcError) -> Viewport {
        do {
            return try Viewport(
                width: columns, height: rows, x: x, y: y, xAxisScale: graph.xScale, yAxisScale: graph.yScale)
        } catch {
            throw .graphing(error)
        }
    }

    /// The most cells a relation is sampled on: 2048 × 2048, far more than any screen.
    static let largestRelationGrid = 1 << 22

    /// A relation's cells: those not excluded, then the totals.
    private func runRelation(console: any Console) throws(GraphCalcError) {
        try checkGrid(for: "relation")
        let relation = try graph.relation(function.program)
        let viewport = try cellViewport(x: graph.x, y: y ?? graph.x)
        let sample = RelationSampler(relation: relation, viewport: viewport).sample()
        if Cancellation.isRequested { throw .interrupted }
        var text = "column,row,x0,x1,y0,y1,status\n"
        for row in 0..<rows {
            let y0 = CSVNumber.format(viewport.y(atPixel: Double(row + 1)))
            let y1 = CSVNumber.format(viewport.y(atPixel: Double(row)))
            for column in 0..<columns where sample[column, row] != .excluded {
                let x0 = CSVNumber.format(viewport.x(atPixel: Double(column)))
                let x1 = CSVNumber.format(viewport.x(atPixel: Double(column + 1)))
                text += "\(column),\(row),\(x0),\(x1),\(y0),\(y1),\(sample[column, row])\n"
            }
            if text.utf8.count > 1 << 16 {
                try console.write(text)
                text = ""
            }
        }
        text += "# \(sample.provedCount) proved, \(sample.undecidedCount) undecided, \(sample.excludedCount) excluded\n"
        try console.write(text)
    }
}
