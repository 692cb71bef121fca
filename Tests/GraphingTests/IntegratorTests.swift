import CalculatorBrain
import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

/// Definite integrals, enclosed and estimated, against known answers.
@Suite struct IntegratorTests {
    /// The integrator of `expression` with its first `order` derivatives (as many as exist).
    static func integrator(_ expression: String, order: Int = 4) throws -> Integrator {
        let program = try Program(parsing: expression)
        let programs = [program] + program.derivatives(upTo: order)
        let functions = try programs.map { try ProgramFunction(program: $0, accuracy: .exact) }
        return Integrator(function: functions[0], derivatives: Array(functions.dropFirst()))
    }

    static func integral(
        _ expression: String, _ range: (Double, Double), order: Int = 4
    ) throws -> Integrator.Integral {
        try integrator(expression, order: order).integral(over: Interval(range.0, range.1))
    }

    /// An expression, its range and its integral.
    struct Known: Sendable, CustomTestStringConvertible {
        let expression: String
        let range: (Double, Double)
        let value: Double
        var testDescription: String { expression }
    }

    static let known: [Known] = [
        Known(expression: "sin(x)", range: (0, Double.pi), value: 2),
        Known(expression: "exp(-x^2)", range: (-5, 5), value: 1.7724538509027912),  // √π·erf(5)
        Known(expression: "sqrt(x)", range: (0, 1), value: 2.0 / 3),
        Known(expression: "x^3-3x", range: (-2, 3), value: 8.75),
        Known(expression: "floor(x)", range: (0, 3.5), value: 4.5),
        Known(expression: "abs(x)", range: (-1, 2), value: 2.5),
        Known(expression: "1/(1+x^2)", range: (-1, 1), value: Double.pi / 2),
        Known(expression: "sin(x)", range: (-Double.pi, Double.pi), value: 0),
    ]

    /// Each rule: the Taylor rule (no derivatives needed), the two-point Gauss rule (f⁗),
    /// the midpoint rule (f″), the mean-value form (f′) and the plain enclosure.
    @Test(arguments: known, [5, 4, 2, 1, 0])
    func enclosesKnownIntegrals(known: Known, order: Int) throws {
        // The lower rules converge slowly: a looser tolerance keeps them quick.
        var integrator = try Self.integrator(known.expression, order: min(order, 4))
        integrator.usesTaylorRule = order == 5
        integrator.tolerance = [1e-4, 1e-8, 1e-12, 1e-12, 1e-12, 1e-12][order]
        let integral = try integrator.integral(over: Interval(known.range.0, known.range.1))
        let enclosure = try #require(integral.enclosure, "\(known.expression)")
        #expect(integral.status == .proved)
        // The known values are the true ones rounded to a double: within an ulp.
        let slack = known.value.ulp
        #expect(
            enclosure.lower - slack <= known.value && known.value <= enclosure.upper + slack,
            "\(known.expression): \(known.value) not in \(enclosure)")
        #expect(enclosure.contains(integral.estimate))
        #expect(Tolerance.isClose(integral.estimate, known.value, relative: 1e-12), "\(integral.estimate)")
        #expect(
            enclosure.width <= integrator.tolerance * 1e3 * max(1, abs(known.value)),
            "\(known.expression): \(enclosure)")
    }

    /// π, e, τ and φ are irrational: a program's named constant is enclosed by the
    /// doubles either side of it, so the integral of π over [0, 1] holds π itself, not
    /// the double below it (a zero-width enclosure of 3.141592653589793 was "proved").
    @Test(arguments: [
        ("pi", Double.pi, 1.0), ("e", M_E, 1.0), ("tau", 2 * Double.pi, 1.0), ("phi*x", 1.618033988749895, 0.5),
    ])
    func namedConstantsAreEnclosedNotRounded(expression: String, double: Double, factor: Double) throws {
        let integral = try Self.integral(expression, (0, 1))
        let enclosure = try #require(integral.enclosure)
        #expect(integral.status == .proved)
        // The true constant lies strictly between the doubles either side of its double.
        #expect(
            enclosure.lower <= (double * factor).nextDown && (double * factor).nextUp <= enclosure.upper,
            "\(expression): \(enclosure)")
    }

    /// Ranges whose width passes the largest double: no trap, and nothing proved with
    /// bounds past the largest double.
    @Test(arguments: ["exp(-x)", "exp(-x^2)", "x", "sinh(x)", "1/(1+x^2)"])
    func rangesWiderThanTheDoublesProveNothingFalse(expression: String) throws {
        let integral: Integrator.Integral
        do {
            integral = try Self.integral(expression, (-1e308, 1e308))
        } catch {
            return
        }
        if integral.status == .proved { #expect(integral.enclosure?.isBounded == true) }
    }

    @Test func aPoleWhoseIntegralGrowsWithoutBoundDiverges() throws {
        for (expression, pole) in [("1/x", 0.0), ("1/x^2", 0.0), ("1/(x-1)", 1.0), ("tan(x)", Double.pi / 2)] {
            #expect(throws: IntegrationError.diverges(near: pole), "\(expression)") {
                _ = try Self.integral(expression, (pole - 1, pole + 0.5))
            }
        }
    }

    /// A pole a hair from either end diverges as one in the middle does: 1/(x−1e-5) on
    /// 0…1 was estimated as if it converged (its shells, measured from a double an unknown
    /// hair from the pole, read as shrinking). Integrable ones there keep their estimate.
    @Test(arguments: [1e-5, 1e-4, 0.3, 0.999, 0.99999])
    func aPoleNearAnEndDiverges(pole: Double) throws {
        let error = #expect(throws: IntegrationError.self) {
            _ = try Self.integral("1/(x-\(pole))", (0, 1))
        }
        guard case .diverges(let near) = error else {
            Issue.record("1/(x−\(pole)): \(String(describing: error))")
            return
        }
        #expect(abs(near - pole) <= 1e-12, "\(near)")
        let integrable = try Self.integral("1/sqrt(abs(x-\(pole)))", (0, 1))
        let exact = 2 * (pole.squareRoot() + (1 - pole).squareRoot())
        #expect(integrable.status != .proved && Tolerance.isClose(integrable.estimate, exact, relative: 1e-6))
    }

    /// Values past the largest double are said to be, not taken for a removable
    /// singularity: exp(x) on 0…1000.
    @Test func anOverflowIsSaidToBeOne() throws {
        let integral = try Self.integral("exp(x)", (0, 1000))
        guard case .possible(.overflows(let places)) = integral.status else {
            Issue.record("\(integral.status)")
            return
        }
        #expect(places.count == 1 && places[0] > 709.78 && places[0] < 715)
    }

    @Test func leavingTheDomainHasNoValue() throws {
        let error = #expect(throws: IntegrationError.self) { _ = try Self.integral("sqrt(x)", (-1, 1)) }
        guard case .noValue(let x) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(x < 0)
    }

    /// An integrable pole: an estimate, honestly not enclosed.
    @Test func anIntegrablePoleHasAnEstimateButNoEnclosure() throws {
        let integral = try Self.integral("1/sqrt(x)", (0, 1))
        #expect(integral.enclosure == nil && integral.status != .proved)
        #expect(Tolerance.isClose(integral.estimate, 2, relative: 1e-6), "\(integral.estimate)")
    }

    /// A spike too narrow for Gauss–Kronrod's nodes is still inside the enclosure.
    @Test func aNarrowSpikeIsNotMissed() throws {
        let integral = try Self.integral("exp(-((x-0.3)*1e4)^2)", (0, 1))
        let value = Double.pi.squareRoot() / 1e4
        let enclosure = try #require(integral.enclosure)
        #expect(enclosure.lower <= value && value <= enclosure.upper, "\(enclosure)")
        #expect(Tolerance.isClose(integral.estimate, value, relative: 1e-6), "\(integral.estimate)")
    }

    @Test func pairwiseSumsHoldTheExactSum() {
        let shares = Array(repeating: Interval(0.1), count: 100_000)
        let total = Integrator.sum(shares)
        #expect(total.lower <= 10_000 && 10_000 <= total.upper + 2e-12 && total.width < 1e-9)
    }

    /// Operations that absorb an operand (× 0, `min`, `0^`) or have values only at whole
    /// numbers (`!`, `nCr`, `nPr`) keep a bounded enclosure where the function has no
    /// value: no share of the integral is proved there.
    @Test(arguments: ["(x/100)!", "nCr(10,x/100)", "nPr(10,x/100)", "sqrt(x)*0", "min(sqrt(x),0)", "0^sqrt(x)"])
    func aStretchWithoutValuesIsNotProved(expression: String) throws {
        #expect(throws: IntegrationError.noValue(at: -1)) { try Self.integral(expression, (-1, 1)) }
    }

    @Test func aHoleInTheDomainLeavesTheIntegralPossible() throws {
        let integral = try Self.integral("0*(1/x)", (-1, 1))
        #expect(integral.enclosure == nil)
        guard case .possible(let reason) = integral.status else {
            Issue.record("0*(1/x) has no value at 0, yet its integral is \(integral.status)")
            return
        }
        #expect(reason == .holes(places: [0], hasEstimate: true))
        #expect(reason.description.contains("not proved to have a value at x = 0"))
    }

    /// A proved integral means the function has a value at every x of the range: random
    /// programs, integrated with the rules the derivatives allow, then evaluated densely.
    @Test(arguments: [11, 12, 13])
    func aProvedIntegralHasAValueEverywhere(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let operands: [Double] = [0, 1, 2, 0.5, -1, 3, 0.01, 100]
        var proved = 0
        for _ in 0..<150 {
            let program = RandomProgram.make(
                operands: operands, variables: ["x"], maximumOperations: 8, using: &generator)
            let programs = [program] + program.derivatives(upTo: 4)
            guard let functions = try? programs.map({ try ProgramFunction(program: $0, accuracy: .exact) }) else {
                continue
            }
            var integrator = Integrator(function: functions[0], derivatives: Array(functions.dropFirst()))
            integrator.budget = 1_024
            integrator.work = 1 << 18
            integrator.tolerance = 1e-6
            let lower = Double.random(in: -3...3, using: &generator).rounded()
            let range = Interval(lower, lower + ([0.5, 1, 2].randomElement(using: &generator) ?? 1))
            guard let integral = try? integrator.integral(over: range), integral.status == .proved else { continue }
            proved += 1
            let xs = (0...512).map { min(range.lower + range.width * Double($0) / 512, range.upper) }
            for (x, value) in zip(xs, functions[0].values(at: xs)) {
                #expect(!value.isNaN, "∫ \(program) over \(range) is proved, but it has no value at \(x)")
            }
        }
        #expect(proved > 20)
    }
}
