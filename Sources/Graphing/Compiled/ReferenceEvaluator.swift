import CalculatorBrain

/// The reference interpreter for graphing: the last expression of a program, one x (and,
/// for a relation, one y) at a time, with exactly `Program.evaluate(variables:)`'s rules
/// (NaN where it reports a reason), and its interval counterpart. ``CompiledProgram``
/// must agree with it.
public struct ReferenceEvaluator: Sendable {
    /// One op with its variable resolved: the plotting variable, or a fixed value.
    enum Step: Sendable {
        case constant(Double)
        /// A named constant (π, e, τ, φ): its double for values, and for enclosures the
        /// doubles either side, which hold the irrational number itself.
        case namedConstant(Double)
        case variable
        /// The second variable of a relation (y).
        case secondVariable
        case unary(UnaryOperation)
        case binary(BinaryOperation)
        case ternary(TernaryOperation)
    }

    let steps: [Step]
    /// Whether the graphed expression has all its operands.
    let isComplete: Bool
    /// What `sin`, `cos` and `tan` take and the inverses give.
    public let angle: AngleUnit

    /// Binds the last expression of `program` to `variable` (and `secondVariable`, for a
    /// function of two variables), other variables to `values`.
    ///
    /// - Throws: ``GraphingError/variableNotSet(_:plotting:)`` when the expression uses a
    ///   variable that is neither a plotting variable nor given a value.
    public init(
        program: Program, variable: String = "x", secondVariable: String? = nil, values: [String: Double] = [:],
        angle: AngleUnit = .radians
    ) throws(GraphingError) {
        self.angle = angle
        let ops = program.ops
        guard let last = program.expressionSpans.last else {
            steps = []
            isComplete = false
            return
        }
        var steps: [Step] = []
        steps.reserveCapacity(last.ops.count)
        for op in ops[last.ops] {
            guard let step = Self.step(for: op, variable: variable, secondVariable: secondVariable, values: values)
            else {
                if case .variable(let name) = op { throw .variableNotSet(name, plotting: variable) }
                continue
            }
            steps.append(step)
        }
        self.steps = steps
        isComplete = last.isComplete
    }

    /// An evaluator with no expression: no value anywhere.
    init(noExpressionWith angle: AngleUnit) {
        steps = []
        isComplete = false
        self.angle = angle
    }

    /// The step an op becomes with `variable` as x, `secondVariable` as y and other
    /// variables fixed to `values`; `nil` for a variable without a value.
    static func step(
        for op: Op, variable: String, secondVariable: String? = nil, values: [String: Double]
    ) -> Step? {
        switch op {
        case .operand(let value): .constant(value)
        case .constant(let constant): .namedConstant(constant.value)
        case .variable(let name) where name == variable: .variable
        case .variable(let name) where name == secondVariable: .secondVariable
        case .variable(let name): values[name].map(Step.constant)
        case .unary(let operation): .unary(operation)
        case .binary(let operation): .binary(operation)
        case .ternary(let operation): .ternary(operation)
        }
    }

    /// The operation's value, NaN where the program's evaluation reports a reason; NaN
    /// stands for "no value", which no operation turns into one.
    static func apply(_ operation: UnaryOperation, _ a: Double, angle: AngleUnit = .radians) -> Double {
        a.isNaN ? .nan : (try? operation.evaluate(a, angle: angle)) ?? .nan
    }

    /// The operation's value, NaN where the program's evaluation reports a reason.
    /// `and` and `or` are decided by one side whatever the other is, as evaluation does.
    static func apply(_ operation: BinaryOperation, _ a: Double, _ b: Double, angle: AngleUnit = .radians) -> Double {
        if operation.isLogical { return operation.apply(a, b) }
        return a.isNaN || b.isNaN ? .nan : (try? operation.evaluate(a, b, angle: angle)) ?? .nan
    }

    /// The value at `x` (and `y`, for a function of two variables), or NaN.
    public func value(at x: Double, _ y: Double = .nan) -> Double {
        guard isComplete else { return .nan }
        var stack: [Double] = []
        stack.reserveCapacity(16)
        for step in steps {
            switch step {
            case .constant(let value), .namedConstant(let value):
                stack.append(value)
            case .variable:
                stack.append(x)
            case .secondVariable:
                stack.append(y)
            case .unary(let operation):
                let a = stack.removeLast()
                stack.append(Self.apply(operation, a, angle: angle))
            case .binary(let operation):
                let b = stack.removeLast(), a = stack.removeLast()
                stack.append(Self.apply(operation, a, b, angle: angle))
            case .ternary(let operation):
                let b = stack.removeLast(), a = stack.removeLast(), c = stack.removeLast()
                stack.append(operation.apply(c, a, b))
            }
        }
        return stack.last ?? .nan
    }

    /// An enclosure of the values on `x` (and `y`, for a function of two variables: on
    /// the box x × y).
    public func enclosure(over x: Interval, _ y: Interval? = nil) -> Enclosure {
        guard isComplete else { return .empty }
        var stack: [Enclosure] = []
        stack.reserveCapacity(16)
        for step in steps {
            switch step {
            case .constant(let value):
                stack.append(value.isNaN ? .empty : Enclosure(Interval(value)))
            case .namedConstant(let value):
                stack.append(Enclosure(Interval(value.nextDown, value.nextUp)))
            case .variable:
                stack.append(Enclosure(x))
            case .secondVariable:
                stack.append(y.map { Enclosure($0) } ?? .empty)
            case .unary(let operation):
                let a = stack.removeLast()
                stack.append(operation.enclosure(of: a, angle: angle))
            case .binary(let operation):
                let b = stack.removeLast(), a = stack.removeLast()
                stack.append(operation.enclosure(of: a, b, angle: angle))
            case .ternary(let operation):
                let b = stack.removeLast(), a = stack.removeLast(), c = stack.removeLast()
                stack.append(operation.enclosure(of: c, a, b))
            }
        }
        return stack.last ?? .empty
    }
}
