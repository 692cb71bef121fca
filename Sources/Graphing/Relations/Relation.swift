import CalculatorBrain

/// A relation in two variables — an equation, an inequality, or comparisons joined by
/// `and`, `or` and `not` — ready to be decided over boxes of the plane.
///
/// Each comparison `l op r` becomes the difference d = l − r compared with 0, compiled
/// once for boxes; `not` is pushed down to the comparisons (`not x<1` is `x≥1`, De
/// Morgan's laws for `and` and `or`). The relation holds at a point where the joined
/// comparisons are true there, each with both sides having a value: Kleene's logic, as
/// evaluation has it. Any other expression used as a truth value (`x and y`) holds where
/// it is not 0.
public struct Relation: Sendable {
    /// One comparison: the difference of its sides against 0.
    struct Comparison: Sendable {
        /// `<` `≤` `>` `≥` `=` or `≠`.
        let operation: BinaryOperation
        /// Which of ``Relation/differences`` is compared (a comparison and its negation
        /// share one).
        let difference: Int
    }

    /// Comparisons joined by `and` and `or`, with no `not` left.
    indirect enum Formula: Sendable {
        /// The comparison at this index of ``Relation/comparisons``.
        case comparison(Int)
        /// Every one holds (at one point).
        case all([Formula])
        /// At least one holds.
        case any([Formula])
    }

    /// The most comparisons a relation may join; a relation is a picture of a few.
    public static let maximumComparisons = 256

    let comparisons: [Comparison]
    /// Left side minus right side of each comparison, over boxes of (x, y).
    let differences: [CompiledProgram]
    let formula: Formula
    /// The horizontal variable.
    public let variable: String
    /// The vertical variable.
    public let secondVariable: String

    /// Whether the last expression of `program` is a relation: a comparison, or `and`,
    /// `or` or `not` applied last.
    public static func isRelation(_ program: Program) -> Bool {
        guard let span = program.expressionSpans.last, span.isComplete, let last = program.ops[span.ops].last else {
            return false
        }
        switch last {
        case .binary(let operation): return operation.isComparison || operation.isLogical
        case .unary(let operation): return operation == .logicalNot
        default: return false
        }
    }

    /// The relation of the last expression of `program` in `variable` (across) and
    /// `secondVariable` (up), other variables fixed to `values`.
    ///
    /// - Throws: ``GraphingError/notARelation(_:reason:)`` when it is no comparison or
    ///   joins too many; ``GraphingError/variableNotSet(_:plotting:)`` for a variable
    ///   without a value.
    public init(
        program: Program, variable: String = "x", secondVariable: String = "y", values: [String: Double] = [:],
        angle: AngleUnit = .radians
    ) throws(GraphingError) {
        self.variable = variable
        self.secondVariable = secondVariable
        guard Self.isRelation(program), let span = program.expressionSpans.last else {
            throw .notARelation(program.description, reason: "it has no comparison such as = or <")
        }
        let ops = Array(program.ops[span.ops])
        // Each op's subtree starts at `start`; each value on the stack carries the
        // formula it is as a truth value and the one of its negation.
        var start = [Int](repeating: 0, count: ops.count)
        var stack: [(index: Int, truth: (Formula, Formula)?)] = []
        var found: [Comparison] = []
        var differences: [CompiledProgram] = []
        func difference(_ ops: ArraySlice<Op>) throws(GraphingError) -> CompiledProgram {
            try CompiledProgram(
                program: Program(ops), variable: variable, secondVariable: secondVariable, values: values,
                accuracy: .exact, angle: angle)
        }
        func comparison(
            _ operation: BinaryOperation, _ ops: [Op]
        ) throws(GraphingError) -> (Formula, Formula) {
            guard found.count + 2 <= Self.maximumComparisons else {
                throw .notARelation(
                    program.description, reason: "it joins more than \(Self.maximumComparisons) comparisons")
            }
            differences.append(try difference(ops[...]))
            found.append(Comparison(operation: operation, difference: differences.count - 1))
            found.append(
                Comparison(operation: operation.negatedComparison ?? operation, difference: differences.count - 1))
            return (.comparison(found.count - 2), .comparison(found.count - 1))
        }
        // A value used as a truth value: its own formula, or "not 0".
        func truth(_ entry: (index: Int, truth: (Formula, Formula)?)) throws(GraphingError) -> (Formula, Formula) {
            if let truth = entry.truth { return truth }
            return try comparison(.notEqual, Array(ops[start[entry.index]...entry.index]))
        }
        for (index, op) in ops.enumerated() {
            let operands = stack.suffix(op.arity)
            stack.removeLast(operands.count)
            start[index] = operands.first.map { start[$0.index] } ?? index
            var entry: (index: Int, truth: (Formula, Formula)?) = (index, nil)
            switch op {
            case .binary(let operation) where operation.isComparison:
                guard let left = operands.first, let right = operands.last else { break }
                let sides = Array(ops[start[left.index]...left.index]) + ops[start[right.index]...right.index]
                entry.truth = try comparison(operation, sides + [.binary(.subtraction)])
            case .binary(let operation) where operation.isLogical:
                guard let left = operands.first, let right = operands.last else { break }
                let (a, notA) = try truth(left), (b, notB) = try truth(right)
                entry.truth =
                    operation == .conjunction
                    ? (Self.joined(a, b, all: true), Self.joined(notA, notB, all: false))
                    : (Self.joined(a, b, all: false), Self.joined(notA, notB, all: true))
            case .unary(.logicalNot):
                guard let operand = operands.first else { break }
                let (a, notA) = try truth(operand)
                entry.truth = (notA, a)
            default:
                break
            }
            stack.append(entry)
        }
        guard let top = stack.last else {
            throw .notARelation(program.description, reason: "it has no comparison such as = or <")
        }
        formula = try truth(top).0
        comparisons = found
        self.differences = differences
    }

    /// `a and b` (`all`) or `a or b`, lists of the same kind flattened one level.
    private static func joined(_ a: Formula, _ b: Formula, all: Bool) -> Formula {
        func members(_ formula: Formula) -> [Formula] {
            switch formula {
            case .all(let list) where all: list
            case .any(let list) where !all: list
            default: [formula]
            }
        }
        return all ? .all(members(a) + members(b)) : .any(members(a) + members(b))
    }
}
