/// A calculator program: a list of ops in postfix order, as a stack calculator's keys
/// are pressed.
///
/// A program may hold several independent expressions (`3 5 + x cos` is `3+5` and
/// `cos(x)`); its value is the value of the last one, the top of the stack, as the
/// calculator's display shows it. Evaluation, description and parsing never recurse, so
/// a program of millions of ops is handled in time linear in its length.
public struct Program: Hashable, Sendable {
    /// The ops, first pressed first, stored compactly (see ``OpList``).
    public var ops: OpList

    /// Creates an empty program.
    public init() {
        ops = []
    }

    /// Creates a program from its ops, first pressed first.
    public init<Ops: Sequence>(_ ops: Ops) where Ops.Element == Op {
        self.ops = OpList(ops)
    }

    /// Parses an infix expression such as `sin(x)^2 + 2x`.
    ///
    /// - Throws: ``ExpressionError`` with the position of the first problem.
    public init(parsing expression: String) throws(ExpressionError) {
        self = try ExpressionParser.parse(expression)
    }

    /// Whether the program has no ops.
    public var isEmpty: Bool { ops.isEmpty }

    /// Where each expression left side by side on the stack lies in ``ops``, bottom
    /// first, and whether it has all its operands: `3 5 + x cos` is `0..<3` and `3..<5`.
    public var expressionSpans: [(ops: Range<Int>, isComplete: Bool)] {
        var stack: [(start: Int, isComplete: Bool)] = []
        for (index, op) in ops.enumerated() {
            var start = index
            var isComplete = true
            for _ in 0..<op.arity {
                if let operand = stack.popLast() {
                    start = operand.start
                    isComplete = isComplete && operand.isComplete
                } else {
                    isComplete = false
                }
            }
            stack.append((start, isComplete))
        }
        let ends = stack.dropFirst().map(\.start) + [ops.count]
        return zip(stack, ends).map { expression, end in (expression.start..<end, expression.isComplete) }
    }

    /// The complete expressions left side by side on the stack, bottom first: `3 5 + x cos`
    /// gives `3+5` and `cos(x)`. Expressions with a missing operand are left out.
    public var expressions: [Program] {
        expressionSpans.compactMap { span in span.isComplete ? Program(ops[span.ops]) : nil }
    }

    /// The names of the variables the program uses, sorted.
    public var variableNames: [String] {
        var names = Set<String>()
        for case .variable(let name) in ops { names.insert(name) }
        return names.sorted()
    }
}

extension Program: CustomStringConvertible {
    /// The infix form with only the parentheses that precedence and associativity need;
    /// see `ProgramDescriber`.
    public var description: String { ProgramDescriber.describe(ops) }
}
