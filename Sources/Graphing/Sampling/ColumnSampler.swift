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
/// stretch is halved to locate the discontinuity, down to ``maximumDepth`` halvings, where
/// the value at its simplest double is tried too (an isolated point sits at 0 or a whole
/// number). Fragments are merged as they are found.
///
/// Witnesses are the program's own evaluation at points: values as exact as its floating-
/// point arithmetic (what `eval` prints), not a proof about the real function. Where that
/// arithmetic cancels catastrophically (`(x+1e16)-1e16`), so do the witnesses.
///
/// Every column has the same budget of evaluations (``evaluationBudget``) whatever the
/// viewport's height; where it runs out, or halving stops, before the enclosure is tight
/// (`sin(1/x)` beside 0, a variable repeated, a removable hole), the enclosure is kept as a
/// piece that is not exact, with what was witnessed: no value is ever left out.
public struct ColumnSampler: Sendable {
    /// The function sampled.
    public let function: any GraphFunction
    /// The columns and the pixel rows that tightness is measured in.
    public let viewport: Viewport
    /// How many times a column may be halved before a discontinuity counts as located.
    public var maximumDepth = 40
    /// How many evaluations (enclosures and points) one column may cost.
    public var evaluationBudget = 1024

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
    private struct Column {
        var pieces: [ColumnPiece] = []
        var spent = 0

        mutating func add(_ y: Interval, isExact: Bool, witnessed: [Interval]) {
            var merged = ColumnPiece(y: y, isExact: isExact, witnessed: witnessed)
            var kept: [ColumnPiece] = []
            for piece in pieces {
                if piece.y.upper < merged.y.lower || piece.y.lower > merged.y.upper {
                    kept.append(piece)
                } else {
                    merged = ColumnPiece(
                        y: piece.y.hull(merged.y), isExact: piece.isExact && merged.isExact,
                        witnessed: Self.union(piece.witnessed + merged.witnessed))
                }
            }
            kept.append(merged)
            pieces = kept.sorted { $0.y.lower < $1.y.lower }
        }

        /// Attained intervals united where they overlap or touch.
        static func union(_ intervals: [Interval]) -> [Interval] {
            var result: [Interval] = []
            for interval in intervals.sorted(by: { $0.lower < $1.lower }) {
                if let last = result.last, interval.lower <= last.upper {
                    result[result.count - 1] = last.hull(interval)
                } else {
                    result.append(interval)
                }
            }
            return result
        }
    }

    /// Samples every column; stops early, with the columns unfinished, when
    /// ``Cancellation`` is requested.
    public func sample() -> [ColumnSample] {
        let band = Interval(
            viewport.yRange.lowerBound - viewport.rowHeight, viewport.yRange.upperBound + viewport.rowHeight)
        let rowHeight = viewport.rowHeight
        let isGuaranteed = function.hasGuaranteedEnclosures
        // Each stretch's enclosure and its (up to four) points are paid for when it is
        // made, so the budget holds however many stretches a round splits.
        var columns = Array(repeating: Column(spent: 5), count: viewport.width)
        var pending = (0..<viewport.width).map { Pending(column: $0, x: viewport.columnInterval($0), depth: 0) }

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
            let probes = probed.flatMap { item, _ in
                [item.x.lower, item.x.midpoint, item.x.upper]
                    + (item.depth >= maximumDepth ? [Self.simplest(item.x)] : [])
            }
            let values = function.values(at: probes)
            var offset = 0
            var next: [Pending] = []
            for (item, enclosure) in probed {
                let count = item.depth >= maximumDepth ? 4 : 3
                let points = Array(values[offset..<(offset + count)])
                offset += count
                let finite = points.filter(\.isFinite)
                let isContinuousHere =
                    isGuaranteed && enclosure.isTotal && enclosure.isContinuous && enclosure.count == 1
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
                        return visible.lower >= low - rowHeight && visible.upper <= high + rowHeight
                            && (isContinuousHere || visible.width <= rowHeight)
                    }
                if isTight {
                    for piece in enclosure.pieces {
                        columns[item.column].add(
                            piece, isExact: true, witnessed: witnessed.compactMap { $0.intersection(piece) })
                    }
                    continue
                }
                let middle = item.x.midpoint
                // Two halves, each an enclosure and up to four points; or, where the stretch
                // cannot be halved further or the budget is spent, its enclosure as it is.
                guard item.depth < maximumDepth, middle > item.x.lower, middle < item.x.upper,
                    columns[item.column].spent + 10 <= evaluationBudget
                else {
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

        return (0..<viewport.width).map { column in
            ColumnSample(column: column, x: viewport.columnInterval(column), pieces: columns[column].pieces)
        }
    }

    /// The double in `x` with the fewest significant bits: where isolated points and holes
    /// sit (0, whole numbers, halves).
    static func simplest(_ x: Interval) -> Double {
        PathSampler.simplest(in: x.lower, x.upper) ?? x.midpoint
    }
}
