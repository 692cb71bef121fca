import CalculatorBrain
import Foundation
import Testing

@testable import Graphing

/// The samplers divide their work by what an evaluation costs: a long program gets fewer
/// evaluations a column, and what they leave loose is kept, not lost.
@Suite struct EvaluationCostTests {
    /// Counts evaluations (points and enclosures) of a program, saying each costs `cost`.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var total = 0
        func add(_ count: Int) { lock.withLock { total += count } }
        var count: Int { lock.withLock { total } }
    }

    private struct CostlyFunction: GraphFunction {
        let base: ProgramFunction
        let evaluationCost: Int
        let counter = Counter()
        var hasGuaranteedEnclosures: Bool { true }
        func values(at xs: [Double]) -> [Double] {
            counter.add(xs.count)
            return base.values(at: xs)
        }
        func enclosures(over intervals: [Interval]) -> [Enclosure] {
            counter.add(intervals.count)
            return base.enclosures(over: intervals)
        }
    }

    @Test func aProgramCostsItsInstructions() throws {
        #expect(try ProgramFunction(program: Program(parsing: "sin(x)+1")).evaluationCost == 2)
        // The variable twice: centred forms add f′ (cos(x)×x+sin(x), 4) and f″ (−(sin(x)×x)+2×cos(x), 6).
        #expect(try ProgramFunction(program: Program(parsing: "sin(x)*x+1")).evaluationCost == 3 + 4 + 6)
        #expect(try ProgramFunction(program: Program(parsing: "x")).evaluationCost == 1)
        // Keys whose enclosures enumerate or call the library several times weigh more.
        #expect(try ProgramFunction(program: Program(parsing: "nCr(10,x)+1")).evaluationCost == 65)
        #expect(try ProgramFunction(program: Program(parsing: "gamma(x)")).evaluationCost == 8)
        #expect(ClosureFunction { $0 }.evaluationCost == 16)
    }

    /// Budgets shrink only past 4,096 instructions; a cost of 0 or less counts as 1.
    @Test(arguments: [(0, 1024), (-5, 1024), (1, 1024), (4096, 1024), (4097, 1023), (1 << 30, 20)])
    func columnBudgetsFollowTheCost(cost: Int, budget: Int) throws {
        let function = CostlyFunction(base: try ProgramFunction(program: Program(parsing: "x")), evaluationCost: cost)
        let sampler = ColumnSampler(
            function: function, viewport: try Viewport(width: 2, height: 2, x: Interval(0, 1), y: Interval(0, 1)))
        #expect(sampler.columnBudget == budget)
        #expect(sampler.sample().count == 2)
    }

    /// `sin(1/x)` beside 0 never gets tight: each column spends its whole budget there.
    @Test(arguments: [(16, 100_000), (1 << 20, 40 * 20)])
    func columnSamplerWorkFollowsTheCost(cost: Int, bound: Int) throws {
        let function = CostlyFunction(
            base: try ProgramFunction(program: Program(parsing: "sin(1/x)")), evaluationCost: cost)
        let viewport = try Viewport(width: 20, height: 24, x: Interval(-0.1, 0.1), y: Interval(-1.5, 1.5))
        let samples = ColumnSampler(function: function, viewport: viewport).sample()
        let spent = function.counter.count
        // The cheap function spends far more than the costly one may.
        #expect(cost == 16 ? spent > 20 * 100 && spent <= bound : spent <= bound, "\(spent) evaluations")
        // Whatever was spent, every value is inside its column's pieces.
        for sample in samples {
            let xs = (0...200).map { sample.x.lower + sample.x.width * Double($0) / 200 }
            for value in function.base.values(at: xs) where value.isFinite {
                #expect(sample.pieces.contains { $0.y.contains(value) }, "\(value) in column \(sample.column)")
            }
        }
    }

    @Test(arguments: [(16, 192), (1 << 17, 8), (1 << 20, 0)])
    func pathSamplerWorkFollowsTheCost(cost: Int, perColumn: Int) throws {
        let function = CostlyFunction(
            base: try ProgramFunction(program: Program(parsing: "sin(1/x)")), evaluationCost: cost)
        let viewport = try Viewport(width: 20, height: 24, x: Interval(-0.1, 0.1), y: Interval(-1.5, 1.5))
        _ = PathSampler(function: function, viewport: viewport).sample()
        // The first level (edges, enclosures, middles), the budget, and the unresolved
        // stretch's look at its simplest double (an enclosure and a few points).
        let bound = 21 + 20 + 20 + 20 * (perColumn + 8)
        #expect(function.counter.count <= bound, "\(function.counter.count) evaluations")
        #expect(cost != 16 || function.counter.count > 20 * 40)
    }

    /// From ``PathSampler/shortestUnrefinedProgram`` on, a smooth function costs the first
    /// level alone, in three batches: the values at the pixel edges, the columns'
    /// enclosures and the values at their middles, which the path joins.
    @Test func aVeryLongProgramsPathJoinsTheFirstLevel() throws {
        let base = try ProgramFunction(program: Program(parsing: "sin(x)"))
        let viewport = try Viewport(width: 20, height: 240, x: Interval(-10, 10), y: Interval(-1.5, 1.5))
        var counts: [Int] = []
        for cost in [(1 << 18) - 1, 1 << 18] {
            let function = CostlyFunction(base: base, evaluationCost: cost)
            let paths = PathSampler(function: function, viewport: viewport).sample().paths
            counts.append(function.counter.count)
            #expect(paths.count == 1)
            if cost == 1 << 18 {
                #expect(function.counter.count == 21 + 20 + 20)
                // Every point is an edge or a middle of a column, at the program's value.
                for point in paths.flatMap({ $0 }) {
                    let pixel = viewport.pixelX(for: point.x)
                    #expect(abs(pixel * 2 - (pixel * 2).rounded()) < 1e-9, "\(point)")
                    #expect(point.y == base.values(at: [point.x])[0])
                }
            }
        }
        #expect(counts[0] > counts[1], "\(counts)")
    }

    @Test func automaticRangeWorkFollowsTheCost() throws {
        // x−x encloses as [a−b, b−a]: every column looks as if it reached beyond the
        // values seen until it is halved small, which the full budget pays for.
        // (ψ has no derivative among the keys, so no centred form tightens it.)
        let program = try Program(parsing: "(x-x)*1000+sin(x)+0*digamma(x+20)")
        let cheap = CostlyFunction(base: try ProgramFunction(program: program), evaluationCost: 16)
        let costly = CostlyFunction(base: try ProgramFunction(program: program), evaluationCost: 1 << 20)
        let cheapRange = AutomaticRange.yRange(for: cheap, x: Interval(-10, 10), columns: 40)
        let costlyRange = AutomaticRange.yRange(for: costly, x: Interval(-10, 10), columns: 40)
        #expect(cheap.counter.count > 64 * 40, "\(cheap.counter.count)")
        #expect(costly.counter.count < 10 * 40, "\(costly.counter.count)")
        // Longer still, fewer columns (16 at least): `workLimit` interval operations.
        let longest = CostlyFunction(base: try ProgramFunction(program: program), evaluationCost: 1 << 22)
        let longestRange = AutomaticRange.yRange(for: longest, x: Interval(-10, 10), columns: 160)
        #expect(longest.counter.count < 160, "\(longest.counter.count)")
        #expect(longestRange.lower <= -0.99 && longestRange.upper >= 0.99, "\(longestRange)")
        // Either way the range holds sin's values.
        for range in [cheapRange, costlyRange] { #expect(range.lower <= -0.99 && range.upper >= 0.99, "\(range)") }
    }

    /// All of `extrema` is bounded, however many candidates: `asin(sin(1/x))` has thousands
    /// of corners near 0, and each once took its own narrowing budget on top of the global
    /// ones (6.8 s). The interval operations spent on f, f′ and f″ stay within a small
    /// multiple of ``ExtremumFinder/work`` (a stretch evaluates f about three times).
    @Test(arguments: ["asin(sin(1/x))", "tanh(max(20,2^x))", "(ln(2-x))^(1e-300^x)"])
    func extremaWorkIsBoundedWhateverTheCandidates(expression: String) throws {
        let program = try Program(parsing: expression)
        let functions = try ([program] + program.derivatives(upTo: 2)).map {
            let base = try ProgramFunction(program: $0, accuracy: .exact)
            return CostlyFunction(base: base, evaluationCost: base.evaluationCost)
        }
        var finder = ExtremumFinder(
            function: functions[0], derivative: functions.count > 1 ? functions[1] : nil,
            secondDerivative: functions.count > 2 ? functions[2] : nil)
        finder.work = 1 << 20
        _ = finder.extrema(in: Interval(-10, 10))
        let spent = functions.reduce(0) { $0 + $1.counter.count * $1.evaluationCost }
        // The work, or, for a function so costly that it buys fewer, the 1,024 stretches a
        // search always gets (centred forms make f cost f′ and f″ as well).
        let stretchCost = 3 * functions[0].evaluationCost + (functions.count > 1 ? functions[1].evaluationCost : 0)
        #expect(spent <= 4 * max(finder.work, 8 * 1_024 * stretchCost), "\(spent) interval operations")
    }

    /// `nCr(1e300, …)` is cheap to write and costly to enclose (up to 64 pairs counted a
    /// stretch): weighed at 64, its integral stays within the work (it took 11 s).
    @Test func integralWorkIsWeighedByTheKeys() throws {
        let program = try Program(parsing: "nCr(1e300,sign(x*mod(1e-300,1e-300)))")
        let functions = try ([program] + program.derivatives(upTo: 4)).map {
            let base = try ProgramFunction(program: $0, accuracy: .exact)
            return CostlyFunction(base: base, evaluationCost: base.evaluationCost)
        }
        #expect(functions[0].evaluationCost >= 64)
        var integrator = Integrator(function: functions[0], derivatives: Array(functions.dropFirst()))
        integrator.work = 1 << 20
        _ = try? integrator.integral(over: Interval(-10, 10))
        let spent = functions.reduce(0) { $0 + $1.counter.count * $1.evaluationCost }
        #expect(spent <= 4 * integrator.work, "\(spent) interval operations")
    }
}
