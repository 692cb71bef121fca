import CVectorMath
import CalculatorBrain
import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

/// The Taylor rule: integrals of analytic functions enclosed by a polynomial of degree 19
/// about each stretch's middle and a remainder enclosed over the stretch, in a few wide
/// pieces; kinks, poles and steps left to the other rules.
@Suite struct TaylorIntegrationTests {
    /// An expression, its range, its integral (to 30 digits by mpmath, rounded) and the
    /// most pieces it may take.
    struct Known: Sendable, CustomTestStringConvertible {
        let expression: String
        let range: (Double, Double)
        let value: Double
        let pieces: Int
        var testDescription: String { expression }
    }

    static let known: [Known] = [
        Known(expression: "sin(x)", range: (0, Double.pi), value: 2, pieces: 4),
        Known(expression: "exp(-x^2)", range: (-5, 5), value: 1.77245385090279095076, pieces: 64),
        Known(expression: "sqrt(x)", range: (0, 1), value: 2.0 / 3, pieces: 200),
        Known(expression: "exp(-((x-0.3)*1e4)^2)", range: (0, 1), value: 0.000177245385090551602730, pieces: 400),
        Known(expression: "abs(sin(x))", range: (-10, 10), value: 12.3218569418470950954822, pieces: 2000),
        Known(expression: "sin(50x)", range: (0, 1), value: 0.000700679430157734518621, pieces: 128),
        Known(expression: "1/(1+100x^2)", range: (-1, 1), value: 0.294225534860746918370575, pieces: 128),
        Known(expression: "sqrt(1-x^2)", range: (-1, 1), value: 1.57079632679489661923, pieces: 400),
        Known(expression: "tan(x)", range: (0, 1), value: 0.615626470386014262147, pieces: 16),
        Known(expression: "tanh(x)", range: (0, 2), value: 1.32500274735786443094, pieces: 16),
        Known(expression: "asin(x)", range: (0, 0.5), value: 0.127824791583588083302, pieces: 16),
        Known(expression: "atan(x)", range: (0, 1), value: 0.438824573117475654907, pieces: 16),
        Known(expression: "x^2.5", range: (0, 1), value: 0.285714285714285714286, pieces: 200),
        Known(expression: "ln(x)", range: (1, 2), value: 0.386294361119890618834, pieces: 16),
        Known(expression: "1/x", range: (1, 2), value: 0.693147180559945309417, pieces: 16),
        Known(expression: "exp(sin(x))", range: (0, 10), value: 14.6039909774748454844, pieces: 64),
        // Steps: constant between them, so the rule takes every piece but those at a step.
        Known(expression: "floor(x)*x", range: (0, 3.5), value: 11.375, pieces: 400),
    ]

    /// Each known integral enclosed and proved to 1e-12 in at most its pieces, with the
    /// four derivatives and as `graphcalc integrate` builds it (without them: every
    /// operation here has a recurrence): a regression to thousands of pieces (the
    /// two-point Gauss rule's) fails here.
    @Test(arguments: known, [true, false])
    func enclosesKnownIntegralsInFewPieces(known: Known, withDerivatives: Bool) throws {
        let analysed = try AnalysedFunction(integrating: Program(parsing: known.expression))
        #expect(analysed.derivatives.isEmpty)
        let integral =
            withDerivatives
            ? try IntegratorTests.integral(known.expression, known.range)
            : try analysed.integral(over: Interval(known.range.0, known.range.1))
        let enclosure = try #require(integral.enclosure, "\(known.expression)")
        #expect(integral.status == .proved, "\(known.expression): \(integral.status)")
        // The known values are the true ones rounded to a double: within half an ulp.
        let slack = known.value.ulp / 2
        #expect(
            enclosure.lower <= known.value + slack && known.value - slack <= enclosure.upper,
            "\(known.expression): \(known.value) not in \(enclosure)")
        // The tolerance is relative to ∫|f|, at most 1 here when the value is below 1.
        #expect(enclosure.width <= 2e-12 * max(1, abs(known.value)), "\(known.expression): \(enclosure)")
        #expect(integral.pieces <= known.pieces, "\(known.expression): \(integral.pieces) pieces")
    }

    /// Where the function is not analytic at an end of the range (a root's 0), the pieces
    /// beside it close in 16 times a round, each twice as wide as the last away from it:
    /// few stretches are enclosed beyond the pieces summed (halving closed in twice a
    /// round and enclosed about twice as many as it kept; now about half as many more).
    @Test(
        arguments: [
            ("sqrt(x)", 0.0, 1.0, 2.0 / 3), ("x^0.3", 0, 1, 1 / 1.3), ("sqrt(1-x)", 0, 1, 2.0 / 3),
            ("cbrt(x)", 0, 1, 0.75), ("sqrt(1-x^2)", -1, 1, 1.57079632679489661923),
        ] as [(String, Double, Double, Double)])
    func singularEndsAreClosedInOnQuickly(expression: String, lower: Double, upper: Double, value: Double) throws {
        let integral = try AnalysedFunction(integrating: Program(parsing: expression)).integral(
            over: Interval(lower, upper))
        let enclosure = try #require(integral.enclosure, "\(expression)")
        #expect(integral.status == .proved, "\(expression): \(integral.status)")
        #expect(enclosure.lower <= value + 4 * value.ulp && value - 4 * value.ulp <= enclosure.upper)
        #expect(
            Double(integral.stretchesEnclosed) <= 1.6 * Double(integral.pieces),
            "\(expression): \(integral.stretchesEnclosed) stretches enclosed for \(integral.pieces) pieces")
    }

    /// The rule on one stretch: a smooth function's integral over a wide stretch in one
    /// piece, narrower than the Gauss rule's error term allows; none over a kink, a
    /// pole or a step, or where an operation is not analytic.
    @Test func theRuleOnOneStretch() throws {
        func rule(_ expression: String, _ lower: Double, _ upper: Double) throws -> Interval? {
            let function = try ProgramFunction(program: Program(parsing: expression), accuracy: .exact)
            let series = try #require(TaylorSeries(program: function.compiled, count: 17))
            return series.integral(over: Interval(lower, upper))
        }
        let steps = try #require(try rule("floor(x)*x", 1.25, 1.75))
        #expect(steps.contains(0.75) && steps.width < 1e-14, "\(steps)")
        let sine = try #require(try rule("sin(x)", 0, 1))
        let exact = 1 - 0.54030230586813971740  // 1 − cos 1
        #expect(sine.lower <= exact + exact.ulp && exact - exact.ulp <= sine.upper && sine.width < 1e-14, "\(sine)")
        for (expression, lower, upper) in [
            ("abs(x)", -1.0, 1.0), ("1/x", -1, 1), ("floor(x)", 0, 2), ("sqrt(x)", 0, 1), ("ln(x)", 0, 1),
            ("tan(x)", 1, 2), ("asin(x)", 0, 1), ("mod(x, 1)", 0, 0.5), ("gamma(x)", 1, 2), ("if(x>0,1,2)", -1, 1),
        ] {
            #expect(try rule(expression, lower, upper) == nil, "\(expression)")
        }
    }

    /// Programs with an operation the rule has no recurrence for (or trigonometry in
    /// degrees) get the four derivatives for integration, as many as exist (Γ's second
    /// would need ψ′); the others none.
    @Test(arguments: [
        ("gamma(x)", AngleUnit.radians, 1), ("sin(x)", .degrees, 4), ("if(x>0,x,0)", .radians, 4),
        ("sin(x)", .radians, 0), ("floor(x)*sqrt(x)", .degrees, 0),
    ])
    func integrationBuildsDerivativesWhereTheRuleLacksARecurrence(
        expression: String, angle: AngleUnit, derivatives: Int
    ) throws {
        let analysed = try AnalysedFunction(integrating: Program(parsing: expression), angle: angle)
        #expect(analysed.derivatives.count == derivatives)
    }

    /// The C kernels round outward by the processor's directed rounding, and give the
    /// caller's rounding back: an inexact product, sum or quotient is enclosed by the two
    /// doubles either side of it, an exact one stays a point, and the calculator's
    /// arithmetic afterwards rounds to nearest again.
    @Test func theKernelsRoundOutwardAndRestoreTheRounding() {
        // Operands from an array, so that nothing is computed while compiling.
        let values = [0.1, 0.2, 0.5, 3.0, 1.0, 1e-17]
        let (tenth, fifth, half, three, one) = (values[0], values[1], values[2], values[3], values[4])
        let tiny = values[5]
        var w = [0.0, 0.0]
        #expect(gcvm_taylor_product([tenth, tenth], [tenth, tenth], &w, 1) == 1)
        #expect(w[1] == w[0].nextUp && w[0] <= tenth * tenth && tenth * tenth <= w[1], "\(w)")
        #expect(gcvm_taylor_product([half, half], [half, half], &w, 1) == 1)
        #expect(w == [0.25, 0.25])
        #expect(gcvm_taylor_sum([tenth, tenth], [fifth, fifth], &w, 1, 0) == 1)
        #expect(w[1] == w[0].nextUp && w[0] <= tenth + fifth && tenth + fifth <= w[1], "\(w)")
        // 1 − 10⁻¹⁷ lies between 1 and the double below it (0.1 − 0.2 would be exact).
        #expect(gcvm_taylor_sum([one, one], [tiny, tiny], &w, 1, 1) == 1)
        #expect(w == [one.nextDown, one], "\(w)")
        #expect(gcvm_taylor_divide([one, one], three, three, &w, 1) == 1)
        #expect(w[1] == w[0].nextUp && w[0] <= one / three && one / three <= w[1], "\(w)")
        // −(0.1·0.1) too, through the negated lower bound.
        #expect(gcvm_taylor_product([-tenth, -tenth], [tenth, tenth], &w, 1) == 1)
        #expect(w[1] == w[0].nextUp && w[0] <= -(tenth * tenth) && -(tenth * tenth) <= w[1], "\(w)")
        // Rounded to nearest again: 1/3 and 0.1 + 0.2 as the calculator has always had them.
        #expect(one / three == 0x1.5555555555555p-2)
        #expect(tenth + fifth == 0x1.3333333333334p-2)
        // A bound past the largest double is refused.
        #expect(gcvm_taylor_product([1e200, 1e200], [1e200, 1e200], &w, 1) == 0)
    }

    /// Degrees: sin of degrees is left to the other rules (the rule works in radians),
    /// and the integral is still right.
    @Test func anglesInDegreesAreIntegratedByTheOtherRules() throws {
        let program = try Program(parsing: "sin(x)")
        let function = try ProgramFunction(program: program, accuracy: .exact, angle: .degrees)
        let series = try #require(TaylorSeries(program: function.compiled, count: 17))
        #expect(series.integral(over: Interval(0, 90)) == nil)
        let derivatives = try program.derivatives(upTo: 4, angle: .degrees).map {
            try ProgramFunction(program: $0, accuracy: .exact, angle: .degrees)
        }
        let integral = try Integrator(function: function, derivatives: derivatives).integral(over: Interval(0, 180))
        let enclosure = try #require(integral.enclosure)
        #expect(integral.status == .proved && enclosure.width < 1e-10, "\(integral.status) \(enclosure)")
        let exact = 360 / Double.pi
        #expect(enclosure.lower - exact.ulp <= exact && exact <= enclosure.upper + exact.ulp, "\(enclosure)")
    }

    /// The coefficients hold the function: for random programs of the operations the
    /// rule knows, the Taylor polynomial about a stretch's middle with the remainder's
    /// enclosure holds the calculator's value at points across the stretch (to its
    /// rounding).
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theCoefficientsHoldTheFunction(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let leaves = ["x", "2", "0.5", "(x+3)", "(1-x/4)"]
        let unary = [
            "sin", "cos", "tan", "exp", "atan", "asin", "acos", "sqrt", "ln", "log", "log2", "tanh", "sinh", "cosh",
            "abs", "asinh", "acosh", "atanh", "cbrt", "floor", "neg", "inv",
        ]
        let binary = ["+", "-", "*", "/", "^", "^x", "min", "max"]
        var checked = 0, points = 0, tight = 0
        for _ in 0..<200 {
            var expression = leaves.randomElement(using: &random) ?? "x"
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                if Bool.random(using: &random) {
                    expression = "\(unary.randomElement(using: &random) ?? "sin")(\(expression))"
                } else {
                    let other = leaves.randomElement(using: &random) ?? "x"
                    let operation = binary.randomElement(using: &random) ?? "+"
                    switch operation {
                    case "^": expression = "(\(expression))^\(Int.random(in: -2...3, using: &random))"
                    case "^x": expression = "(\(expression))^\(other)"
                    case "min", "max": expression = "\(operation)(\(expression), \(other))"
                    default: expression = "(\(expression))\(operation)\(other)"
                    }
                }
            }
            let program = try Program(parsing: expression)
            let function = try ProgramFunction(program: program, accuracy: .exact)
            let series = try #require(TaylorSeries(program: function.compiled, count: 17))
            let lower = Double.random(in: -2...2, using: &random)
            let stretch = Interval(lower, lower + Double.random(in: 0.001...0.2, using: &random))
            guard let remainder = series.coefficients(over: stretch),
                let polynomial = series.coefficients(over: Interval(stretch.midpoint))
            else { continue }
            checked += 1
            for index in 0...8 {
                let x = stretch.lower + stretch.width * Double(index) / 8
                let t = x - stretch.midpoint
                var total = IntervalArithmetic.times(remainder[16], Interval(pow(t, 16)))
                for k in 0..<16 {
                    total = IntervalArithmetic.plus(
                        total, IntervalArithmetic.times(polynomial[k], Interval(pow(t, Double(k)))))
                }
                let value = try program.evaluate(variables: ["x": x])
                // Not vacuous: mostly the polynomial and remainder pin the value down (near
                // a pole the remainder may be wide, and still hold it).
                points += 1
                if total.width <= 1e-6 * max(1, abs(value)) { tight += 1 }
                // pow and the calculator round: a few ulps of the terms' size.
                let slack = 1e-13 * max(1, abs(value), total.upper.magnitude, total.lower.magnitude)
                #expect(
                    total.lower - slack <= value && value <= total.upper + slack,
                    "\(expression) at \(x): \(value) not in \(total)")
            }
        }
        #expect(checked >= 60, "\(checked)")
        #expect(tight * 10 >= points * 9, "\(tight) of \(points) tight")
    }
}
