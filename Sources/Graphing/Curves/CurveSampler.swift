import GraphCalcSupport

/// Draws a curve true on a viewport's grid of cells: every cell the curve passes
/// through is drawn, none is missed (a loop, a cusp or a turn smaller than a cell
/// included), and each is **proved** where a point of the curve is shown in it,
/// **undecided** where the curve is only enclosed near it.
///
/// The parameter range is cut into ``initialPieces`` intervals; each interval's x and y
/// are enclosed (interval arithmetic, with centred forms against the dependency
/// problem), and so are its two ends, evaluated as point intervals. A cell that holds an
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
    /// How many equal intervals the parameter range starts in.
    public var initialPieces = 64
    /// How many times an interval may be halved.
    public var maximumDepth = 48
    /// The most evaluations (one coordinate over an interval or at a point, of up to 16
    /// instructions; a longer one counts as several) a sample makes.
    public var budget = Self.defaultBudget

    /// The budget a sampler starts with: 1,000,000 evaluations, far more than a curve of
    /// a few turns needs on a screen.
    public static let defaultBudget = 1_000_000

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

        init(_ viewport: Viewport) {
            xEdges = (0...viewport.width).map { viewport.x(atPixel: Double($0)) }
            yEdges = (0...viewport.height).map { viewport.y(atPixel: Double($0)) }
        }

        var columns: Int { xEdges.count - 1 }
        var rows: Int { yEdges.count - 1 }

        /// The closed cells that meet the box `x` × `y`, or `nil` when none does.
        func touched(x: Interval, y: Interval) -> CellRange? {
            // Columns c with xEdges[c] ≤ x.upper and xEdges[c + 1] ≥ x.lower.
            let left = firstIndex(in: 0..<columns) { xEdges[$0 + 1] >= x.lower }
            let right = firstIndex(in: 0..<columns) { xEdges[$0] > x.upper } - 1
            // Rows r with yEdges[r + 1] ≤ y.upper and yEdges[r] ≥ y.lower.
            let top = firstIndex(in: 0..<rows) { yEdges[$0 + 1] <= y.upper }
            let bottom = firstIndex(in: 0..<rows) { yEdges[$0] < y.lower } - 1
            guard left <= right, top <= bottom else { return nil }
            return CellRange(left: left, right: right, top: top, bottom: bottom)
        }

        /// The closed cells that hold the whole box `x` × `y` (up to four, when it is a
        /// point on a corner), or `nil` when none does.
        func holding(x: Interval, y: Interval) -> CellRange? {
            // Columns c with xEdges[c] ≤ x.lower and x.upper ≤ xEdges[c + 1].
            let left = firstIndex(in: 0..<columns) { xEdges[$0 + 1] >= x.upper }
            let right = firstIndex(in: 0..<columns) { xEdges[$0] > x.lower } - 1
            let top = firstIndex(in: 0..<rows) { yEdges[$0 + 1] <= y.lower }
            let bottom = firstIndex(in: 0..<rows) { yEdges[$0] < y.upper } - 1
            guard left <= right, top <= bottom else { return nil }
            return CellRange(left: left, right: right, top: top, bottom: bottom)
        }

        /// The first index in `range` where `isPast` holds (it holds from there on), or
        /// the range's end.
        private func firstIndex(in range: Range<Int>, _ isPast: (Int) -> Bool) -> Int {
            var low = range.lowerBound, high = range.upperBound
            while low < high {
                let middle = (low + high) / 2
                if isPast(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }
    }

    /// The cells the curve passes through, decided, and the pieces it was enclosed in.
    public func sample() -> CurveSample {
        let grid = Grid(viewport)
        var statuses = [CellStatus](repeating: .excluded, count: grid.columns * grid.rows)
        let cost = max(1, (max(curve.x.costOfEvaluation, curve.y.costOfEvaluation) + 15) / 16)
        var spent = 0
        var pending = Self.split(t, into: initialPieces).map { Pending(t: $0, depth: 0) }
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

        while !pending.isEmpty {
            if Cancellation.isRequested || spent >= budget {
                isUnfinished = true
                let ts = pending.map(\.t)
                for (t, (x, y)) in zip(ts, zip(curve.x.enclosures(over: ts), curve.y.enclosures(over: ts))) {
                    let piece = CurvePiece(t: t, x: x, y: y)
                    pieces.append(piece)
                    unresolved += Self.cells(of: piece, grid)
                }
                break
            }
            // Each interval, its lower end and its upper end, for both coordinates.
            let intervals = pending.flatMap { [$0.t, Interval($0.t.lower), Interval($0.t.upper)] }
            let xs = curve.x.enclosures(over: intervals), ys = curve.y.enclosures(over: intervals)
            spent += 6 * pending.count * cost
            // Ends first: a cell holding a point of the curve is proved.
            for index in pending.indices {
                for end in [3 * index + 1, 3 * index + 2] {
                    guard let x = xs[end].hull, let y = ys[end].hull, xs[end].isTotal, ys[end].isTotal,
                        let cells = grid.holding(x: x, y: y)
                    else { continue }
                    prove(cells)
                }
            }
            var next: [Pending] = []
            for (index, item) in pending.enumerated() {
                let x = xs[3 * index], y = ys[3 * index]
                let piece = CurvePiece(t: item.t, x: x, y: y)
                let touched = Self.cells(of: piece, grid)
                let isTotal = x.isTotal && y.isTotal
                if touched.isEmpty {
                    pieces.append(piece)
                    continue
                }
                if isTotal, let boxX = x.hull, let boxY = y.hull, x.count == 1, y.count == 1,
                    let cells = grid.holding(x: boxX, y: boxY)
                {
                    // The box is in one cell (or on the edges of a few), and the curve
                    // has points in it.
                    prove(cells)
                    pieces.append(piece)
                    continue
                }
                if touched.allSatisfy({ $0.count <= 64 && allProved($0) }) {
                    pieces.append(piece)
                    continue
                }
                if item.depth < maximumDepth, item.t.lower < item.t.midpoint, item.t.midpoint < item.t.upper {
                    let middle = item.t.midpoint
                    next.append(Pending(t: Interval(item.t.lower, middle), depth: item.depth + 1))
                    next.append(Pending(t: Interval(middle, item.t.upper), depth: item.depth + 1))
                } else {
                    pieces.append(piece)
                    unresolved += touched
                }
            }
            pending = next
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

    /// The cell ranges each box of `piece` (x piece × y piece) touches.
    static func cells(of piece: CurvePiece, _ grid: Grid) -> [CellRange] {
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
