import Testing

@testable import CalculatorBrain

/// Parsing a description gives back the same program, for random single-expression
/// programs.
@Suite struct DescriptionRoundTripTests {
    private static let operands: [Double] = [
        0, -0.0, 1, 2, 9, -9, 0.1, -2.5, 1e-5, 1e20, -1e300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        123_456_789_012_345, 0.30000000000000004, .infinity, -.infinity,
    ]
    private static let variables = ["x", "y", "M", "θ", "x_1"]

    /// A random single-expression program, built top-down with an explicit budget.
    private static func randomProgram(using generator: inout SeededGenerator) -> Program {
        var ops: [Op] = []
        var pendingOperands = 1
        var budget = Int.random(in: 1...25, using: &generator)
        // Build in postfix order backwards: choose the op that ends each subexpression.
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
                reversed.append(.unary(UnaryOperation.allCases.randomElement(using: &generator) ?? .sine))
                pendingOperands += 1
            default:
                reversed.append(.binary(BinaryOperation.allCases.randomElement(using: &generator) ?? .addition))
                pendingOperands += 2
            }
        }
        ops = reversed.reversed()
        return Program(ops)
    }

    private static func sameOps(_ a: [Op], _ b: [Op]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { left, right in
            if case .operand(let x) = left, case .operand(let y) = right { return x.bitPattern == y.bitPattern }
            return left == right
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func descriptionParsesBackToTheSameProgram(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<2_500 {
            let program = Self.randomProgram(using: &generator)
            let description = program.description
            let parsed = try Program(parsing: description)
            #expect(Self.sameOps(parsed.ops, program.ops), "\(program.ops) → \(description) → \(parsed.ops)")
            #expect(parsed.description == description)
        }
    }
}
