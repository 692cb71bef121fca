import CalculatorBrain
import Graphing
import Plotting

/// The live view without a terminal, for embedding and for measuring: the frames
/// `graphcalc explore` would draw after a sequence of keys (the benchmark, the tests and
/// the fuzz targets drive it).
public enum Explore {
    /// The screen after each key of `keys` (the first entry: before any key), and the
    /// bytes each update writes, for `expressions` on x −10…10 (or `x`) with y automatic.
    ///
    /// - Parameters:
    ///   - expressions: the functions, as typed.
    ///   - columns: the terminal's width in cells.
    ///   - rows: the terminal's height in cells.
    ///   - mode: braille or ASCII.
    ///   - keys: characters typed, as `explore` reads them (`+`, `l`, `t`, escape
    ///     sequences for arrows and SGR mouse reports, …).
    ///   - x: the x range the view starts with.
    ///   - sliders: the variables `[` and `]` move (space plays the chosen one; the
    ///     frames then follow the clock of `ticks`).
    ///   - hasEqualAspect: whether a unit is as long across as up.
    ///   - ticks: for each key, how many frames of an animation (1/30 s each) pass after it.
    /// - Throws: ``GraphCalcError`` for an expression that does not parse, or a view that
    ///   `explore` refuses (too narrow for its pixels, wider than a double can hold).
    public static func frames(
        of expressions: [String], columns: Int, rows: Int, mode: TerminalPlot.Mode, keys: String,
        x: Interval = Interval(-10, 10), sliders: [Slider] = [], hasEqualAspect: Bool = false, ticks: Int = 0
    ) throws(GraphCalcError) -> [(lines: [String], update: String)] {
        if let problem = ExploreState.problem(x: x, y: nil, columns: columns, rows: rows) {
            throw .usage(problem)
        }
        let session = Session()
        var functions: [ResolvedFunction] = []
        for expression in expressions {
            let function = try session.plottedFunction(named: expression, along: "x", values: [:])
            functions.append(try session.resolve(function, along: "x", values: [:]))
        }
        var state = ExploreState(
            functions: functions, variable: "x", values: [:], x: x, y: nil,
            columns: columns, rows: rows, mode: mode)
        state.sliders = sliders
        state.hasEqualAspect = hasEqualAspect
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
        var time = 0.0
        for event in input.events(from: Array(keys.utf8), time: 0) {
            _ = state.handle(event)
            draw()
            for _ in 0..<ticks where state.animation != nil {
                _ = state.handle(.tick(time: time))
                time += 1 / ExploreState.framesPerSecond
                draw()
            }
        }
        return frames
    }
}
