extension CompiledProgram {
    /// For each instruction, whether a block-by-block run may leave an overflow in its
    /// result infinite instead of making it NaN, without changing any value the program
    /// gives.
    ///
    /// Every infinite result of the fast path becomes NaN (an overflow or a pole has no
    /// value), which costs a comparison and a blend an operation: most of the time of a
    /// sum of quotients. The test can wait where an infinite operand cannot come back
    /// finite: ∞ ± w, ∞ × w, ∞ ÷ w, −∞, |∞|, ∞² and √∞ are ±∞ or NaN whatever w is, so
    /// an instruction whose every reader is one of those gives, left unchecked, what the
    /// readers turn into NaN, and the last reader that tests (not −, | | or √, which test
    /// nothing) gives NaN as before. A value read as a divisor (w ÷ ∞ is 0), by a
    /// reciprocal or any other key, or that is the result, is checked.
    func overflowsLeftToReaders() -> [Bool] {
        // Walking back from the end: whether every instruction still to come that reads
        // the value now in a register propagates an infinity (true for no reader at all).
        var propagated: [Int32: Bool] = [:]
        if case .register(let register)? = result { propagated[register] = false }
        var unchecked = [Bool](repeating: false, count: instructions.count)
        for index in instructions.indices.reversed() {
            let instruction = instructions[index]
            let destination = Int32(instruction.destination)
            unchecked[index] = propagated[destination] ?? true
            // Earlier values of the destination are not read past this instruction.
            propagated[destination] = true
            let operands: [(operand: Operand?, propagates: Bool)]
            switch instruction.operation {
            case .binary(let operation):
                let both = [.addition, .subtraction, .multiplication].contains(operation)
                operands = [(instruction.first, both || operation == .division), (instruction.second, both)]
            case .unary(let operation):
                // −, | | and √ test nothing themselves: what they read is left unchecked
                // only when what they give is.
                let propagates =
                    operation == .square
                    || [.negation, .absoluteValue, .squareRoot].contains(operation) && unchecked[index]
                operands = [(instruction.first, propagates)]
            case .power:
                operands = [(instruction.first, false)]
            case .ternary:
                // A third operand is read too: nothing read here is left unchecked.
                return Array(repeating: false, count: instructions.count)
            }
            for case (.register(let register)?, let propagates) in operands {
                propagated[register] = (propagated[register] ?? true) && propagates
            }
        }
        return unchecked
    }
}
