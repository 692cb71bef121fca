import CalculatorBrain

/// Numbers typed as infix expressions — option values, `set` values, lines at the prompt.
enum ExpressionValue {
    /// The value of the expression `text` with `variables`.
    ///
    /// - Parameters:
    ///   - text: the expression.
    ///   - variables: the variables' values.
    ///   - angle: what sin, cos and tan take.
    ///   - source: where the text came from (`--x`, `set M`), named in both parse and
    ///     evaluation errors.
    /// - Throws: ``GraphCalcError/expression(_:text:label:)`` or
    ///   ``GraphCalcError/evaluation(_:context:)``, inside
    ///   ``GraphCalcError/optionValue(_:)`` for an option's value.
    static func of(
        _ text: String, variables: [String: Double] = [:], angle: AngleUnit = .radians, from source: ValueSource
    ) throws(GraphCalcError) -> Double {
        let program: Program
        do {
            program = try Program(parsing: text)
        } catch {
            throw source.wrapping(.expression(error, text: text, label: source.label))
        }
        do {
            return try program.evaluate(variables: variables, angle: angle)
        } catch {
            throw source.wrapping(.evaluation(error, context: source.label))
        }
    }
}
