import CalculatorBrain
import GraphCalcSupport
import Testing

@testable import Graphing

/// A long program remembers what it has given: each interval or x is evaluated once,
/// however often and in whatever batches it is asked, and the answers are the program's.
@Suite struct EvaluationMemoTests {
    @Test func eachIntervalAndValueIsEvaluatedOnce() {
        let memo = EvaluationMemo()
        var asked: [Interval] = []
        let intervals = [Interval(0, 1), Interval(1, 2), Interval(0, 1), Interval(2, 3)]
        let first = memo.enclosures(over: intervals) { batch in
            asked += batch
            return batch.map { Enclosure(Interval($0.upper)) }
        }
        // The repeated interval is asked once, and given twice.
        #expect(asked == [Interval(0, 1), Interval(1, 2), Interval(2, 3)])
        #expect(first.map(\.hull) == [Interval(1), Interval(2), Interval(1), Interval(3)])
        let second = memo.enclosures(over: [Interval(2, 3), Interval(3, 4)]) { batch in
            asked += batch
            return batch.map { Enclosure(Interval($0.upper)) }
        }
        #expect(asked.count == 4 && asked.last == Interval(3, 4))
        #expect(second.map(\.hull) == [Interval(3), Interval(4)])

        var xs: [Double] = []
        let values = memo.values(at: [0, -0.0, 1, 0]) { batch in
            xs += batch
            return batch.map { $0.sign == .minus ? -1 : $0 + 10 }
        }
        // −0 and 0 are told apart.
        #expect(xs.count == 3 && values == [10, -1, 11, 10])
        #expect(memo.values(at: [1]) { _ in [.nan] } == [11])
        // [−0, 5] and [0, 5] are asked apart.
        var zeros: [Interval] = []
        _ = memo.enclosures(over: [Interval(-0.0, 5), Interval(0, 5)]) { batch in
            zeros += batch
            return batch.map { Enclosure(Interval($0.lower)) }
        }
        #expect(zeros.count == 2 && zeros[0].lower.sign == .minus && zeros[1].lower.sign == .plus)
    }

    @Test func aLongProgramGivesWhatItsCompiledFormGives() throws {
        // 70,000 instructions: over `EvaluationMemo.leastCost`.
        var ops: [Op] = []
        for term in 0..<35_000 { ops += [.variable("x"), .operand(Double(term)), .binary(.addition), .unary(.sine)] }
        ops += Array(repeating: .binary(.addition), count: 34_999)
        let function = try ProgramFunction(program: Program(ops))
        #expect(function.evaluationCost >= EvaluationMemo.leastCost)
        let intervals = (0..<8).map { Interval(Double($0) / 8, Double($0 + 1) / 8) }
        let xs = intervals.map(\.midpoint)
        for _ in 0..<2 {
            #expect(function.enclosures(over: intervals) == function.compiled.enclosures(over: intervals))
            #expect(function.values(at: xs) == function.compiled.values(at: xs))
        }
    }
}
