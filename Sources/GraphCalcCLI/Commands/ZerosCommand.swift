import CalculatorBrain
import GraphCalcSupport
import Graphing

/// `graphcalc zeros EXPR [--x A:B]`: every zero in the range, proved or possible, as CSV.
struct ZerosCommand: Command {
    static let name = "zeros"
    static let summary = "Find every zero in a range, each proved or said to be possible (CSV)."
    static let operands = "[EXPR|FILE.plist|--file FILE]..."
    static let discussion = """
        Prints x,lo,hi,status,reason: each zero's best double x and an interval [lo, hi]
        around it. proved means interval arithmetic (the interval Newton method, with
        the symbolic derivative) shows exactly one zero in [lo, hi]; possible means a
        zero cannot be excluded from [lo, hi] — a double root such as (x-1)^2, a
        tangency, or infinitely many zeros (sin(1/x) beside 0) — and the reason says
        which. A stretch where the function is 0 throughout (x-x, floor(x) on [0, 1)) is
        one row, proved with the reason "0 throughout" where it has a value on all of
        it, and no zero inside it is proved: a proved zero at one double is isolated.
        A possible row's x has only the digits its interval supports. Every stretch
        not listed is proved to hold no zero, so no simple zero is missed. The work is bounded (200,000 stretches): what a huge range leaves is
        listed as possible, "not looked into within the budget". Lines starting with #
        name the poles in range (never zeros), and the last gives the totals. A function
        with no value anywhere in range is an error (status 1). With several functions
        a first column, function, says whose zero each row is. At the prompt, with no
        function given, the functions shown are searched over the view's x range.

        Examples:
          graphcalc zeros 'sin(x)' --x -10:10
          graphcalc zeros 'x^3-2x+1' --x -2:2
          graphcalc zeros '(x-1)^2' --x 0:2
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
            for zero in try graph.zeros(of: function.program) {
                rows.append(
                    AnalysisTable.Row(
                        words: labelled ? [function.label] : [],
                        numbers: [
                            zero.status == .proved && !zero.isThroughout
                                ? zero.x : AnalysisTable.supported(zero.x, in: zero.interval),
                            zero.interval.lower, zero.interval.upper,
                        ], status: zero.status,
                        note: zero.isThroughout ? "0 throughout" : nil))
            }
        }
        var table = AnalysisTable(columns: (labelled ? ["function"] : []) + ["x", "lo", "hi"], digits: digits)
        table.rounding = [nil, .down, .up]
        try console.write(table.text(rows, notes: notes))
    }
}
