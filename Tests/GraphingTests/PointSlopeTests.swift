import CalculatorBrain
import Testing

@testable import Graphing

/// Issue 26: slopes decided, never a false "no derivative": where the symbolic
/// derivative has no value but the function is differentiable, the slopes beside the
/// point meet; where they do not, or the function jumps or ends, there is none, and why.
@Suite struct PointSlopeTests {
    @Test(arguments: [
        ("x*abs(x)", 0.0, 0.0), ("abs(x)^3", 0.0, 0.0), ("sin(x)", 1.0, 0.5403023058681398), ("x^2", 3.0, 6.0),
        ("floor(x)", 1.5, 0.0), ("gamma(x)", 1.0, -0.5772156649015329),
    ])
    func aSlopeIsFound(expression: String, x: Double, slope: Double) throws {
        #expect(PointSlope.of(try Program(parsing: expression), at: x) == .value(slope))
    }

    @Test(arguments: [
        ("abs(x)", 0.0, "the slope is -1 from the left and 1 from the right"),
        ("floor(x)", 1.0, "the function jumps here"),
        ("sqrt(x)", 0.0, "the function has values on one side only: an end of its domain"),
    ])
    func noSlopeIsShown(expression: String, x: Double, reason: String) throws {
        #expect(PointSlope.of(try Program(parsing: expression), at: x) == .none(reason: reason))
    }

    @Test func aSlopeThatDoesNotSettleIsUndecided() throws {
        guard case .undecided(let reason) = PointSlope.of(try Program(parsing: "cbrt(x)"), at: 0) else {
            Issue.record("∛x at 0 has a vertical tangent: no slope can be decided")
            return
        }
        #expect(reason.contains("do not settle"))
    }
}
