import Foundation
import TestSupport
import Testing

@testable import CalculatorBrain

/// Degrees and gradians: the values a calculator user expects exactly, accurate
/// reduction of huge arguments, poles, and agreement with radians elsewhere.
@Suite struct AngleUnitTests {
    static let exact: [(AngleUnit, String, Double)] = [
        (.degrees, "sin(30)", 0.5), (.degrees, "sin(150)", 0.5), (.degrees, "sin(-30)", -0.5),
        (.degrees, "sin(180)", 0), (.degrees, "sin(360)", 0), (.degrees, "sin(90)", 1), (.degrees, "sin(270)", -1),
        (.degrees, "cos(60)", 0.5), (.degrees, "cos(90)", 0), (.degrees, "cos(180)", -1), (.degrees, "cos(120)", -0.5),
        (.degrees, "sin(45)", 0.5.squareRoot()), (.degrees, "cos(30)", 0.8660254037844386),
        (.degrees, "tan(45)", 1), (.degrees, "tan(135)", -1), (.degrees, "tan(60)", 1.7320508075688772),
        (.degrees, "tan(30)", 0.5773502691896257), (.degrees, "tan(180)", 0),
        (.degrees, "asin(0.5)", 30), (.degrees, "asin(-1)", -90), (.degrees, "acos(0.5)", 60),
        (.degrees, "acos(-0.5)", 120), (.degrees, "acos(-1)", 180), (.degrees, "atan(1)", 45),
        (.degrees, "atan(-1)", -45), (.degrees, "atan(sqrt(3))", 60), (.degrees, "atan2(1, -1)", 135),
        (.degrees, "atan2(-1, 0)", -90), (.degrees, "asin(sin(30))", 30),
        (.gradians, "sin(100)", 1), (.gradians, "cos(200)", -1), (.gradians, "sin(50)", 0.5.squareRoot()),
        (.gradians, "atan(1)", 50), (.gradians, "asin(1)", 100),
        (.radians, "sin(30)", sin(30)), (.radians, "asin(1)", Double.pi / 2),
        // 10²² degrees is 280 degrees: reduced exactly.
        (.degrees, "sin(1e22)", -0.984807753012208),
        // Hyperbolic functions do not take angles.
        (.degrees, "sinh(1)", sinh(1)),
    ]

    @Test(arguments: exact)
    func calculatorAnglesAreExact(unit: AngleUnit, expression: String, expected: Double) throws {
        let value = try Program(parsing: expression).evaluate(angle: unit)
        #expect(value == expected, "\(expression) in \(unit) = \(value)")
    }

    @Test(arguments: [
        (AngleUnit.degrees, "tan(90)", 90.0), (.degrees, "tan(-270)", -270), (.gradians, "tan(100)", 100),
    ])
    func tangentHasPolesAtOddQuarterTurns(unit: AngleUnit, expression: String, argument: Double) throws {
        #expect(throws: EvaluationError.pole(operation: "tan", argument: argument)) {
            try Program(parsing: expression).evaluate(angle: unit)
        }
    }

    /// Away from the exact angles, degrees agree with radians to within a couple of ulps.
    @Test(arguments: [AngleUnit.degrees, .gradians])
    func agreesWithRadiansElsewhere(unit: AngleUnit) {
        // A fixed linear congruential sequence: the same angles every run.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<5000 {
            let x = (next() - 0.5) * 4 * unit.halfTurn
            let radians = x * (Double.pi / unit.halfTurn)
            for (value, reference) in [
                (unit.sine(x), sin(radians)), (unit.cosine(x), cos(radians)),
            ] {
                #expect(
                    Tolerance.isClose(value, reference, relative: 4 * Double.ulpOfOne),
                    "\(unit) \(x): \(value) vs \(reference)")
            }
        }
    }
}
