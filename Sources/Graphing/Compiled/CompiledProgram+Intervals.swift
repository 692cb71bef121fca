import CalculatorBrain
import GraphCalcSupport

extension CompiledProgram {
    /// An enclosure of the values on each interval, computed instruction by instruction
    /// over chunks with the reference's interval operations, so identical to
    /// ``ReferenceEvaluator/enclosure(over:_:)``. For a function of two variables, `ys`
    /// holds y's interval for each (the boxes are `intervals[i]` × `ys[i]`).
    public func enclosures(over intervals: [Interval], _ ys: [Interval]? = nil) -> [Enclosure] {
        guard let result else { return Array(repeating: .empty, count: intervals.count) }
        if let enclosure = enclosure(of: result) { return Array(repeating: enclosure, count: intervals.count) }
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
