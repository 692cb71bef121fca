import CVectorMath
import CalculatorBrain
import GraphCalcSupport

extension CompiledProgram {
    /// An enclosure of the values on each interval, computed instruction by instruction
    /// over chunks with the reference's interval operations, so identical to
    /// ``ReferenceEvaluator/enclosure(over:_:)``. For a function of two variables, `ys`
    /// holds y's interval for each (the boxes are `intervals[i]` × `ys[i]`).
    ///
    /// A program of sums, differences, products, quotients, negations, squares,
    /// reciprocals, sines and cosines (radians), `x^2` and `x^(-1)` runs on CVectorMath's
    /// batch interval kernels, which compute each bound as the reference's operations do,
    /// many intervals at once; a chunk where a bound overflows, a divisor may be 0 (or an
    /// x is not finite) is evaluated again the general way.
    public func enclosures(over intervals: [Interval], _ ys: [Interval]? = nil) -> [Enclosure] {
        guard let result else { return Array(repeating: .empty, count: intervals.count) }
        if let enclosure = enclosure(of: result) { return Array(repeating: enclosure, count: intervals.count) }
        guard runsIntervalKernels else { return generalEnclosures(over: intervals, ys) }
        var enclosures = [Enclosure](repeating: .empty, count: intervals.count)
        for missed in evaluateWithKernels(intervals, ys, into: &enclosures) {
            let part = generalEnclosures(
                over: Array(intervals[missed]),
                ys.map { ys in Array(ys[min(missed.lowerBound, ys.count)..<min(missed.upperBound, ys.count)]) })
            enclosures.replaceSubrange(missed, with: part)
        }
        return enclosures
    }

    /// The enclosures by the reference's interval operations, a chunk of intervals at a
    /// time.
    private func generalEnclosures(over intervals: [Interval], _ ys: [Interval]?) -> [Enclosure] {
        var enclosures = [Enclosure](repeating: .empty, count: intervals.count)
        // No larger than the batch: analysis asks about one interval at a time, and
        // registers for a thousand would cost more than the evaluation.
        let chunk = max(1, min(chunkSize(registers: registerCount * 8), intervals.count))
        // The registers on the stack where they fit (analysis asks about an interval or two
        // at a time, thousands of times: an array each time costs more than the program).
        return withUnsafeTemporaryAllocation(of: Enclosure.self, capacity: registerCount * chunk) { registers in
            registers.initialize(repeating: .empty)
            defer { _ = registers.deinitialize() }
            evaluate(intervals, ys, into: &enclosures, chunk: chunk, registers: registers)
            return enclosures
        }
    }

    /// Runs the instructions over `intervals` (and `ys`) a chunk at a time in `registers`,
    /// writing the results to `enclosures`.
    private func evaluate(
        _ intervals: [Interval], _ ys: [Interval]?, into enclosures: inout [Enclosure], chunk: Int,
        registers: UnsafeMutableBufferPointer<Enclosure>
    ) {
        guard let result else { return }
        var start = 0
        // Ctrl-C stops a long batch between chunks; the rest stays empty.
        while start < intervals.count && !Cancellation.isRequested {
            let count = min(chunk, intervals.count - start)
            for index in 0..<count { registers[index] = Enclosure(intervals[start + index]) }
            if secondVariable != nil {
                for index in 0..<count {
                    let y = ys.flatMap { start + index < $0.count ? $0[start + index] : nil }
                    registers[chunk + index] = y.map { Enclosure($0) } ?? .empty
                }
            }
            for (number, instruction) in instructions.enumerated() {
                if number & 255 == 255 && Cancellation.isRequested { break }
                let destination = instruction.destination * chunk
                let first = instruction.first, second = instruction.second
                // A constant operand's enclosure once an instruction, not once an interval.
                let firstConstant = enclosure(of: first), secondConstant = second.flatMap(enclosure(of:))
                if case .ternary(let operation) = instruction.operation, let second,
                    let last = lastOperands[number]
                {
                    let lastConstant = enclosure(of: last)
                    for index in 0..<count {
                        registers[destination + index] = operation.enclosure(
                            of: firstConstant ?? operand(first, index, chunk, registers),
                            secondConstant ?? operand(second, index, chunk, registers),
                            lastConstant ?? operand(last, index, chunk, registers))
                    }
                    continue
                }
                for index in 0..<count {
                    registers[destination + index] = Self.enclosure(
                        instruction, angle: angle,
                        first: firstConstant ?? operand(first, index, chunk, registers),
                        second: second.map { secondConstant ?? operand($0, index, chunk, registers) })
                }
            }
            if case .register(let register) = result {
                for index in 0..<count { enclosures[start + index] = registers[Int(register) * chunk + index] }
            }
            start += count
        }
    }

    /// Runs the instructions over `intervals` (and `ys`) on the batch interval kernels, a
    /// chunk at a time, writing the results to `enclosures`; returns the chunks whose
    /// bounds did not all stay finite (or whose x or y were not finite or not given),
    /// left for the general path. Stops between instructions when `Cancellation` is
    /// requested, the rest left empty.
    func evaluateWithKernels(
        _ intervals: [Interval], _ ys: [Interval]?, into enclosures: inout [Enclosure]
    ) -> [Range<Int>] {
        guard case .register(let result) = result else { return intervals.isEmpty ? [] : [0..<intervals.count] }
        let chunk = max(1, min(chunkSize(registers: registerCount * 2), intervals.count))
        var missed: [Range<Int>] = []
        // Each register's lower bounds for the chunk, then its upper bounds; then the two
        // constant operands of an instruction, lower and upper bound each.
        let constants = 2 * registerCount * chunk
        withUnsafeTemporaryAllocation(of: Double.self, capacity: constants + 4) { bounds in
            guard let base = bounds.baseAddress else { return }
            bounds.initialize(repeating: 0)
            func lower(_ register: Int) -> UnsafeMutablePointer<Double> { base + 2 * register * chunk }
            func upper(_ register: Int) -> UnsafeMutablePointer<Double> { base + (2 * register + 1) * chunk }
            /// A pointer to the lower bound of `operand` (the upper bound `chunk` later for a
            /// register, next to it for a constant, put in `slot` 0 or 1).
            func operand(_ operand: Operand, slot: Int) -> (lower: UnsafeMutablePointer<Double>, isConstant: Bool) {
                if case .register(let register) = operand { return (lower(Int(register)), false) }
                let interval = enclosure(of: operand)?.hull ?? Interval(0)
                base[constants + 2 * slot] = interval.lower
                base[constants + 2 * slot + 1] = interval.upper
                return (base + constants + 2 * slot, true)
            }
            var start = 0
            while start < intervals.count && !Cancellation.isRequested {
                let count = min(chunk, intervals.count - start)
                defer { start += count }
                var isFinite = true
                for index in 0..<count {
                    let x = intervals[start + index]
                    lower(0)[index] = x.lower
                    upper(0)[index] = x.upper
                    isFinite = isFinite && x.lower.isFinite && x.upper.isFinite
                }
                if secondVariable != nil {
                    for index in 0..<count {
                        guard let ys, start + index < ys.count else {
                            isFinite = false
                            break
                        }
                        let y = ys[start + index]
                        lower(1)[index] = y.lower
                        upper(1)[index] = y.upper
                        isFinite = isFinite && y.lower.isFinite && y.upper.isFinite
                    }
                }
                guard isFinite else {
                    missed.append(start..<(start + count))
                    continue
                }
                var isCancelled = false
                for (number, instruction) in instructions.enumerated() {
                    if number & 255 == 255 && Cancellation.isRequested {
                        isCancelled = true
                        break
                    }
                    // Every instruction has one while `runsIntervalKernels` holds; were one
                    // without, the chunk would take the general path.
                    guard
                        let (kernel, takesFirstAlone) = Self.intervalKernel(
                            for: instruction, angle: angle, literals: literals, folded: folded)
                    else {
                        isFinite = false
                        break
                    }
                    let destination = instruction.destination
                    let first = operand(instruction.first, slot: 0)
                    let firstUpper = first.isConstant ? first.lower + 1 : first.lower + chunk
                    var finite: Int32
                    if let second = instruction.second, !takesFirstAlone {
                        let second = operand(second, slot: 1)
                        let secondUpper = second.isConstant ? second.lower + 1 : second.lower + chunk
                        var layout = first.isConstant ? GCVM_SCALAR_FIRST : GCVM_SCALAR_SECOND
                        if !first.isConstant && !second.isConstant { layout = GCVM_ARRAYS }
                        if first.isConstant && second.isConstant {
                            // Two constants the compiler left unfolded: the first copied across.
                            lower(destination).update(repeating: first.lower.pointee, count: count)
                            upper(destination).update(repeating: firstUpper.pointee, count: count)
                            finite = gcvm_interval_binary(
                                Int32(kernel.rawValue), lower(destination), upper(destination), lower(destination),
                                upper(destination), second.lower, secondUpper, Int32(GCVM_SCALAR_SECOND.rawValue),
                                count)
                        } else {
                            finite = gcvm_interval_binary(
                                Int32(kernel.rawValue), lower(destination), upper(destination), first.lower,
                                firstUpper, second.lower, secondUpper, Int32(layout.rawValue), count)
                        }
                    } else {
                        if first.isConstant {
                            lower(destination).update(repeating: first.lower.pointee, count: count)
                            upper(destination).update(repeating: firstUpper.pointee, count: count)
                        }
                        let source = first.isConstant ? lower(destination) : first.lower
                        finite = gcvm_interval_unary(
                            Int32(kernel.rawValue), lower(destination), upper(destination), source,
                            first.isConstant ? upper(destination) : firstUpper, count)
                    }
                    if finite == 0 {
                        isFinite = false
                        break
                    }
                }
                if isCancelled { break }
                guard isFinite else {
                    missed.append(start..<(start + count))
                    continue
                }
                for index in 0..<count {
                    enclosures[start + index] = Enclosure(
                        Interval(lower(Int(result))[index], upper(Int(result))[index]))
                }
            }
        }
        return missed
    }

    /// A register operand's enclosure for element `index` of a chunk.
    @inline(__always)
    private func operand(
        _ operand: Operand, _ index: Int, _ chunk: Int, _ registers: UnsafeMutableBufferPointer<Enclosure>
    ) -> Enclosure {
        guard case .register(let register) = operand else { return .empty }
        return registers[Int(register) * chunk + index]
    }

    private static func enclosure(
        _ instruction: Instruction, angle: AngleUnit, first: Enclosure, second: Enclosure?
    ) -> Enclosure {
        switch instruction.operation {
        case .unary(let operation):
            return operation.enclosure(of: first, angle: angle)
        case .binary(let operation):
            return operation.enclosure(of: first, second ?? .empty, angle: angle)
        case .power(let exponent):
            return BinaryOperation.power.enclosure(of: first, Enclosure(Interval(Double(exponent))))
        case .ternary:
            // Handled with its third operand by the caller.
            return .empty
        }
    }
}

extension CompiledProgram {
    /// The batch interval kernel for `instruction`, and whether it takes the first operand
    /// alone: x^2 and x^(−1) with a constant exponent are the square and the reciprocal
    /// (as `integerPower` gives them, bound for bound); the rest as their operation says.
    static func intervalKernel(
        for instruction: Instruction, angle: AngleUnit, literals: [Double], folded: [FoldedConstant]
    ) -> (operation: gcvm_interval_operation, takesFirstAlone: Bool)? {
        if case .binary(.power) = instruction.operation, let second = instruction.second {
            let exponent: Enclosure? =
                switch second {
                case .register: nil
                case .literal(let index): enclosure(ofLiteral: literals[Int(index)])
                case .folded(let index): folded[Int(index)].enclosure
                }
            if exponent?.isTotal == true, exponent?.pieces == [Interval(2)] { return (GCVM_INTERVAL_SQUARE, true) }
            if exponent?.isTotal == true, exponent?.pieces == [Interval(-1)] {
                return (GCVM_INTERVAL_RECIPROCAL, true)
            }
        }
        guard let kernel = instruction.operation.intervalKernel(angle: angle) else { return nil }
        return (kernel, instruction.second == nil)
    }
}

extension CompiledProgram.Operation {
    /// The batch interval kernel that computes this operation's enclosures as the
    /// reference does, if there is one (sin and cos only in radians).
    func intervalKernel(angle: AngleUnit) -> gcvm_interval_operation? {
        switch self {
        case .unary(.negation): GCVM_INTERVAL_NEGATE
        case .unary(.square): GCVM_INTERVAL_SQUARE
        // x² as integerPower gives it is the square bound for bound; x⁻¹ the reciprocal.
        case .power(2): GCVM_INTERVAL_SQUARE
        case .power(-1): GCVM_INTERVAL_RECIPROCAL
        case .unary(.sine) where angle == .radians: GCVM_INTERVAL_SIN
        case .unary(.cosine) where angle == .radians: GCVM_INTERVAL_COS
        case .binary(.addition): GCVM_INTERVAL_ADD
        case .binary(.subtraction): GCVM_INTERVAL_SUBTRACT
        case .binary(.multiplication): GCVM_INTERVAL_MULTIPLY
        case .unary(.reciprocal): GCVM_INTERVAL_RECIPROCAL
        case .binary(.division): GCVM_INTERVAL_DIVIDE
        default: nil
        }
    }
}
