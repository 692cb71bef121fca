import CalculatorBrain

/// `graphcalc describe EXPR|FILE.plist`: prints the infix description.
struct DescribeCommand: Command {
    static let name = "describe"
    static let summary = "Print a program in infix form, with only the parentheses it needs."
    static let usage = "graphcalc describe EXPR|FILE.plist"
    static let discussion = """
        A missing operand shows as ?, and expressions left side by side on the stack are
        joined by ", ":  [3, "+"] is ?+3;  [3, 5, "+", "x", "cos"] is 3+5, cos(x).

        Examples:
          graphcalc describe '2*(x+1)^2'            2×(x+1)^2
          graphcalc describe examples/programs/root-of-sum.plist
        """
    static let options: [OptionSpecification] = []

    let source: String

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        source = try arguments.singlePositional(named: "EXPR or FILE.plist", usage: Self.usage)
    }

    func run(console: any Console) throws(GraphCalcError) {
        let program = try ProgramSource(argument: source).program
        try console.write(program.description + "\n")
    }
}
