import GraphCalcSupport

/// Samples a function column by column with guaranteed enclosures: for each pixel column
/// of a viewport, the set of y values the function takes there, and the part of it the
/// function is shown to take.
///
/// Each column's x interval is subdivided, in rounds that evaluate every pending interval
/// of every column in one batch. Where an enclosure is total, continuous and in one
/// piece, the values at the stretch's ends and middle are *witnessed*, and so is every
/// value between them (the intermediate value theorem); the stretch is done when its
/// enclosure exceeds what is witnessed by at most a pixel row at each end (or lies wholly
/// out of view), however steep it is. Elsewhere (a pole, a jump, a domain end, a hole) the
/// stretch is halved to locate the discontinuity, down to ``maximumDepth`` halvings.
/// Fragments are merged as they are found. There, a jump, a hole or a point on its own is
/// located (`DiscontinuityLocator`, from the simplest double, where isolated points and
/// holes sit, and its neighbours) to neighbouring doubles, and each side of it is enclosed
/// on its own, so no riser joins the sides and no value is left out; where the budget
/// runs out, the column's simplest double is looked at for one.
///
/// Witnesses are the program's own evaluation at points: values as exact as its floating-
/// point arithmetic (what `eval` prints), not a proof about the real function. Where that
/// arithmetic cancels catastrophically (`(x+1e16)-1e16`), so do the witnesses.
///
/// Every column has the same budget of evaluations (``evaluationBudget``, fewer for a long
/// program: ``workPerColumn``) whatever the viewport's height; where it runs out, or
/// halving stops, before the enclosure is tight (`sin(1/x)` beside 0, a variable repeated,
/// a removable hole), or where the halvings it has left could not make it tight (a long
/// program's small budget and an enclosure many times too wide), the enclosure is kept as
/// a piece that is not exact, with what was witnessed: no value is ever left out.
public struct ColumnSampler: Sendable {
    /// The function sampled.
    public let function: any GraphFunction
    /// The columns and the pixel rows that tightness is measured in.
    public let viewport: Viewport
    /// How many times a column may be halved before a discontinuity counts as located.
    public var maximumDepth = 40
    /// How many evaluations (enclosures and points) one column may cost; it also caps
    /// the settling of a loose stretch beside a break (640 evaluations).
    public var evaluationBudget = 1024
    /// How many interval operations a column should cost, a target rather than a bound:
    /// a long program gets fewer than ``evaluationBudget`` evaluations a column (never
    /// fewer than 20: the column and its two halves), so a million-op program samples in
    /// seconds; columns the budget leaves loose are kept, not exact, as always.
    public var workPerColumn = 1 << 22

    /// The evaluations a column may cost: ``evaluationBudget``, or fewer for a long
    /// program, as ``workPerColumn`` allows.
    var columnBudget: Int {
        min(evaluationBudget, max(20, workPerColumn / function.costOfEvaluation))
    }

    /// Creates a sampler of `function` over the columns of `viewport`.
    public init(function: any GraphFunction, viewport: Viewport) {
        self.function = function
        self.viewport = viewport
    }

    private struct Pending {
        let column: Int
        let x: Interval
        let depth: Int
    }

    /// A column's pieces so far: disjoint, sorted, merged as fragments arrive.
    struct Column {
        var pieces: [ColumnPiece] = []
        var discontinuities: [Discontinuity] = []
        var spent = 0
        /// Whether the budget ran out with stretches still loose.
        var isUnfinished = false
        /// Whether a tight stretch has values possible but none seen.
        var isUnwitnessed = false

        mutating func add(_ y: Interval, isExact: Bool, witnessed: [Interval]) {
            var merged = ColumnPiece(y: y, isExact: isExact, witnessed: witnessed)
            var kept: [ColumnPiece] = []
            for piece in pieces {
                if piece.y.upper < merged.y.lower || piece.y.lower > merged.y.upper {
                    kept.append(piece)
                } else {
                    merged = ColumnPiece(
                        y: piece.y.hull(merged.y), isExact: piece.isExact && merged.isExact,
                        witnessed: piece.witnessed + merged.witnessed)
                }
            }
            kept.append(merged)
            pieces = kept.sorted { $0.y.lower < $1.y.lower }
        }
    }

    /// Samples every column; stops early, with the columns unfinished, when
    /// `Cancellation` is requested.
    public func sample() -> [ColumnSample] {
        let band = viewport.yBand
        let isGuaranteed = function.hasGuaranteedEnclosures
        // Each stretch's enclosure and its (up to four) points are paid for when it is
        // made, so the budget holds however many stretches a round splits.
        var columns = Array(repeating: Column(spent: 5), count: viewport.width)
        let columnBudget = self.columnBudget
        var pending = (0..<viewport.width).map { Pending(column: $0, x: viewport.columnInterval($0), depth: 0) }
        // Stretches halved as far as they go and still loose: where a discontinuity may be.
        var leaves: [(column: Int, stretch: DiscontinuityLocator.Stretch)] = []

        while !pending.isEmpty, !Cancellation.isRequested {
            let enclosures = function.enclosures(over: pending.map(\.x))
            // Every stretch still in view gets its ends and middle evaluated: witnesses.
            var probed: [(Pending, Enclosure)] = []
            for (item, enclosure) in zip(pending, enclosures) where !enclosure.isEmpty {
                if isGuaranteed && enclosure.pieces.allSatisfy({ $0.intersection(band) == nil }) {
                    // Wholly out of view: nothing to draw, so nothing to tighten.
                    for piece in enclosure.pieces { columns[item.column].add(piece, isExact: true, witnessed: []) }
                } else {
                    probed.append((item, enclosure))
                }
            }
            let probes = probed.flatMap { item, _ in [item.x.lower, item.x.midpoint, item.x.upper] }
            let values = function.values(at: probes)
            var offset = 0
            var next: [Pending] = []
            for (item, enclosure) in probed {
                let points = Array(values[offset..<(offset + 3)])
                offset += 3
                let (witnessed, isTight) = assessed(enclosure, points: points, band: band)
                if isTight {
                    for piece in enclosure.pieces {
                        columns[item.column].add(
                            piece, isExact: true, witnessed: witnessed.compactMap { $0.intersection(piece) })
                    }
                    // A tight enclosure that is not total: maybe a point on its own
                    // (`sqrt(-x^2)`), or a hole that centred forms enclosed tightly
                    // (`sin(x)/x` at 0), to be looked for where they sit.
                    if isGuaranteed && !enclosure.isTotal {
                        columns[item.column].isUnwitnessed = true
                    }
                    continue
                }
                let middle = item.x.midpoint
                // Two halves, each an enclosure and up to four points; or, where the stretch
                // cannot be halved further or the budget is spent, its enclosure as it is.
                let isLeaf = item.depth >= maximumDepth || !(middle > item.x.lower && middle < item.x.upper)
                if isLeaf && isGuaranteed {
                    leaves.append(
                        (
                            item.column,
                            DiscontinuityLocator.Stretch(
                                x: item.x, left: points[0], right: points[2], enclosure: enclosure)
                        ))
                    continue
                }
                guard !isLeaf, columns[item.column].spent + 10 <= columnBudget,
                    !isBeyondHalving(
                        enclosure, witnessed: witnessed, band: band, budget: columnBudget - columns[item.column].spent)
                else {
                    columns[item.column].isUnfinished = isGuaranteed
                    for piece in enclosure.pieces {
                        columns[item.column].add(
                            piece, isExact: false, witnessed: witnessed.compactMap { $0.intersection(piece) })
                    }
                    continue
                }
                columns[item.column].spent += 10
                next.append(Pending(column: item.column, x: Interval(item.x.lower, middle), depth: item.depth + 1))
                next.append(Pending(column: item.column, x: Interval(middle, item.x.upper), depth: item.depth + 1))
            }
            pending = next
        }
        locateDiscontinuities(leaves, band: band, in: &columns)

        return (0..<viewport.width).map { column in
            ColumnSample(
                column: column, x: viewport.columnInterval(column), pieces: columns[column].pieces,
                discontinuities: columns[column].discontinuities)
        }
    }

    /// What a stretch is shown to take, from the values at its ends and middle, and
    /// whether its enclosure reaches at most a row beyond that in view.
    func assessed(_ enclosure: Enclosure, points: [Double], band: Interval) -> ([Interval], Bool) {
        let isGuaranteed = function.hasGuaranteedEnclosures
        let finite = points.filter(\.isFinite)
        let isContinuousHere = isGuaranteed && enclosure.isTotal && enclosure.isContinuous && enclosure.count == 1
        // Continuous over the stretch: everything between the values seen is attained.
        let witnessed: [Interval] =
            isContinuousHere && finite.count == 3
            ? [Interval(finite.min() ?? 0, finite.max() ?? 0)] : finite.map { Interval($0) }
        let isTight =
            isGuaranteed
            && enclosure.pieces.allSatisfy { piece in
                guard let visible = piece.intersection(band) else { return true }
                // Each visible piece reaches at most a row beyond what it is shown to take.
                let inside = witnessed.compactMap { $0.intersection(piece) }
                guard let low = inside.map(\.lower).min(), let high = inside.map(\.upper).max() else {
                    return false
                }
                return visible.lower >= low - viewport.rowHeight(near: low)
                    && visible.upper <= high + viewport.rowHeight(near: high)
                    && (isContinuousHere || visible.width <= viewport.rowHeight(near: visible.lower))
            }
        return (witnessed, isTight)
    }

    /// Whether the budget left cannot make a stretch's enclosure tight by halving: it is
    /// continuous and bounded, shows a value in view, and is wider than what is witnessed
    /// (and a row each side) by more than 4·2ᵏ, k the levels of halving `budget` allows
    /// the stretch (10 evaluations a halving). Halving narrows an enclosure about in half a level
    /// (more where it holds an extremum, hence the 4); a long program's budget allows a
    /// level or two, and the sum of 200,000 sines, enclosed 10⁴ times too wide, would
    /// spend it for nothing. The stretch keeps its enclosure, not exact, as when the
    /// budget runs out.
    private func isBeyondHalving(_ enclosure: Enclosure, witnessed: [Interval], band: Interval, budget: Int) -> Bool {
        guard function.hasGuaranteedEnclosures, enclosure.isTotal, enclosure.isContinuous, enclosure.count == 1,
            let hull = enclosure.hull, hull.isBounded, let low = witnessed.map(\.lower).min(),
            let high = witnessed.map(\.upper).max(),
            witnessed.contains(where: { $0.intersection(band) != nil })
        else { return false }
        var levels = 0, cost = 10
        while cost <= budget && levels < 60 {
            levels += 1
            cost += 10 << levels
        }
        let reachable = (high - low + viewport.rowHeight(near: low) + viewport.rowHeight(near: high)) * 4
        return hull.width > reachable * Double(sign: .plus, exponent: levels, significand: 1)
    }

    /// The pieces of each side of a located break, up to the doubles either side of it:
    /// enclosed on their own, so no riser joins the sides and no value is left out.
    /// Returns the sides that are still loose, to be settled.
    private func addSides(
        _ sides: [(column: Int, x: Interval)], band: Interval, to columns: inout [Column]
    ) -> [LooseStretch] {
        let enclosures = function.enclosures(over: sides.map(\.x))
        let values = function.values(at: sides.flatMap { [$0.x.lower, $0.x.midpoint, $0.x.upper] })
        var loose: [LooseStretch] = []
        for (index, (side, enclosure)) in zip(sides, enclosures).enumerated() {
            let points = Array(values[(3 * index)..<(3 * index + 3)])
            let (witnessed, isTight) = assessed(enclosure, points: points, band: band)
            if !isTight {
                loose.append(LooseStretch(column: side.column, x: side.x, evaluated: (enclosure, points)))
                continue
            }
            for piece in enclosure.pieces {
                columns[side.column].add(
                    piece, isExact: isTight, witnessed: witnessed.compactMap { $0.intersection(piece) })
            }
        }
        return loose
    }

    /// Each leaf's discontinuity, kept apart from the column's pieces so no riser joins its
    /// sides; a leaf where none is found keeps its enclosure as a piece that is not exact.
    private func locateDiscontinuities(
        _ leaves: [(column: Int, stretch: DiscontinuityLocator.Stretch)], band: Interval,
        in columns: inout [Column]
    ) {
        var locator = DiscontinuityLocator(function: function, tolerance: viewport.rowHeight)
        locator.relativeTolerance = viewport.rowShare
        locator.resolution = viewport.columnWidth / 4
        // Columns the budget ran out on, or with values possible but none seen, are looked
        // at where holes, jumps and lone points usually sit, the simplest double of the
        // column and its neighbours, and keep their pieces (`sin(x)/x` at 0 stays loose).
        let unfinished = columns.indices.filter { columns[$0].isUnfinished || columns[$0].isUnwitnessed }
        let around = unfinished.map { column in
            viewport.columnInterval(max(0, column - 1)).hull(
                viewport.columnInterval(min(viewport.width - 1, column + 1)))
        }
        let ends = function.values(at: around.flatMap { [$0.lower, $0.upper] })
        let probes = locator.locate(
            unfinished.indices.map { index in
                DiscontinuityLocator.Stretch(
                    x: around[index], left: ends[2 * index], right: ends[2 * index + 1],
                    enclosure: Enclosure(
                        union: columns[unfinished[index]].pieces.map(\.y), isTotal: false, isContinuous: false))
            }, bisecting: false)
        for (column, discontinuity) in zip(unfinished, probes) {
            // A break found in a neighbouring column belongs to that column.
            if let discontinuity, viewport.columnInterval(column).contains(discontinuity.x) {
                columns[column].discontinuities.append(discontinuity)
            }
        }
        let found = locator.locate(leaves.map(\.stretch))
        var sides: [(column: Int, x: Interval)] = []
        for (leaf, discontinuity) in zip(leaves, found) {
            guard let discontinuity else { continue }
            if !columns[leaf.column].discontinuities.contains(where: { $0.x == discontinuity.x }) {
                columns[leaf.column].discontinuities.append(discontinuity)
            }
            if let value = discontinuity.value {
                columns[leaf.column].add(Interval(value), isExact: true, witnessed: [Interval(value)])
            }
            // A pole or unbounded end at the break's double: the values run on to ±∞
            // beside it, enclosed, not seen.
            for ray in discontinuity.rays {
                columns[leaf.column].add(ray, isExact: false, witnessed: [])
            }
            let stretch = leaf.stretch.x, gap = discontinuity.gap
            // A point on its own at the graph's resolution may be a short defined stretch
            // (`sqrt(1e-300-x^2)`): its values are enclosed too.
            if discontinuity.kind == .isolatedPoint, gap.lower.nextUp < gap.upper.nextDown {
                sides.append((leaf.column, Interval(gap.lower.nextUp, gap.upper.nextDown)))
            }
            if stretch.lower <= gap.lower {
                sides.append((leaf.column, Interval(stretch.lower, gap.lower)))
            }
            if gap.upper <= stretch.upper {
                sides.append((leaf.column, Interval(gap.upper, stretch.upper)))
            }
        }
        // Leaves where none is found, and sides still loose, are settled together.
        let unlocated = zip(leaves, found).filter { $0.1 == nil }.map { leaf, _ in
            LooseStretch(column: leaf.column, x: leaf.stretch.x)
        }
        settle(unlocated + addSides(sides, band: band, to: &columns), band: band, into: &columns)
    }
}
