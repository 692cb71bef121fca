import CalculatorBrain
import Foundation
import Testing

@testable import Graphing

/// Poles located by bisection, and none where overestimation only looks like one.
@Suite struct PoleFinderTests {
    static func poles(_ expression: String, _ range: (Double, Double)) throws -> (poles: [Interval], isComplete: Bool) {
        let function = try ProgramFunction(program: try Program(parsing: expression), accuracy: .exact)
        return PoleFinder(function: function).poles(in: Interval(range.0, range.1))
    }

    @Test(arguments: [
        ("tan(x)", (0.0, 10.0), [Double.pi / 2, 3 * Double.pi / 2, 5 * Double.pi / 2]),
        ("1/(x-1)", (-3.0, 3.0), [1.0]),
        ("1/x^2+1/(x+2)", (-3.0, 3.0), [-2.0, 0.0]),
        ("ln(x)", (0.0, 2.0), [0.0]),
        ("1/(x^2-x+1)", (0.0, 1.0), []),
        ("sin(x)", (-10.0, 10.0), []),
    ])
    func locatesEachPole(expression: String, range: (Double, Double), expected: [Double]) throws {
        let (poles, isComplete) = try Self.poles(expression, range)
        #expect(isComplete)
        #expect(poles.count == expected.count, "\(expression): \(poles)")
        for (pole, x) in zip(poles, expected) {
            #expect(
                pole.lower - 4 * x.ulp <= x && x <= pole.upper + 4 * x.ulp && pole.width <= 1e-10,
                "\(expression): \(x) not in \(pole)")
        }
    }

    /// Values past the largest double are no pole: x^2 on 0…1e200 reported a pole near 0
    /// and "more poles" (the overflow's stretches spent the budget).
    @Test(arguments: [("x^2", (0.0, 1e200)), ("x^2-1", (-1e300, 1e300)), ("exp(x)", (0, 1000))])
    func anOverflowIsNoPole(expression: String, range: (Double, Double)) throws {
        let (poles, isComplete) = try Self.poles(expression, range)
        #expect(poles.isEmpty && isComplete, "\(poles)")
    }

    /// More poles than the budget: the leftmost are located, and the search says it stopped.
    @Test func tooManyPolesStopsWithTheLeftmost() throws {
        let (poles, isComplete) = try Self.poles("1/sin(1e4*x)", (0.001, 1))
        #expect(!isComplete && !poles.isEmpty)
        let first = try #require(poles.first)
        #expect(first.contains(4 * Double.pi / 1e4) || first.lower < 4 * Double.pi / 1e4, "\(first)")
    }
}
