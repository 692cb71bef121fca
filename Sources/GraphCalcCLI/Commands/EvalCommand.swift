import CalculatorBrain

/// `graphcalc eval EXPR|FILE.plist [--set NAME=VALUE]...`: prints the value.
struct EvalCommand: Command {
    static let name = "eval"
    static let summary = "Evaluate an expression or a saved program and print its value."
    static let usage = "graphcalc eval EXPR|FILE.plist [--set NAME=VALUE]..."
    static let discussion = """
        The value is printed as the shortest decimal that reads back as the same Double
        (14.0, 0.1, 1e-05, inf). A program file holding several expressions prints the
        value of the last one, the top of the stack. When there is no value, the reason
        goes to standard error and the exit status is 1.

        Examples:
          graphcalc eval '2+3*4'                    14.0
          graphcalc eval '3sin(x)' --set x=pi/6     1.4999999999999998
          graphcalc eval examples/programs/circle-area.plist --set r=2
        """
    static let options = [VariableAssignments.option]

    let source: String
    let assignments: [String]

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        source = try arguments.singlePositional(named: "EXPR or FILE.plist", usage: Self.usage)
        assignments = arguments.allValues(VariableAssignments.option)
    }

    func run(console: any Console) throws(GraphCalcError) {
        let variables = try VariableAssignments.values(from: assignments)
        let value = try ProgramSource(argument: source).evaluate(variables: variables)
        try console.write("\(value)\n")
    }
}
