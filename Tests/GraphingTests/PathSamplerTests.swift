import CalculatorBrain
import Foundation
import Testing

@testable import Graphing

@Suite struct PathSamplerTests {
    private static func lines(_ expression: String, x: ClosedRange<Double>, width: Int = 200) throws -> [[Point]] {
        let function = try ProgramFunction(program: Program(parsing: expression))
        let viewport = try Viewport(
            width: width, height: 100, x: Interval(x.lowerBound, x.upperBound), y: Interval(-10, 10))
        return PathSampler(function: function, viewport: viewport).sample().paths
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
        let viewport = try Viewport(width: 1, height: 10, x: Interval(-8e307, 8e307), y: Interval(-1, 1))
        let lines = PathSampler(function: function, viewport: viewport).sample().paths
        #expect(lines.first?.first == Point(x: 0, y: 0))
    }

    /// A long program's refinement made ahead in batches, every column's next evaluation
    /// at a time, draws exactly the paths and breaks that one evaluation at a time draws,
    /// in no more calls, and a fraction of them where many columns are refined: here
    /// batching is asked of every program.
    @Test(
        arguments: [
            ("sin(30x)", 0.25), ("exp(sin(40x))", 0.25), ("sin(1/x)", 0.6), ("sin(x)", 1), ("x^x", 1),
            ("1/(1+1e20*(x-0.123456)^2)", 1),
            ("tan(x)", 1), ("sqrt(x)", 1), ("1/x", 1), ("floor(x)", 1), ("sqrt(-x^2)", 1), ("(-2)^x", 1), ("ln(x)", 1),
            ("sqrt(sin(x))", 1), ("0^x", 1),
        ] as [(String, Double)])
    func batchedRefinementDrawsTheSamePaths(expression: String, share: Double) throws {
        let viewport = try Viewport(width: 300, height: 200, x: Interval(-3, 3), y: Interval(-4, 4))
        let one = CountingFunction(try ProgramFunction(program: Program(parsing: expression)))
        var sampler = PathSampler(function: one, viewport: viewport)
        sampler.shortestBatchedProgram = .max
        let batched = CountingFunction(try ProgramFunction(program: Program(parsing: expression)))
        var batching = PathSampler(function: batched, viewport: viewport)
        batching.shortestBatchedProgram = 0
        let expected = sampler.sample(), sample = batching.sample()
        #expect(sample == expected, "\(expression)")
        #expect(!sample.paths.isEmpty)
        #expect(
            Double(batched.calls) <= share * Double(one.calls),
            "\(expression): \(batched.calls) calls batched, \(one.calls) one at a time")
    }

    @Test func undefinedRegionsLeaveGaps() throws {
        let lines = try Self.lines("sqrt(sin(x))", x: -7...7, width: 300)
        #expect(lines.count == 3)
        for line in lines { #expect(line.allSatisfy { $0.y >= 0 }) }
        #expect(try Self.lines("ln(-1-x^2)", x: -1...1).isEmpty)
    }
}

/// A function that counts what it is asked, for tests of bounded work.
final class CountingFunction: GraphFunction, @unchecked Sendable {
    let base: any GraphFunction
    /// How many points and intervals it was asked for.
    private(set) var evaluations = 0
    /// How many times it was asked (a batch is one call).
    private(set) var calls = 0

    init(_ base: any GraphFunction) { self.base = base }

    func values(at xs: [Double]) -> [Double] {
        evaluations += xs.count
        calls += 1
        return base.values(at: xs)
    }

    func enclosures(over intervals: [Interval]) -> [Enclosure] {
        evaluations += intervals.count
        calls += 1
        return base.enclosures(over: intervals)
    }

    var hasGuaranteedEnclosures: Bool { base.hasGuaranteedEnclosures }
}

/// What SVG export found hard: overflow, nowhere-defined stretches, narrow spikes and
/// isolated points.
@Suite struct PathSamplerTruthTests {
    private static func sample(
        _ expression: String, x: (Double, Double) = (-10, 10), y: (Double, Double) = (-10, 10), width: Int = 600
    ) throws -> (paths: [[Point]], evaluations: Int, viewport: Viewport) {
        let function = CountingFunction(try ProgramFunction(program: Program(parsing: expression)))
        let viewport = try Viewport(width: width, height: 400, left: x.0, right: x.1, bottom: y.0, top: y.1)
        let sampler = PathSampler(function: function, viewport: viewport)
        let paths = sampler.sample().paths
        return (paths, function.evaluations, viewport)
    }

    /// Each once took from a minute to several, and up to 1.2 GB.
    @Test(arguments: [
        ("1/(x-x)", (-10.0, 10.0), (-10.0, 10.0)), ("sqrt(x-x)", (-10, 10), (-10, 10)),
        ("tan(1e10x)", (-10, 10), (-10, 10)), ("1/sin(1e9x)", (-10, 10), (-10, 10)),
        ("exp(x)", (700, 720), (0, 1e308)), ("0^x", (-10, 10), (-10, 10)), ("exp(exp(x))", (6, 7), (0, 1e300)),
    ])
    func workIsBoundedPerColumn(expression: String, x: (Double, Double), y: (Double, Double)) throws {
        let run = try Self.sample(expression, x: x, y: y)
        // 600 columns, a couple of hundred evaluations each at most, whatever the function.
        #expect(run.evaluations <= 600 * 200, "\(expression): \(run.evaluations) evaluations")
    }

    @Test func aSpikeNarrowerThanAnyHalvingReachesItsTop() throws {
        // Its peak (1 at 0.123456) is 1e-10 wide: the path was flat.
        let run = try Self.sample("1/(1+1e20*(x-0.123456)^2)", x: (-1, 1), y: (-0.1, 1.1))
        let highest = run.paths.flatMap { $0 }.map(\.y).max() ?? 0
        #expect(run.viewport.pixelY(for: highest) - run.viewport.pixelY(for: 1) < 0.5, "\(highest)")
        let dip = try Self.sample("1-2/(1+1e20*(x-0.123456)^2)", x: (-1, 1), y: (-1.1, 1.1))
        let lowest = dip.paths.flatMap { $0 }.map(\.y).min() ?? 0
        #expect(abs(dip.viewport.pixelY(for: lowest) - dip.viewport.pixelY(for: -1)) < 0.5, "\(lowest)")
    }

    @Test func isolatedPointsArePathsOfOnePoint() throws {
        // In doubles −x² underflows to −0 for |x| < 1e-162, and 1+x² is 1 for |x| < 1e-8:
        // islands far below a pixel, shown as the points they look like.
        let origin = try Self.sample("sqrt(-x^2)").paths
        #expect(origin.count == 1 && origin[0].count == 1 && abs(origin[0][0].x) < 1e-100 && origin[0][0].y == 0)
        let arc = try Self.sample("asin(1+x^2)").paths
        #expect(arc.count == 1 && arc[0].count == 1 && abs(arc[0][0].x) < 1e-6 && arc[0][0].y == .pi / 2)
        let whole = try Self.sample("(-2)^x", x: (-3.3, 3.3), y: (-10, 10)).paths
        #expect(whole.allSatisfy { $0.count == 1 })
        #expect(whole.map { $0[0] } == (-3...3).map { Point(x: Double($0), y: pow(-2, Double($0))) })
    }

    @Test func aJumpWhoseColumnRunsOutOfBudgetHasNoRiser() throws {
        // x/abs(x) has loose enclosures around 0 (x appears twice): the budget ran out and
        // the path went straight from −3 to 3.
        for x in [(-3.0, 3.0), (-1.0, 1.0), (-2.9, 3.1)] {
            let paths = try Self.sample("x/abs(x)*3", x: x, y: (-5, 5)).paths
            #expect(!paths.contains { $0.contains { $0.y < 0 } && $0.contains { $0.y > 0 } }, "\(x)")
        }
    }

    @Test func theSimplestDoubleIsFoundEvenAtTheTopOfTheRange() {
        #expect(PathSampler.simplest(in: 1e308, 1.5e308) == 0x1.8p1023)
        #expect(PathSampler.simplest(in: 3.2, 3.9) == 3.5)
        #expect(PathSampler.simplest(in: -0.1, 0.1) == 0)
        #expect(PathSampler.simplest(in: 1.7976931348623157e308, 1.7976931348623157e308) == 1.7976931348623157e308)
    }

    @Test func zeroToThePowerJumpsWithoutARiser() throws {
        // 0^0 = 1 beside 0^x = 0 for x > 0: no segment joins them.
        let paths = try Self.sample("0^x").paths
        #expect(paths.contains([Point(x: 0, y: 1)]))
        #expect(!paths.contains { $0.count > 1 && $0.contains { $0.y > 0.5 } && $0.contains { $0.y < 0.5 } })
    }
}
