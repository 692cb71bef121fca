import CalculatorBrain
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

/// Comparisons, `and`, `or`, `not` and `if` over intervals: every value at a point is
/// in the enclosure, "total" means a value at every point, and the flags say what the
/// truth values do.
@Suite struct LogicEnclosureTests {
    private static let operands: [Double] = [-2, -1, -0.5, 0, 0.5, 1, 2, 3]

    /// Random programs of comparisons, logic, `if` and functions with domains and jumps.
    @Test(arguments: [21, 22, 23, 24])
    func enclosuresHoldEveryPointValue(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            let program = RandomProgram.make(
                operands: Self.operands, variables: ["x"], maximumOperations: 12,
                operations: [.sine, .squareRoot, .naturalLogarithm, .logicalNot, .floor, .reciprocal],
                [
                    .addition, .subtraction, .multiplication, .less, .lessOrEqual, .equal, .notEqual, .conjunction,
                    .disjunction,
                ],
                using: &generator)
            let reference = try ReferenceEvaluator(program: program)
            let compiled = try CompiledProgram(program: program, accuracy: .exact)
            let lower = Double.random(in: -3...3, using: &generator)
            let x = Interval(lower, lower + ([0, 0.25, 1, 4].randomElement(using: &generator) ?? 1))
            let enclosure = reference.enclosure(over: x)
            #expect(compiled.enclosures(over: [x]) == [enclosure], "\(program)")
            var points = [x.lower, x.upper, x.midpoint] + Self.operands.filter(x.contains)
            for _ in 0..<16 { points.append(Double.random(in: x.lower...x.upper, using: &generator)) }
            for point in points {
                let value = reference.value(at: point)
                let compiledValue = compiled.values(at: [point])[0]
                #expect(
                    compiledValue.bitPattern == value.bitPattern || (compiledValue.isNaN && value.isNaN),
                    "\(program) at \(point)")
                if value.isNaN {
                    #expect(!enclosure.isTotal, "\(program) has no value at \(point) in total \(enclosure) over \(x)")
                } else {
                    #expect(
                        enclosure.contains(value), "\(program) = \(value) at \(point) outside \(enclosure) over \(x)")
                }
            }
        }
    }

    @Test(arguments: [
        // A comparison decided throughout is one truth value, continuous.
        ("x<1", Interval(-2, 0.5), [Interval(1)], true, true),
        ("x<1", Interval(1, 2), [Interval(0)], true, true),
        ("x<1", Interval(0, 2), [Interval(0, 1)], true, false),
        ("x=0", Interval(0), [Interval(1)], true, true),
        ("x=0", Interval(-1, 1), [Interval(0, 1)], true, false),
        ("x≠0", Interval(1, 2), [Interval(1)], true, true),
        ("not x<1", Interval(-2, 0.5), [Interval(0)], true, true),
        // Kleene: a side false throughout decides `and`, true throughout decides `or`.
        ("x<0 and √x>1", Interval(1, 2), [Interval(0)], true, true),
        ("x<0 or √x>1", Interval(-2, -1), [Interval(1)], true, true),
        ("x>0 and √x>1", Interval(-2, -1), [Interval(0)], true, true),
        ("√x>1 or x<0", Interval(-2, 4), [Interval(0, 1)], false, false),
        // `if`: the branch taken; both branches, and no proof of continuity, across a change.
        ("if(x<0, -x, x)", Interval(1, 2), [Interval(1, 2)], true, true),
        ("if(x<0, -x, x)", Interval(-2, -1), [Interval(1, 2)], true, true),
        // Each branch is enclosed over the whole interval, not only where it is taken.
        ("if(x<0, -x, x+5)", Interval(-1, 1), [Interval(-1, 6)], true, false),
        ("if(x<0, √(-1), x)", Interval(1, 2), [Interval(1, 2)], true, true),
        ("if(x<0, √(-1), x)", Interval(-1, 1), [Interval(-1, 1)], false, false),
        ("if(√x, 1, 2)", Interval(-2, -1), [], false, true),
    ])
    func flagsSayWhatTheTruthValuesDo(
        text: String, x: Interval, pieces: [Interval], isTotal: Bool, isContinuous: Bool
    ) throws {
        let enclosure = try ReferenceEvaluator(program: Program(parsing: text)).enclosure(over: x)
        #expect(enclosure.pieces == pieces, "\(text) over \(x): \(enclosure)")
        if !pieces.isEmpty {
            #expect(enclosure.isTotal == isTotal, "\(text) over \(x): \(enclosure)")
            #expect(enclosure.isContinuous == isContinuous, "\(text) over \(x): \(enclosure)")
        }
    }

    /// `if` compiles with a third operand of any kind: a register, a written constant or
    /// a folded one, and folds away when all three are constants.
    @Test(arguments: ["if(x<1, x, 2)", "if(x, 2, x^2)", "if(1<2, x, 3)", "if(x>0, 1+1, sin(x))", "if(1, 2, 3)+x"])
    func ifCompilesWithEveryKindOfOperand(text: String) throws {
        let program = try Program(parsing: text)
        let compiled = try CompiledProgram(program: program, accuracy: .exact)
        let reference = try ReferenceEvaluator(program: program)
        let xs = stride(from: -3.0, through: 3, by: 0.125).map { $0 }
        #expect(compiled.values(at: xs).map(\.bitPattern) == xs.map { reference.value(at: $0).bitPattern })
        let intervals = xs.map { Interval($0, $0 + 0.5) }
        #expect(compiled.enclosures(over: intervals) == intervals.map { reference.enclosure(over: $0) })
    }
}
