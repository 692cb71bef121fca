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
