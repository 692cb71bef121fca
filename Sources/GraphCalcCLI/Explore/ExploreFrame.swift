import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

/// A frame of the live view, a pure function of its state: the plot in all rows but the
/// last, a status line in the last, and the keys over the plot when asked for.
struct ExploreFrame: Equatable {
    /// The screen's lines, each exactly as wide as the terminal (plus colour codes).
    let lines: [String]
    /// Where the plot area went, when there was room for one.
    let drawn: DrawnArea?

    /// The keys, as `?` shows them.
    static let keyHelp = [
        "arrows, h j k l     pan   + = -  zoom",
        "< >   zoom x        { }   zoom y",
        "0     start view    o     origin to the middle",
        "a     automatic y   g     grid   x y  log axes",
        "t     trace: ← → move, Tab next function",
        "[ ]   slider: move; 1-9 choose, space play",
        "m     braille/ASCII s     save SVG",
        "d     marks at jumps, holes, lone points",
        "p     dots at zeros, extrema, crossings",
        "mouse: wheel zooms, drag pans, click traces,",
        "       double-click moves the origin",
        "q, Esc, Ctrl-C quit ?     close this help",
    ]

    /// Draws `state`.
    init(_ state: ExploreState) {
        let width = max(1, state.columns)
        let plotRows = max(0, state.rows - 1)
        var lines: [String] = []
        var drawn: DrawnArea?
        var problem: String?
        var decided: Double?
        if plotRows > 0 {
            do {
                let drawing = try Self.plot(state, rows: plotRows, isColored: state.isColored && !state.showsHelp)
                lines = drawing.lines
                decided = drawing.undecided.map(\.decided).min()
                drawn = DrawnArea(
                    viewport: drawing.view, column: drawing.areaOrigin.column, row: drawing.areaOrigin.row)
            } catch {
                // Too small, as a rule: the message names what is wrong in few words.
                problem = "cannot draw here: \(error)"
                lines = Array(repeating: String(repeating: " ", count: width), count: plotRows)
            }
        }
        if state.showsHelp {
            lines = Self.overlay(Self.keyHelp, on: lines, width: width, isASCII: state.mode == .ascii)
        }
        let status = problem ?? Self.status(state, decided: decided)
        lines.append(Self.fitted(state.mode == .ascii ? TerminalText.ascii(status) : status, width: width))
        self.lines = lines
        self.drawn = drawn
    }

    private static func plot(
        _ state: ExploreState, rows: Int, isColored: Bool
    ) throws -> TerminalPlot.Rendering {
        var figure = try figure(state)
        if let x = state.traceX, let trace = state.trace, trace.function < figure.layers.count {
            let layer = figure.layers[trace.function]
            if let curve = layer as? CurveLayer {
                figure.marker = trace.t.flatMap(curve.point(at:))
            } else {
                figure.marker = layer.value(at: x).map { Point(x: x, y: $0) }
            }
        }
        let plot = TerminalPlot(mode: state.mode, isColored: isColored, width: state.columns, height: rows)
        return try plot.renderWithView(figure)
    }

    /// The figure the state shows: its functions over its view, with its furniture (the
    /// frame draws it, `s` saves it).
    static func figure(_ state: ExploreState) throws -> Figure {
        var layers: [any FigureLayer] = []
        for function in state.functions {
            layers.append(
                try GraphOptions.layer(
                    function.program, label: GraphOptions.label(function.label, of: function.program, state.angle),
                    variable: state.variable, values: state.currentValues, angle: state.angle, t: state.t,
                    theta: state.theta))
        }
        var figure = Figure(layers: layers + state.data, x: state.x, y: state.y)
        figure.xAxisIsTime = state.data.contains { $0.xIsTime }
        figure.hasEqualAspect = state.hasEqualAspect
        figure.xScale = state.xScale
        figure.yScale = state.yScale
        figure.showsGrid = state.showsGrid
        figure.marksDiscontinuities = state.marksDiscontinuities
        if state.marksPoints { figure.pointsOfInterest = pointsOfInterest(state) }
        return figure
    }

    /// The status line: the trace's values, a message, or the view and the keys to know.
    /// While tracing it reads x, the function traced and its slope, then the others, so
    /// that what matters most survives a narrow screen.
    ///
    /// With relations not all decided, it says what share of the view is (`97.3%
    /// decided`, the least of them).
    static func status(_ state: ExploreState, decided: Double? = nil) -> String {
        if let message = state.message { return message }
        // The sliders first: what a key just moved.
        let sliders = state.sliders.enumerated().map { index, slider in
            (index == state.selectedSlider && state.sliders.count > 1 ? "▸" : "") + slider.shown
        }
        let slid =
            sliders.isEmpty ? "" : sliders.joined(separator: " ") + (state.animation == nil ? "  " : " playing  ")
        let live = state.liveStatus.map { $0 + "  " } ?? ""
        return live + slid + traceOrViewStatus(state, decided: decided)
    }

    /// The status line after the sliders: the trace, or the view.
    private static func traceOrViewStatus(_ state: ExploreState, decided: Double?) -> String {
        guard let x = state.traceX, let trace = state.trace, trace.function < state.functions.count else {
            let (lower, upper) = distinct(state.x.lower, state.x.upper)
            let y =
                state.y.map { range in
                    let (lower, upper) = distinct(range.lower, range.upper)
                    return "\(lower):\(upper)"
                } ?? "auto"
            let unit = state.angle == .radians ? "" : "  \(state.angle.rawValue)"
            let xLog = state.xScale == .log ? " log" : "", yLog = state.yScale == .log ? " log" : ""
            let share = decided.map { "  " + Scene.decidedPercent($0) + " decided" } ?? ""
            return "\(state.variable) \(lower):\(upper)\(xLog)  y \(y)\(yLog)\(unit)\(share)  ? keys  q quit"
        }
        var values = state.currentValues
        values[state.variable] = x
        let traced = state.functions[trace.function]
        if let t = trace.t, Curve.isCurve(traced.program) {
            return curveStatus(traced, at: t, state)
        }
        func value(_ function: ResolvedFunction, marked: Bool) -> String {
            let name = marked ? "▸" + function.label : function.label
            if Curve.isCurve(function.program) { return "\(name): a curve, traced along its parameter" }
            if Relation.isRelation(function.program) { return "\(name): a relation, no single value" }
            do {
                return "\(name) = \(number(try function.program.evaluate(variables: values, angle: state.angle)))"
            } catch {
                return "\(name): no value, \(error)"
            }
        }
        var parts = ["\(state.variable) = \(number(x))", value(traced, marked: state.functions.count > 1)]
        if let slope = slope(of: traced, at: x, state) { parts.append("slope \(number(slope))") }
        for (index, function) in state.functions.enumerated() where index != trace.function {
            parts.append(value(function, marked: false))
        }
        return parts.joined(separator: "  ")
    }

    /// A trace along a curve: its parameter, its point and its tangent (dx/dt, dy/dt).
    private static func curveStatus(_ function: ResolvedFunction, at t: Double, _ state: ExploreState) -> String {
        guard let curve = try? Curve(program: function.program, values: state.currentValues, angle: state.angle)
        else { return "\(function.label): cannot be traced" }
        var parts = ["\(curve.parameter) = \(number(t))"]
        guard let point = curve.point(at: t) else {
            return (parts + ["\(function.label): no point here"]).joined(separator: "  ")
        }
        parts.append("\(function.label) = (\(number(point.x)), \(number(point.y)))")
        if let velocity = curve.velocity(at: t) {
            parts.append("tangent (\(number(velocity.dx)), \(number(velocity.dy)))")
        }
        return parts.joined(separator: "  ")
    }

    /// The proved zeros, extrema and intersections in view, each search's work bounded so
    /// the view stays live.
    static func pointsOfInterest(_ state: ExploreState) -> [PointOfInterest] {
        var functions: [AnalysedFunction] = []
        // Relations have no zeros or extrema along x: the functions' points, numbered
        // as the layers.
        let layers = state.functions.indices.filter { GraphOptions.isFunctionOfX(state.functions[$0].program) }
        for index in layers {
            let function = state.functions[index]
            guard
                let analysed = try? AnalysedFunction(
                    function.program, variable: state.variable, values: state.currentValues, angle: state.angle)
            else { return [] }
            functions.append(analysed)
        }
        return AnalysedFunction.pointsOfInterest(of: functions, over: state.x, budget: 20_000).map { point in
            PointOfInterest(
                kind: point.kind, point: point.point, function: layers[point.function],
                other: point.other.map { layers[$0] })
        }
    }

    /// The slope, decided as trace and `deriv` decide it (``PointSlope``): the symbolic
    /// derivative's value, or the slopes beside x where they meet; none where it is shown
    /// there is none or it cannot be decided.
    private static func slope(of function: ResolvedFunction, at x: Double, _ state: ExploreState) -> Double? {
        PointSlope.of(
            function.program, at: x, variable: state.variable, values: state.currentValues, angle: state.angle
        ).value
    }

    /// Two ends of a range with as many digits (6 or more) as it takes to tell them apart.
    static func distinct(_ lower: Double, _ upper: Double) -> (String, String) {
        for digits in 6...17 {
            let a = CFormat.string("%.\(digits)g", lower + 0), b = CFormat.string("%.\(digits)g", upper + 0)
            if a != b { return (a, b) }
        }
        return (number(lower), number(upper))
    }

    /// Up to 6 significant digits, as the marker's label.
    static func number(_ value: Double) -> String {
        Scene.shortLabel(value)
    }

    /// `text` cut or padded to `width` display cells (a wide character takes two, a
    /// combining mark none), cut text ending in `>`.
    static func fitted(_ text: String, width: Int) -> String {
        let cells = TerminalText.width(of: text)
        if cells > width {
            let kept = TerminalText.prefix(text, width: max(0, width - 1))
            let marked = kept + (width > 0 ? ">" : "")
            return marked + String(repeating: " ", count: max(0, width - TerminalText.width(of: marked)))
        }
        return text + String(repeating: " ", count: width - cells)
    }

    /// `box` framed and laid over the middle of `lines` (plain text, one cell a character),
    /// in 7-bit ASCII when `isASCII`.
    static func overlay(_ box: [String], on lines: [String], width: Int, isASCII: Bool) -> [String] {
        let inner = min(width - 4, box.map(\.count).max() ?? 0)
        guard inner > 0, lines.count >= 3 else { return lines }
        let (across, down) = isASCII ? ("-", "|") : ("─", "│")
        let corners = isASCII ? ["+", "+", "+", "+"] : ["┌", "┐", "└", "┘"]
        let text = box.prefix(max(0, lines.count - 2)).map { line in
            isASCII ? line.replacing("← →", with: "<- ->") : line
        }
        let framed =
            [corners[0] + String(repeating: across, count: inner + 2) + corners[1]]
            + text.map { down + " " + fitted($0, width: inner) + " " + down }
            + [corners[2] + String(repeating: across, count: inner + 2) + corners[3]]
        let top = max(0, (lines.count - framed.count) / 2), left = max(0, (width - inner - 4) / 2)
        var result = lines
        for (offset, row) in framed.enumerated() where top + offset < result.count {
            var characters = Array(result[top + offset])
            if characters.count < width {
                characters += Array(repeating: " ", count: width - characters.count)
            }
            characters.replaceSubrange(left..<min(characters.count, left + row.count), with: Array(row))
            result[top + offset] = String(characters)
        }
        return result
    }
}
