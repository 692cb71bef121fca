import CalculatorBrain

/// `graphcalc eval EXPR|FILE.plist|--file FILE [--set NAME=VALUE]...`: prints the value.
struct EvalCommand: Command {
    static let name = "eval"
    static let summary = "Evaluate an expression or a saved program and print its value."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let discussion = """
        The value is printed as a calculator shows it, in the shortest digits that read
        back as the same Double (14, 0.1, 1e-05, inf), or rounded to --digits N
        significant digits. Several expressions typed side by side print each value
        ('3+5, cos(0)' prints 8, 1; ',' separates expressions, so '1,000' prints 1, 0
        with a note); a program file holding several expressions prints the value of
        the last one, the top of the stack. When there is no value, the reason goes to
        standard error and the exit status is 1. --angle deg (or grad) makes sin, cos
        and tan take degrees and the inverses give them: sin(30) is 0.5, asin(1) is 90;
        a saved program is the same in any unit, and its value depends on the unit it
        is evaluated in.

        Other calculators' spellings are read too: log10 (log), arcsin, arccos, arctan
        (asin, acos, atan), arsinh and the like, and |x| for abs(x); descriptions write
        the house spelling. An unknown function gets the nearest names: ncr(5, 2) says
        did you mean nCr.

        Examples:
          graphcalc eval '2+3*4'                    14
          graphcalc eval '3sin(x)' --set x=pi/6     1.4999999999999998
          graphcalc eval 'pi' --digits 5            3.1416
          graphcalc eval 'sin(30)' --angle deg      0.5
          graphcalc eval examples/programs/circle-area.plist --set r=2
        """
    static let ownOptions: [OptionSpecification] = [VariableAssignments.option]
    static let optionGroups: [OptionGroup] = [.programFile, .digits, .angles]
    static let positionals = PositionalKind.expressions

    /// The program evaluated.
    let source: ProgramSource
    /// The variables' values.
    let values: [String: Double]
    /// Significant digits shown, or `nil` for the shortest form.
    let digits: Int?
    /// What `sin`, `cos` and `tan` take.
    let angle: AngleUnit

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let argument = try ProgramArgument.single(arguments, usage: Self.usage)
        angle = try GraphOptions.angle(arguments, session: session)
        values = try VariableAssignments.values(
            from: arguments.allValues(VariableAssignments.option), base: session.variables, angle: angle)
        source = try ProgramSource(argument, functions: session.functions)
        digits = try GraphOptions.digits(arguments, session: session)
    }

    /// The value, or why there is none.
    func value() throws(GraphCalcError) -> Double {
        try source.evaluate(variables: values, angle: angle)
    }

    /// A point's coordinates, `(x, y)`, each to the digits asked.
    private func text(ofPoint point: (x: Program, y: Program)) throws(GraphCalcError) -> String {
        do {
            let x = try point.x.evaluate(variables: values, angle: angle)
            let y = try point.y.evaluate(variables: values, angle: angle)
            return "(\(DisplaySettings.format(x, digits: digits)), \(DisplaySettings.format(y, digits: digits)))"
        } catch {
            throw .evaluation(error, context: nil)
        }
    }

    func run(console: any Console) throws(GraphCalcError) {
        // Typed expressions side by side: each value, so no comma is swallowed silently.
        let expressions = source.program.expressions
        guard source.file == nil, expressions.count > 1 else {
            if let point = source.program.coordinates {
                return try console.write(text(ofPoint: point) + "\n")
            }
            try console.write(DisplaySettings.format(try value(), digits: digits) + "\n")
            return
        }
        var values: [String] = []
        for expression in expressions {
            if let point = expression.coordinates {
                values.append(try text(ofPoint: point))
                continue
            }
            do {
                let value = try expression.evaluate(variables: self.values, angle: angle)
                values.append(DisplaySettings.format(value, digits: digits))
            } catch {
                throw .evaluation(error, context: nil)
            }
        }
        if let text = source.text, let note = Session.commaNote(for: text) { console.writeError("note: \(note)\n") }
        try console.write(values.joined(separator: ", ") + "\n")
    }
}
