import CalculatorBrain
import GraphCalcSupport

/// Decides a relation on every cell of a viewport's grid, after Tupper's "Reliable
/// two-dimensional graphing methods": a cell is **proved** when a point of it where the
/// relation holds is shown, **excluded** when interval evaluation shows it holds nowhere
/// in it, and **undecided** when the work allowed runs out first.
///
/// Cells are first taken in blocks (the whole view, then quarters, down to single
/// cells), so a block the relation holds throughout or nowhere in is decided at once.
/// A cell left open is probed: at its corners, its centre and its simplest point (0, or
/// the number of fewest digits in it), each evaluated as a point interval, so a value is
/// exact where the arithmetic is (`x^2+y^2=0` at (0, 0)). An inequality holds at a probe
/// whose enclosure is on its side; an equation holds in a box where its difference is
/// continuous with a value throughout and has probes of both signs (by the intermediate
/// value theorem along the segment joining them), or along the box's horizontal or
/// vertical segment through its simplest point where the difference is continuous with
/// a value on that segment and of both signs at its ends (`x^y=y^x` at y = 2, where x^y
/// has values for x < 0 only on such lines). `and` needs one point for all its
/// parts: a probe where all hold, or all but one holding throughout the box and that one
/// shown somewhere in it. A cell neither proved nor excluded is split into four, up to
/// ``cellDepth`` times, within ``budget``. Ctrl-C stops the work between batches; what
/// is left is undecided.
///
/// Cells are closed: a curve through the corner of four cells is in all four.
public struct RelationSampler: Sendable {
    /// The relation decided.
    public let relation: Relation
    /// The grid: one cell a pixel.
    public let viewport: Viewport
    /// How many times an undecided cell is halved each way (into up to 4ⁿ boxes).
    public var cellDepth = 4
    /// The most evaluations (a difference of up to 16 instructions over a box or at a
    /// point; a longer one counts as several) a sample makes; what they do not reach is
    /// undecided.
    public var budget = Self.defaultBudget

    /// The budget a sampler starts with: 2,000,000 evaluations, about a second of work
    /// for a relation of a few operations (far more than a figure of well-behaved
    /// relations needs).
    public static let defaultBudget = 2_000_000

    /// A sampler of `relation` on the cells of `viewport`.
    public init(relation: Relation, viewport: Viewport) {
        self.relation = relation
        self.viewport = viewport
    }

    /// What is known about where the relation holds over an x × y box.
    enum Truth {
        case never
        case unknown
        case always
    }

    /// An x × y box of the plane.
    struct Box {
        var x: Interval
        var y: Interval
    }

    /// A rectangle of cells: columns `left..<right`, rows `top..<bottom` from the top.
    private struct Block {
        var left: Int
        var top: Int
        var right: Int
        var bottom: Int
    }

    /// Every cell's status, row by row from the top.
    public func sample() -> CellSample {
        let columns = viewport.width, rows = viewport.height
        let xEdges = (0...columns).map { viewport.x(atPixel: Double($0)) }
        let yEdges = (0...rows).map { viewport.y(atPixel: Double($0)) }
        var statuses = [CellStatus](repeating: .undecided, count: columns * rows)
        var work = 0
        let perBox = relation.costPerBox

        // Blocks, halved until each is decided or a single cell.
        var blocks = [Block(left: 0, top: 0, right: columns, bottom: rows)]
        var openCells: [Int] = []
        while !blocks.isEmpty && !Cancellation.isRequested && work + blocks.count * perBox <= budget {
            work += blocks.count * perBox
            let boxes = blocks.map {
                Box(x: Interval(xEdges[$0.left], xEdges[$0.right]), y: Interval(yEdges[$0.bottom], yEdges[$0.top]))
            }
            let enclosures = self.enclosures(over: boxes)
            // Interrupted, a batch's enclosures are incomplete: its blocks stay undecided.
            if Cancellation.isRequested { break }
            var next: [Block] = []
            for (index, block) in blocks.enumerated() {
                let truth = self.truth(relation.formula) { self.truth(of: $0, enclosures[$1][index]) }
                if truth != .unknown {
                    for row in block.top..<block.bottom {
                        for column in block.left..<block.right {
                            statuses[row * columns + column] = truth == .always ? .proved : .excluded
                        }
                    }
                } else if block.right - block.left == 1 && block.bottom - block.top == 1 {
                    openCells.append(block.top * columns + block.left)
                } else {
                    let middleColumn = (block.left + block.right + 1) / 2,
                        middleRow = (block.top + block.bottom + 1) / 2
                    for (left, right) in [(block.left, middleColumn), (middleColumn, block.right)] where left < right {
                        for (top, bottom) in [(block.top, middleRow), (middleRow, block.bottom)] where top < bottom {
                            next.append(Block(left: left, top: top, right: right, bottom: bottom))
                        }
                    }
                }
            }
            blocks = next
        }

        // Single cells: probed, then split into smaller boxes, each level in one batch.
        var boxesLeft: [Int: Int] = [:]
        var pending: [(cell: Int, box: Box)] = openCells.map { cell in
            let row = cell / columns, column = cell % columns
            return (
                cell, Box(x: Interval(xEdges[column], xEdges[column + 1]), y: Interval(yEdges[row + 1], yEdges[row]))
            )
        }
        for cell in openCells { boxesLeft[cell] = 1 }
        var depth = 0
        while !pending.isEmpty && !Cancellation.isRequested {
            let cost = pending.count * perBox * (3 + Self.probesPerBox)
            guard work + cost <= budget else { break }
            work += cost
            let enclosures = self.enclosures(over: pending.map(\.box))
            let probes = pending.flatMap { Self.probes(in: $0.box) }
            let probeEnclosures = self.enclosures(over: probes)
            let segmentEnclosures = self.enclosures(over: pending.flatMap { Self.segments(in: $0.box) })
            if Cancellation.isRequested { break }
            var next: [(cell: Int, box: Box)] = []
            for (index, (cell, box)) in pending.enumerated() where statuses[cell] != .proved {
                let boxTruth: (Int) -> Truth = { comparison in
                    self.truth(of: comparison, enclosures[self.relation.comparisons[comparison].difference][index])
                }
                switch truth(relation.formula, boxTruth) {
                case .always:
                    statuses[cell] = .proved
                    continue
                case .never:
                    boxesLeft[cell, default: 1] -= 1
                    if boxesLeft[cell] == 0 { statuses[cell] = .excluded }
                    continue
                case .unknown:
                    break
                }
                let firstProbe = index * Self.probesPerBox
                let probeTruths: [(Int) -> Truth] = (0..<Self.probesPerBox).map { probe in
                    { comparison in
                        let difference = self.relation.comparisons[comparison].difference
                        let enclosure = probeEnclosures[difference][firstProbe + probe]
                        let truth = self.truth(of: comparison, enclosure)
                        // Two sides computing the same at the point are equal, exactly.
                        if truth == .unknown, enclosure.isTotal, enclosure.contains(0),
                            case let point = probes[firstProbe + probe],
                            self.relation.sidesAreEqual(difference, x: point.x.lower, y: point.y.lower)
                        {
                            return Self.truth(
                                of: self.relation.comparisons[comparison].operation, Enclosure(Interval(0)))
                        }
                        return truth
                    }
                }
                let signChanges: (Int) -> Bool = { comparison in
                    let difference = self.relation.comparisons[comparison].difference
                    let atProbes = probeEnclosures[difference]
                    // The probes at `ends` have values of both signs, and the difference is
                    // continuous with a value on a convex set holding them.
                    func changesSign(_ ends: Range<Int>, over set: Enclosure) -> Bool {
                        guard set.isTotal, set.isContinuous, set.count == 1 else { return false }
                        let values = ends.map { atProbes[firstProbe + $0] }
                        return values.contains { $0.isTotal && ($0.hull?.lower ?? 0) > 0 }
                            && values.contains { $0.isTotal && ($0.hull?.upper ?? 0) < 0 }
                    }
                    return changesSign(0..<Self.pointProbes, over: enclosures[difference][index])
                        || changesSign(
                            Self.pointProbes..<(Self.pointProbes + 2), over: segmentEnclosures[difference][2 * index])
                        || changesSign(
                            (Self.pointProbes + 2)..<Self.probesPerBox,
                            over: segmentEnclosures[difference][2 * index + 1])
                }
                if holdsSomewhere(relation.formula, box: boxTruth, probes: probeTruths, signChanges: signChanges) {
                    statuses[cell] = .proved
                } else if depth < cellDepth {
                    boxesLeft[cell, default: 1] += 3
                    let x = box.x, y = box.y
                    let xHalves = [Interval(x.lower, x.midpoint), Interval(x.midpoint, x.upper)]
                    let yHalves = [Interval(y.lower, y.midpoint), Interval(y.midpoint, y.upper)]
                    for xHalf in xHalves {
                        for yHalf in yHalves { next.append((cell, Box(x: xHalf, y: yHalf))) }
                    }
                }
            }
            pending = next
            depth += 1
        }
        return CellSample(columns: columns, rows: rows, statuses: statuses)
    }

    // MARK: - Truth over boxes and at points

    /// Each difference's enclosure over each box: `[difference][box]`, tightened by the
    /// mean-value form where the difference is smooth there and its plain enclosure
    /// holds 0: d(c) + ∂d/∂x(B)·(X − cx) + ∂d/∂y(B)·(Y − cy) at the box's centre c, which
    /// shrinks with the box where the plain one keeps the dependency problem's width.
    private func enclosures(over boxes: [Box]) -> [[Enclosure]] {
        let xs = boxes.map(\.x), ys = boxes.map(\.y)
        return zip(relation.differences, relation.slopes).map { difference, slopes in
            var enclosures = difference.enclosures(over: xs, ys)
            guard let slopes else { return enclosures }
            let open = enclosures.indices.filter { index in
                let enclosure = enclosures[index]
                return enclosure.isTotal && enclosure.isContinuous && enclosure.count == 1 && enclosure.contains(0)
                    && !boxes[index].x.isPoint
            }
            guard !open.isEmpty else { return enclosures }
            let boxX = open.map { xs[$0] }, boxY = open.map { ys[$0] }
            let centreX = boxX.map(\.midpoint), centreY = boxY.map(\.midpoint)
            let atCentre = difference.enclosures(over: centreX.map { Interval($0) }, centreY.map { Interval($0) })
            let slopesX = slopes.x.enclosures(over: boxX, boxY), slopesY = slopes.y.enclosures(over: boxX, boxY)
            for (position, index) in open.enumerated() {
                guard let value = atCentre[position].hull, atCentre[position].isTotal,
                    let slopeX = slopesX[position].hull, slopesX[position].isTotal, slopeX.isBounded,
                    let slopeY = slopesY[position].hull, slopesY[position].isTotal, slopeY.isBounded
                else { continue }
                let offsetX = BinaryOperation.subtraction.enclosure(over: boxX[position], Interval(centreX[position]))
                let offsetY = BinaryOperation.subtraction.enclosure(over: boxY[position], Interval(centreY[position]))
                guard let dx = offsetX.hull, let dy = offsetY.hull else { continue }
                let change = BinaryOperation.addition.enclosure(
                    over: BinaryOperation.product(slopeX, dx), BinaryOperation.product(slopeY, dy))
                guard let mean = BinaryOperation.addition.enclosure(of: Enclosure(value), change).hull,
                    let plain = enclosures[index].hull
                else { continue }
                // Both hold every value; so does their intersection (never empty).
                if let tightened = plain.intersection(mean) {
                    enclosures[index] = Enclosure(tightened)
                }
            }
            return enclosures
        }
    }

    /// What a comparison of a difference with 0 does over a box, from the difference's
    /// enclosure there: `always` needs a value at every point.
    func truth(of comparison: Int, _ enclosure: Enclosure) -> Truth {
        Self.truth(of: relation.comparisons[comparison].operation, enclosure)
    }

    /// What `d op 0` does where d's values are `enclosure`.
    static func truth(of operation: BinaryOperation, _ enclosure: Enclosure) -> Truth {
        var canHold = false, canFail = !enclosure.isTotal
        for piece in enclosure.pieces {
            let isZero = piece.lower == 0 && piece.upper == 0
            switch operation {
            case .less: (canHold, canFail) = (canHold || piece.lower < 0, canFail || piece.upper >= 0)
            case .lessOrEqual: (canHold, canFail) = (canHold || piece.lower <= 0, canFail || piece.upper > 0)
            case .greater: (canHold, canFail) = (canHold || piece.upper > 0, canFail || piece.lower <= 0)
            case .greaterOrEqual: (canHold, canFail) = (canHold || piece.upper >= 0, canFail || piece.lower < 0)
            case .equal: (canHold, canFail) = (canHold || piece.contains(0), canFail || !isZero)
            default: (canHold, canFail) = (canHold || !isZero, canFail || piece.contains(0))
            }
        }
        return canHold ? (canFail ? .unknown : .always) : .never
    }

    /// A formula's truth from its comparisons' (Kleene's logic: `and` fails where any
    /// part fails throughout, `or` holds where any part holds throughout).
    func truth(_ formula: Relation.Formula, _ comparison: (Int, Int) -> Truth) -> Truth {
        truth(formula) { comparison($0, relation.comparisons[$0].difference) }
    }

    func truth(_ formula: Relation.Formula, _ comparison: (Int) -> Truth) -> Truth {
        switch formula {
        case .comparison(let index):
            return comparison(index)
        case .all(let parts):
            let truths = parts.map { truth($0, comparison) }
            if truths.contains(.never) { return .never }
            return truths.allSatisfy { $0 == .always } ? .always : .unknown
        case .any(let parts):
            let truths = parts.map { truth($0, comparison) }
            if truths.contains(.always) { return .always }
            return truths.allSatisfy { $0 == .never } ? .never : .unknown
        }
    }

    /// Whether the formula is shown to hold at some point of the box: at a probe, by a
    /// sign change of a continuous difference (for `=`, `≤`, `≥`), or for `and`, with all
    /// but one part holding throughout the box and that one shown somewhere in it.
    private func holdsSomewhere(
        _ formula: Relation.Formula, box: (Int) -> Truth, probes: [(Int) -> Truth], signChanges: (Int) -> Bool
    ) -> Bool {
        switch formula {
        case .comparison(let index):
            if box(index) == .always || probes.contains(where: { $0(index) == .always }) { return true }
            let operation = relation.comparisons[index].operation
            return [.equal, .lessOrEqual, .greaterOrEqual].contains(operation) && signChanges(index)
        case .any(let parts):
            return parts.contains { holdsSomewhere($0, box: box, probes: probes, signChanges: signChanges) }
        case .all(let parts):
            if probes.contains(where: { probe in truth(formula, probe) == .always }) { return true }
            let open = parts.filter { truth($0, box) != .always }
            guard open.count <= 1 else { return false }
            return open.first.map { holdsSomewhere($0, box: box, probes: probes, signChanges: signChanges) } ?? true
        }
    }

    // MARK: - Probes

    /// How many points a box is probed at: ``pointProbes``, then the ends of its two
    /// ``segments(in:)``.
    static let probesPerBox = 10

    /// The corners, the centre and the simplest point.
    static let pointProbes = 6

    /// The corners, the centre and the simplest point of a box, then the ends of its
    /// horizontal and vertical segments through the simplest point, as point boxes.
    static func probes(in box: Box) -> [Box] {
        let xs = [box.x.lower, box.x.upper], ys = [box.y.lower, box.y.upper]
        let simplestX = simplest(in: box.x), simplestY = simplest(in: box.y)
        var points = xs.flatMap { x in ys.map { y in (x, y) } }
        points.append((box.x.midpoint, box.y.midpoint))
        points.append((simplestX, simplestY))
        points += xs.map { ($0, simplestY) } + ys.map { (simplestX, $0) }
        return points.map { Box(x: Interval($0.0), y: Interval($0.1)) }
    }

    /// The box's horizontal and vertical segments through its simplest point.
    static func segments(in box: Box) -> [Box] {
        [Box(x: box.x, y: Interval(simplest(in: box.y))), Box(x: Interval(simplest(in: box.x)), y: box.y)]
    }

    /// The number of fewest significant bits in `x`: 0 when it holds 0, else the
    /// multiple of the largest power of two that fits (1 in [0.7, 1.3], 0.5 in [0.45, 0.6]).
    static func simplest(in x: Interval) -> Double {
        if x.contains(0) { return 0 }
        guard x.isBounded, !x.isPoint else { return x.midpoint }
        // The largest power of two is 2¹⁰²³ (a step of ∞ would never end the search).
        let exponent = min(max(abs(x.lower), abs(x.upper)).exponent + 1, Double.greatestFiniteMagnitude.exponent)
        var step = Double(sign: .plus, exponent: exponent, significand: 1)
        while step > 0 && step.isFinite {
            let candidate = (x.lower / step).rounded(.up) * step
            if candidate >= x.lower && candidate <= x.upper { return candidate }
            step /= 2
        }
        return x.midpoint
    }
}
