import CalculatorBrain
import Testing

@testable import Graphing

@Suite struct AutomaticRangeTests {
    private static func range(_ expression: String, x: (Double, Double) = (-10, 10), columns: Int = 80) throws -> (
        lower: Double, upper: Double
    ) {
        let function = try ProgramFunction(program: Program(parsing: expression))
        return AutomaticRange.yRange(for: function, x: x, columns: columns)
    }

    @Test func smoothFunctionsGetTheirWholeRangePadded() throws {
        let sine = try Self.range("sin(x)")
        #expect(sine.lower < -0.99 && sine.lower > -1.2 && sine.upper > 0.99 && sine.upper < 1.2)
        let exponential = try Self.range("exp(x)")
        #expect(exponential.upper > 22_026 && exponential.lower < 0)
    }

    @Test func polesDoNotFlattenTheRest() throws {
        for columns in [80, 1000] {
            let tangent = try Self.range("tan(x)", columns: columns)
            #expect(tangent.upper > 3 && tangent.upper < 20, "\(columns): \(tangent)")
            #expect(tangent.lower < -3 && tangent.lower > -20, "\(columns): \(tangent)")
            let reciprocal = try Self.range("1/x", columns: columns)
            #expect(reciprocal.upper > 0.5 && reciprocal.upper < 20, "\(columns): \(reciprocal)")
        }
    }

    @Test func degenerateCases() throws {
        let constant = try Self.range("5")
        #expect(constant == (4.5, 5.5))
        let zero = try Self.range("0*x")
        #expect(zero == (-1, 1))
        let nowhere = try Self.range("sqrt(-1-x^2)")
        #expect(nowhere == (-1, 1))
        let tooWide = try Self.range("x", x: (-1e308, 1e308))
        #expect(tooWide == (-1, 1))
    }
}
