import CalculatorBrain

extension CompiledProgram {
    /// Turns reference steps into instructions, allocating registers like a stack.
    struct Compiler {
        var instructions: [Instruction] = []
        var lastOperands: [Int: Operand] = [:]
        var literals: [Double] = []
        var folded: [FoldedConstant] = []
        var stack: [Operand] = []
        /// Registers free for reuse, the lowest given out first; a heap, so a program of a
        /// million ops compiles in linear-logarithmic time (a list searched for its least
        /// made right-nested programs quadratic).
        var freeRegisters = PriorityQueue<Int>()
        var registerCount: Int
        var hasOnlyFiniteConstants = true
        let expandsPowers: Bool
        let angle: AngleUnit
        /// The registers holding the variables (x, and y for two), never written.
        let variableRegisters: Int

        init(expandsPowers: Bool, angle: AngleUnit, variableRegisters: Int = 1) {
            self.expandsPowers = expandsPowers
            self.angle = angle
            self.variableRegisters = variableRegisters
            registerCount = variableRegisters
        }

        /// Compiles `step`; a binary operation `isSwapped` finds its right operand below
        /// its left on the stack (`schedule` decided that first).
        mutating func compile(_ step: ReferenceEvaluator.Step, isSwapped: Bool = false) {
            switch step {
            case .constant(let value):
                if value.isInfinite { hasOnlyFiniteConstants = false }
                literals.append(value)
                stack.append(.literal(Int32(truncatingIfNeeded: literals.count - 1)))
            case .namedConstant(let value):
                push(constant: value, Enclosure(Interval(value.nextDown, value.nextUp)))
            case .variable:
                stack.append(.register(0))
            case .secondVariable:
                stack.append(.register(1))
            case .unary(let operation):
                let a = stack.removeLast()
                if let (value, enclosure) = takeConstant(a) {
                    let folded = ReferenceEvaluator.apply(operation, value, angle: angle)
                    push(constant: folded, operation.enclosure(of: enclosure, angle: angle))
                } else {
                    emit(.unary(operation), a, nil)
                }
            case .binary(let operation):
                let top = stack.removeLast(), below = stack.removeLast()
                let (a, b) = isSwapped ? (top, below) : (below, top)
                if operation == .point {
                    // A point (x, y) has two coordinates, not one value: no value, as
                    // `Program.evaluate` says (a curve compiles each coordinate on its own).
                    for case .register(let register) in [a, b] where register >= variableRegisters {
                        freeRegisters.insert(Int(register), priority: Double(register))
                    }
                    _ = takeConstant(top)
                    _ = takeConstant(below)
                    return push(constant: .nan, .empty)
                }
                if isConstant(a) && isConstant(b) {
                    // The one pushed last is taken first, so its table entry can go.
                    let topConstant = takeConstant(top), belowConstant = takeConstant(below)
                    guard let (x, xs) = isSwapped ? topConstant : belowConstant,
                        let (y, ys) = isSwapped ? belowConstant : topConstant
                    else { return }
                    push(
                        constant: ReferenceEvaluator.apply(operation, x, y, angle: angle),
                        operation.enclosure(of: xs, ys, angle: angle))
                    return
                }
                if expandsPowers && operation == .power, let (exponent, enclosure) = constant(b),
                    exponent == exponent.rounded() && abs(exponent) <= Double(CompiledProgram.largestExpandedPower),
                    // A folded exponent known only to within rounding stays a general power.
                    enclosure == Enclosure(Interval(exponent))
                {
                    _ = takeConstant(b)
                    return emit(.power(Int8(exponent)), a, nil)
                }
                emit(.binary(operation), a, b)
            case .ternary(let operation):
                let last = stack.removeLast(), middle = stack.removeLast(), first = stack.removeLast()
                if isConstant(first) && isConstant(middle) && isConstant(last) {
                    guard let (whenFalse, falseEnclosure) = takeConstant(last),
                        let (whenTrue, trueEnclosure) = takeConstant(middle),
                        let (condition, conditionEnclosure) = takeConstant(first)
                    else { return }
                    return push(
                        constant: operation.apply(condition, whenTrue, whenFalse),
                        operation.enclosure(of: conditionEnclosure, trueEnclosure, falseEnclosure))
                }
                emit(.ternary(operation), first, middle, last)
            }
        }

        private func isConstant(_ operand: Operand) -> Bool {
            if case .register = operand { false } else { true }
        }

        /// A constant operand's value and enclosure, or `nil` for a register.
        private func constant(_ operand: Operand) -> (Double, Enclosure)? {
            switch operand {
            case .register: nil
            case .literal(let index): (literals[Int(index)], CompiledProgram.enclosure(ofLiteral: literals[Int(index)]))
            case .folded(let index): (folded[Int(index)].value, folded[Int(index)].enclosure)
            }
        }

        /// A constant operand's value and enclosure; its table entry is dropped when it
        /// is the last one (constants are folded away in the order they were pushed).
        private mutating func takeConstant(_ operand: Operand) -> (Double, Enclosure)? {
            let taken = constant(operand)
            switch operand {
            case .register: break
            case .literal(let index): if Int(index) == literals.count - 1 { literals.removeLast() }
            case .folded(let index): if Int(index) == folded.count - 1 { folded.removeLast() }
            }
            return taken
        }

        private mutating func push(constant value: Double, _ enclosure: Enclosure) {
            if value.isInfinite { hasOnlyFiniteConstants = false }
            folded.append(FoldedConstant(value: value, enclosure: enclosure))
            stack.append(.folded(Int32(truncatingIfNeeded: folded.count - 1)))
        }

        private mutating func emit(_ operation: Operation, _ a: Operand, _ b: Operand?, _ c: Operand? = nil) {
            for case .register(let register) in [a, b, c].compactMap({ $0 })
            where register >= variableRegisters {
                freeRegisters.insert(Int(register), priority: Double(register))
            }
            let destination: Int
            if let lowest = freeRegisters.popLeast() {
                destination = lowest.element
            } else {
                destination = registerCount
                registerCount += 1
            }
            if let c { lastOperands[instructions.count] = c }
            instructions.append(Instruction(operation: operation, first: a, second: b, destination: destination))
            stack.append(.register(Int32(truncatingIfNeeded: destination)))
        }
    }
}
