import CalculatorBrain
import GraphCalcSupport
import Graphing

/// `graphcalc intersect F G [--x A:B]`: where two functions meet, each crossing proved or
/// possible, as CSV.
struct IntersectCommand: Command {
    static let name = "intersect"
    static let summary = "Find where two functions meet in a range, each point proved or possible (CSV)."
    static let usage =
        "graphcalc intersect F G [--x A:B] [--var NAME] [--set NAME=VALUE]... [--angle rad|deg|grad] [--digits N]"
    static let discussion = """
        The zeros of F − G, found as zeros finds them (see zeros), with both functions'
        values: x,f,g,lo,hi,status,reason, and a last line of totals. F and G may be
        expressions, program files or, at the prompt, named functions.

        Examples:
          graphcalc intersect 'cos(x)' 'x' --x 0:2
          graphcalc intersect 'x^2' '2-x' --x -3:3
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.xRange, .variables, .angles, .digits]
    static let positionals = PositionalKind.expressions

    let first: ResolvedFunction, second: ResolvedFunction
    let graph: GraphOptions
    let digits: Int?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let sources = ProgramArgument.all(arguments)
        guard sources.count == 2 else {
            throw .usage("intersect takes two functions, not \(sources.count); usage: \(Self.usage)")
        }
        graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt)
        first = try session.resolve(session.plottedFunction(sources[0]), along: graph.variable)
        second = try session.resolve(session.plottedFunction(sources[1]), along: graph.variable)
        digits = try GraphOptions.digits(arguments, session: session)
    }

    func run(console: any Console) throws(GraphCalcError) {
        let f = first.program.expressions.last ?? first.program, g = second.program.expressions.last ?? second.program
        let difference = Program(f.ops + g.ops + [.binary(.subtraction)])
        let meetings = try graph.zeros(of: difference)
        let xs = meetings.map(\.x)
        let fs = try graph.exactFunction(f).values(at: xs), gs = try graph.exactFunction(g).values(at: xs)
        let table = ZeroTable(columns: ["x", "f", "g", "lo", "hi"], digits: digits)
        try console.write(
            table.text(meetings) { index, meeting in
                [meeting.x, fs[index], gs[index], meeting.interval.lower, meeting.interval.upper]
            })
    }
}
