import CalculatorBrain
import Graphing

/// `graphcalc deriv EXPR --at X`: the derivative's value at a point.
struct DerivCommand: Command {
    static let name = "deriv"
    static let summary = "Print the derivative of an expression at a point, from its symbolic derivative."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let requiredOptions = [at]
    static let discussion = """
        The value of the derivative program (see derive) at x = X, so exact where the
        rules are, not a difference quotient. Where the program has no value at X but
        the function may still have a slope (x*abs(x) at 0), the slopes beside X are
        enclosed on each side: where they meet that is the slope, where they differ
        there is none (abs(x) at 0: -1 from the left, 1 from the right); a jump, an end
        of the domain or slopes that do not settle say so, with exit status 1. X may be an
        expression (--at pi/4). --angle deg evaluates in degrees (the slope of sin at 0
        is then π/180). At the prompt, deriv [F] X (X a number) gives the slope of F, or
        of each function shown, at x = X, with the variables it was drawn with.

        Examples:
          graphcalc deriv 'x^3-2x+1' --at 2          10
          graphcalc deriv 'sin(x)' --at 0            1
          graphcalc deriv 'x*abs(x)' --at 0          0
        """
    static let at = OptionSpecification(names: ["--at"], valueName: "X", help: "Where to take the derivative")
    static let ownOptions: [OptionSpecification] = [at, VariableAssignments.option]
    static let optionGroups: [OptionGroup] = [.programFile, .variableName, .angles, .digits]
    static let positionals = PositionalKind.expressions

    /// The derivatives to evaluate, each with the label it is printed with (`nil` for the
    /// one program given on the command line, printed as a bare number).
    let derivatives: [(label: String?, program: Program)]
    /// The variable the derivatives are taken along.
    let variable: String
    /// At the prompt, the functions whose slopes are taken, to say where one has no value.
    let functions: [Program]
    let values: [String: Double]
    let digits: Int?
    /// The angle unit the function is evaluated in.
    let angle: AngleUnit

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        angle = try GraphOptions.angle(arguments, session: session)
        digits = try GraphOptions.digits(arguments, session: session)
        // `deriv [F] X` at the prompt: the slope of F (or of each function shown) at X,
        // along the plot's variable (or --var), with its variables and --set.
        let sources = ProgramArgument.all(arguments)
        if atPrompt, arguments.value(Self.at) == nil, sources.isEmpty {
            throw .usage("deriv needs an x value: deriv 2 (the functions shown), deriv F 2 or deriv EXPR --at 2")
        }
        if atPrompt, arguments.value(Self.at) == nil, (1...2).contains(sources.count),
            let x = try ProgramArgument.number(sources[sources.count - 1], session: session, label: "deriv")
        {
            let variable = arguments.value(OptionGroup.variable) ?? session.tracedVariable
            guard Op.isValidVariableName(variable) else {
                throw .usage("--var: '\(variable)' is not a valid variable name")
            }
            self.variable = variable
            var base = session.variables
            for (name, value) in session.figure?.overrides ?? [:] { base[name] = value }
            var values = try VariableAssignments.values(
                from: arguments.allValues(VariableAssignments.option), base: base, angle: angle)
            let shown =
                sources.count == 2
                ? [try session.plottedFunction(sources[0], along: variable, values: values)]
                : try session.functionsShown()
            var derivatives: [(label: String?, program: Program)] = []
            var functions: [Program] = []
            for function in shown {
                let resolved = try session.resolve(function, along: variable, values: values)
                do {
                    derivatives.append(
                        (resolved.label, try resolved.program.derivative(withRespectTo: variable, angle: angle)))
                } catch {
                    throw .derivative(error)
                }
                functions.append(resolved.program)
            }
            self.derivatives = derivatives
            values[variable] = x
            self.values = values
            self.functions = functions
            return
        }
        let (derivative, variable, program) = try DeriveCommand.derivative(
            arguments, session: session, usage: Self.usage)
        functions = [program]
        derivatives = [(nil, derivative)]
        self.variable = variable
        guard let atText = arguments.value(Self.at) else {
            throw .usageShowing("deriv needs --at X", usage: Self.usage)
        }
        var values = try VariableAssignments.values(
            from: arguments.allValues(VariableAssignments.option), base: session.variables, angle: angle)
        values[variable] = try ExpressionValue.of(atText, variables: values, angle: angle, from: .option("--at"))
        self.values = values
    }

    func run(console: any Console) throws(GraphCalcError) {
        var lines: [String] = []
        let place = "\(variable) = \(format(values[variable]))"
        for (index, (label, _)) in derivatives.enumerated() where index < functions.count {
            // The symbolic derivative's value, or where it has none, the slopes beside the
            // point, which must meet (x·|x| at 0); one slope path with trace and explore.
            let slope = PointSlope.of(
                functions[index], at: values[variable] ?? .nan, variable: variable, values: values, angle: angle)
            switch slope {
            case .value(let value):
                lines.append(label.map { "slope of \($0) at \(place): \(format(value))" } ?? format(value))
            case .none(let reason):
                guard let label else { throw .noSlope("no derivative at \(place): \(reason)") }
                // No value at all says so as eval does (ln(cos(x)) at π).
                let hasValue = (try? functions[index].evaluate(variables: values, angle: angle)) != nil
                lines.append("\(label) has \(hasValue ? "no slope" : "no value") at \(place): \(reason)")
            case .undecided(let reason):
                guard let label else { throw .noSlope("no slope could be decided at \(place): \(reason)") }
                lines.append("\(label): no slope could be decided at \(place): \(reason)")
            }
        }
        try console.write(lines.map { $0 + "\n" }.joined())
    }

    private func format(_ value: Double?) -> String {
        DisplaySettings.format(value ?? .nan, digits: digits)
    }
}
