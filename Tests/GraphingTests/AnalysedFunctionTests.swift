import CalculatorBrain
import Testing

@testable import Graphing

/// The analyses as a library user calls them: one value with the function and its
/// derivatives, every answer proved or saying why not.
@Suite struct AnalysedFunctionTests {
    @Test func zerosExtremaIntegralsAndPolesOfOneFunction() throws {
        let cubic = try AnalysedFunction(Program(parsing: "x^3-2x+1"))
        #expect(cubic.derivatives.count == 2 && cubic.slope != nil && cubic.bending != nil)
        let zeros = cubic.zeros(in: Interval(-2, 2))
        #expect(zeros.count == 3 && zeros.allSatisfy { $0.status == .proved })
        #expect(zeros.map(\.x).contains(1))
        let extrema = cubic.extrema(in: Interval(-2, 2))
        #expect(extrema.contains { $0.kind == .localMaximum && $0.status == .proved })
        #expect(extrema.contains { $0.kind == .localMinimum && $0.status == .proved })

        let square = try AnalysedFunction(Program(parsing: "x^2"), order: 4)
        let integral = try square.integral(over: Interval(0, 1))
        #expect(integral.status == .proved && integral.enclosure?.contains(1.0 / 3) == true)

        let tangent = try AnalysedFunction(Program(parsing: "tan(x)"))
        let poles = tangent.poles(in: Interval(0, 4))
        #expect(poles.isComplete && poles.poles.count == 1 && poles.poles[0].contains(Double.pi / 2))
    }

    @Test func aVariableAndAnAngleUnit() throws {
        let wave = try AnalysedFunction(Program(parsing: "a*sin(t)"), variable: "t", values: ["a": 2], angle: .degrees)
        let zeros = wave.zeros(in: Interval(1, 359))
        #expect(zeros.count == 1 && zeros[0].x == 180 && zeros[0].status == .proved)
        #expect(throws: GraphingError.self) { try AnalysedFunction(Program(parsing: "a*x")) }
    }

    @Test func pointsOfInterestOfSeveralFunctions() throws {
        let functions = try ["x^2-1", "x"].map { try AnalysedFunction(Program(parsing: $0)) }
        let points = AnalysedFunction.pointsOfInterest(of: functions, over: Interval(-2, 2))
        // Two zeros and a minimum of x^2-1, the zero of x, and two crossings.
        #expect(points.filter { $0.kind == .zero }.count == 3)
        #expect(points.filter { $0.kind == .minimum }.count == 1)
        #expect(points.filter { $0.kind == .intersection }.count == 2)
    }
}
