import CVectorMath
import CalculatorBrain
import GraphCalcSupport
import Graphing

/// `graphcalc table`: values at evenly spaced x, as CSV.
struct TableCommand: Command {
    static let name = "table"
    static let summary = "Print the function's values at evenly spaced x (CSV: x,y)."
    static let operands = "EXPR|FILE.plist|--file FILE"
    static let discussion = """
        The x values run from A to B, both included, --count N of them (default 21); or
        A, A+S, A+2S, … up to B with --step S (B itself when it is a whole number of
        steps from A). Each x is rounded to 15 significant digits
        (0.3, not 0.30000000000000004) and the function is evaluated at the x printed; y is
        exactly what eval prints for that x, or empty where the function has no value.
        --digits N rounds the y values shown to N significant digits. With --xscale log the
        x values are spaced by equal ratios: --count N of them from A to B (A above 0), or
        A, A·S, A·S², … with --step S (S above 1).

        Examples:
          graphcalc table 'x^2' --x 0:1 --step 0.1
          graphcalc table 'log(x)' --x 1:1e6 --count 7 --xscale log
          graphcalc table examples/programs/memory-key.plist --var M --x 0:3.14 --count 5
        """
    static let step = OptionSpecification(names: ["--step"], valueName: "S", help: "Distance between x values")
    static let count = OptionSpecification(
        names: ["--count"], valueName: "N", help: "Number of x values, ends included (default: 21)")
    static let ownOptions = [step, count, OptionGroup.xScale]
    static let optionGroups: [OptionGroup] = [.programFile, .xRange, .variables, .angles, .digits]
    static let positionals = PositionalKind.expressions
    /// The most rows a table prints.
    static let maximumCount = 10_000_000

    let function: ResolvedFunction
    let graph: GraphOptions
    /// The rows' positions before rounding: x = lower + i × step (log x = log lower +
    /// i × step on a log axis), and the last one.
    let positions: (lower: Double, step: Double, count: Int, last: Double)
    /// Whether x is spaced by equal ratios (`--xscale log`).
    let isLogarithmic: Bool
    /// The first x, as given.
    let firstX: Double
    let digits: Int?

    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError) {
        let source = try ProgramArgument.single(arguments, usage: Self.usage)
        graph = try GraphOptions(arguments, session: session, atPrompt: atPrompt)
        function = try session.resolve(
            session.plottedFunction(source, along: graph.variable, values: graph.values), along: graph.variable,
            values: graph.values)
        digits = try GraphOptions.digits(arguments, session: session)
        let (lower, upper) = (graph.x.lower, graph.x.upper)
        isLogarithmic = graph.xScale == .log
        firstX = lower
        if isLogarithmic {
            guard lower > 0 else {
                throw .usage(
                    "x range \(lower):\(upper) reaches 0 or below, which --xscale log cannot space by ratios; give --x above 0, such as --x 0.01:100"
                )
            }
            let decades = log10(upper) - log10(lower)
            if let stepText = arguments.value(Self.step) {
                guard arguments.value(Self.count) == nil else { throw .usage("give --step or --count, not both") }
                let factor = try ExpressionValue.of(stepText, variables: graph.values, from: .option("--step"))
                let step = log10(factor)
                guard factor > 1, step.isFinite else {
                    throw .usage("--step with --xscale log multiplies x: give a factor above 1, not \(stepText)")
                }
                let steps = (decades / step * (1 + 1e-12)).rounded(.down)
                guard steps < Double(Self.maximumCount), let rows = Int.clamped(steps, to: 0...Self.maximumCount) else {
                    throw .usage("--step \(stepText) makes more than \(Self.maximumCount) rows; give a larger factor")
                }
                positions = (log10(lower), step, rows + 1, rows == 0 ? lower : pow(10, log10(lower) + steps * step))
            } else {
                let count = try GraphOptions.count(
                    arguments.value(Self.count), option: "--count", default: 21, range: 2...Self.maximumCount)
                positions = (log10(lower), decades / Double(count - 1), count, upper)
            }
            return
        }
        if let stepText = arguments.value(Self.step) {
            guard arguments.value(Self.count) == nil else { throw .usage("give --step or --count, not both") }
            let step = try ExpressionValue.of(stepText, variables: graph.values, from: .option("--step"))
            guard step > 0, step.isFinite else { throw .usage("--step must be a positive distance, not \(stepText)") }
            let steps = ((upper - lower) / step * (1 + 1e-12)).rounded(.down)
            guard steps < Double(Self.maximumCount), let rows = Int.clamped(steps, to: 0...Self.maximumCount) else {
                throw .usage("--step \(stepText) makes more than \(Self.maximumCount) rows; give a larger step")
            }
            positions = (lower, step, rows + 1, lower + steps * step)
        } else {
            let count = try GraphOptions.count(
                arguments.value(Self.count), option: "--count", default: 21, range: 2...Self.maximumCount)
            // Halves, so that a range as wide as the doubles (-1e308:1e308) has a finite step.
            let step = (upper / 2 - lower / 2) / Double(count - 1) * 2
            positions = (lower, step.isFinite ? step : 0, count, upper)
        }
    }

    /// The x of row `index`, rounded.
    func x(atRow index: Int) -> Double {
        if index == positions.count - 1 { return Self.rounded(positions.last) }
        if isLogarithmic {
            return Self.rounded(index == 0 ? firstX : pow(10, positions.lower + Double(index) * positions.step))
        }
        let x = positions.lower + Double(index) * positions.step
        // lower + i × step can overflow where the range spans the doubles: go by halves.
        return Self.rounded(x.isFinite ? x : (positions.lower / 2 + Double(index) * positions.step / 2) * 2)
    }

    /// `x` rounded to 15 significant digits, so printed values carry no binary noise; kept
    /// as it is where rounding would leave the doubles (1.7976931348623157e308).
    static func rounded(_ x: Double) -> Double {
        let rounded = Double(CFormat.string("%.15g", x)) ?? x
        return rounded.isFinite ? rounded : x
    }

    /// The value to print for `y` at `x`: `y` where finite; an infinity only where eval
    /// gives it too (the program holds `inf`), not where the value overflowed, which eval
    /// reports as an error and the table as no value.
    private func value(_ y: Double, at x: Double) -> Double? {
        if y.isFinite { return y }
        guard y.isInfinite else { return nil }
        var values = graph.values
        values[graph.variable] = x
        guard let exact = try? function.program.evaluate(variables: values, angle: graph.angle), exact == y else {
            return nil
        }
        return exact
    }

    func run(console: any Console) throws(GraphCalcError) {
        // Values bit for bit those eval prints.
        let sampled = try graph.function(for: function, accuracy: .exact)
        var text = "\(graph.variable),y\n"
        // A block of rows at a time: memory stays small, and Ctrl-C stops within a block.
        let block = 4096
        for start in stride(from: 0, to: positions.count, by: block) {
            if Cancellation.isRequested { throw .interrupted }
            let xs = (start..<min(start + block, positions.count)).map(x(atRow:))
            let ys = sampled.values(at: xs)
            // Stopped inside the block, its values are unfinished: none of it is printed,
            // so every line printed is whole and true.
            if Cancellation.isRequested { throw .interrupted }
            for (x, y) in zip(xs, ys) {
                text += CSVNumber.format(x) + "," + (value(y, at: x).map { CSVNumber.format($0, digits: digits) } ?? "")
                text += "\n"
            }
            try console.write(text)
            text = ""
        }
        if !text.isEmpty { try console.write(text) }
    }
}
