import CalculatorBrain
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

/// What a proof claims holds where the function has a value: random programs (operations
/// that absorb an operand, keys defined only at whole numbers, domain ends), searched for
/// zeros and extrema; every proved answer's x has a value, as point evaluation finds it.
@Suite struct ProofDomainTests {
    static let operands: [Double] = [0, 1, 2, 0.5, -1, 3, 0.01, 100]

    static func functions(_ program: Program) -> [ProgramFunction]? {
        try? ([program] + program.derivatives(upTo: 2)).map { try ProgramFunction(program: $0, accuracy: .exact) }
    }

    @Test(arguments: [21, 22, 23])
    func aProvedZeroHasAValue(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var proved = 0
        for _ in 0..<300 {
            let program = RandomProgram.make(
                operands: Self.operands, variables: ["x"], maximumOperations: 8, using: &generator)
            guard let functions = Self.functions(program) else { continue }
            var finder = ZeroFinder(function: functions[0], derivative: functions.count > 1 ? functions[1] : nil)
            finder.budget = 2_000
            let lower = Double.random(in: -3...3, using: &generator).rounded()
            for zero in finder.zeros(in: Interval(lower, lower + 2)) where zero.status == .proved {
                proved += 1
                let value = functions[0].values(at: [zero.x])[0]
                #expect(!value.isNaN, "\(program) has a proved zero at \(zero.x), where it has no value")
            }
        }
        #expect(proved > 10)
    }

    /// Proved means isolated (issue 26): a proved zero at one double has no neighbouring
    /// double where the function is exactly 0 too (that is a stretch, reported once), and
    /// a proved stretch of zeros is 0 at every double looked at in it.
    @Test(arguments: [41, 42, 43])
    func aProvedZeroIsIsolatedAndAProvedStretchIsZero(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var points = 0, stretches = 0
        for _ in 0..<300 {
            let program = RandomProgram.make(
                operands: Self.operands, variables: ["x"], maximumOperations: 8, using: &generator)
            guard let functions = Self.functions(program) else { continue }
            var finder = ZeroFinder(function: functions[0], derivative: functions.count > 1 ? functions[1] : nil)
            finder.budget = 2_000
            let lower = Double.random(in: -3...3, using: &generator).rounded()
            let range = Interval(lower, lower + 2)
            for zero in finder.zeros(in: range) where zero.status == .proved {
                if zero.isThroughout {
                    stretches += 1
                    let xs = (0...64).map { zero.interval.lower + zero.interval.width * Double($0) / 64 }
                    let values = functions[0].values(at: xs.map { min($0, zero.interval.upper) })
                    #expect(values.allSatisfy { $0 == 0 }, "\(program) on \(zero.interval): \(values)")
                } else if zero.interval.isPoint {
                    points += 1
                    // (Beyond the range's ends is not the search's business.)
                    let neighbours = [zero.x.nextDown, zero.x.nextUp].filter(range.contains)
                    let beside = functions[0].enclosures(over: neighbours.map { Interval($0) })
                    for enclosure in beside {
                        #expect(
                            !(enclosure.isTotal && enclosure.pieces == [Interval(0)]),
                            "\(program): a proved zero at \(zero.x) with a zero beside it")
                    }
                }
            }
        }
        #expect(points > 5 && stretches > 0, "\(points) points, \(stretches) stretches")
    }

    @Test(arguments: [31, 32, 33])
    func aProvedExtremumHasAValue(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var proved = 0
        for _ in 0..<120 {
            let program = RandomProgram.make(
                operands: Self.operands, variables: ["x"], maximumOperations: 8, using: &generator)
            guard let functions = Self.functions(program) else { continue }
            var finder = ExtremumFinder(
                function: functions[0], derivative: functions.count > 1 ? functions[1] : nil,
                secondDerivative: functions.count > 2 ? functions[2] : nil)
            finder.budget = 2_000
            finder.work = 1 << 18
            let lower = Double.random(in: -3...3, using: &generator).rounded()
            // An unbounded value is an overflow, which point evaluation reports as no value
            // though the real function has one (Γ(403)).
            for extremum in finder.extrema(in: Interval(lower, lower + 2))
            where extremum.status == .proved && extremum.value.isBounded {
                proved += 1
                let value = functions[0].values(at: [extremum.x])[0]
                #expect(
                    !value.isNaN,
                    "\(program): a proved \(extremum.kind.rawValue) at \(extremum.x), where it has no value")
            }
        }
        #expect(proved > 20)
    }
}
