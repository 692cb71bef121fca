import CalculatorBrain

/// A relation in two variables — an equation, an inequality, or comparisons joined by
/// `and`, `or` and `not` — ready to be decided over boxes of the plane.
///
/// Each comparison `l op r` becomes the difference d = l − r compared with 0, compiled
/// once for boxes; `not` is pushed down to the comparisons (`not x<1` is `x≥1`, De
/// Morgan's laws for `and` and `or`). The relation holds at a point where the joined
/// comparisons are true there, each with both sides having a value: Kleene's logic, as
/// evaluation has it. Any other expression used as a truth value (`x and y`) holds where
/// it is not 0, and `if(c, A, B)` of two relations is `(c and A) or (not c and B)`.
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
    /// Each difference's partial derivatives in x and y, where they have rules: what the
    /// mean-value form tightens its enclosures with (the dependency problem: `x^y−y^x`
    /// beside the line y = x).
    let slopes: [(x: CompiledProgram, y: CompiledProgram)?]
    /// Each difference's two sides, where it compares two expressions (not a value used
    /// as a truth value): at a point where both compute the same operations on the same
    /// numbers, they are equal, however their enclosures round.
    let sides: [(left: Program, right: Program)?]
    /// Values for the variables that are neither x nor y.
    let values: [String: Double]
    /// What deciding one box costs, in evaluations of a difference of up to 16
    /// instructions (its slopes included): a sampler's budget is spent by it, so a long
    /// relation stops after as much work as a short one.
    let costPerBox: Int
    /// What must hold at a point for the relation to hold there.
    let formula: Formula
    /// The horizontal variable.
    public let variable: String
    /// The vertical variable.
    public let secondVariable: String

    /// Whether the last expression of `program` is a relation: a comparison, or `and`,
    /// `or` or `not` applied last; an `if` whose branches are both relations is one too
    /// (`if(x<0, y<1, y>x)`).
    public static func isRelation(_ program: Program) -> Bool {
        guard let span = program.expressionSpans.last, span.isComplete else { return false }
        // Whether each value on the stack is a relation.
        var stack: [Bool] = []
        for op in program.ops[span.ops] {
            // A copy of the (at most three) operands: a slice kept would make removing them
            // copy the whole stack, quadratic in a long program.
            let operands = Array(stack.suffix(op.arity))
            stack.removeLast(operands.count)
            switch op {
            case .binary(let operation): stack.append(operation.isComparison || operation.isLogical)
            case .unary(let operation): stack.append(operation == .logicalNot)
            case .ternary: stack.append(operands.count == 3 && operands.dropFirst().allSatisfy { $0 })
            default: stack.append(false)
            }
        }
        return stack.last ?? false
    }

    /// What a value on the stack is as a truth value, while a relation is read.
    private enum Reading {
        /// A number: as a truth value, "not 0".
        case value
        /// A comparison of the values at these indexes, compiled only if a truth value
        /// is asked of it (one inside arithmetic never is).
        case comparison(BinaryOperation, left: Int, right: Int)
        /// A formula and its negation.
        case formula(Formula, Formula)
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
        var stack: [(index: Int, reading: Reading)] = []
        var found: [Comparison] = []
        var differences: [CompiledProgram] = []
        var slopes: [(x: CompiledProgram, y: CompiledProgram)?] = []
        func compiled(_ program: Program) throws(GraphingError) -> CompiledProgram {
            try CompiledProgram(
                program: program, variable: variable, secondVariable: secondVariable, values: values,
                accuracy: .exact, angle: angle)
        }
        func difference(_ ops: ArraySlice<Op>) throws(GraphingError) -> CompiledProgram {
            let program = Program(ops)
            let limit = 4_096 + 16 * ops.count
            if let dx = try? program.derivative(withRespectTo: variable, angle: angle),
                let dy = try? program.derivative(withRespectTo: secondVariable, angle: angle),
                dx.ops.count <= limit, dy.ops.count <= limit
            {
                slopes.append((try compiled(dx), try compiled(dy)))
            } else {
                slopes.append(nil)
            }
            return try compiled(program)
        }
        var sides: [(left: Program, right: Program)?] = []
        func comparison(
            _ operation: BinaryOperation, _ ops: [Op], sides split: (left: Program, right: Program)? = nil
        ) throws(GraphingError) -> (Formula, Formula) {
            guard found.count + 2 <= Self.maximumComparisons else {
                throw .notARelation(
                    program.description, reason: "it joins more than \(Self.maximumComparisons) comparisons")
            }
            differences.append(try difference(ops[...]))
            sides.append(split)
            found.append(Comparison(operation: operation, difference: differences.count - 1))
            found.append(
                Comparison(operation: operation.negatedComparison ?? operation, difference: differences.count - 1))
            return (.comparison(found.count - 2), .comparison(found.count - 1))
        }
        // A value used as a truth value: its own formula, its comparison compiled now, or
        // "not 0".
        func truth(_ entry: (index: Int, reading: Reading)) throws(GraphingError) -> (Formula, Formula) {
            switch entry.reading {
            case .formula(let formula, let negation):
                return (formula, negation)
            case .comparison(let operation, let left, let right):
                let leftOps = Array(ops[start[left]...left]), rightOps = Array(ops[start[right]...right])
                return try comparison(
                    operation, leftOps + rightOps + [.binary(.subtraction)],
                    sides: (Program(leftOps), Program(rightOps)))
            case .value:
                return try comparison(.notEqual, Array(ops[start[entry.index]...entry.index]))
            }
        }
        func isRelation(_ reading: Reading) -> Bool {
            if case .value = reading { false } else { true }
        }
        for (index, op) in ops.enumerated() {
            let operands = Array(stack.suffix(op.arity))
            stack.removeLast(operands.count)
            start[index] = operands.first.map { start[$0.index] } ?? index
            var entry: (index: Int, reading: Reading) = (index, .value)
            switch op {
            case .binary(let operation) where operation.isComparison && operands.count == 2:
                entry.reading = .comparison(operation, left: operands[0].index, right: operands[1].index)
            case .binary(let operation) where operation.isLogical && operands.count == 2:
                let (a, notA) = try truth(operands[0]), (b, notB) = try truth(operands[1])
                entry.reading =
                    operation == .conjunction
                    ? .formula(Self.joined(a, b, all: true), Self.joined(notA, notB, all: false))
                    : .formula(Self.joined(a, b, all: false), Self.joined(notA, notB, all: true))
            case .unary(.logicalNot) where operands.count == 1:
                let (a, notA) = try truth(operands[0])
                entry.reading = .formula(notA, a)
            case .ternary(.conditional)
            where operands.count == 3 && isRelation(operands[1].reading) && isRelation(operands[2].reading):
                // if(c, A, B) holds where c does and A does, or where c is false and B
                // holds: (c and A) or (not c and B); where c has no value, neither.
                let (c, notC) = try truth(operands[0])
                let (a, notA) = try truth(operands[1]), (b, notB) = try truth(operands[2])
                entry.reading = .formula(
                    .any([.all([c, a]), .all([notC, b])]), .any([.all([c, notA]), .all([notC, notB])]))
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
        self.slopes = slopes
        self.sides = sides
        self.values = values
        var cost = 0
        for (difference, slope) in zip(differences, slopes) {
            let instructions =
                difference.instructions.count + (slope.map { $0.x.instructions.count + $0.y.instructions.count } ?? 0)
            cost += max(1, instructions / 16)
        }
        costPerBox = max(1, cost)
    }

    /// Whether the two sides of difference `index` are the same number at (x, y): each
    /// side's operations numbered by what they apply to which numbers (x and y standing
    /// for their values), so `x^y` and `y^x` at x = y are one number. Exact where the
    /// enclosures of the two sides, rounded outward, can only say they overlap.
    func sidesAreEqual(_ index: Int, x: Double, y: Double) -> Bool {
        guard index < sides.count, let (left, right) = sides[index] else { return false }
        var numbers: [ValueKey: Int] = [:]
        func number(of program: Program) -> Int? {
            var stack: [Int] = []
            func intern(_ key: ValueKey) -> Int {
                if let known = numbers[key] { return known }
                numbers[key] = numbers.count
                return numbers.count - 1
            }
            for op in program.ops {
                switch op {
                case .operand(let value): stack.append(intern(.number(value.bitPattern)))
                case .constant(let constant): stack.append(intern(.number(constant.value.bitPattern)))
                case .variable(let name):
                    let value = name == variable ? x : name == secondVariable ? y : values[name]
                    guard let value else { return nil }
                    stack.append(intern(.number(value.bitPattern)))
                case .unary(let operation):
                    guard let a = stack.popLast() else { return nil }
                    stack.append(intern(.unary(operation, a)))
                case .binary(let operation):
                    guard let b = stack.popLast(), let a = stack.popLast() else { return nil }
                    stack.append(intern(.binary(operation, a, b)))
                case .ternary(let operation):
                    guard let c = stack.popLast(), let b = stack.popLast(), let a = stack.popLast() else { return nil }
                    stack.append(intern(.ternary(operation, a, b, c)))
                }
            }
            return stack.count == 1 ? stack[0] : nil
        }
        guard let a = number(of: left), let b = number(of: right) else { return false }
        return a == b
    }

    /// A value computed at a point, by what it applies to which numbers.
    private enum ValueKey: Hashable {
        case number(UInt64)
        case unary(UnaryOperation, Int)
        case binary(BinaryOperation, Int, Int)
        case ternary(TernaryOperation, Int, Int, Int)
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
