import CalculatorBrain
import Foundation
import Testing

@testable import Graphing

/// Every zero in a range, each proved or said to be possible, against known answers.
@Suite struct ZeroFinderTests {
    private static func zeros(_ expression: String, _ range: (Double, Double)) throws -> [ZeroFinder.Zero] {
        let program = try Program(parsing: expression)
        let function = try ProgramFunction(program: program, accuracy: .exact)
        let derivative = try ProgramFunction(program: program.derivative(), accuracy: .exact)
        return ZeroFinder(function: function, derivative: derivative).zeros(in: Interval(range.0, range.1))
    }

    private static func proved(_ zeros: [ZeroFinder.Zero]) -> [ZeroFinder.Zero] {
        zeros.filter { $0.status == .proved }
    }

    /// An expression, the range searched and its zeros.
    struct Known: Sendable, CustomTestStringConvertible {
        let expression: String
        let range: (Double, Double)
        let zeros: [Double]
        var testDescription: String { expression }
    }

    static let known: [Known] = [
        Known(expression: "sin(x)", range: (-10, 10), zeros: [-3, -2, -1, 0, 1, 2, 3].map { $0 * Double.pi }),
        Known(
            expression: "x^3-2x+1", range: (-2, 2),
            zeros: [(-1 - 5.0.squareRoot()) / 2, (-1 + 5.0.squareRoot()) / 2, 1]),
        Known(expression: "(x-1)*(x-1.000001)", range: (0, 2), zeros: [1, 1.000001]),
        Known(expression: "exp(-x)-x", range: (-5, 5), zeros: [0.5671432904097838]),
        Known(
            expression: "tan(x)-x", range: (0, 20),
            zeros: [0, 4.493409457909064, 7.725251836937707, 10.904121659428899, 14.066193912831473, 17.22075527193077]),
    ]

    /// Known zeros, each inside a proved interval, and nothing else proved.
    @Test(arguments: known)
    func findsEveryKnownZero(known: Known) throws {
        let expression = known.expression, expected = known.zeros
        let proved = Self.proved(try Self.zeros(expression, known.range))
        #expect(proved.count == expected.count, "\(expression): \(proved.map(\.x))")
        for zero in expected {
            #expect(
                proved.contains {
                    $0.interval.lower - 2 * zero.ulp <= zero && zero <= $0.interval.upper + 2 * zero.ulp
                },
                "\(expression): \(zero) in none of \(proved.map(\.interval))")
        }
    }

    /// x−x is 0 everywhere: its centred form (x−x has slope 0) shows it, so the whole
    /// range is one stretch proved 0 throughout — once, not one zero per double (issue 26).
    @Test func anIdenticallyZeroFunctionIsOneStretch() throws {
        let zeros = try Self.zeros("x-x", (-10, 10))
        #expect(zeros == [ZeroFinder.Zero(x: 0, interval: Interval(-10, 10), status: .proved, isThroughout: true)])
    }

    /// Where interval arithmetic cannot show f is 0 on a stretch (ψ has no derivative, so
    /// no centred form helps), a zero at a double whose neighbours are zeros too is not
    /// proved: the stretch is reported possible, in one piece, never a proved zero per
    /// double (issue 26's flood of 199,956).
    @Test func zerosBesideZerosAreNotProvedIsolated() throws {
        let function = try ProgramFunction(program: Program(parsing: "(x-x)*digamma(x+5)"), accuracy: .exact)
        let zeros = ZeroFinder(function: function, derivative: nil).zeros(in: Interval(-1, 1))
        #expect(zeros.allSatisfy { $0.status != .proved }, "\(zeros.prefix(4))")
        #expect(zeros.count <= 4, "\(zeros.count) rows")
        // floor(x) and |x|/x are equal on [−1, 0) and [1, 2): two stretches, proved.
        let difference = try Self.zeros("floor(x)-abs(x)/x", (-3, 3))
        let proved = difference.filter { $0.status == .proved }
        #expect(proved.count == 2 && proved.allSatisfy(\.isThroughout), "\(difference)")
        #expect(proved.first?.interval.lower == -1 && proved.last?.interval.lower == 1, "\(proved)")
    }

    @Test func wilkinsonsPolynomialExpanded() throws {
        let wilkinson =
            "x^10-55x^9+1320x^8-18150x^7+157773x^6-902055x^5+3416930x^4-8409500x^3+12753576x^2-10628640x+3628800"
        let zeros = try Self.zeros(wilkinson, (0.5, 10.5))
        // Every root lies in a reported interval, proved or possible; none is missed.
        for root in 1...10 {
            #expect(zeros.contains { $0.interval.contains(Double(root)) }, "\(root): \(zeros.map(\.interval))")
        }
        // Expanded, it is famously ill-conditioned: interval evaluation is loose between
        // the roots, so some stay possible; none may be missed.
        #expect(Self.proved(zeros).count >= 4)
    }

    @Test func aDoubleRootIsNeverMissedAndPolesAreNotZeros() throws {
        let square = try Self.zeros("(x-1)^2", (0, 2.1))
        #expect(square.count == 1 && square[0].interval.contains(1))
        #expect(try Self.zeros("1/x", (-1, 1)).isEmpty)
        #expect(try Self.zeros("tan(x)", (1, 2)).isEmpty)
        #expect(try Self.zeros("x^2+1", (-10, 10)).isEmpty)
    }

    /// A double root at a double is one proved zero: beside it f is strictly monotone up
    /// to it (f′ vanishes at the zero only), so the subnormal slivers where x^2 rounds to
    /// 0 are no zeros (`zeros x^2` listed ±5e-324 as possible double roots).
    @Test(arguments: [("x^2", 0.0), ("(x-3)^2", 3), ("2x^2", 0)])
    func aDoubleRootAtADoubleIsOneProvedZero(expression: String, root: Double) throws {
        let zeros = try Self.zeros(expression, (root - 2, root + 2))
        let near = zeros.filter { $0.interval.lower <= root + 1e-3 && $0.interval.upper >= root - 1e-3 }
        #expect(near.count == 1 && near[0].status == .proved && near[0].x == root, "\(zeros)")
    }

    /// Infinitely many zeros beside 0: the separable ones proved, one possible interval
    /// for the rest, in bounded work.
    @Test func infinitelyManyZerosEndInOnePossibleInterval() throws {
        let zeros = try Self.zeros("sin(1/x)", (-1, 1))
        let possible = zeros.filter { $0.status != .proved }
        #expect(possible.count == 1 && possible[0].interval.contains(0))
        #expect(Self.proved(zeros).count > 100)
        // Closer in, the crowd around 0 is said once: no possible row lies inside another
        // (−0.01…0.01 listed six more inside the one around 0).
        let closer = try Self.zeros("sin(1/x)", (-0.01, 0.01)).filter { $0.status != .proved }
        for (index, row) in closer.enumerated() {
            #expect(
                !closer.indices.contains {
                    $0 != index && closer[$0].interval.lower <= row.interval.lower
                        && row.interval.upper <= closer[$0].interval.upper
                },
                "\(row.interval) lies inside another possible row")
        }
        #expect(closer.contains { $0.interval.contains(0) })
    }

    /// Every proved interval holds a sign change or is a double where f is exactly 0, and
    /// its x evaluates to nearly 0 for the function's scale.
    @Test(arguments: ["sin(x)", "x^3-2x+1", "tan(x)-x", "exp(-x)-x", "cos(3x)-x/5", "x*sin(x)-1"])
    func provedZerosChangeSign(expression: String) throws {
        let program = try Program(parsing: expression)
        let slope = try program.derivative()
        for zero in Self.proved(try Self.zeros(expression, (-10, 10))) {
            let ends = [zero.interval.lower, zero.interval.upper].map { program.value(variables: ["x": $0]) ?? .nan }
            #expect(zero.interval.isPoint ? ends[0] == 0 : ends[0].sign != ends[1].sign || ends.contains(0))
            let value = program.value(variables: ["x": zero.x]) ?? .nan
            let scale = max(1, abs(slope.value(variables: ["x": zero.x]) ?? 1) * abs(zero.x))
            #expect(abs(value) <= 64 * Double.ulpOfOne * scale, "\(expression) at \(zero.x): \(value)")
        }
    }
}
