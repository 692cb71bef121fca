import CalculatorBrain
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
        "arrows, h j k l   pan      + = -   zoom",
        "< >   zoom x      { }   zoom y",
        "0     start view  o     origin to the middle",
        "a     automatic y g     grid",
        "t     trace: ← → move, Tab next function",
        "m     braille or ASCII    s     save SVG",
        "mouse: wheel zooms, drag pans, click traces,",
        "       double-click moves the origin",
        "q, Esc  quit      ?     close this help",
    ]

    /// Draws `state`.
    init(_ state: ExploreState) {
        let width = max(1, state.columns)
        let plotRows = max(0, state.rows - 1)
        var lines: [String] = []
        var drawn: DrawnArea?
        var problem: String?
        if plotRows > 0 {
            do {
                let drawing = try Self.plot(state, rows: plotRows, isColored: state.isColored && !state.showsHelp)
                lines = drawing.lines
                drawn = DrawnArea(
                    viewport: drawing.view, column: drawing.areaOrigin.column, row: drawing.areaOrigin.row)
            } catch {
                problem = "\(error)"
                lines = Array(repeating: String(repeating: " ", count: width), count: plotRows)
            }
        }
        if state.showsHelp { lines = Self.overlay(Self.keyHelp, on: lines, width: width, isASCII: state.mode == .ascii) }
        let status = problem ?? Self.status(state, drawn: drawn)
        lines.append(Self.fitted(state.mode == .ascii ? Self.ascii(status) : status, width: width))
        self.lines = lines
        self.drawn = drawn
    }

    private static func plot(
        _ state: ExploreState, rows: Int, isColored: Bool
    ) throws -> (lines: [String], view: Viewport, areaOrigin: (column: Int, row: Int)) {
        var functions: [PlotRequest.Function] = []
        for function in state.functions {
            let sampled = try ProgramFunction(program: function.program, variable: state.variable, values: state.values)
            functions.append(PlotRequest.Function(sampled, label: function.label))
        }
        var request = PlotRequest(
            functions: functions, x: (state.x.lower, state.x.upper), y: state.y.map { ($0.lower, $0.upper) })
        request.showsGrid = state.showsGrid
        if let x = state.traceX, let trace = state.trace, trace.function < functions.count {
            let y = functions[trace.function].function.values(at: [x])[0]
            if y.isFinite { request.markers = [Point(x: x, y: y)] }
        }
        let plot = TerminalPlot(mode: state.mode, isColored: isColored, width: state.columns, height: rows)
        return try plot.renderWithView(request)
    }

    /// The status line: the trace's values, a message, or the view and the keys to know.
    static func status(_ state: ExploreState, drawn: DrawnArea?) -> String {
        if let message = state.message { return message }
        guard let x = state.traceX, let trace = state.trace else {
            let y = state.y.map { "\(number($0.lower)):\(number($0.upper))" } ?? "auto"
            return "x \(number(state.x.lower)):\(number(state.x.upper))  y \(y)  ? keys  q quit"
        }
        var values = state.values
        values[state.variable] = x
        var parts = ["\(state.variable) = \(number(x))"]
        for (index, function) in state.functions.enumerated() {
            let name = index == trace.function ? "▸" + function.label : function.label
            do {
                parts.append("\(name) = \(number(try function.program.evaluate(variables: values)))")
            } catch {
                parts.append("\(name): no value: \(error)")
            }
        }
        if trace.function < state.functions.count, let slope = slope(of: state.functions[trace.function], at: x, state) {
            parts.append("slope \(number(slope))")
        }
        return parts.joined(separator: "  ")
    }

    /// The slope by a central difference a tenth of a cell wide, where both sides have values.
    private static func slope(of function: ResolvedFunction, at x: Double, _ state: ExploreState) -> Double? {
        let step = max(state.x.width / Double(max(1, state.columns)) / 10, x.ulp * 64)
        var values = state.values
        values[state.variable] = x - step
        guard let left = try? function.program.evaluate(variables: values) else { return nil }
        values[state.variable] = x + step
        guard let right = try? function.program.evaluate(variables: values) else { return nil }
        let slope = (right - left) / (2 * step)
        return slope.isFinite ? slope : nil
    }

    /// Up to 6 significant digits, as the marker's label.
    static func number(_ value: Double) -> String {
        Scene.shortLabel(value)
    }

    /// `text` for a 7-bit terminal: the status line's marks and operators in ASCII.
    static func ascii(_ text: String) -> String {
        let spellings: [Character: String] = ["▸": ">", "×": "*", "÷": "/", "−": "-", "√": "sqrt", "π": "pi", "…": "..."]
        return String(text.flatMap { character in spellings[character] ?? String(character) })
    }

    /// `text` cut or padded to `width` characters.
    static func fitted(_ text: String, width: Int) -> String {
        let characters = Array(text)
        if characters.count > width { return String(characters.prefix(max(0, width - 1))) + ">" }
        return text + String(repeating: " ", count: width - characters.count)
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
