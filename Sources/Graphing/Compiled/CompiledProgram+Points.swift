import CVectorMath
import CalculatorBrain
import GraphCalcSupport

extension CompiledProgram {
    /// How many x values one pass over the instructions handles: enough to amortise the
    /// dispatch, few enough that the registers stay in the first-level cache.
    func chunkSize(registers: Int) -> Int {
        min(1024, max(8, (1 << 15) / max(registers, 1)))
    }

    /// The values at each x, NaN where there is none.
    ///
    /// Instructions run over chunks of x with the kernels of `CVectorMath`; an infinite
    /// result of an operation is an overflow or a division by zero, and becomes NaN as
    /// the reference's reason does (run block by block, at the last instruction that
    /// tests it, where every instruction before that keeps an infinity infinite or NaN).
    /// Non-finite x, and programs with an infinite constant, are evaluated by the
    /// reference. With ``Accuracy/fast``, sin, cos and tan are vectorised (within 2 ulp
    /// of the reference's glibc functions) and whole powers use compensated multiplication
    /// (within an ulp of `pow`); everything else is bit for bit the reference's result.
    /// Whether the instructions run one at a time over a chunk or all of them over a
    /// block of 64 values at a time was chosen from the program's shape when it was
    /// compiled; both give the same values.
    ///
    /// For a function of two variables, `secondValues` holds y for each x (NaN where it
    /// has fewer).
    public func values(at xs: [Double], _ secondValues: [Double]? = nil) -> [Double] {
        // A batch smaller than a block (a path sampler's single points) is not worth
        // converting the instructions for.
        values(at: xs, secondValues, order: xs.count < Int(GCVM_LANES) ? .instructionByInstruction : pointOrder)
    }

    /// The values at each x, the instructions run in `order` (tests compare the two).
    func values(at xs: [Double], _ secondValues: [Double]? = nil, order: PointOrder) -> [Double] {
        guard let result else { return Array(repeating: .nan, count: xs.count) }
        if let value = value(of: result) { return Array(repeating: value, count: xs.count) }
        // y for each x: NaN where none is given.
        let ys: [Double]? =
            secondVariable == nil
            ? nil : xs.indices.map { index in secondValues.flatMap { index < $0.count ? $0[index] : nil } ?? .nan }
        guard hasOnlyFiniteConstants else {
            let reference = self.reference
            return xs.indices.map { reference.value(at: xs[$0], ys?[$0] ?? .nan) }
        }

        var values: [Double]
        if order == .blockByBlock, ys == nil, let (steps, constants) = kernelSteps() {
            values = runningBlocks(steps, constants: constants, at: xs)
        } else {
            values = runningInstructions(at: xs, ys)
        }
        if Self.containsNonFinite(xs) || ys.map(Self.containsNonFinite) == true {
            let reference = self.reference
            for index in xs.indices where !xs[index].isFinite || ys.map({ !$0[index].isFinite }) == true {
                values[index] = reference.value(at: xs[index], ys?[index] ?? .nan)
            }
        }
        return values
    }

    /// Whether any value is ±∞ or NaN: eight at a time, as a graph's x values almost
    /// never are.
    private static func containsNonFinite(_ values: [Double]) -> Bool {
        values.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var index = 0
            var nonFinite = SIMDMask<SIMD8<Double>.MaskStorage>()
            while index + 8 <= buffer.count {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Double>.self)
                // x − x is 0 exactly when x is finite.
                nonFinite .|= chunk - chunk .!= 0
                index += 8
            }
            if any(nonFinite) { return true }
            return buffer[index...].contains { !$0.isFinite }
        }
    }

    /// The instructions as `gcvm_run` steps (16 bytes each) and the constants they read,
    /// or `nil` when one of them is evaluated here rather than by a kernel (the angular
    /// keys in degrees or gradians, `if`).
    private func kernelSteps() -> (steps: [gcvm_step], constants: [Double])? {
        var steps: [gcvm_step] = []
        var constants: [Double] = []
        steps.reserveCapacity(instructions.count)
        let unchecked = overflowsLeftToReaders()
        func number(_ operand: Operand?) -> Int32 {
            switch operand {
            case .register(let register)?: return register
            case let constant?:
                constants.append(value(of: constant) ?? .nan)
                return Int32(truncatingIfNeeded: -constants.count)
            case nil: return 0
            }
        }
        for (index, instruction) in instructions.enumerated() {
            var step = gcvm_step(
                kind: 0, operation: 0, unchecked: unchecked[index] ? 1 : 0, destination: Int32(instruction.destination),
                first: number(instruction.first), second: number(instruction.second))
            switch instruction.operation {
            case .unary(let operation):
                if angle != .radians && operation.isAngular { return nil }
                step.kind = UInt8(GCVM_STEP_UNARY.rawValue)
                step.operation = UInt8(operation.kernel(accuracy).rawValue)
            case .binary(let operation):
                if angle != .radians && operation == .arctangent2 { return nil }
                step.kind = UInt8(GCVM_STEP_BINARY.rawValue)
                step.operation = UInt8(operation.kernel.rawValue)
            case .power(let exponent):
                step.kind = UInt8(GCVM_STEP_POWER.rawValue)
                step.second = Int32(exponent)
            case .ternary:
                return nil
            }
            steps.append(step)
        }
        return (steps, constants)
    }

    /// Every step over one block of x values before the next block (`gcvm_run`).
    private func runningBlocks(_ steps: [gcvm_step], constants: [Double], at xs: [Double]) -> [Double] {
        guard case .register(let result) = result else { return Array(repeating: .nan, count: xs.count) }
        // x itself has no steps to run (and an empty array may have no address to pass).
        guard !steps.isEmpty else { return runningInstructions(at: xs) }
        var registers = [Double](repeating: 0, count: registerCount * Int(GCVM_LANES) + 8)
        // Ctrl-C is noticed between calls: after about 10⁶ operations, or after one
        // block of 64 values for a longer program (a million-op program's block takes
        // about 0.05 s).
        let lanes = Int(GCVM_LANES)
        let perCall = max(lanes, (1 << 20) / max(steps.count, 1) / lanes * lanes)
        // Every value is written: by the kernel, or NaN after Ctrl-C.
        return [Double](unsafeUninitializedCapacity: xs.count) { output, initializedCount in
            steps.withUnsafeBufferPointer { steps in
                registers.withUnsafeMutableBufferPointer { registers in
                    // No constants leaves no address: nothing reads one then.
                    constants.withUnsafeBufferPointer { constants in
                        xs.withUnsafeBufferPointer { input in
                            guard let outputBase = output.baseAddress else { return }
                            var start = 0
                            defer { (outputBase + start).initialize(repeating: .nan, count: input.count - start) }
                            guard let stepBase = steps.baseAddress, let registerBase = registers.baseAddress,
                                let inputBase = input.baseAddress
                            else { return }
                            while start < input.count && !Cancellation.isRequested {
                                let count = min(perCall, input.count - start)
                                gcvm_run(
                                    stepBase, steps.count, constants.baseAddress, registerBase, inputBase + start,
                                    outputBase + start, result, count)
                                start += count
                            }
                        }
                    }
                }
            }
            initializedCount = xs.count
        }
    }

    /// Each instruction over a whole chunk of x values (and y values, in register 1)
    /// before the next instruction.
    private func runningInstructions(at xs: [Double], _ secondValues: [Double]? = nil) -> [Double] {
        var ys = [Double](repeating: .nan, count: xs.count)
        let chunk = max(1, min(chunkSize(registers: registerCount), xs.count))
        // Registers a multiple of 4 KB apart would alias in the store buffer: pad them.
        let stride = chunk + 24
        var registers = [Double](repeating: 0, count: registerCount * stride)
        registers.withUnsafeMutableBufferPointer { registerBuffer in
            xs.withUnsafeBufferPointer { input in
                ys.withUnsafeMutableBufferPointer { output in
                    guard let base = registerBuffer.baseAddress, let inputBase = input.baseAddress,
                        let outputBase = output.baseAddress
                    else { return }
                    var start = 0
                    // Ctrl-C stops a long batch between chunks; the rest stays NaN.
                    while start < input.count && !Cancellation.isRequested {
                        let count = min(chunk, input.count - start)
                        // Register 0 is x: read in place from the input.
                        let x = UnsafeMutablePointer(mutating: inputBase + start)
                        if let secondValues {
                            for index in 0..<count { base[stride + index] = secondValues[start + index] }
                        }
                        for (number, instruction) in instructions.enumerated() {
                            if number & 1023 == 1023 && Cancellation.isRequested { break }
                            execute(instruction, number: number, registers: base, x: x, stride: stride, count: count)
                        }
                        if case .register(let register) = result {
                            (outputBase + start).update(
                                from: register == 0 ? x : base + Int(register) * stride, count: count)
                        }
                        start += count
                    }
                }
            }
        }
        return ys
    }

    /// Runs instruction `number` over `count` elements with the C kernels.
    private func execute(
        _ instruction: Instruction, number: Int, registers: UnsafeMutablePointer<Double>,
        x: UnsafeMutablePointer<Double>,
        stride: Int, count: Int
    ) {
        // Instructions never write register 0.
        func address(_ register: Int) -> UnsafeMutablePointer<Double> {
            register == 0 ? x : registers + register * stride
        }
        let destination = address(instruction.destination)
        switch instruction.operation {
        case .unary(let operation) where angle != .radians && operation.isAngular:
            // Degrees and gradians: the calculator's own reduction, one value at a time.
            guard case .register(let register) = instruction.first else { return }
            let source = address(Int(register))
            for index in 0..<count {
                destination[index] = ReferenceEvaluator.apply(operation, source[index], angle: angle)
            }
        case .unary(let operation):
            guard case .register(let register) = instruction.first else { return }
            gcvm_unary(Int32(operation.kernel(accuracy).rawValue), destination, address(Int(register)), count)
        case .power(let exponent):
            guard case .register(let register) = instruction.first else { return }
            gcvm_integer_power(destination, address(Int(register)), Int(exponent), count)
        case .ternary(let operation):
            guard let second = instruction.second, let last = lastOperands[number] else { return }
            for index in 0..<count {
                destination[index] = operation.apply(
                    operandValue(instruction.first, at: index, address), operandValue(second, at: index, address),
                    operandValue(last, at: index, address))
            }
        case .binary(let operation) where angle != .radians && operation == .arctangent2:
            for index in 0..<count {
                let a = operandValue(instruction.first, at: index, address)
                let b = instruction.second.map { operandValue($0, at: index, address) } ?? .nan
                destination[index] = ReferenceEvaluator.apply(operation, a, b, angle: angle)
            }
        case .binary(let operation):
            let kernel = Int32(operation.kernel.rawValue)
            switch (instruction.first, instruction.second) {
            case (.register(let a), .register(let b)?):
                gcvm_binary(
                    kernel, destination, address(Int(a)), address(Int(b)), Int32(GCVM_ARRAYS.rawValue), count)
            case (.register(let a), let constant?):
                var b = value(of: constant) ?? .nan
                gcvm_binary(kernel, destination, address(Int(a)), &b, Int32(GCVM_SCALAR_SECOND.rawValue), count)
            case (let constant, .register(let b)?):
                var a = value(of: constant) ?? .nan
                gcvm_binary(kernel, destination, &a, address(Int(b)), Int32(GCVM_SCALAR_FIRST.rawValue), count)
            default:
                return
            }
        }
    }

    /// An operand's value for element `index` of a chunk.
    private func operandValue(
        _ operand: Operand, at index: Int, _ address: (Int) -> UnsafeMutablePointer<Double>
    ) -> Double {
        if case .register(let register) = operand { return address(Int(register))[index] }
        return value(of: operand) ?? .nan
    }
}

extension UnaryOperation {
    /// The C kernel that evaluates the operation.
    fileprivate func kernel(_ accuracy: CompiledProgram.Accuracy) -> gcvm_unary_operation {
        switch self {
        case .sine where accuracy == .exact: GCVM_SIN_LIBM
        case .cosine where accuracy == .exact: GCVM_COS_LIBM
        case .tangent where accuracy == .exact: GCVM_TAN_LIBM
        case .negation: GCVM_NEGATE
        case .absoluteValue: GCVM_ABS
        case .squareRoot: GCVM_SQRT
        case .square: GCVM_SQUARE
        case .reciprocal: GCVM_RECIPROCAL
        case .sine: GCVM_SIN
        case .cosine: GCVM_COS
        case .tangent: GCVM_TAN
        case .arcsine: GCVM_ASIN
        case .arccosine: GCVM_ACOS
        case .arctangent: GCVM_ATAN
        case .naturalLogarithm: GCVM_LOG
        case .commonLogarithm: GCVM_LOG10
        case .exponential: GCVM_EXP
        case .floor: GCVM_FLOOR
        case .ceiling: GCVM_CEIL
        case .round: GCVM_ROUND
        case .truncation: GCVM_TRUNC
        case .sign: GCVM_SIGN
        case .hyperbolicSine: GCVM_SINH
        case .hyperbolicCosine: GCVM_COSH
        case .hyperbolicTangent: GCVM_TANH
        case .inverseHyperbolicSine: GCVM_ASINH
        case .inverseHyperbolicCosine: GCVM_ACOSH
        case .inverseHyperbolicTangent: GCVM_ATANH
        case .cubeRoot: GCVM_CBRT
        case .binaryLogarithm: GCVM_LOG2
        case .factorial: GCVM_FACTORIAL
        case .gamma: GCVM_GAMMA
        case .digamma: GCVM_DIGAMMA
        case .logicalNot: GCVM_NOT
        }
    }
}

extension BinaryOperation {
    /// The C kernel that evaluates the operation.
    fileprivate var kernel: gcvm_binary_operation {
        switch self {
        case .addition: GCVM_ADD
        case .subtraction: GCVM_SUBTRACT
        case .multiplication: GCVM_MULTIPLY
        case .division: GCVM_DIVIDE
        case .minimum: GCVM_MINIMUM
        case .maximum: GCVM_MAXIMUM
        case .power: GCVM_POWER
        case .arctangent2: GCVM_ATAN2
        case .modulo: GCVM_MOD
        case .logarithm: GCVM_LOGB
        case .permutations: GCVM_NPR
        case .combinations: GCVM_NCR
        case .less: GCVM_LESS
        case .lessOrEqual: GCVM_LESS_OR_EQUAL
        case .greater: GCVM_GREATER
        case .greaterOrEqual: GCVM_GREATER_OR_EQUAL
        case .equal: GCVM_EQUAL
        case .notEqual: GCVM_NOT_EQUAL
        case .conjunction: GCVM_AND
        case .disjunction: GCVM_OR
        // Never emitted: the compiler folds a point, which has no single value, to NaN.
        case .point: GCVM_ADD
        }
    }
}
