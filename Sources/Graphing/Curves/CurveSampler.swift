import GraphCalcSupport

/// Draws a curve true on a viewport's grid of cells: every cell the curve passes
/// through is drawn, none is missed (a loop, a cusp or a turn smaller than a cell
/// included), and each is **proved** where a point of the curve is shown in it,
/// **undecided** where the curve is only enclosed near it.
///
/// The parameter range is cut into intervals, about one per pixel of the curve's length;
/// each interval's x and y are enclosed (plain interval arithmetic: the overestimate of a
/// variable used twice, `r·cos θ`, shrinks with the interval, and halving is cheaper than
/// a centred form here), and so are its two ends, evaluated as point intervals. A cell that holds an
/// end's whole enclosure holds a point of the curve: proved. An interval whose box lies
/// in one cell where both coordinates have a value throughout proves that cell too; one
/// whose box touches only proved cells, or lies out of view, is done; any other is
/// halved, in rounds that evaluate every pending interval in one batch, down to
/// ``maximumDepth`` halvings and within ``budget``. What is left when the work runs out
/// marks the cells its box touches undecided. Across a pole in the parameter (`(t,
/// tan(t))`) an enclosure splits in two pieces that leave the view, so no cell between
/// the branches is drawn. Cells are closed: a point on an edge is in the cells on both
/// sides. Ctrl-C stops the work between rounds; what is left is undecided.
public struct CurveSampler: Sendable {
    /// The curve drawn.
    public let curve: Curve
    /// The grid: one cell a pixel.
    public let viewport: Viewport
    /// The parameter range.
    public let t: Interval
    /// The fewest equal intervals the parameter range starts in; ``sample(keepsPieces:)`` starts in
    /// about one per pixel of the curve's length in view (measured on 1,025 points), so
    /// that few intervals need halving.
    public var initialPieces = 64
    /// How many times an interval may be halved.
    public var maximumDepth = 48
    /// The most evaluations (one coordinate over an interval or at a point, of up to 16
    /// instructions; a longer one counts as several) a sample makes.
    public var budget = Self.defaultBudget

    /// The budget a sampler starts with: 1,000,000 evaluations, far more than a curve of
    /// a few turns needs on a screen.
    public static let defaultBudget = 1_000_000

    /// What evaluating one coordinate costs against the budget: 1 for up to 16
    /// instructions, one more for each 16 after.
    var evaluationCost: Int {
        max(1, (max(curve.x.costOfEvaluation, curve.y.costOfEvaluation) + 15) / 16)
    }

    /// A sampler of `curve` over the parameter range `t` on the cells of `viewport`.
    public init(curve: Curve, viewport: Viewport, t: Interval) {
        self.curve = curve
        self.viewport = viewport
        self.t = t
    }

    private struct Pending {
        let t: Interval
        let depth: Int
    }

    /// Columns `left...right` and rows `top...bottom` (from the top) of the grid.
    struct CellRange {
        let left: Int, right: Int, top: Int, bottom: Int

        var count: Int { (right - left + 1) * (bottom - top + 1) }
    }

    /// The grid's cell edges, for finding the cells a box touches.
    struct Grid {
        /// Column edges, left to right (`columns + 1`).
        let xEdges: [Double]
        /// Row edges, top to bottom (`rows + 1`), decreasing.
        let yEdges: [Double]
        /// The pixels, for a first guess of where a value lies.
        let viewport: Viewport

        init(_ viewport: Viewport) {
            self.viewport = viewport
            xEdges = (0...viewport.width).map { viewport.x(atPixel: Double($0)) }
            yEdges = (0...viewport.height).map { viewport.y(atPixel: Double($0)) }
        }

        var columns: Int { xEdges.count - 1 }
        var rows: Int { yEdges.count - 1 }

        /// The closed cells that meet the box `x` × `y`, or `nil` when none does.
        func touched(x: Interval, y: Interval) -> CellRange? {
            // Columns c with xEdges[c] ≤ x.upper and xEdges[c + 1] ≥ x.lower.
            let left = firstIndex(in: 0..<columns, near: column(x.lower)) { xEdges[$0 + 1] >= x.lower }
            let right = firstIndex(in: 0..<columns, near: column(x.upper) + 1) { xEdges[$0] > x.upper } - 1
            // Rows r with yEdges[r + 1] ≤ y.upper and yEdges[r] ≥ y.lower.
            let top = firstIndex(in: 0..<rows, near: row(y.upper)) { yEdges[$0 + 1] <= y.upper }
            let bottom = firstIndex(in: 0..<rows, near: row(y.lower) + 1) { yEdges[$0] < y.lower } - 1
            guard left <= right, top <= bottom else { return nil }
            return CellRange(left: left, right: right, top: top, bottom: bottom)
        }

        /// The closed cells that hold the whole box `x` × `y` (up to four, when it is a
        /// point on a corner), or `nil` when none does.
        func holding(x: Interval, y: Interval) -> CellRange? {
            // Columns c with xEdges[c] ≤ x.lower and x.upper ≤ xEdges[c + 1].
            let left = firstIndex(in: 0..<columns, near: column(x.upper)) { xEdges[$0 + 1] >= x.upper }
            let right = firstIndex(in: 0..<columns, near: column(x.lower) + 1) { xEdges[$0] > x.lower } - 1
            let top = firstIndex(in: 0..<rows, near: row(y.lower)) { yEdges[$0 + 1] <= y.lower }
            let bottom = firstIndex(in: 0..<rows, near: row(y.upper) + 1) { yEdges[$0] < y.upper } - 1
            guard left <= right, top <= bottom else { return nil }
            return CellRange(left: left, right: right, top: top, bottom: bottom)
        }

        /// The column where `x` lies by the pixel mapping (a guess: rounding may be a
        /// column off), clamped to just outside the grid.
        private func column(_ x: Double) -> Int {
            Self.index(viewport.pixelX(for: x), upTo: columns)
        }

        /// The row where `y` lies by the pixel mapping (a guess), from the top.
        private func row(_ y: Double) -> Int {
            Self.index(viewport.pixelY(for: y), upTo: rows)
        }

        /// `pixel` rounded down and clamped to −1…`count` (0 for NaN), inline: it runs
        /// four times for every box.
        @inline(__always)
        private static func index(_ pixel: Double, upTo count: Int) -> Int {
            guard pixel > -1 else { return -1 }
            guard pixel < Double(count) else { return pixel.isNaN ? 0 : count }
            return Int(pixel.rounded(.down))
        }

        /// The first index in `range` where `isPast` holds (it holds from there on), or
        /// the range's end: found by stepping from `guess` when it is close, else by
        /// bisection.
        private func firstIndex(in range: Range<Int>, near guess: Int, _ isPast: (Int) -> Bool) -> Int {
            var index = min(max(guess, range.lowerBound), range.upperBound)
            for _ in 0..<4 {
                // `index` is the answer when isPast holds there (or it is the end) and
                // not just before it.
                let holdsHere = index == range.upperBound || isPast(index)
                let holdsBefore = index > range.lowerBound && isPast(index - 1)
                if holdsHere && !holdsBefore { return index }
                index += holdsHere ? -1 : 1
            }
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let middle = (low + high) / 2
                if isPast(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// The cells the curve passes through, decided, and (`keepsPieces`) the pieces it was
    /// enclosed in; a drawing needs only the cells.
    public func sample(keepsPieces: Bool = true) -> CurveSample {
        let grid = Grid(viewport)
        var statuses = [CellStatus](repeating: .excluded, count: grid.columns * grid.rows)
        let cost = evaluationCost
        var spent = 0
        var pieces: [CurvePiece] = []
        // Pieces the work ran out on: their cells not proved are undecided.
        var unresolved: [CellRange] = []
        var isUnfinished = false

        func prove(_ cells: CellRange) {
            for row in cells.top...cells.bottom {
                for column in cells.left...cells.right { statuses[row * grid.columns + column] = .proved }
            }
        }
        func allProved(_ cells: CellRange) -> Bool {
            for row in cells.top...cells.bottom {
                for column in cells.left...cells.right where statuses[row * grid.columns + column] != .proved {
                    return false
                }
            }
            return true
        }
        // The curve at parameter values, enclosed as point intervals (plain interval
        // arithmetic: a centred form has nothing to tighten at a point); a cell holding
        // a point's whole enclosure holds a point of the curve, and is proved.
        func witness(_ ts: [Double]) {
            let intervals = ts.map { Interval($0) }
            let xs = curve.x.compiled.enclosures(over: intervals), ys = curve.y.compiled.enclosures(over: intervals)
            spent += 2 * ts.count * cost
            for (x, y) in zip(xs, ys) {
                if x.isTotal, y.isTotal, let px = x.hull, let py = y.hull, let cells = grid.holding(x: px, y: py) {
                    prove(cells)
                }
            }
        }

        let starts = Self.split(t, into: startingPieces())
        witness(starts.map(\.lower) + [t.upper])
        var pending = starts.map { Pending(t: $0, depth: 0) }
        while !pending.isEmpty {
            let ts = pending.map(\.t)
            let xs = curve.x.enclosures(over: ts), ys = curve.y.enclosures(over: ts)
            spent += 2 * pending.count * cost
            if Cancellation.isRequested || spent >= budget {
                isUnfinished = true
                for (t, (x, y)) in zip(ts, zip(xs, ys)) {
                    let piece = CurvePiece(t: t, x: x, y: y)
                    if keepsPieces { pieces.append(piece) }
                    unresolved += Self.cells(of: piece, grid)
                }
                break
            }
            var halved: [Pending] = []
            for (index, item) in pending.enumerated() {
                let x = xs[index], y = ys[index]
                let piece = CurvePiece(t: item.t, x: x, y: y)
                if keepsPieces { pieces.append(piece) }
                // One box, as a rule (two or four across a pole): without an array.
                let single = x.count == 1 && y.count == 1 ? x.hull.flatMap { bx in y.hull.map { (bx, $0) } } : nil
                let touched: [CellRange]
                if let (boxX, boxY) = single {
                    guard let cells = grid.touched(x: boxX, y: boxY) else { continue }
                    if x.isTotal && y.isTotal, let held = grid.holding(x: boxX, y: boxY) {
                        // The box is in one cell (or on the edges of a few), and the
                        // curve has points in it. Where the box also reaches a
                        // neighbour's edge exactly (a maximum of 1 on the edge at 1), the
                        // curve may touch that closed cell: halving cannot tell (every
                        // half that holds the maximum reaches the edge), so it is
                        // undecided.
                        prove(held)
                        if held.count != cells.count { unresolved.append(cells) }
                        continue
                    }
                    if cells.count <= 64 && allProved(cells) { continue }
                    touched = [cells]
                } else {
                    touched = Self.cells(of: piece, grid)
                    if touched.allSatisfy({ $0.count <= 64 && allProved($0) }) { continue }
                }
                if item.depth < maximumDepth, item.t.lower < item.t.midpoint, item.t.midpoint < item.t.upper {
                    halved.append(item)
                    if keepsPieces { pieces.removeLast() }
                } else {
                    unresolved += touched
                }
            }
            // Each interval halved: its middle is a point of both halves, witnessed once.
            witness(halved.map(\.t.midpoint))
            pending = []
            pending.reserveCapacity(2 * halved.count)
            for item in halved {
                let middle = item.t.midpoint
                pending.append(Pending(t: Interval(item.t.lower, middle), depth: item.depth + 1))
                pending.append(Pending(t: Interval(middle, item.t.upper), depth: item.depth + 1))
            }
        }
        for cells in unresolved {
            for row in cells.top...cells.bottom {
                for column in cells.left...cells.right where statuses[row * grid.columns + column] == .excluded {
                    statuses[row * grid.columns + column] = .undecided
                }
            }
        }
        pieces.sort { $0.t.lower < $1.t.lower }
        return CurveSample(
            cells: CellSample(columns: grid.columns, rows: grid.rows, statuses: statuses), pieces: pieces,
            isUnfinished: isUnfinished)
    }

    /// About one interval per pixel of the curve's length in view, as a polyline through
    /// 1,025 evenly spaced points measures it (a segment with an end in view, counted up
    /// to the view's perimeter, so a branch running off to a pole costs no more), at
    /// least ``initialPieces`` and at most 65,536.
    func startingPieces() -> Int {
        let count = 1024
        let ts = (0...count).map { t.lower + (t.upper - t.lower) * Double($0) / Double(count) }
        let xs = curve.x.values(at: ts), ys = curve.y.values(at: ts)
        let perimeter = 2 * Double(viewport.width + viewport.height)
        let cost = evaluationCost
        var length = 0.0
        var last: (Double, Double)?
        for (x, y) in zip(xs, ys) {
            let pixel = (viewport.pixelX(for: x), viewport.pixelY(for: y))
            guard pixel.0.isFinite, pixel.1.isFinite else {
                last = nil
                continue
            }
            let width = Double(viewport.width), height = Double(viewport.height)
            func isInView(_ point: (Double, Double)) -> Bool {
                point.0 >= -1 && point.0 <= width + 1 && point.1 >= -1 && point.1 <= height + 1
            }
            if let last, isInView(last) || isInView(pixel) {
                let step = ((pixel.0 - last.0) * (pixel.0 - last.0) + (pixel.1 - last.1) * (pixel.1 - last.1))
                    .squareRoot()
                length += min(step, perimeter)
            }
            last = pixel
        }
        // No more than a tenth of the budget on the first round.
        let affordable = max(initialPieces, budget / (40 * cost))
        return min(max(initialPieces, Int(min(length, 65_536))), 65_536, affordable)
    }

    /// The cell ranges each box of `piece` (x piece × y piece) touches.
    static func cells(of piece: CurvePiece, _ grid: Grid) -> [CellRange] {
        if piece.x.count == 1, piece.y.count == 1, let x = piece.x.hull, let y = piece.y.hull {
            return grid.touched(x: x, y: y).map { [$0] } ?? []
        }
        var ranges: [CellRange] = []
        for x in piece.x.pieces {
            for y in piece.y.pieces {
                if let cells = grid.touched(x: x, y: y) { ranges.append(cells) }
            }
        }
        return ranges
    }

    /// `range` cut into `count` equal intervals (fewer when it holds fewer doubles).
    static func split(_ range: Interval, into count: Int) -> [Interval] {
        guard range.lower < range.upper else { return [range] }
        var ends = [range.lower]
        for index in 1..<max(1, count) {
            let end = range.lower + (range.upper - range.lower) * Double(index) / Double(count)
            if let last = ends.last, end > last, end < range.upper { ends.append(end) }
        }
        ends.append(range.upper)
        return zip(ends, ends.dropFirst()).map { Interval($0, $1) }
    }
}
