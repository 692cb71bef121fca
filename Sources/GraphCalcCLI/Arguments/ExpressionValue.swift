import CalculatorBrain

/// Numbers typed as infix expressions — option values, `set` values, lines at the prompt.
enum ExpressionValue {
    /// The value of the expression `text` with `variables`.
    ///
    /// - Parameter label: where the text came from (`--x`, `set M`), named in both parse
    ///   and evaluation errors; `nil` for a line typed as it is.
    /// - Throws: ``GraphCalcError/expression(_:text:label:)`` or
    ///   ``GraphCalcError/evaluation(_:context:)``.
    static func of(
        _ text: String, variables: [String: Double] = [:], angle: AngleUnit = .radians, label: String?
    ) throws(GraphCalcError) -> Double {
        let program: Program
        do {
            program = try Program(parsing: text)
        } catch {
            throw .expression(error, text: text, label: label)
        }
        do {
            return try program.evaluate(variables: variables, angle: angle)
        } catch {
            throw .evaluation(error, context: label)
        }
    }
}
