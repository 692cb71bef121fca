import CalculatorBrain

/// `graphcalc describe EXPR|FILE.plist`: prints the infix description.
struct DescribeCommand: Command {
    static let name = "describe"
    static let summary = "Print a program in infix form, with only the parentheses it needs."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let discussion = """
        A missing operand shows as ?, and expressions left side by side on the stack are
        joined by ", ":  [3, "+"] is ?+3;  [3, 5, "+", "x", "cos"] is 3+5, cos(x).
        At the prompt, describe without an argument describes the calculator's program.

        Examples:
          graphcalc describe '2*(x+1)^2'            2×(x+1)^2
          graphcalc describe examples/programs/root-of-sum.plist
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.programFile]
    static let positionals = PositionalKind.expressions

    let program: Program

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        if atPrompt && ProgramArgument.all(arguments).isEmpty {
            program = session.brain.program
            return
        }
        let argument = try ProgramArgument.single(arguments, usage: Self.usage)
        program = try ProgramSource(argument, functions: session.functions).program
    }

    func run(console: any Console) throws(GraphCalcError) {
        try console.write((program.isEmpty ? "(empty)" : program.description) + "\n")
    }
}
