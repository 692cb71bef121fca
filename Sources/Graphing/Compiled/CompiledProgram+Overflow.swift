extension CompiledProgram {
    /// For each instruction, whether a block-by-block run may leave an overflow in its
    /// result infinite instead of making it NaN, without changing any value the program
    /// gives (a NaN stays NaN, though its sign bit, which nothing reads, may differ).
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
        var propagated = [Bool](repeating: true, count: registerCount)
        func read(_ operand: Operand?, propagating propagates: Bool) {
            guard case .register(let register)? = operand, propagated.indices.contains(Int(register)) else { return }
            propagated[Int(register)] = propagated[Int(register)] && propagates
        }
        read(result, propagating: false)
        var unchecked = [Bool](repeating: false, count: instructions.count)
        for index in instructions.indices.reversed() {
            let instruction = instructions[index]
            let destination = instruction.destination
            // A register out of range (none should be): everything is checked.
            guard propagated.indices.contains(destination) else {
                return Array(repeating: false, count: instructions.count)
            }
            unchecked[index] = propagated[destination]
            // Earlier values of the destination are not read past this instruction.
            propagated[destination] = true
            switch instruction.operation {
            case .binary(let operation):
                let keeps = operation == .addition || operation == .subtraction || operation == .multiplication
                read(instruction.first, propagating: keeps || operation == .division)
                read(instruction.second, propagating: keeps)
            case .unary(let operation):
                // −, | | and √ test nothing themselves: what they read is left unchecked
                // only when what they give is.
                let passes = operation == .negation || operation == .absoluteValue || operation == .squareRoot
                read(instruction.first, propagating: operation == .square || passes && unchecked[index])
            case .power:
                read(instruction.first, propagating: false)
            case .ternary:
                // A third operand is read too: nothing read here is left unchecked.
                return Array(repeating: false, count: instructions.count)
            }
        }
        return unchecked
    }
}
