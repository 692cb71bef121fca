import CalculatorBrain
import GraphCalcSupport
import Graphing

/// `graphcalc extrema EXPR [--x A:B]`: local minima and maxima, the end values and the
/// global minimum and maximum, each proved or said to be possible, as CSV.
struct ExtremaCommand: Command {
    static let name = "extrema"
    static let summary = "Find the minima and maxima in a range, local and global, each proved (CSV)."
    static let operands = "[EXPR|FILE.plist|--file FILE]..."
    static let discussion = """
        Prints kind,x,y,lo,hi,ylo,yhi,status,reason. kind is local min or local max
        (where the slope changes sign: a zero of the symbolic derivative, or a corner
        such as abs(x) at 0), endpoint (the values at A and B), then global min and
        global max. x is where the value y is attained; [lo, hi] holds the point (for a
        global extremum, every stretch that may hold where it is attained) and
        [ylo, yhi] is proved to hold the value — for the global ones to 1e-12 of it, by
        interval branch and bound. critical marks where the slope may be 0 but no turn
        is proved (sin(1/x) beside 0). possible says why a value could not be proved (a
        pole in range; lines starting with # name the poles). With several functions a
        first column, function, names each row's; at the prompt, with none given, the
        functions shown are searched over the view's x range.

        Examples:
          graphcalc extrema 'x^3-3x' --x -3:3
          graphcalc extrema 'abs(x-1)+x/4' --x -2:2
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.programFile, .xRange, .variables, .angles, .digits]
    static let positionals = PositionalKind.expressions

    let request: AnalysedFunctions

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        request = try AnalysedFunctions(arguments, session: session, atPrompt: atPrompt, usage: Self.usage)
    }

    func run(console: any Console) throws(GraphCalcError) {
        let (graph, digits, labelled) = (request.graph, request.digits, request.isLabelled)
        var rows: [AnalysisTable.Row] = []
        var notes: [String] = []
        for function in request.functions {
            notes += try graph.poleNotes(ofFunctionWithValue: function)
            let analysed = try graph.analysed(function.program)
            let extrema = analysed.extrema(in: graph.x)
            if extrema.isEmpty {
                throw .graphing(
                    .noValue(labels: [function.label], lower: graph.x.lower, upper: graph.x.upper),
                    atPrompt: graph.atPrompt)
            }
            let ys = analysed.function.values(at: extrema.map(\.x))
            for (extremum, y) in zip(extrema, ys) {
                let numbers = [
                    extremum.x, y, extremum.interval.lower, extremum.interval.upper, extremum.value.lower,
                    extremum.value.upper,
                ]
                rows.append(
                    AnalysisTable.Row(
                        words: (labelled ? [function.label] : []) + [extremum.kind.rawValue], numbers: numbers,
                        status: extremum.status))
            }
        }
        let columns = (labelled ? ["function"] : []) + ["kind", "x", "y", "lo", "hi", "ylo", "yhi"]
        var table = AnalysisTable(columns: columns, digits: digits)
        table.rounding = [nil, nil, .down, .up, .down, .up]
        try console.write(table.text(rows, notes: notes))
    }
}
