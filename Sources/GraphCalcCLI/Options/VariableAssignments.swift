import CalculatorBrain

/// The `--set NAME=VALUE` options of a command, in order.
///
/// A value is an expression, evaluated with the constants and the variables set before
/// it: `--set r=2 --set area=pi*r^2`.
enum VariableAssignments {
    static let option = OptionSpecification(
        names: ["--set"], valueName: "NAME=VALUE",
        help: "Give a variable a value (an expression; repeatable)", isRepeatable: true)

    /// Reads the assignments into a table of values, starting from `base` (the session's
    /// variables), which each assignment may use and override.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for a malformed assignment or name,
    ///   ``GraphCalcError/expression(_:text:label:)`` or ``GraphCalcError/evaluation(_:context:)``
    ///   for a value that does not evaluate.
    static func values(
        from assignments: [String], base: [String: Double] = [:], angle: AngleUnit = .radians
    ) throws(GraphCalcError) -> [String: Double] {
        var values = base
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw .usage("--set needs NAME=VALUE, not '\(assignment)'")
            }
            let name = String(assignment[..<equals].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
            let text = String(assignment[assignment.index(after: equals)...])
            guard Op.isValidVariableName(name) else {
                throw .usage("--set: '\(name)' is not a valid variable name")
            }
            let value = try ExpressionValue.of(text, variables: values, angle: angle, from: .option("--set \(name)"))
            // A variable holds a finite double, as the README's limits say (`--set x=∞`).
            guard value.isFinite else {
                throw .usage("--set \(name): '\(text)' is infinite; a variable holds a finite number")
            }
            values[name] = value
        }
        return values
    }
}
