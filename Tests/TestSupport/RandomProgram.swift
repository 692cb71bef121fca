import CalculatorBrain
import GraphCalcSupport

/// Random single-expression programs for property tests.
public enum RandomProgram {
    /// A program of one complete expression with up to `maximumOperations` operations,
    /// drawing leaves from `operands`, `variables` and the constants (never a point `(x, y)`,
    /// which is no operand).
    public static func make(
        operands: [Double], variables: [String], maximumOperations: Int = 25,
        operations unary: [UnaryOperation] = UnaryOperation.allCases,
        _ binary: [BinaryOperation] = BinaryOperation.allCases.filter { $0 != .point },
        ternary: [TernaryOperation] = TernaryOperation.allCases,
        using generator: inout SeededGenerator
    ) -> Program {
        var pendingOperands = 1
        var budget = Int.random(in: 1...maximumOperations, using: &generator)
        // Built backwards from the last op: each operation asks for its operands.
        var reversed: [Op] = []
        while pendingOperands > 0 {
            pendingOperands -= 1
            let choice = budget > 0 ? Int.random(in: 0..<10, using: &generator) : 0
            budget -= 1
            switch choice {
            case 0...3:
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: reversed.append(.constant(Constant.allCases.randomElement(using: &generator) ?? .pi))
                case 1: reversed.append(.variable(variables.randomElement(using: &generator) ?? "x"))
                default: reversed.append(.operand(operands.randomElement(using: &generator) ?? 1))
                }
            case 4...6:
                reversed.append(.unary(unary.randomElement(using: &generator) ?? .sine))
                pendingOperands += 1
            case 9 where !ternary.isEmpty && Int.random(in: 0..<3, using: &generator) == 0:
                reversed.append(.ternary(ternary.randomElement(using: &generator) ?? .conditional))
                pendingOperands += 3
            default:
                reversed.append(.binary(binary.randomElement(using: &generator) ?? .addition))
                pendingOperands += 2
            }
        }
        return Program(reversed.reversed())
    }
}

extension Program {
    /// Whether both programs have the same ops, operands compared bit for bit (so −0 ≠ 0).
    public func hasIdenticalOps(_ other: Program) -> Bool {
        guard ops.count == other.ops.count else { return false }
        return zip(ops, other.ops).allSatisfy { left, right in
            if case .operand(let x) = left, case .operand(let y) = right { return x.bitPattern == y.bitPattern }
            return left == right
        }
    }
}
