import CVectorMath
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

/// What the graphing verbs read from the variable and range options, with the session's
/// values as defaults: the plotting variable, the variables' values (`--set` overrides
/// the session's for this command only) and the ranges given.
struct GraphOptions {
    /// The variable the graph runs along.
    let variable: String
    /// Values for the other variables.
    private(set) var values: [String: Double]
    /// The values `--set` gave (and, showing the session's figure, the figure's), over
    /// the session's.
    let overrides: [String: Double]
    /// The x range given with `--x`, if any.
    let givenX: Interval?
    /// Whether `--x B:A` was given from its larger end, for a verb that takes an oriented
    /// range (`integrate`, whose sign then flips).
    let isXReversed: Bool
    /// The y range given with `--y`, if any.
    let givenY: Interval?
    /// The x range: the one given, or the session's (or, for a new figure of curves
    /// only, one that shows them whole: ``fittingCurves(_:)``).
    private(set) var x: Interval
    /// The t range `--t` gave (or the figure shown had), if any: parametric curves run
    /// over it, else over one turn.
    let givenT: Interval?
    /// The θ range `--theta` gave (or the figure shown had), if any, for polar curves.
    let givenTheta: Interval?
    /// Whether `--aspect equal` was given (or the figure shown had it).
    let hasEqualAspect: Bool
    /// How the axes space their values: `--xscale` and `--yscale`, or the session's.
    let xScale: AxisScale, yScale: AxisScale
    /// Whether `--xscale` or `--yscale` was given.
    let givesAxisScales: Bool
    /// Whether the command was typed at the prompt, for error messages.
    let atPrompt: Bool
    /// What `sin`, `cos` and `tan` take: `--angle`, or the session's.
    let angle: AngleUnit

    /// Reads the options, with the session's values as defaults; a command showing the
    /// session's figure (`shown`) takes the figure's variable and `--set` values as its
    /// defaults.
    init(
        _ arguments: ParsedArguments, session: Session, atPrompt: Bool, shown: SessionFigure? = nil,
        takesOrientedX: Bool = false
    ) throws(GraphCalcError) {
        let angle = try Self.angle(arguments, session: session)
        self.angle = angle
        let base = session.variables
        var overrides = shown?.overrides ?? [:]
        let assigned = arguments.allValues(VariableAssignments.option)
        let names = Set(
            assigned.compactMap { $0.split(separator: "=", maxSplits: 1).first }.map { String($0).trimmingBlanks() })
        let merged = try VariableAssignments.values(
            from: assigned, base: base.merging(overrides) { $1 }, angle: angle)
        for name in names { overrides[name] = merged[name] }
        self.overrides = overrides
        values = merged
        let defaultVariable = shown?.variable ?? session.plottingVariable
        variable = arguments.value(OptionGroup.variable) ?? defaultVariable
        guard Op.isValidVariableName(variable) else {
            throw .usage("--var: '\(variable)' is not a valid variable name")
        }
        let scales = try AxisScaleOptions(arguments)
        let xScale = scales.x ?? session.view.xScale
        let yScale = scales.y ?? session.view.yScale
        self.xScale = xScale
        self.yScale = yScale
        givesAxisScales = scales.isGiven
        var isXReversed = false
        givenX = try arguments.value(OptionGroup.x).map { text throws(GraphCalcError) in
            let (a, b) = try Self.ends(text, from: .option("--x"), values: merged)
            guard takesOrientedX, a >= b else {
                return try Self.range(text, from: .option("--x"), axis: "x", values: merged, scale: xScale)
            }
            guard a > b else { throw .usage("--x \(text): the range is empty") }
            isXReversed = true
            return try Self.range("\(b):\(a)", from: .option("--x"), axis: "x", values: [:], scale: xScale)
        }
        self.isXReversed = isXReversed
        givenY = try arguments.value(OptionGroup.y).map { text throws(GraphCalcError) in
            try Self.range(text, from: .option("--y"), axis: "y", values: merged, scale: yScale)
        }
        givenT =
            try arguments.value(OptionGroup.tRange).map { text throws(GraphCalcError) in
                try Self.parameterRange(text, option: "--t", values: merged)
            } ?? shown?.t
        givenTheta =
            try arguments.value(OptionGroup.thetaRange).map { text throws(GraphCalcError) in
                try Self.parameterRange(text, option: "--theta", values: merged)
            } ?? shown?.theta
        hasEqualAspect =
            try arguments.choice(OptionGroup.aspect, of: Aspect.self).map { $0 == .equal }
            ?? shown?.style.hasEqualAspect ?? false
        let sessionX = session.view.x
        // A log axis asked of a view that reaches 0 or below starts from 0.1:10.
        x = givenX ?? (xScale == .log && sessionX.lower <= 0 ? SessionView.logRange : sessionX)
        self.atPrompt = atPrompt
    }

    /// The y range a figure shows when none is given: the session's, unless a log y axis
    /// was asked of a view that reaches 0 or below (then automatic).
    func y(session: Session) -> Interval? {
        guard let y = session.view.y, yScale == .log, y.lower <= 0 else { return session.view.y }
        return nil
    }

    /// `--angle`, or the session's unit.
    static func angle(_ arguments: ParsedArguments, session: Session) throws(GraphCalcError) -> AngleUnit {
        try arguments.choice(OptionGroup.angle, of: AngleUnit.self) ?? session.display.angle
    }

    /// A legend label that says the unit when it is not radians and the function uses
    /// an angle: `sin(x) (deg)`.
    static func label(_ label: String, of program: Program, _ angle: AngleUnit) -> String {
        let usesAngles = program.ops.contains { op in
            switch op {
            case .unary(let operation): operation.isAngular
            case .binary(let operation): operation == .arctangent2
            default: false
            }
        }
        return angle != .radians && usesAngles ? "\(label) (\(angle.rawValue))" : label
    }

    /// A function ready to sample, bound to the plotting variable.
    func function(
        for resolved: ResolvedFunction, accuracy: CompiledProgram.Accuracy = .fast
    ) throws(GraphCalcError) -> ProgramFunction {
        do {
            return try ProgramFunction(
                program: resolved.program, variable: variable, values: values, accuracy: accuracy, angle: angle)
        } catch {
            throw .graphing(error, atPrompt: atPrompt)
        }
    }

    /// A program's values bit for bit the calculator's, along the plotting variable.
    func exactFunction(_ program: Program) throws(GraphCalcError) -> ProgramFunction {
        try function(for: ResolvedFunction(program: program, label: program.description), accuracy: .exact)
    }

    /// `program` along the plotting variable, with its first `order` derivatives, for analysis.
    func analysed(_ program: Program, order: Int = 2) throws(GraphCalcError) -> AnalysedFunction {
        do {
            return try AnalysedFunction(program, variable: variable, values: values, angle: angle, order: order)
        } catch {
            throw .graphing(error, atPrompt: atPrompt)
        }
    }

    /// `program` as an integral wants it (``AnalysedFunction/init(integrating:variable:values:angle:)``).
    func analysedForIntegration(_ program: Program) throws(GraphCalcError) -> AnalysedFunction {
        do {
            return try AnalysedFunction(integrating: program, variable: variable, values: values, angle: angle)
        } catch {
            throw .graphing(error, atPrompt: atPrompt)
        }
    }

    /// The zeros of `program` over the x range (``AnalysedFunction/zeros(in:)``).
    func zeros(of program: Program) throws(GraphCalcError) -> [ZeroFinder.Zero] {
        try analysed(program, order: 1).zeros(in: x)
    }

    /// The zeros, local extrema and intersections of `programs` over `x`, each proved, to
    /// mark on a graph; `budget` bounds each search (less for a live view).
    static func pointsOfInterest(
        _ programs: [Program], x: Interval, variable: String, values: [String: Double],
        angle: AngleUnit, budget: Int = 200_000
    ) throws(GraphingError) -> [PointOfInterest] {
        var functions: [AnalysedFunction] = []
        for program in programs {
            functions.append(try AnalysedFunction(program, variable: variable, values: values, angle: angle))
        }
        return AnalysedFunction.pointsOfInterest(of: functions, over: x, budget: budget)
    }

    /// Lines naming the poles of `function` in the x range, for the analysis verbs' notes
    /// (`pole near x = 1.570796326796 in tan(x)`; no more than `limit`, and a last line
    /// when there are more), after checking it has a value somewhere in range.
    func poleNotes(ofFunctionWithValue function: ResolvedFunction, limit: Int = 16) throws(GraphCalcError) -> [String] {
        let exact = try exactFunction(function.program)
        try checkHasValue(exact, label: function.label)
        let (poles, isComplete) = PoleFinder(function: exact).poles(in: x)
        var notes = poles.prefix(limit).map { pole in
            "pole near x = \(Self.shortest(in: pole)) in \(function.label)"
        }
        if poles.count > limit || !isComplete {
            notes.append("more poles in \(function.label) than are listed here")
        }
        return notes
    }

    /// The shortest decimal (at most 17 significant digits) that lies in `interval`: a
    /// pole located to a few ulps reads `1.5707963268`, not its interval's midpoint.
    static func shortest(in interval: Interval) -> String {
        if interval.contains(0) { return "0" }
        for digits in 1...17 {
            let text = CFormat.string("%.\(digits)g", interval.midpoint)
            if let value = Double(text), interval.contains(value) { return DisplaySettings.format(value, digits: nil) }
        }
        return DisplaySettings.format(interval.midpoint, digits: nil)
    }

    /// Throws when `exact` (named `label`) is proved to have no value anywhere in the x
    /// range, or has none at 1,001 evenly spaced points.
    private func checkHasValue(_ exact: ProgramFunction, label: String) throws(GraphCalcError) {
        let range = x
        let grid = (0...1000).map { range.lower + (range.upper - range.lower) * Double($0) / 1000 }
        if exact.enclosures(over: [range])[0].isEmpty || exact.values(at: grid).allSatisfy(\.isNaN) {
            throw .graphing(.noValue(labels: [label], lower: x.lower, upper: x.upper), atPrompt: atPrompt)
        }
    }

    /// The proved points of interest of `functions` over the x range.
    func pointsOfInterest(_ functions: [ResolvedFunction]) throws(GraphCalcError) -> [PointOfInterest] {
        do {
            return try Self.pointsOfInterest(
                functions.map(\.program), x: x, variable: variable, values: values, angle: angle)
        } catch {
            throw .graphing(error, atPrompt: atPrompt)
        }
    }

    /// Gives the sliders' variables their values, over any other (`explore --slider`).
    mutating func setting(_ sliders: [Slider]) {
        for slider in sliders { values[slider.name] = slider.value }
    }

    /// The functions as figure layers, each with its label: a curve (a point `(x(t),
    /// y(t))` or a polar `r = F(θ)`) over its parameter range, a relation (a comparison,
    /// or comparisons joined by `and`, `or`, `not`) in the plotting variable and y, any
    /// other program a function along the plotting variable.
    func layers(_ functions: [ResolvedFunction]) throws(GraphCalcError) -> [any FigureLayer] {
        var layers: [any FigureLayer] = []
        for function in functions {
            let label = Self.label(function.label, of: function.program, angle)
            if Curve.isCurve(function.program) {
                layers.append(try curveLayer(function.program, label: label))
            } else if Relation.isRelation(function.program) {
                layers.append(RelationLayer(try relation(function.program), label: label))
            } else {
                layers.append(FunctionLayer(try self.function(for: function), label: label))
            }
        }
        return layers
    }

    /// A curve layer of `program` over its parameter range (``parameterRange(of:)``).
    func curveLayer(_ program: Program, label: String) throws(GraphCalcError) -> CurveLayer {
        do {
            return try Self.curveLayer(
                program, label: label, values: values, angle: angle, t: givenT, theta: givenTheta)
        } catch .variableNotSet(let name, _) {
            let give = atPrompt ? "set \(name) = VALUE" : "--set \(name)=VALUE"
            throw .usage(
                "variable '\(name)' is not set; give it a value with \(give) (a curve runs along its parameter)")
        } catch {
            throw .graphing(error, atPrompt: atPrompt)
        }
    }

    /// A curve layer of `program` over `t` (parametric) or `theta` (polar), one turn when
    /// `nil`.
    static func curveLayer(
        _ program: Program, label: String, values: [String: Double], angle: AngleUnit, t: Interval?,
        theta: Interval?
    ) throws(GraphingError) -> CurveLayer {
        let curve = try Curve(program: program, values: values, angle: angle)
        let range = (curve.form == .parametric ? t : theta) ?? Curve.oneTurn(in: angle)
        return CurveLayer(curve, t: range, label: label)
    }

    /// For a new figure (no `--x`, not the session's figure redrawn) of curves and data
    /// only: the x and y ranges that show them whole, which become the figure's; with
    /// functions of x beside data, the x range that shows the data whole (and no y, which
    /// the layers choose); `nil` otherwise.
    mutating func fittingCurves(
        _ functions: [ResolvedFunction], data: [DataLayer] = [], shown: SessionFigure?
    ) throws(GraphCalcError) -> (x: Interval, y: Interval?)? {
        let curvesOnly = functions.allSatisfy { Curve.isCurve($0.program) }
        guard givenX == nil, shown == nil, !functions.isEmpty || !data.isEmpty, curvesOnly || !data.isEmpty
        else { return nil }
        var fitted: (x: Interval, y: Interval)?
        for layer in data {
            guard let extent = layer.extent(xScale: xScale, yScale: yScale) else { continue }
            fitted = fitted.map { ($0.x.hull(extent.x), $0.y.hull(extent.y)) } ?? extent
        }
        if !data.isEmpty && fitted == nil && functions.isEmpty, let layer = data.first {
            let above = xScale == .log || yScale == .log ? " (above 0 on a log axis)" : ""
            throw .input("\(layer.label) has no point with both an x and a y value\(above)")
        }
        var empty: [CurveLayer] = []
        for function in functions where Curve.isCurve(function.program) {
            let layer = try curveLayer(function.program, label: function.label)
            guard let extent = layer.extent(xScale: xScale, yScale: yScale) else {
                empty.append(layer)
                continue
            }
            fitted = fitted.map { ($0.x.hull(extent.x), $0.y.hull(extent.y)) } ?? extent
        }
        if let fitted {
            x = fitted.x
            if !curvesOnly { return (fitted.x, nil) }
        } else if let layer = empty.first {
            throw .graphing(
                .noPoint(
                    label: layer.label, parameter: layer.curve.parameter, lower: layer.t.lower, upper: layer.t.upper),
                atPrompt: atPrompt)
        }
        return fitted
    }

    /// Whether `program` is drawn as a function along the plotting variable: neither a
    /// relation nor a curve.
    static func isFunctionOfX(_ program: Program) -> Bool {
        !Relation.isRelation(program) && !Curve.isCurve(program)
    }

    /// The vertical variable of a relation: y, or x when the plotting variable is y.
    var relationVariable: String { Self.relationVariable(along: variable) }

    /// The vertical variable of a relation along `variable`: y, or x when that is y.
    static func relationVariable(along variable: String) -> String { variable == "y" ? "x" : "y" }

    /// A relation in the plotting variable (across) and ``relationVariable`` (up).
    func relation(_ program: Program) throws(GraphCalcError) -> Relation {
        do {
            return try Self.relation(program, variable: variable, values: values, angle: angle)
        } catch .variableNotSet(let name, _) {
            // A relation's own variables are x and y: --var would not help.
            let give = atPrompt ? "set \(name) = VALUE" : "--set \(name)=VALUE"
            throw .usage(
                "variable '\(name)' is not set; give it a value with \(give) (a relation is drawn in \(variable) and \(relationVariable))"
            )
        } catch {
            throw .graphing(error, atPrompt: atPrompt)
        }
    }

    /// A relation in `variable` (across) and y (up), other variables fixed to `values`
    /// (a value of y itself is not used).
    static func relation(
        _ program: Program, variable: String, values: [String: Double], angle: AngleUnit
    ) throws(GraphingError) -> Relation {
        let second = relationVariable(along: variable)
        var values = values
        values[second] = nil
        return try Relation(program: program, variable: variable, secondVariable: second, values: values, angle: angle)
    }

    /// A figure layer for `program`: a relation when it is one, else a function along
    /// `variable`.
    static func layer(
        _ program: Program, label: String, variable: String, values: [String: Double], angle: AngleUnit,
        t: Interval? = nil, theta: Interval? = nil
    ) throws(GraphingError) -> any FigureLayer {
        if Curve.isCurve(program) {
            return try curveLayer(program, label: label, values: values, angle: angle, t: t, theta: theta)
        }
        if Relation.isRelation(program) {
            return RelationLayer(try relation(program, variable: variable, values: values, angle: angle), label: label)
        }
        return FunctionLayer(
            try ProgramFunction(program: program, variable: variable, values: values, angle: angle), label: label)
    }

    /// Notes for the layers of `figure` a log y axis leaves empty: each function whose
    /// values at 1,001 evenly spaced x of the view are all at or below 0 (some of them
    /// values), so that an empty frame is explained, not a puzzle.
    static func logAxisNotes(_ figure: Figure) -> [String] {
        guard figure.yScale == .log else { return [] }
        let count = 1000
        let xs = (0...count).map { index in
            figure.xScale == .log
                ? figure.x.lower * pow(figure.x.upper / figure.x.lower, Double(index) / Double(count))
                : figure.x.lower + (figure.x.upper - figure.x.lower) * Double(index) / Double(count)
        }
        // Data has its own extent on a log axis (its points above 0), and a pass a value.
        return figure.layers.compactMap { layer in
            guard !(layer is DataLayer) else { return nil }
            let values = xs.compactMap { layer.value(at: $0) }
            guard !values.isEmpty, values.allSatisfy({ $0 <= 0 }) else { return nil }
            return
                "note: \(layer.label) is at or below 0 wherever it was sampled in view; a log y axis shows values above 0 only"
        }
    }

    /// Notes for what a figure of relations leaves unused, so it is not a puzzle: a value
    /// `--set` gave x or y (a relation is drawn in both), and `--points` (relations have
    /// no zeros or extrema along x to mark).
    func relationNotes(_ figure: Figure, marksPoints: Bool) -> [String] {
        guard figure.layers.contains(where: { $0 is RelationLayer }) else { return [] }
        var notes: [String] = []
        for name in [variable, relationVariable] where overrides[name] != nil {
            notes.append(
                "note: the value of \(name) is not used by a relation, which is drawn in \(variable) and \(relationVariable)"
            )
        }
        if marksPoints {
            notes.append(
                "note: --points marks the zeros, extrema and crossings of functions of \(variable), not of relations")
        }
        return notes
    }

    /// Notes for the layers of a figure of several that have no value anywhere over `x`
    /// sampled in `columns` columns (one alone is an error, said by the layout): each is
    /// in the legend and draws nothing, which a note explains.
    static func noValueNotes(_ figure: Figure, x: Interval, columns: Int) -> [String] {
        guard figure.layers.count > 1 else { return [] }
        return figure.layers.compactMap { layer in
            guard !layer.mayHaveValue(x: x, columns: columns, xScale: figure.xScale) else { return nil }
            if let curve = layer as? CurveLayer {
                let error = GraphingError.noPoint(
                    label: curve.label, parameter: curve.curve.parameter, lower: curve.t.lower, upper: curve.t.upper)
                return "note: \(error)"
            }
            return "note: \(layer.label) has no value anywhere on \(CFormat.short(x.lower))…\(CFormat.short(x.upper))"
        }
    }

    /// The one figure every graphing command draws: `functions` as layers over the x
    /// range and `y` (automatic when `nil`), with `style`'s furniture and, when it asks
    /// for them, the proved points of interest.
    func figure(
        _ functions: [ResolvedFunction], data: [DataLayer] = [], y: Interval?, style: PlotStyle
    ) throws(GraphCalcError) -> Figure {
        var figure = Figure(layers: try layers(functions) + data, x: x, y: y)
        figure.xAxisIsTime = data.contains { $0.xIsTime }
        figure.xScale = xScale
        figure.yScale = yScale
        figure.showsAxes = style.showsAxes
        figure.showsLegend = style.showsLegend
        figure.showsGrid = style.showsGrid
        figure.marksDiscontinuities = style.marksDiscontinuities
        figure.hasEqualAspect = hasEqualAspect
        if style.marksPoints {
            // Zeros, extrema and crossings of the functions y(x), numbered as the layers.
            let points = try pointsOfInterest(functions.filter { Self.isFunctionOfX($0.program) })
            let functionLayers = functions.indices.filter { Self.isFunctionOfX(functions[$0].program) }
            figure.pointsOfInterest = points.map { point in
                PointOfInterest(
                    kind: point.kind, point: point.point, function: functionLayers[point.function],
                    other: point.other.map { functionLayers[$0] })
            }
        }
        return figure
    }

    /// The functions the positional arguments name, along the plotting variable; none
    /// names, at the prompt, what a bare plot shows (or, `preferringPlotted`, what was
    /// plotted last).
    func functions(
        _ arguments: [ProgramArgument], session: Session, usage: String, preferringPlotted: Bool,
        allowsNone: Bool = false
    ) throws(GraphCalcError) -> (plotted: [PlottedFunction], resolved: [ResolvedFunction]) {
        var plotted: [PlottedFunction] = []
        for case .positional(let text) in arguments where DataOptions.isDataFile(text) {
            throw DataOptions.dataFileWhereAProgramGoes(text)
        }
        if arguments.isEmpty && !allowsNone {
            guard atPrompt else { throw .usageShowing("missing EXPR or FILE.plist", usage: usage) }
            plotted = preferringPlotted ? try session.functionsShown() : try session.functionsToPlot()
        }
        guard arguments.filter({ $0.readsStandardInput }).count <= 1 else {
            throw .usage("standard input (-) can be read once; name it once")
        }
        for argument in arguments {
            plotted += try session.plottedFunctions(argument, along: variable, values: values)
        }
        var resolved: [ResolvedFunction] = []
        for function in plotted { resolved.append(try session.resolve(function, along: variable, values: values)) }
        return (plotted, resolved)
    }

    /// Reads a curve's parameter range `A:B` (`--t`, `--theta`): increasing, with a finite
    /// width, so that it can be cut into equal intervals.
    static func parameterRange(_ text: String, option: String, values: [String: Double]) throws(GraphCalcError)
        -> Interval
    {
        let range = try Self.range(text, from: .option(option), axis: option, values: values)
        guard (range.upper - range.lower).isFinite else {
            throw .usage("\(option) \(text): the range must be finite and narrower than the largest double")
        }
        return range
    }

    /// Reads `A:B` for the `axis` axis, each end an expression of constants and variables;
    /// on a log axis both ends must be above 0.
    static func range(
        _ text: String, from source: ValueSource, axis: String, values: [String: Double], scale: AxisScale = .linear
    ) throws(GraphCalcError) -> Interval {
        let option = source.label
        let ends = try Self.ends(text, from: source, values: values)
        guard ends.0 < ends.1 else {
            throw .usage("\(option) \(text): the range is empty; the first number must be the smaller")
        }
        if scale == .log && ends.0 <= 0 {
            let linear: String
            if case .option = source { linear = "--\(axis)scale linear" } else { linear = "set \(axis)scale linear" }
            throw .usage(
                "\(option) \(text) reaches 0 or below, which a log \(axis) axis cannot show; give a range above 0 (such as 0.01:100) or \(linear)"
            )
        }
        return Interval(ends.0, ends.1)
    }

    /// The two ends of `A:B`, each an expression, in the order given.
    static func ends(
        _ text: String, from source: ValueSource, values: [String: Double]
    ) throws(GraphCalcError) -> (Double, Double) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .usage("\(source.label) needs A:B, not '\(text)'") }
        // Dates (2024-03-01) are times on a time axis, in seconds since 1970.
        if let a = ISODate.seconds(String(parts[0])), let b = ISODate.seconds(String(parts[1])) { return (a, b) }
        let a = try ExpressionValue.of(String(parts[0]), variables: values, from: source)
        let b = try ExpressionValue.of(String(parts[1]), variables: values, from: source)
        return (a, b)
    }

    /// Reads a whole number in `range`.
    static func count(_ text: String?, option: String, default value: Int, range: ClosedRange<Int>)
        throws(GraphCalcError)
        -> Int
    {
        guard let text else { return value }
        guard let count = Int(text), range.contains(count) else {
            throw .usage(
                "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return count
    }

    /// Reads `--digits`, or the session's setting.
    static func digits(_ arguments: ParsedArguments, session: Session) throws(GraphCalcError) -> Int? {
        guard let text = arguments.value(OptionGroup.digitsOption) else { return session.display.digits }
        return try count(text, option: "--digits", default: 0, range: DisplaySettings.digitsRange)
    }
}
