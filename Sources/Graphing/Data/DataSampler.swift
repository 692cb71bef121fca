/// Samples a data series for a viewport, exactly: a cell is drawn when a point of the
/// series (or, for lines and steps, a point of a segment between two) lies in it, so
/// no point is lost however many share a pixel — a series of 10⁷ points shows every
/// column's least and greatest value — and no cell is drawn that the data does not
/// reach. Segments are straight on the pixel grid (on log axes too, as plots draw them).
public struct DataSampler: Sendable {
    /// The series sampled.
    public let series: DataSeries
    /// The pixels and the region they show.
    public let viewport: Viewport
    /// How the series is drawn.
    public let style: DataStyle
    /// Whether a long series is marked in two halves at once (tests compare the two ways).
    var splitsLongSeries = true

    /// A sampler of `series` drawn in `style` on `viewport`.
    public init(series: DataSeries, viewport: Viewport, style: DataStyle) {
        self.series = series
        self.viewport = viewport
        self.style = style
    }

    /// The pixel position of point `index`, or `nil` for a gap (a NaN, or a value at or
    /// below 0 on a log axis).
    @inline(__always) private func pixel(_ index: Int) -> (x: Double, y: Double)? {
        let x = viewport.pixelX(for: series.x(at: index)), y = viewport.pixelY(for: series.ys[index])
        guard x.isFinite, y.isFinite else { return nil }
        return (x, y)
    }

    /// Every cell of the viewport's grid: proved where the drawing passes, excluded
    /// elsewhere (nothing is left undecided: data is exact).
    public func cells() -> CellSample {
        var grid = Grid(columns: viewport.width, rows: viewport.height)
        switch style {
        case .points, .lines:
            // Long series in two halves at once, on two cores, their cells then joined.
            // Lines: the second half starts at the first's last point, so the segment
            // between them is drawn, and each column's span in one half meets the other's
            // at that point: the union is the span the whole would mark.
            let count = series.count
            let halves =
                splitsLongSeries && count >= TwoCores.splitCount
                ? [0..<(count / 2), (count / 2 - (style == .lines ? 1 : 0))..<count] : [0..<count]
            var second = Grid(columns: viewport.width, rows: viewport.height)
            let mark = { (range: Range<Int>, grid: inout Grid) in
                if style == .points { points(range, on: &grid) } else { lines(range, on: &grid) }
            }
            if halves.count == 2 {
                TwoCores.run({ mark(halves[0], &grid) }, { mark(halves[1], &second) })
                grid.join(second)
            } else {
                mark(halves[0], &grid)
            }
        case .steps:
            var previous: (x: Double, y: Double)?
            for index in 0..<series.count {
                guard let point = pixel(index) else {
                    grid.flush()
                    previous = nil
                    continue
                }
                if let from = previous {
                    if style == .steps {
                        grid.segment(from: from, to: (point.x, from.y))
                        grid.segment(from: (point.x, from.y), to: point)
                    } else {
                        grid.segment(from: from, to: point)
                    }
                } else {
                    grid.mark(column: grid.column(point.x), from: point.y, to: point.y)
                }
                previous = point
            }
            grid.flush()
        }
        return CellSample(columns: viewport.width, rows: viewport.height, statuses: grid.statuses)
    }

    /// Marks the cell of each point in `range`.
    private func points(_ range: Range<Int>, on grid: inout Grid) {
        for index in range {
            guard let point = pixel(index) else { continue }
            grid.markCell(column: grid.column(point.x), y: point.y)
        }
    }

    /// Marks the polyline through the points in `range`. Most points of a long series share their
    /// pixel column with the point before, and only stretch the column's run of rows:
    /// that case is a compare and two min/max in one pass over the values.
    private func lines(_ range: Range<Int>, on grid: inout Grid) {
        let viewport = viewport
        series.ys.withUnsafeBufferPointer { ys in
            (series.xs ?? []).withUnsafeBufferPointer { xs in
                let numbered = series.xs == nil
                var previous = (x: Double.nan, y: Double.nan)
                var hasPrevious = false
                for index in range {
                    let x = viewport.pixelX(for: numbered ? Double(index + 1) : xs[index])
                    let y = viewport.pixelY(for: ys[index])
                    guard x.isFinite, y.isFinite else {
                        grid.flush()
                        hasPrevious = false
                        continue
                    }
                    let point = (x: x, y: y)
                    if hasPrevious {
                        if !grid.extendRun(column: grid.column(x), to: y) { grid.segment(from: previous, to: point) }
                    } else {
                        grid.mark(column: grid.column(x), from: y, to: y)
                    }
                    previous = point
                    hasPrevious = true
                }
            }
        }
        grid.flush()
    }

    /// The points to mark for a vector back-end: one for each pixel they fall in (more
    /// in one pixel would be drawn over each other), in view, in series order.
    public func points() -> [Point] {
        var taken = [Bool](repeating: false, count: viewport.width * viewport.height)
        var points: [Point] = []
        for index in 0..<series.count {
            guard let pixel = pixel(index), pixel.x >= 0, pixel.y >= 0, pixel.x <= Double(viewport.width),
                pixel.y <= Double(viewport.height)
            else { continue }
            let column = min(Int(pixel.x), viewport.width - 1), row = min(Int(pixel.y), viewport.height - 1)
            guard !taken[row * viewport.width + column] else { continue }
            taken[row * viewport.width + column] = true
            points.append(Point(x: series.x(at: index), y: series.ys[index]))
        }
        return points
    }

    /// The polylines for a vector back-end, broken at gaps: a run of points in one pixel
    /// column is kept as its first, lowest, highest and last point (in series order),
    /// which draws the same pixels, so 10⁷ points make a path of a few thousand.
    public func paths() -> [[Point]] {
        var paths: [[Point]] = []
        var path: [Point] = []
        // The run of points in one column: indices of its first, lowest, highest, last.
        var run: (column: Int, first: Int, low: Int, high: Int, last: Int)?
        func endRun() {
            guard let current = run else { return }
            var kept = [current.first]
            for index in [current.low, current.high].sorted() + [current.last] where index != kept.last {
                if !kept.contains(index) { kept.append(index) }
            }
            for index in kept { path.append(Point(x: series.x(at: index), y: series.ys[index])) }
            run = nil
        }
        func endPath() {
            endRun()
            if !path.isEmpty { paths.append(path) }
            path = []
        }
        var previousY = Double.nan
        for index in 0..<series.count {
            guard let pixel = pixel(index) else {
                endPath()
                previousY = .nan
                continue
            }
            if style == .steps, !previousY.isNaN {
                // The level part of a step is its own corner point.
                endRun()
                path.append(Point(x: series.x(at: index), y: previousY))
            }
            previousY = series.ys[index]
            let column = Int(max(-1, min(Double(viewport.width), pixel.x.rounded(.down))))
            if var current = run, current.column == column, style != .steps {
                if series.ys[index] < series.ys[current.low] { current.low = index }
                if series.ys[index] > series.ys[current.high] { current.high = index }
                current.last = index
                run = current
            } else {
                endRun()
                run = (column, index, index, index, index)
            }
        }
        endPath()
        return paths
    }
}

/// The cells of a data drawing being marked, with the run of the polyline in the
/// current column kept as one span of rows until it leaves the column.
private struct Grid {
    let columns: Int, rows: Int
    var statuses: [CellStatus]
    /// The column of the run (`Int.min` when there is none), and the pixel y span it
    /// covers.
    private var runColumn = Int.min, runLow = 0.0, runHigh = 0.0

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        statuses = [CellStatus](repeating: .excluded, count: columns * rows)
    }

    /// The column of pixel x (−1 left of the grid, `columns` right of it; the right edge
    /// itself is the last column's).
    @inline(__always) func column(_ x: Double) -> Int {
        // On the grid truncation is the floor (x ≥ 0), with no call to `floor`.
        if x >= 0 && x < Double(columns) { return Int(x) }
        if x == Double(columns) { return columns - 1 }
        return x < 0 ? -1 : columns
    }

    /// Adds the pixel y span `low…high` in `column` to the run.
    @inline(__always) mutating func mark(column: Int, from a: Double, to b: Double) {
        let low = min(a, b), high = max(a, b)
        if runColumn == column {
            runLow = min(runLow, low)
            runHigh = max(runHigh, high)
        } else {
            flush()
            (runColumn, runLow, runHigh) = (column, low, high)
        }
    }

    /// Adds pixel y `y` to the run when the run is in `column` (a segment from the run's
    /// last point that stays in the column); false, with nothing changed, otherwise.
    @inline(__always) mutating func extendRun(column: Int, to y: Double) -> Bool {
        guard runColumn == column else { return false }
        runLow = min(runLow, y)
        runHigh = max(runHigh, y)
        return true
    }

    /// Marks the cell at pixel y `y` in `column`, if it is on the grid (the bottom edge
    /// is the last row's).
    @inline(__always) mutating func markCell(column: Int, y: Double) {
        guard column >= 0, column < columns, y >= 0, y <= Double(rows) else { return }
        statuses[Swift.min(rows - 1, Int(y)) * columns + column] = .proved
    }

    /// Marks the cells `other` marks too (both flushed).
    mutating func join(_ other: Grid) {
        for index in statuses.indices where other.statuses[index] == .proved { statuses[index] = .proved }
    }

    /// Marks the run's cells.
    mutating func flush() {
        let column = runColumn, low = runLow, high = runHigh
        runColumn = Int.min
        guard column >= 0, column < columns, high >= 0, low <= Double(rows) else { return }
        let first = low <= 0 ? 0 : Swift.min(rows - 1, Int(low))
        let last = high >= Double(rows) ? rows - 1 : Int(high)
        guard first <= last else { return }
        for row in first...last { statuses[row * columns + column] = .proved }
    }

    /// Adds the straight segment between two pixel positions, column by column.
    mutating func segment(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) {
        let first = column(a.x), last = column(b.x)
        if first == last { return mark(column: first, from: a.y, to: b.y) }
        let step = first < last ? 1 : -1
        let slope = (b.y - a.y) / (b.x - a.x)
        var current = first
        while true {
            // The segment's x span within this column, then its y there.
            let left = Double(current), right = Double(current + 1)
            let enter = current == first ? a.x : (step > 0 ? left : right)
            let leave = current == last ? b.x : (step > 0 ? right : left)
            let y0 = current == first ? a.y : a.y + (enter - a.x) * slope
            let y1 = current == last ? b.y : a.y + (leave - a.x) * slope
            mark(column: current, from: y0, to: y1)
            if current == last { break }
            current += step
        }
    }
}
