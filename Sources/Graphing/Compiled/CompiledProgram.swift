import CalculatorBrain

/// A program's last expression compiled for batch evaluation: a flat list of
/// instructions over numbered registers, with constant subexpressions folded and
/// whole-number powers turned into multiplications. Points are computed either one
/// instruction at a time over a whole chunk of x values, or, for programs of much
/// arithmetic, every instruction over a block of 64 values before the next block, so
/// intermediates stay in the first-level cache.
///
/// Point results equal ``ReferenceEvaluator``'s bit for bit with ``Accuracy/exact``; with
/// ``Accuracy/fast`` sin, cos and tan are within 2 ulp and whole powers within an ulp.
/// Interval results are identical to the reference's, since folding and powers use the
/// same interval operations.
public struct CompiledProgram: Sendable {
    /// How closely point values follow the reference.
    public enum Accuracy: Sendable {
        /// Bit for bit the reference's values: glibc's sin, cos, tan and pow throughout.
        case exact
        /// sin, cos and tan vectorised (within 2 ulp of glibc's), whole powers by
        /// compensated multiplication (within an ulp of pow): for graphs.
        case fast
    }

    /// Where an instruction takes an operand from.
    enum Operand: Sendable {
        /// A register: 0 holds x, the others hold results.
        case register(Int)
        /// A constant, as a point and as an enclosure (folded from constant subexpressions).
        case constant(Double, Enclosure)
    }

    /// What an instruction computes.
    enum Operation: Sendable {
        case unary(UnaryOperation)
        case binary(BinaryOperation)
        /// `a^n` for a whole n, by compensated multiplication.
        case power(Int)
    }

    struct Instruction: Sendable {
        let operation: Operation
        let first: Operand
        let second: Operand?
        let destination: Int

        /// Whether a block-by-block run computes it inline (`gcvm_run`'s own loops)
        /// rather than by calling a kernel.
        var isInlineArithmetic: Bool {
            switch operation {
            case .binary(let operation): [.addition, .subtraction, .multiplication, .division].contains(operation)
            case .unary(let operation):
                [.negation, .absoluteValue, .squareRoot, .square, .reciprocal].contains(operation)
            case .power: false
            }
        }
    }

    /// How point values are computed: each instruction over a whole chunk of x before
    /// the next, or every instruction over a block of 64 values before the next block.
    enum PointOrder: Sendable {
        case instructionByInstruction
        case blockByBlock
    }

    /// The instructions, in order.
    let instructions: [Instruction]
    /// How ``values(at:)`` runs them: block by block when at least three are inline
    /// arithmetic (adding, multiplying, dividing, negating…), whose passes over a whole
    /// chunk would cost more in loads and stores than in arithmetic; instruction by
    /// instruction for short programs and those of library calls (`sin(x)`, `exp(x)`),
    /// where a pass each is as fast and simpler.
    let pointOrder: PointOrder
    /// How many registers they use, x included.
    public let registerCount: Int
    /// Where the result is: a register or a constant; `nil` when there is no value anywhere.
    let result: Operand?
    /// Whether every constant is finite or NaN, so that the fast path may treat an
    /// infinite result as an overflow (as the reference does); otherwise points are
    /// evaluated by the reference.
    let hasOnlyFiniteConstants: Bool
    /// The interpreter the compiled form must agree with, used for points the fast path
    /// does not cover (non-finite x, infinite constants).
    let reference: ReferenceEvaluator
    /// How closely point values follow the reference.
    public let accuracy: Accuracy

    /// The largest whole exponent turned into multiplications.
    static let largestExpandedPower = 64

    /// Compiles the last expression of `program`, with `variable` as x and other
    /// variables fixed to `values`.
    ///
    /// - Throws: ``GraphingError/variableNotSet(_:plotting:)`` for a variable without value.
    public init(
        program: Program, variable: String = "x", values: [String: Double] = [:], accuracy: Accuracy = .fast,
        angle: AngleUnit = .radians
    ) throws(GraphingError) {
        reference = try ReferenceEvaluator(program: program, variable: variable, values: values, angle: angle)
        self.accuracy = accuracy
        guard reference.isComplete else {
            instructions = []
            registerCount = 1
            result = nil
            hasOnlyFiniteConstants = true
            pointOrder = .instructionByInstruction
            return
        }
        var compiler = Compiler(expandsPowers: accuracy == .fast, angle: angle)
        for (step, isSwapped) in Self.scheduled(reference.steps) { compiler.compile(step, isSwapped: isSwapped) }
        instructions = compiler.instructions
        registerCount = compiler.registerCount
        result = compiler.stack.last
        hasOnlyFiniteConstants = compiler.hasOnlyFiniteConstants
        let inlineArithmetic = instructions.count { $0.isInlineArithmetic }
        pointOrder = inlineArithmetic >= 3 ? .blockByBlock : .instructionByInstruction
    }

    /// The steps in the order that needs fewest registers (Sethi–Ullman): of a binary
    /// operation's operands, the one needing more registers is computed first, and the
    /// operation marked swapped, so it still takes its operands in their order. The
    /// operations are pure, so each value is the same, bit for bit; a right-nested sum
    /// of 200,000 sines needs 3 registers, not one a term. No recursion: deep programs
    /// are walked with a stack.
    static func scheduled(_ steps: [ReferenceEvaluator.Step]) -> [(ReferenceEvaluator.Step, isSwapped: Bool)] {
        // Each step's subtree: where it starts, and how many registers it needs.
        var start = [Int](repeating: 0, count: steps.count)
        var need = [Int](repeating: 0, count: steps.count)
        var roots: [Int] = []
        for (index, step) in steps.enumerated() {
            switch step {
            case .constant, .variable:
                start[index] = index
            case .unary:
                guard let child = roots.popLast() else { return steps.map { ($0, false) } }
                start[index] = start[child]
                need[index] = max(need[child], 1)
            case .binary:
                guard let right = roots.popLast(), let left = roots.popLast() else {
                    return steps.map { ($0, false) }
                }
                start[index] = start[left]
                need[index] = need[left] == need[right] ? need[left] + 1 : max(need[left], need[right], 1)
            }
            roots.append(index)
        }
        enum Visit {
            case visit(Int)
            case emit(Int, isSwapped: Bool)
        }
        var order: [(ReferenceEvaluator.Step, isSwapped: Bool)] = []
        order.reserveCapacity(steps.count)
        var tasks = roots.reversed().map(Visit.visit)
        while let task = tasks.popLast() {
            switch task {
            case .emit(let index, let isSwapped):
                order.append((steps[index], isSwapped))
            case .visit(let index):
                switch steps[index] {
                case .constant, .variable:
                    order.append((steps[index], false))
                case .unary:
                    tasks.append(.emit(index, isSwapped: false))
                    tasks.append(.visit(index - 1))
                case .binary:
                    let right = index - 1, left = start[right] - 1
                    let isSwapped = need[right] > need[left]
                    tasks.append(.emit(index, isSwapped: isSwapped))
                    tasks.append(.visit(isSwapped ? left : right))
                    tasks.append(.visit(isSwapped ? right : left))
                }
            }
        }
        return order
    }

    /// Turns reference steps into instructions, allocating registers like a stack.
    private struct Compiler {
        var instructions: [Instruction] = []
        var stack: [Operand] = []
        /// Registers free for reuse, the lowest given out first; a heap, so a program of a
        /// million ops compiles in linear-logarithmic time (a list searched for its least
        /// made right-nested programs quadratic).
        var freeRegisters = PriorityQueue<Int>()
        var registerCount = 1
        var hasOnlyFiniteConstants = true
        let expandsPowers: Bool
        let angle: AngleUnit

        init(expandsPowers: Bool, angle: AngleUnit) {
            self.expandsPowers = expandsPowers
            self.angle = angle
        }

        /// Compiles `step`; a binary operation `isSwapped` finds its right operand below
        /// its left on the stack (``scheduled(_:)`` computed that first).
        mutating func compile(_ step: ReferenceEvaluator.Step, isSwapped: Bool = false) {
            switch step {
            case .constant(let value):
                if value.isInfinite { hasOnlyFiniteConstants = false }
                stack.append(.constant(value, value.isNaN ? .empty : Enclosure(Interval(value))))
            case .variable:
                stack.append(.register(0))
            case .unary(let operation):
                let a = stack.removeLast()
                if case .constant(let value, let enclosure) = a {
                    let folded = ReferenceEvaluator.apply(operation, value, angle: angle)
                    push(constant: folded, operation.enclosure(of: enclosure, angle: angle))
                } else {
                    emit(.unary(operation), a, nil)
                }
            case .binary(let operation):
                let top = stack.removeLast(), below = stack.removeLast()
                let (a, b) = isSwapped ? (top, below) : (below, top)
                switch (a, b) {
                case (.constant(let x, let xs), .constant(let y, let ys)):
                    push(
                        constant: ReferenceEvaluator.apply(operation, x, y, angle: angle),
                        operation.enclosure(of: xs, ys, angle: angle))
                case (_, .constant(let exponent, let enclosure))
                where expandsPowers && operation == .power && exponent == exponent.rounded()
                    && abs(exponent) <= Double(CompiledProgram.largestExpandedPower)
                    // A folded exponent known only to within rounding stays a general power.
                    && enclosure == Enclosure(Interval(exponent)):
                    emit(.power(Int(exponent)), a, nil)
                default:
                    emit(.binary(operation), a, b)
                }
            }
        }

        private mutating func push(constant value: Double, _ enclosure: Enclosure) {
            if value.isInfinite { hasOnlyFiniteConstants = false }
            stack.append(.constant(value, enclosure))
        }

        private mutating func emit(_ operation: Operation, _ a: Operand, _ b: Operand?) {
            for case .register(let register) in [a, b].compactMap({ $0 }) where register != 0 {
                freeRegisters.insert(register, priority: Double(register))
            }
            let destination: Int
            if let lowest = freeRegisters.popLeast() {
                destination = lowest.element
            } else {
                destination = registerCount
                registerCount += 1
            }
            instructions.append(Instruction(operation: operation, first: a, second: b, destination: destination))
            stack.append(.register(destination))
        }
    }
}
