import CalculatorBrain
import Plotting

/// The live view without a terminal, for embedding and for measuring: the frames
/// `graphcalc explore` would draw after a sequence of keys.
public enum Explore {
    /// The screen after each key of `keys` (the first entry: before any key), and the
    /// bytes each update writes, for `expressions` on x −10…10 (or `x`) with y automatic.
    ///
    /// - Parameters:
    ///   - keys: characters typed, as `explore` reads them (`+`, `l`, `t`, escape
    ///     sequences for arrows and SGR mouse reports, …).
    ///   - x: the x range the view starts with.
    /// - Throws: ``GraphCalcError`` for an expression that does not parse, or a view that
    ///   `explore` refuses (too narrow for its pixels, wider than a double can hold).
    public static func frames(
        of expressions: [String], columns: Int, rows: Int, mode: TerminalPlot.Mode, keys: String,
        x: ClosedRange<Double> = -10...10
    ) throws(GraphCalcError) -> [(lines: [String], update: String)] {
        let range = ExploreState.Range(lower: x.lowerBound, upper: x.upperBound)
        if let problem = ExploreState.problem(x: range, y: nil, columns: columns, rows: rows) {
            throw .usage(problem)
        }
        let session = Session()
        var functions: [ResolvedFunction] = []
        for expression in expressions {
            let function = try session.plottedFunction(named: expression, along: "x", values: [:])
            functions.append(try session.resolve(function, along: "x", values: [:]))
        }
        var state = ExploreState(
            functions: functions, variable: "x", values: [:], x: range, y: nil,
            columns: columns, rows: rows, mode: mode)
        var input = ExploreInput()
        var shown: [String]?
        var frames: [(lines: [String], update: String)] = []
        func draw() {
            let frame = ExploreFrame(state)
            if let drawn = frame.drawn, drawn != state.drawn { _ = state.handle(.drawn(drawn)) }
            frames.append((frame.lines, ScreenUpdate.text(from: shown, to: frame.lines)))
            shown = frame.lines
        }
        draw()
        for event in input.events(from: Array(keys.utf8), time: 0) {
            _ = state.handle(event)
            draw()
        }
        return frames
    }
}
