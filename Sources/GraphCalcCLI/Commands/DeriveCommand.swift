import CalculatorBrain

/// `graphcalc derive EXPR|FILE.plist [--var NAME]`: prints the symbolic derivative.
struct DeriveCommand: Command {
    static let name = "derive"
    static let summary = "Print the derivative of an expression or a saved program, simplified."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let discussion = """
        The derivative is a program like any other: it describes, saves (derive then
        compile), evaluates and plots. It is simplified as it is built: 0×u and u×1
        vanish, constants fold and come first, like terms combine (x^3/3 gives x^2,
        x/(x^2+1) gives (1−x^2)÷(x^2+1)^2). A hole stays a hole: x/x has no value at
        0, so its derivative reads 0÷x^2, not 0; u÷u becomes 1 only beside ln(u),
        which needs u ≠ 0 too (x*ln(x) gives ln(x)+1). Where the derivative does not
        exist, its evaluation says so: abs and √ at 0 give a division by zero; floor,
        ceil, round, trunc and sign have derivative 0 between their jumps. Γ′ is Γ·ψ
        (digamma), and x! has the slope of Γ(x+1) where it has a value. ψ, nPr and nCr
        of the variable have none here. With --angle deg (or the session's unit) the
        trigonometric keys' derivatives carry π/180. Each expression of a program is
        differentiated in turn.

        Examples:
          graphcalc derive 'x^3-2x+1'               3×x^2−2
          graphcalc derive 'sin(x)*exp(-x)'          cos(x)×exp(−x)−sin(x)×exp(−x)
          graphcalc derive 'x*ln(x)-x'               ln(x)
          graphcalc derive 'r^2*t' --var r
        """
    static let ownOptions: [OptionSpecification] = []
    static let optionGroups: [OptionGroup] = [.programFile, .variableName, .angles]
    static let positionals = PositionalKind.expressions

    /// The derivative.
    let derivative: Program

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        derivative = try Self.derivative(arguments, session: session, usage: Self.usage).derivative
    }

    /// The derivative of the program argument along `--var` (or the plotting variable),
    /// in `--angle` (or the session's unit), with the variable's name.
    static func derivative(
        _ arguments: ParsedArguments, session: Session, usage: String
    ) throws(GraphCalcError) -> (derivative: Program, variable: String, program: Program) {
        let argument = try ProgramArgument.single(arguments, usage: usage)
        let variable = arguments.value(OptionGroup.variable) ?? session.plottingVariable
        guard Op.isValidVariableName(variable) else {
            throw .usage("--var: '\(variable)' is not a valid variable name")
        }
        // A called function's own use of the variable is the session's, not the one
        // differentiated along. A defined function's bare name is that function, as for
        // plot and deriv (`derive f` after `f(x) = x^2`).
        let program: Program
        if case .positional(let name) = argument, session.functions[name] != nil {
            let named = try session.plottedFunction(argument, along: variable, values: session.variables)
            program = try session.resolve(named, along: variable, values: session.variables).program
        } else {
            program = try ProgramSource(
                argument, functions: session.functions, along: variable, values: session.variables
            ).program
        }
        let angle = try GraphOptions.angle(arguments, session: session)
        do {
            return (try program.derivative(withRespectTo: variable, angle: angle), variable, program)
        } catch {
            throw .derivative(error)
        }
    }

    func run(console: any Console) throws(GraphCalcError) {
        try console.write(derivative.description + "\n")
    }
}
