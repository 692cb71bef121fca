extension PathSampler {
    /// The evaluations the refinement will make, made ahead in batches across the columns,
    /// for a long program (one of ``shortestBatchedProgram`` interval operations or more):
    /// evaluated one at a time, a long program costs each instruction's dispatch and
    /// working memory for a single value, where a batch of every column's next evaluation
    /// shares them.
    ///
    /// A planning pass walks each column's refinement as `sample` does, with the same
    /// budget, up to the first evaluation not made ahead, which it notes; the noted
    /// evaluations, one a column, are then made in two batches (points, enclosures), and
    /// the next pass goes one evaluation further in every column not yet done. Stopping at
    /// the first keeps the plan exact: what a column does next depends on what it has seen
    /// and spent. Planning stops short of what is done by bisection (domain ends, located
    /// breaks, isolated points), which the drawing pass does in turn. The drawing pass
    /// takes each column's evaluations in the order they were made, each checked against
    /// what it asks for, and evaluates anything else itself, so the paths are the same as
    /// without it: this only changes how the evaluations are grouped.
    final class Prefetch {
        /// One evaluation made ahead: what was asked and the answer.
        private enum Made {
            case value(x: Double, y: Double)
            case enclosures(x: [Interval], [Enclosure])
            case enclosure(x: Interval, Enclosure)
        }

        /// Each column's evaluations, in the order its refinement asks for them.
        private var made: [[Made]]
        /// The columns whose planning ran to the end without waiting.
        private(set) var isDone: [Bool]
        private var wantedValues: [(column: Int, x: Double)] = []
        private var wantedEnclosures: [(column: Int, x: [Interval])] = []

        /// A plan for `columns` columns, nothing made yet.
        init(columns: Int) {
            made = Array(repeating: [], count: columns)
            isDone = Array(repeating: false, count: columns)
        }

        /// f(x), when it is the column's next evaluation made ahead (moving `cursor` on).
        func value(_ x: Double, column: Int, cursor: inout Int) -> Double? {
            guard cursor < made[column].count, case .value(let asked, let y) = made[column][cursor],
                asked.bitPattern == x.bitPattern
            else { return nil }
            cursor += 1
            return y
        }

        /// The enclosures over `xs`, when they are the column's next evaluation made ahead
        /// (moving `cursor` on).
        func enclosures(over xs: [Interval], column: Int, cursor: inout Int) -> [Enclosure]? {
            guard cursor < made[column].count, case .enclosures(let asked, let enclosures) = made[column][cursor],
                asked.count == xs.count, zip(asked, xs).allSatisfy({ Self.isSame($0, $1) })
            else { return nil }
            cursor += 1
            return enclosures
        }

        /// The enclosure over `x`, when it is the column's next evaluation made ahead, alone
        /// (moving `cursor` on).
        func enclosure(over x: Interval, column: Int, cursor: inout Int) -> Enclosure? {
            guard cursor < made[column].count, case .enclosure(let asked, let enclosure) = made[column][cursor],
                Self.isSame(asked, x)
            else { return nil }
            cursor += 1
            return enclosure
        }

        /// Whether two stretches are the same doubles, bit for bit (−0 is not 0).
        private static func isSame(_ a: Interval, _ b: Interval) -> Bool {
            a.lower.bitPattern == b.lower.bitPattern && a.upper.bitPattern == b.upper.bitPattern
        }

        /// Notes f(x) as the column's next evaluation.
        func want(_ x: Double, column: Int) { wantedValues.append((column, x)) }

        /// Notes the enclosures over `xs` as the column's next evaluation.
        func want(_ xs: [Interval], column: Int) { wantedEnclosures.append((column, xs)) }

        /// Notes that the column's planning ran to its end.
        func finish(column: Int) { isDone[column] = true }

        /// Makes what was noted since the last batch, in one batch of points and one of
        /// enclosures; false when nothing was.
        func evaluateWanted(_ function: any GraphFunction) -> Bool {
            guard !wantedValues.isEmpty || !wantedEnclosures.isEmpty else { return false }
            if !wantedValues.isEmpty {
                let ys = function.values(at: wantedValues.map(\.x))
                for (wanted, y) in zip(wantedValues, ys) { made[wanted.column].append(.value(x: wanted.x, y: y)) }
            }
            if !wantedEnclosures.isEmpty {
                let enclosures = function.enclosures(over: wantedEnclosures.flatMap(\.x))
                var offset = 0
                for wanted in wantedEnclosures {
                    let answer = Array(enclosures[offset..<(offset + wanted.x.count)])
                    offset += wanted.x.count
                    made[wanted.column].append(
                        wanted.x.count == 1 ? .enclosure(x: wanted.x[0], answer[0]) : .enclosures(x: wanted.x, answer))
                }
            }
            wantedValues = []
            wantedEnclosures = []
            return true
        }
    }
}
