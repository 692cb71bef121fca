import CalculatorBrain
import Testing

@testable import Graphing

@Suite struct PathSamplerTests {
    private static func lines(_ expression: String, x: ClosedRange<Double>, width: Int = 200) throws -> [[Point]] {
        let function = try ProgramFunction(program: Program(parsing: expression))
        let viewport = try Viewport(width: width, height: 100, x: x, y: -10...10)
        return PathSampler(function: function, viewport: viewport).sample()
    }

    @Test func squareRootStartsExactlyAtTheOrigin() throws {
        let lines = try Self.lines("sqrt(x)", x: -1.03...3)
        #expect(lines.count == 1)
        #expect(lines[0].first == Point(x: 0, y: 0))
        #expect(lines[0].last?.x == 3)
        let logarithm = try Self.lines("sqrt(1-x^2)", x: -2.01...2)
        #expect(logarithm.count == 1)
        #expect(logarithm[0].first?.y == 0 && logarithm[0].last?.y == 0)
        #expect(logarithm[0].first?.x == -1 && logarithm[0].last?.x == 1)
    }

    @Test func polesBreakTheLine() throws {
        #expect(try Self.lines("1/x", x: -1.01...1).count == 2)
        #expect(try Self.lines("tan(x)", x: -10...10, width: 400).count == 7)
        #expect(try Self.lines("1/(x-1)^2", x: -3...3).count == 2)
    }

    @Test func steepButContinuousStretchesStayJoined() throws {
        #expect(try Self.lines("atan(1000*x)", x: -1...1).count == 1)
        #expect(try Self.lines("x^9", x: -3...3).count == 1)
        #expect(try Self.lines("sin(x)", x: -10...10).count == 1)
    }

    @Test func domainEndsAreFoundAcrossTheWholeRangeOfDoubles() throws {
        let function = try ProgramFunction(program: Program(parsing: "sqrt(x)"))
        let viewport = try Viewport(width: 1, height: 10, x: -8e307...8e307, y: -1...1)
        let lines = PathSampler(function: function, viewport: viewport).sample()
        #expect(lines.first?.first == Point(x: 0, y: 0))
    }

    @Test func undefinedRegionsLeaveGaps() throws {
        let lines = try Self.lines("sqrt(sin(x))", x: -7...7, width: 300)
        #expect(lines.count == 3)
        for line in lines { #expect(line.allSatisfy { $0.y >= 0 }) }
        #expect(try Self.lines("ln(-1-x^2)", x: -1...1).isEmpty)
    }
}
