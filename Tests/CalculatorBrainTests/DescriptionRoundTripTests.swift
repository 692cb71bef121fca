import GraphCalcSupport
import TestSupport
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

    @Test(arguments: [1, 2, 3, 4])
    func descriptionParsesBackToTheSameProgram(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<2_500 {
            let program = RandomProgram.make(operands: Self.operands, variables: Self.variables, using: &generator)
            let description = program.description
            let parsed = try Program(parsing: description)
            #expect(parsed.hasIdenticalOps(program), "\(program.ops) → \(description) → \(parsed.ops)")
            #expect(parsed.description == description)
        }
    }
}
