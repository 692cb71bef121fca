import CalculatorBrain
import GraphCalcSupport
import Graphing

/// `graphcalc intersect F G [--x A:B]`: where two functions meet, each crossing proved or
/// possible, as CSV.
struct IntersectCommand: Command {
    static let name = "intersect"
    static let summary = "Find where two functions meet in a range, each point proved or possible (CSV)."
    static let operands = "[F G]"
    static let discussion = """
        The zeros of F − G, found as zeros finds them (see zeros), with both functions'
        values: x,f,g,lo,hi,status,reason, lines naming the poles of each, and a last
        line of totals. Where the two are equal on a stretch (floor(x) and abs(x)/x on
        [1, 2)) it is one row, proved with the reason "equal throughout" where both
        have values on all of it. F and G may be expressions, program files or, at the prompt,
        named functions; at the prompt with none given, every pair of the functions
        shown meets over the view's x range, and a first column, functions, names the
        pair.

        Examples:
          graphcalc intersect 'cos(x)' 'x' --x 0:2
          graphcalc intersect 'x^2' '2-x' --x -3:3
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.xRange, .variables, .angles, .digits]
    static let positionals = PositionalKind.expressions

    /// The pairs of functions whose meetings are looked for.
    let pairs: [(ResolvedFunction, ResolvedFunction)]
    let graph: GraphOptions
    let digits: Int?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let sources = ProgramArgument.all(arguments)
        guard sources.count == 2 || (sources.isEmpty && atPrompt) else {
            throw .usageShowing("intersect takes two functions, not \(sources.count)", usage: Self.usage)
        }
        graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt)
        let functions = try graph.functions(sources, session: session, usage: Self.usage, preferringPlotted: true)
            .resolved
        guard functions.count >= 2 else {
            throw .usage("intersect needs two functions; only \(functions.first?.label ?? "none") is shown")
        }
        var pairs: [(ResolvedFunction, ResolvedFunction)] = []
        for (index, first) in functions.enumerated() {
            for second in functions[(index + 1)...] { pairs.append((first, second)) }
        }
        self.pairs = pairs
        digits = try GraphOptions.digits(arguments, session: session)
    }

    func run(console: any Console) throws(GraphCalcError) {
        let labelled = pairs.count > 1
        var rows: [AnalysisTable.Row] = []
        var notes: [String] = []
        var checked = Set<String>()
        for (first, second) in pairs {
            for function in [first, second] where checked.insert(function.label).inserted {
                notes += try graph.poleNotes(ofFunctionWithValue: function)
            }
            let f = first.program.expressions.last ?? first.program
            let g = second.program.expressions.last ?? second.program
            let difference = Program(f.ops + g.ops + [.binary(.subtraction)])
            let meetings = try graph.zeros(of: difference)
            let xs = meetings.map(\.x)
            let fs = try graph.exactFunction(f).values(at: xs), gs = try graph.exactFunction(g).values(at: xs)
            for (index, meeting) in meetings.enumerated() {
                rows.append(
                    AnalysisTable.Row(
                        words: labelled ? ["\(first.label) ∩ \(second.label)"] : [],
                        numbers: [
                            meeting.status == .proved && !meeting.isThroughout
                                ? meeting.x : AnalysisTable.supported(meeting.x, in: meeting.interval),
                            fs[index], gs[index], meeting.interval.lower, meeting.interval.upper,
                        ],
                        status: meeting.status, note: meeting.isThroughout ? "equal throughout" : nil))
            }
        }
        var table = AnalysisTable(
            columns: (labelled ? ["functions"] : []) + ["x", "f", "g", "lo", "hi"], digits: digits)
        table.rounding = [nil, nil, nil, .down, .up]
        try console.write(table.text(rows, notes: notes))
    }
}
