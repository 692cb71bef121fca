import CalculatorBrain

/// `graphcalc deriv EXPR --at X`: the derivative's value at a point.
struct DerivCommand: Command {
    static let name = "deriv"
    static let summary = "Print the derivative of an expression at a point, from its symbolic derivative."
    static let usage =
        "graphcalc deriv EXPR|FILE.plist|--file FILE --at X [--var NAME] [--set NAME=VALUE]... [--angle rad|deg|grad] [--digits N]"
    static let discussion = """
        The value of the derivative program (see derive) at x = X, so exact where the
        rules are, not a difference quotient; where the derivative does not exist the
        reason is said and the exit status is 1 (deriv 'abs(x)' --at 0). X may be an
        expression (--at pi/4). --angle deg evaluates in degrees (the slope of sin at 0
        is then π/180).

        Examples:
          graphcalc deriv 'x^3-2x+1' --at 2          10.0
          graphcalc deriv 'sin(x)' --at 0            1.0
        """
    static let at = OptionSpecification(names: ["--at"], valueName: "X", help: "Where to take the derivative")
    static let ownOptions: [OptionSpecification] = [at, VariableAssignments.option]
    static let optionGroups: [OptionGroup] = [.programFile, .variableName, .angles, .digits]
    static let positionals = PositionalKind.expressions

    let derivative: Program
    let values: [String: Double]
    let digits: Int?
    /// The angle unit the function is evaluated in.
    let angle: AngleUnit

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let (derivative, variable) = try DeriveCommand.derivative(arguments, session: session, usage: Self.usage)
        self.derivative = derivative
        guard let atText = arguments.value(Self.at) else {
            throw .usage("deriv needs --at X; usage: \(Self.usage)")
        }
        angle = try GraphOptions.angle(arguments, session: session)
        var values = try VariableAssignments.values(
            from: arguments.allValues(VariableAssignments.option), base: session.variables, angle: angle)
        values[variable] = try ExpressionValue.of(atText, variables: values, angle: angle, label: "--at")
        self.values = values
        digits = try GraphOptions.digits(arguments, session: session)
    }

    func run(console: any Console) throws(GraphCalcError) {
        let value: Double
        do {
            value = try derivative.evaluate(variables: values, angle: angle)
        } catch {
            throw .evaluation(error, context: "the derivative")
        }
        try console.write(DisplaySettings.format(value, digits: digits) + "\n")
    }
}
