import GraphCalcSupport
import Testing

@testable import Graphing

/// Data drawn exactly: every point's cell and no other for points; for lines, every
/// column's least and greatest value however many points share it; gaps left open.
@Suite struct DataSamplerTests {
    static let viewport: Viewport = {
        do {
            return try Viewport(width: 40, height: 20, x: Interval(0, 10), y: Interval(-2, 2))
        } catch {
            fatalError("a 40x20 viewport of 0:10 by -2:2: \(error)")
        }
    }()

    /// The cell of a point in view, as a drawing must have it.
    static func cell(_ x: Double, _ y: Double) -> (column: Int, row: Int)? {
        let px = viewport.pixelX(for: x), py = viewport.pixelY(for: y)
        guard px >= 0, px <= 40, py >= 0, py <= 20 else { return nil }
        return (min(39, Int(px)), min(19, Int(py)))
    }

    static func randomWalk(count: Int, seed: UInt64) -> DataSeries {
        var generator = SeededGenerator(seed: seed)
        var y = 0.0
        var xs: [Double] = [], ys: [Double] = []
        for index in 0..<count {
            y += Double.random(in: -0.05...0.05, using: &generator)
            y = max(-2.5, min(2.5, y))
            xs.append(10 * Double(index) / Double(count - 1))
            ys.append(y)
        }
        return DataSeries(x: xs, y: ys)
    }

    @Test func pointsDrawExactlyTheirCells() {
        var generator = SeededGenerator(seed: 7)
        let xs = (0..<5000).map { _ in Double.random(in: -1...11, using: &generator) }
        let ys = (0..<5000).map { _ in Double.random(in: -3...3, using: &generator) }
        let cells = DataSampler(series: DataSeries(x: xs, y: ys), viewport: Self.viewport, style: .points).cells()
        var expected = Set<Int>()
        for (x, y) in zip(xs, ys) {
            if let cell = Self.cell(x, y) { expected.insert(cell.row * 40 + cell.column) }
        }
        let drawn = Set(cells.statuses.indices.filter { cells.statuses[$0] == .proved })
        #expect(drawn == expected)
        #expect(cells.undecidedCount == 0)
        // Independently of the pixel mapping's rounding: every solid cell holds a point
        // between its edges as the grid defines them, compared exactly in doubles.
        for index in drawn {
            let column = index % 40, row = index / 40
            let left = Self.viewport.x(atPixel: Double(column)), right = Self.viewport.x(atPixel: Double(column + 1))
            let top = Self.viewport.y(atPixel: Double(row)), bottom = Self.viewport.y(atPixel: Double(row + 1))
            #expect(
                zip(xs, ys).contains { x, y in left <= x && x <= right && bottom <= y && y <= top },
                "cell \(column),\(row) holds no point")
        }
    }

    @Test func linesDrawEveryColumnsExtremesOfAMillionPoints() {
        let series = Self.randomWalk(count: 1_000_000, seed: 3)
        let cells = DataSampler(series: series, viewport: Self.viewport, style: .lines).cells()
        // Each column's points: their least and greatest y's cells are drawn, and every
        // drawn cell lies between the least and greatest y the line reaches in the column
        // (its points, and where it crosses the column's edges).
        var low = [Double](repeating: .infinity, count: 40), high = [Double](repeating: -.infinity, count: 40)
        for index in 0..<series.count {
            let x = series.x(at: index), y = series.ys[index]
            guard let cell = Self.cell(x, min(2, max(-2, y))) else { continue }
            low[cell.column] = min(low[cell.column], y)
            high[cell.column] = max(high[cell.column], y)
        }
        for column in 0..<40 {
            for y in [low[column], high[column]] {
                guard let cell = Self.cell(10 * (Double(column) + 0.5) / 40, min(2, max(-2, y))) else { continue }
                #expect(cells[column, cell.row] == .proved, "column \(column) y \(y)")
            }
            let drawnRows = (0..<20).filter { cells[column, $0] == .proved }
            // Points 1e-5 apart cross an edge within 0.05 of a neighbour: one row of slack.
            let top = Self.cell(0, min(2, high[column] + 0.05))?.row ?? 0
            let bottom = Self.cell(0, max(-2, low[column] - 0.05))?.row ?? 19
            #expect(drawnRows.allSatisfy { $0 >= top && $0 <= bottom }, "column \(column)")
        }
    }

    @Test func aGapBreaksTheLine() {
        let series = DataSeries(x: [1, 5, 9], y: [1, .nan, -1])
        let cells = DataSampler(series: series, viewport: Self.viewport, style: .lines).cells()
        #expect(cells.provedCount == 2)
        let joined = DataSampler(series: DataSeries(x: [1, 9], y: [1, -1]), viewport: Self.viewport, style: .lines)
        #expect(joined.cells().provedCount > 30)
    }

    @Test func stepsGoLevelThenUpOrDown() {
        let series = DataSeries(x: [1, 9], y: [-1, 1])
        let cells = DataSampler(series: series, viewport: Self.viewport, style: .steps).cells()
        guard let start = Self.cell(1, -1), let corner = Self.cell(9, -1), let end = Self.cell(9, 1) else {
            Issue.record("cells out of view")
            return
        }
        for column in start.column...corner.column { #expect(cells[column, start.row] == .proved) }
        for row in end.row...corner.row { #expect(cells[corner.column, row] == .proved) }
        #expect(cells.provedCount == corner.column - start.column + 1 + corner.row - end.row)
    }

    @Test func aLoneRowNumberSeriesRunsFromOne() {
        let series = DataSeries(x: nil, y: [3, 4, 5])
        #expect(series.x(at: 0) == 1 && series.x(at: 2) == 3)
        #expect(series.extent()?.x == Interval(1, 3))
        #expect(series.isOrderedInX)
        #expect(!DataSeries(x: [1, 3, 2], y: [0, 0, 0]).isOrderedInX)
        #expect(DataStyle.natural(for: DataSeries(x: [1, 3, 2], y: [0, 0, 0])) == .points)
    }

    @Test func theVectorPathKeepsEachColumnsExtremesInFewPoints() {
        let series = Self.randomWalk(count: 1_000_000, seed: 5)
        let paths = DataSampler(series: series, viewport: Self.viewport, style: .lines).paths()
        #expect(paths.count == 1)
        let kept = paths.flatMap { $0 }
        #expect(kept.count <= 4 * 41)
        var low = [Double](repeating: .infinity, count: 41), high = [Double](repeating: -.infinity, count: 41)
        for index in 0..<series.count {
            let column = Int(Self.viewport.pixelX(for: series.x(at: index)))
            low[column] = min(low[column], series.ys[index])
            high[column] = max(high[column], series.ys[index])
        }
        var keptLow = [Double](repeating: .infinity, count: 41), keptHigh = [Double](repeating: -.infinity, count: 41)
        for point in kept {
            let column = Int(Self.viewport.pixelX(for: point.x))
            keptLow[column] = min(keptLow[column], point.y)
            keptHigh[column] = max(keptHigh[column], point.y)
        }
        #expect(keptLow == low && keptHigh == high)
    }

    @Test func pointsOnALogAxisAtOrBelowZeroAreLeftOut() throws {
        let viewport = try Viewport(
            width: 10, height: 10, x: Interval(0.1, 100), y: Interval(0.1, 100), xAxisScale: .log, yAxisScale: .log)
        let series = DataSeries(x: [-1, 0, 1, 10], y: [1, 1, -5, 10])
        let cells = DataSampler(series: series, viewport: viewport, style: .points).cells()
        #expect(cells.provedCount == 1)
        #expect(series.extent(xScale: .log, yScale: .log)?.x == Interval(10, 10))
    }

    /// A long series is marked in two halves at once; the cells are those one pass marks,
    /// wherever the halves meet: inside a run, at a gap, across a column's edge.
    @Test(arguments: [DataStyle.points, .lines], [99_999, 100_000, 100_001, 131_072])
    func halvesMarkWhatOnePassMarks(style: DataStyle, count: Int) {
        var series = Self.randomWalk(count: count, seed: UInt64(count))
        var ys = series.ys
        // Gaps near the middle, where the halves meet, and elsewhere.
        for index in [count / 2 - 1, count / 2 + 1, count / 3, 17] { ys[index] = .nan }
        series = DataSeries(x: series.xs ?? [], y: ys)
        var whole = DataSampler(series: series, viewport: Self.viewport, style: style)
        whole.splitsLongSeries = false
        let halves = DataSampler(series: series, viewport: Self.viewport, style: style)
        #expect(Self.differingCells(halves.cells(), whole.cells()) == 0)
        // And where the middle point is the one a column's extreme rests on.
        ys = Self.randomWalk(count: count, seed: 1).ys.map { $0 / 10 }
        ys[count / 2 - 1] = 1.9
        ys[count / 2] = -1.9
        series = DataSeries(x: series.xs ?? [], y: ys)
        whole = DataSampler(series: series, viewport: Self.viewport, style: style)
        whole.splitsLongSeries = false
        let halvesAgain = DataSampler(series: series, viewport: Self.viewport, style: style)
        #expect(Self.differingCells(halvesAgain.cells(), whole.cells()) == 0)
    }

    /// How many cells two drawings mark differently (a count, not 800 statuses, when a
    /// test fails).
    static func differingCells(_ a: CellSample, _ b: CellSample) -> Int {
        zip(a.statuses, b.statuses).filter { $0 != $1 }.count + abs(a.statuses.count - b.statuses.count)
    }

    /// Order and extent of a long series (found in two halves) as one pass finds them.
    @Test(arguments: [0, 1, 2, 3, 4])
    func orderAndExtentOfALongSeries(disorder: Int) throws {
        let count = 100_001, middle = count / 2
        var xs = (0..<count).map { Double($0) }, ys = xs.map { ($0 * 0.618).truncatingRemainder(dividingBy: 1) }
        switch disorder {
        case 1: xs.swapAt(middle - 1, middle)  // across the halves' meeting
        case 2: xs[middle] = .nan  // a gap, left out
        case 3: (xs[middle], ys[middle]) = (-5, .nan)  // out of order but no value: left out
        case 4: xs.swapAt(10, 11)
        default: break
        }
        let series = DataSeries(x: xs, y: ys)
        var last = -Double.infinity, ordered = true
        var xLow = Double.infinity, xHigh = -Double.infinity, yLow = Double.infinity, yHigh = -Double.infinity
        for (x, y) in zip(xs, ys) where !x.isNaN && !y.isNaN {
            if x < last { ordered = false }
            last = max(last, x)
            (xLow, xHigh, yLow, yHigh) = (min(xLow, x), max(xHigh, x), min(yLow, y), max(yHigh, y))
        }
        #expect(series.isOrderedInX == ordered)
        #expect(ordered == (disorder == 0 || disorder == 2 || disorder == 3))
        let extent = try #require(series.extent())
        #expect(extent.x == Interval(xLow, xHigh) && extent.y == Interval(yLow, yHigh))
    }
}
