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
/// The compiled form of a million ops takes at most 16 MB (16 bytes an instruction and
/// the constants), beside the program's own storage, which it shares.
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
        /// A register: 0 holds x, 1 holds y in a function of two variables, the others
        /// hold results.
        case register(Int32)
        /// A constant written in the program, ``CompiledProgram/literals``'s element.
        case literal(Int32)
        /// A constant folded from a constant subexpression, as a point and as an
        /// enclosure: ``CompiledProgram/folded``'s element.
        case folded(Int32)

        /// The operand in four bytes, as an instruction stores it: the kind in the top two
        /// bits, the number below (programs are far below 2³⁰ ops); ``absent`` for none.
        var bits: UInt32 {
            switch self {
            case .register(let number): UInt32(truncatingIfNeeded: number) & Self.numberMask
            case .literal(let number): 1 << 30 | UInt32(truncatingIfNeeded: number) & Self.numberMask
            case .folded(let number): 2 << 30 | UInt32(truncatingIfNeeded: number) & Self.numberMask
            }
        }

        /// The stored form of no operand.
        static let absent: UInt32 = 3 << 30

        private static let numberMask: UInt32 = (1 << 30) - 1

        /// The operand stored as `bits`, or `nil` for ``absent``.
        init?(bits: UInt32) {
            let number = Int32(bitPattern: bits & Self.numberMask)
            switch bits >> 30 {
            case 0: self = .register(number)
            case 1: self = .literal(number)
            case 2: self = .folded(number)
            default: return nil
            }
        }
    }

    /// A constant folded from a constant subexpression.
    struct FoldedConstant: Sendable {
        let value: Double
        let enclosure: Enclosure
    }

    /// What an instruction computes.
    enum Operation: Sendable {
        case unary(UnaryOperation)
        case binary(BinaryOperation)
        /// `a^n` for a whole n (|n| ≤ ``CompiledProgram/largestExpandedPower``), by
        /// compensated multiplication.
        case power(Int8)
        /// `if(c, a, b)`: the condition is the first operand, a the second, and b is kept
        /// in ``CompiledProgram/lastOperands`` so that every instruction stays 16 bytes.
        case ternary(TernaryOperation)
    }

    /// One operation on registers and constants, in 16 bytes: a million-op program's
    /// instructions take at most 16 MB.
    struct Instruction: Sendable {
        private let destinationRegister: Int32
        private let firstBits: UInt32
        private let secondBits: UInt32
        let operation: Operation

        init(operation: Operation, first: Operand, second: Operand?, destination: Int) {
            self.operation = operation
            firstBits = first.bits
            secondBits = second?.bits ?? Operand.absent
            destinationRegister = Int32(truncatingIfNeeded: destination)
        }

        /// The first (or only) operand.
        var first: Operand { Operand(bits: firstBits) ?? .register(0) }

        /// The second operand of a binary operation.
        var second: Operand? { Operand(bits: secondBits) }

        /// The register written.
        var destination: Int { Int(destinationRegister) }

        /// Whether it is cheap arithmetic that a block-by-block run computes inline
        /// (`gcvm_run`'s own loops): what makes a pass per instruction cost more in loads
        /// and stores than in arithmetic.
        var isInlineArithmetic: Bool {
            switch operation {
            case .binary(let operation): [.addition, .subtraction, .multiplication, .division].contains(operation)
            case .unary(let operation):
                [.negation, .absoluteValue, .squareRoot, .square, .reciprocal].contains(operation)
            case .power, .ternary: false
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
    /// The third operand of each three-operand instruction, by the instruction's index.
    let lastOperands: [Int: Operand]
    /// The constants written in the program that instructions read.
    let literals: [Double]
    /// The constants folded from constant subexpressions that instructions read.
    let folded: [FoldedConstant]
    /// How ``values(at:)`` runs them: block by block when at least three are inline
    /// arithmetic (adding, multiplying, dividing, negating…), whose passes over a whole
    /// chunk would cost more in loads and stores than in arithmetic; instruction by
    /// instruction for short programs and those of library calls (`sin(x)`, `exp(x)`),
    /// where a pass each is as fast and simpler, and for programs of more than
    /// ``largestBlockProgram`` instructions, whose kernel steps (made for each batch)
    /// would take megabytes while saving little.
    let pointOrder: PointOrder
    /// How many registers they use, x included.
    public let registerCount: Int
    /// Where the result is: a register or a constant; `nil` when there is no value anywhere.
    let result: Operand?
    /// Whether every constant is finite or NaN, so that the fast path may treat an
    /// infinite result as an overflow (as the reference does); otherwise points are
    /// evaluated by the reference.
    let hasOnlyFiniteConstants: Bool
    /// The program and its binding, for ``reference``: kept rather than the reference's
    /// steps, as the program's storage is shared with the caller's and the steps of a
    /// million ops would take 16 MB more.
    private let program: Program
    private let variable: String
    /// The second variable of a function of two variables (a relation's y), in register 1.
    let secondVariable: String?
    private let values: [String: Double]
    /// What `sin`, `cos` and `tan` take and the inverses give.
    let angle: AngleUnit
    /// How closely point values follow the reference.
    public let accuracy: Accuracy
    /// Whether enclosures run on the batch interval kernels (`gcvm_interval_unary` and
    /// `gcvm_interval_binary`): every instruction is one they compute as the reference
    /// does, and every constant one finite interval.
    let runsIntervalKernels: Bool

    /// The largest whole exponent turned into multiplications.
    static let largestExpandedPower = 64

    /// The most instructions run block by block: their steps take 1 MB.
    static let largestBlockProgram = 1 << 16

    /// Compiles the last expression of `program`, with `variable` as x, `secondVariable`
    /// (for a function of two variables, such as a relation's) as y, and other variables
    /// fixed to `values`.
    ///
    /// - Throws: ``GraphingError/variableNotSet(_:plotting:)`` for a variable without value.
    public init(
        program: Program, variable: String = "x", secondVariable: String? = nil, values: [String: Double] = [:],
        accuracy: Accuracy = .fast, angle: AngleUnit = .radians
    ) throws(GraphingError) {
        self.program = program
        self.variable = variable
        self.secondVariable = secondVariable
        self.values = values
        self.angle = angle
        self.accuracy = accuracy
        let ops = program.ops
        let expression = program.expressionSpans.last
        let span = expression?.ops ?? 0..<0
        for op in ops[span] {
            if case .variable(let name) = op, name != variable, name != secondVariable, values[name] == nil {
                throw .variableNotSet(name, plotting: variable)
            }
        }
        guard expression?.isComplete == true else {
            instructions = []
            lastOperands = [:]
            literals = []
            folded = []
            registerCount = secondVariable == nil ? 1 : 2
            result = nil
            hasOnlyFiniteConstants = true
            pointOrder = .instructionByInstruction
            runsIntervalKernels = false
            return
        }
        var compiler = Compiler(
            expandsPowers: accuracy == .fast, angle: angle, variableRegisters: secondVariable == nil ? 1 : 2)
        // Room for exactly what the ops can make, so neither table grows by doubling.
        var operations = 0, constants = 0
        for op in ops[span] {
            switch op {
            case .unary, .binary, .ternary: operations += 1
            case .variable(let name) where name == variable || name == secondVariable: break
            default: constants += 1
            }
        }
        compiler.instructions.reserveCapacity(operations)
        compiler.literals.reserveCapacity(constants)
        // The steps are made from the ops as the schedule asks for them, not stored.
        Self.schedule(count: span.count) { index in
            ReferenceEvaluator.step(
                for: ops[span.lowerBound + index], variable: variable, secondVariable: secondVariable, values: values)
                ?? .constant(.nan)
        } _: {
            compiler.compile($0, isSwapped: $1)
        }
        instructions = compiler.instructions
        lastOperands = compiler.lastOperands
        literals = compiler.literals
        folded = compiler.folded
        registerCount = compiler.registerCount
        result = compiler.stack.last
        hasOnlyFiniteConstants = compiler.hasOnlyFiniteConstants
        let (literals, folded) = (self.literals, self.folded)
        runsIntervalKernels =
            instructions.allSatisfy {
                Self.intervalKernel(for: $0, angle: angle, literals: literals, folded: folded) != nil
            }
            && literals.allSatisfy(\.isFinite)
            && folded.allSatisfy { constant in
                constant.enclosure.count == 1 && constant.enclosure.isTotal && constant.enclosure.isContinuous
                    && constant.enclosure.hull.map { $0.lower.isFinite && $0.upper.isFinite } == true
            }
        let inlineArithmetic = instructions.count { $0.isInlineArithmetic }
        pointOrder =
            inlineArithmetic >= 3 && instructions.count <= Self.largestBlockProgram
            ? .blockByBlock : .instructionByInstruction
    }

    /// Hands `body` the steps in the order that needs fewest registers (Sethi–Ullman):
    /// of a binary operation's operands, the one needing more registers is computed
    /// first, and the operation marked swapped, so it still takes its operands in their
    /// order; a ternary operation's three are computed in their order. The operations are pure, so each value is the same, bit for bit; a
    /// right-nested sum of 200,000 sines needs 3 registers, not one a term. No recursion:
    /// deep programs are walked with a stack, and the order is not stored.
    static func schedule(
        count: Int, step: (Int) -> ReferenceEvaluator.Step,
        _ body: (ReferenceEvaluator.Step, _ isSwapped: Bool) -> Void
    ) {
        // Indexes and tasks are kept in four bytes (a million-op program's walk takes
        // 5 MB); a program too long for that, far beyond any that fits in memory, is
        // taken in its own order.
        guard count < 1 << 30 else { return (0..<count).forEach { body(step($0), false) } }
        // Each step's subtree: where it starts, and how many registers it needs (at most
        // about log₂ of the steps, so a byte holds it).
        var start = [Int32](repeating: 0, count: count)
        var need = [UInt8](repeating: 0, count: count)
        var roots: [Int] = []
        for index in 0..<count {
            switch step(index) {
            case .constant, .namedConstant, .variable, .secondVariable:
                start[index] = Int32(truncatingIfNeeded: index)
            case .unary:
                guard let child = roots.popLast() else { return (0..<count).forEach { body(step($0), false) } }
                start[index] = start[child]
                need[index] = max(need[child], 1)
            case .binary:
                guard let right = roots.popLast(), let left = roots.popLast() else {
                    return (0..<count).forEach { body(step($0), false) }
                }
                start[index] = start[left]
                need[index] =
                    need[left] == need[right]
                    ? need[left] &+ (need[left] < .max ? 1 : 0) : max(need[left], need[right], 1)
            case .ternary:
                guard let last = roots.popLast(), let middle = roots.popLast(), let first = roots.popLast() else {
                    return (0..<count).forEach { body(step($0), false) }
                }
                start[index] = start[first]
                // Each value computed earlier holds a register while the next is computed.
                let needs = [Int(need[first]), Int(need[middle]) + 1, Int(need[last]) + 2, 1]
                need[index] = UInt8(min(needs.max() ?? 1, Int(UInt8.max)))
            }
            roots.append(index)
        }
        // A task is a step to visit (2·index) or one to emit (2·index + 1), swapped
        // when negative: four bytes each, however deep the program.
        var tasks = roots.reversed().map { Int32(truncatingIfNeeded: 2 * $0) }
        roots = []
        while let task = tasks.popLast().map(Int.init) {
            let index = abs(task) / 2
            if abs(task) % 2 == 1 {
                body(step(index), task < 0)
                continue
            }
            let current = step(index)
            switch current {
            case .constant, .namedConstant, .variable, .secondVariable:
                body(current, false)
            case .unary:
                tasks.append(Int32(truncatingIfNeeded: 2 * index + 1))
                tasks.append(Int32(truncatingIfNeeded: 2 * (index - 1)))
            case .binary:
                let right = index - 1, left = Int(start[right]) - 1
                let isSwapped = need[right] > need[left]
                tasks.append(Int32(truncatingIfNeeded: isSwapped ? -(2 * index + 1) : 2 * index + 1))
                tasks.append(Int32(truncatingIfNeeded: 2 * (isSwapped ? left : right)))
                tasks.append(Int32(truncatingIfNeeded: 2 * (isSwapped ? right : left)))
            case .ternary:
                let last = index - 1, middle = Int(start[last]) - 1, first = Int(start[middle]) - 1
                tasks.append(Int32(truncatingIfNeeded: 2 * index + 1))
                for operand in [last, middle, first] { tasks.append(Int32(truncatingIfNeeded: 2 * operand)) }
            }
        }
    }

}

extension CompiledProgram {
    /// A constant operand's value, or `nil` for a register.
    func value(of operand: Operand) -> Double? {
        switch operand {
        case .register: nil
        case .literal(let index): literals[Int(index)]
        case .folded(let index): folded[Int(index)].value
        }
    }

    /// A constant operand's enclosure, or `nil` for a register.
    func enclosure(of operand: Operand) -> Enclosure? {
        switch operand {
        case .register: nil
        case .literal(let index): Self.enclosure(ofLiteral: literals[Int(index)])
        case .folded(let index): folded[Int(index)].enclosure
        }
    }

    /// A written constant's enclosure: the number itself, nothing for NaN.
    static func enclosure(ofLiteral value: Double) -> Enclosure {
        value.isNaN ? .empty : Enclosure(Interval(value))
    }
}

extension CompiledProgram {
    /// The interpreter the compiled form must agree with, used for points the fast path
    /// does not cover (non-finite x, infinite constants): made from the program when
    /// asked, once per batch that needs it.
    var reference: ReferenceEvaluator {
        do {
            return try ReferenceEvaluator(
                program: program, variable: variable, secondVariable: secondVariable, values: values, angle: angle)
        } catch {
            // Not reached: every variable was found to have a value when compiling.
            return ReferenceEvaluator(noExpressionWith: angle)
        }
    }
}
