import CalculatorBrain
import FoundationEssentials
import Graphing

/// The options every graphing verb shares: the x range, the plotting variable and the
/// values of other variables.
struct GraphOptions {
    static let xRange = OptionSpecification(
        names: ["--x"], valueName: "A:B", help: "The x range (default: -10:10); ends may be expressions, e.g. -pi:pi")
    static let variable = OptionSpecification(
        names: ["--var"], valueName: "NAME", help: "The variable to plot along (default: x)")
    static let options = [xRange, variable, VariableAssignments.option]

    /// The x range, lower end first.
    let x: (lower: Double, upper: Double)
    /// The variable the graph runs along.
    let variable: String
    /// Values for the other variables.
    let values: [String: Double]

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        values = try VariableAssignments.values(from: arguments.allValues(VariableAssignments.option))
        variable = arguments.value(Self.variable) ?? "x"
        guard Op.isValidVariableName(variable) else {
            throw .usage("--var: '\(variable)' is not a valid variable name")
        }
        x = try Self.range(arguments.value(Self.xRange) ?? "-10:10", option: "--x", values: values)
    }

    /// The program an argument names, bound to the plotting variable.
    func function(
        for argument: String, accuracy: CompiledProgram.Accuracy = .fast
    ) throws(GraphCalcError) -> ProgramFunction {
        let source = try ProgramSource(argument: argument)
        do {
            return try ProgramFunction(program: source.program, variable: variable, values: values, accuracy: accuracy)
        } catch {
            throw .graphing(error)
        }
    }

    /// Reads `A:B`, each end an expression of constants and `--set` variables.
    static func range(_ text: String, option: String, values: [String: Double]) throws(GraphCalcError) -> (
        lower: Double, upper: Double
    ) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw .usage("\(option) needs A:B, not '\(text)'") }
        let ends = try parts.map { part throws(GraphCalcError) in
            try ExpressionValue.of(String(part), variables: values, label: option)
        }
        guard ends[0] < ends[1] else {
            throw .usage("\(option) \(text): the range is empty; the first number must be the smaller")
        }
        return (ends[0], ends[1])
    }

    /// Reads a whole number in `range`.
    static func count(_ text: String?, option: String, default value: Int, range: ClosedRange<Int>)
        throws(GraphCalcError)
        -> Int
    {
        guard let text else { return value }
        guard let count = Int(text), range.contains(count) else {
            throw .usage(
                "\(option) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return count
    }
}

/// Numbers as the CSV verbs print them: Swift's shortest round-trip form, with −0 as 0.
enum CSVNumber {
    static func format(_ value: Double) -> String {
        value == 0 ? "0.0" : "\(value)"
    }
}
