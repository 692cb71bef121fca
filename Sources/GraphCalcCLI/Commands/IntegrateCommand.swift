import CalculatorBrain
import GraphCalcSupport
import Graphing

/// `graphcalc integrate EXPR --x A:B`: the definite integral, enclosed and estimated, as CSV.
struct IntegrateCommand: Command {
    static let name = "integrate"
    static let summary = "Integrate over a range: a proved enclosure and an estimate inside it (CSV)."
    static let operands = "[EXPR|FILE.plist|--file FILE]..."
    static let discussion = """
        Prints value,lo,hi,status,reason: the integral inside [lo, hi], which interval
        arithmetic proves holds it, on adaptive subdivisions: where the function is
        analytic over a piece, its Taylor polynomial of degree 19 (15 on narrow pieces),
        integrated exactly, plus the remainder's coefficient enclosed over the piece (so
        smooth pieces are wide and few); elsewhere (kinks, steps) the two-point Gauss and
        midpoint rules' error terms from the symbolic derivatives. The value is adaptive
        Gauss–Kronrod's estimate (a spike Gauss–Kronrod misses is still inside [lo, hi],
        and the value is then taken from it). Across a pole where the proved integrals over shells closing in on it do
        not shrink (1/x at 0: the integral from a distance δ grows at least like
        log(1/δ)) it says the integral diverges, and where the range leaves the domain
        (sqrt(x) below 0) it names a point with no value; both exit with status 1. Where
        the function is unbounded but the integral converges (1/sqrt(x) at 0), or where
        interval arithmetic cannot bound a removable singularity (sin(x)/x at 0), the
        estimate is printed as possible, with no enclosure; values past the largest
        double (exp(x) on 0:1000) are said to be; where the work allowed runs out
        before the enclosure is within 1e-12, the row is possible and says so.

        The range is oriented, as ∫ from A to B is: --x 2:1 integrates from 2 down to 1,
        the negative of --x 1:2 (A equal to B is refused: the range is empty). At the
        prompt, integrate [F...] A B integrates F (or the functions shown) from A to B by
        the same rule, and with no range the view's x range is used.

        Examples:
          graphcalc integrate 'sin(x)' --x 0:pi
          graphcalc integrate 'exp(-x^2)' --x -5:5
          graphcalc integrate '1/x' --x -1:1
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.programFile, .xRange, .variables, .angles, .digits]
    static let positionals = PositionalKind.expressions

    let functions: [ResolvedFunction]
    let graph: GraphOptions
    /// The range integrated over.
    let range: Interval
    let digits: Int?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt, takesOrientedX: true)
        var sources = ProgramArgument.all(arguments)
        var reversed = graph.isXReversed
        // At the prompt, `integrate [F...] A B`: the last two numbers are the range, over
        // the functions given or else those shown.
        if atPrompt, graph.givenX == nil, sources.count >= 2,
            let a = try ProgramArgument.number(sources[sources.count - 2], session: session, label: "integrate"),
            let b = try ProgramArgument.number(sources[sources.count - 1], session: session, label: "integrate")
        {
            guard a != b else {
                throw .usage("integrate from \(CFormat.short(a)) to \(CFormat.short(b)): the range is empty")
            }
            range = Interval(min(a, b), max(a, b))
            reversed = a > b
            sources.removeLast(2)
        } else {
            range = graph.x
        }
        functions = try graph.functions(sources, session: session, usage: Self.usage, preferringPlotted: true)
            .resolved
        digits = try GraphOptions.digits(arguments, session: session)
        self.reversed = reversed
    }

    /// Whether the range was given from the larger end (`--x 1:0`, or `integrate 1 0` at
    /// the prompt): the integral's sign flips.
    private let reversed: Bool

    func run(console: any Console) throws(GraphCalcError) {
        let labelled = functions.count > 1
        var rows: [AnalysisTable.Row] = []
        for function in functions {
            let integral = try Self.integral(of: function, over: range, graph: graph)
            let sign: Double = reversed ? -1 : 1
            let lower = integral.enclosure.map { reversed ? -$0.upper : $0.lower } ?? .nan
            let upper = integral.enclosure.map { reversed ? -$0.lower : $0.upper } ?? .nan
            rows.append(
                AnalysisTable.Row(
                    words: labelled ? [function.label] : [], numbers: [sign * integral.estimate, lower, upper],
                    status: integral.status))
        }
        let columns = (labelled ? ["function"] : []) + ["value", "lo", "hi"]
        var table = AnalysisTable(columns: columns, digits: digits, totals: false)
        table.rounding = [nil, .down, .up]
        try console.write(table.text(rows))
    }

    /// The integral of `function` over `range`.
    static func integral(
        of function: ResolvedFunction, over range: Interval, graph: GraphOptions
    ) throws(GraphCalcError) -> Integrator.Integral {
        let analysed = try graph.analysedForIntegration(function.program)
        let integral: Integrator.Integral
        do {
            integral = try analysed.integral(over: range)
        } catch {
            if Cancellation.isRequested { throw .interrupted }
            throw .integration(error, label: function.label)
        }
        if Cancellation.isRequested { throw .interrupted }
        return integral
    }
}
