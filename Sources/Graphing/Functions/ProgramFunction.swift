import CalculatorBrain

/// A calculator program as a graph function of one of its variables.
///
/// Only the program's last expression (the top of the stack) is graphed, as the
/// calculator's display shows it; a program whose last expression lacks an operand (`?`)
/// has no value anywhere. Point values follow `Program.evaluate(variables:)` exactly (NaN
/// where it reports a reason); enclosures use interval arithmetic with the same domain
/// rules, so they are guaranteed.
public struct ProgramFunction: GraphFunction {
    /// One op with its variable resolved: the plotting variable, or a fixed value.
    enum Step: Sendable {
        case constant(Double)
        case variable
        case unary(UnaryOperation)
        case binary(BinaryOperation)
    }

    let steps: [Step]
    /// Whether the graphed expression has all its operands.
    let isComplete: Bool

    /// The variable the graph runs along.
    public let variable: String

    /// Binds `program` to the plotting variable `variable`, other variables to `values`.
    ///
    /// - Throws: ``GraphingError/variableNotSet(_:plotting:)`` when the graphed expression
    ///   uses a variable that is neither the plotting variable nor given a value.
    public init(program: Program, variable: String = "x", values: [String: Double] = [:]) throws(GraphingError) {
        self.variable = variable
        let ops = program.ops
        // Find where the last expression starts, and whether every operation in it has
        // its operands, with a stack of (start, complete) per subexpression.
        var expressions: [(start: Int, isComplete: Bool)] = []
        for (index, op) in ops.enumerated() {
            var start = index
            var isComplete = true
            for _ in 0..<op.arity {
                if let operand = expressions.popLast() {
                    start = operand.start
                    isComplete = isComplete && operand.isComplete
                } else {
                    isComplete = false
                }
            }
            expressions.append((start, isComplete))
        }
        guard let last = expressions.last else {
            steps = []
            isComplete = false
            return
        }
        var steps: [Step] = []
        steps.reserveCapacity(ops.count - last.start)
        for op in ops[last.start...] {
            switch op {
            case .operand(let value):
                steps.append(.constant(value))
            case .constant(let constant):
                steps.append(.constant(constant.value))
            case .variable(let name) where name == variable:
                steps.append(.variable)
            case .variable(let name):
                guard let value = values[name] else { throw .variableNotSet(name, plotting: variable) }
                steps.append(.constant(value))
            case .unary(let operation):
                steps.append(.unary(operation))
            case .binary(let operation):
                steps.append(.binary(operation))
            }
        }
        self.steps = steps
        isComplete = last.isComplete
    }

    /// Whether enclosures are guaranteed; see ``GraphFunction/hasGuaranteedEnclosures``.
    public var hasGuaranteedEnclosures: Bool { true }

    /// The value at each x, NaN where there is none.
    public func values(at xs: [Double]) -> [Double] {
        guard isComplete else { return Array(repeating: .nan, count: xs.count) }
        var stack: [Double] = []
        stack.reserveCapacity(16)
        return xs.map { x in
            stack.removeAll(keepingCapacity: true)
            for step in steps {
                switch step {
                case .constant(let value):
                    stack.append(value)
                case .variable:
                    stack.append(x)
                case .unary(let operation):
                    // NaN stands for "no value", which no operation turns into one.
                    let a = stack.removeLast()
                    stack.append(a.isNaN ? .nan : (try? operation.evaluate(a)) ?? .nan)
                case .binary(let operation):
                    let b = stack.removeLast(), a = stack.removeLast()
                    stack.append(a.isNaN || b.isNaN ? .nan : (try? operation.evaluate(a, b)) ?? .nan)
                }
            }
            return stack.last ?? .nan
        }
    }

    /// An enclosure of the values on each interval.
    public func enclosures(over intervals: [Interval]) -> [Enclosure] {
        guard isComplete else { return Array(repeating: .empty, count: intervals.count) }
        var stack: [Enclosure] = []
        stack.reserveCapacity(16)
        return intervals.map { x in
            stack.removeAll(keepingCapacity: true)
            for step in steps {
                switch step {
                case .constant(let value):
                    stack.append(value.isNaN ? .empty : Enclosure(Interval(value)))
                case .variable:
                    stack.append(Enclosure(x))
                case .unary(let operation):
                    let a = stack.removeLast()
                    stack.append(operation.enclosure(of: a))
                case .binary(let operation):
                    let b = stack.removeLast(), a = stack.removeLast()
                    stack.append(operation.enclosure(of: a, b))
                }
            }
            return stack.last ?? .empty
        }
    }
}
