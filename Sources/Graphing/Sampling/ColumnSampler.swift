import GraphCalcSupport

/// Samples a function column by column with guaranteed enclosures: for each pixel column
/// of a viewport, the set of y values the function takes there.
///
/// Each column's x interval is subdivided, in rounds that evaluate every pending
/// interval of every column in one batch, until each enclosure is tight: no wider than a
/// pixel row where it is visible (within the viewport, widened by a row), or wholly out
/// of view. A tight enclosure must also be proved to hold a true value — by being total
/// with one piece, or by a value sampled inside each visible piece — so that it exceeds
/// the true values by at most a row at each end. The enclosures of a column are then
/// united into disjoint pieces, which is how a pole's two sides stay apart.
///
/// Where tightness cannot be proved within ``maximumDepth`` halvings or
/// ``evaluationBudget`` evaluations per column (a removable singularity, `sin(1/x)` near
/// 0), the enclosure found is reported as a piece that is not exact.
public struct ColumnSampler: Sendable {
    /// The function sampled.
    public let function: any GraphFunction
    /// The columns and the pixel rows that tightness is measured in.
    public let viewport: Viewport
    /// How many times a column may be halved.
    public var maximumDepth = 40
    /// How many enclosures one column may evaluate.
    public var evaluationBudget: Int

    /// Creates a sampler of `function` over the columns of `viewport`.
    public init(function: any GraphFunction, viewport: Viewport) {
        self.function = function
        self.viewport = viewport
        evaluationBudget = 256 + 16 * viewport.height
    }

    private struct Pending {
        let column: Int
        let x: Interval
        let depth: Int
    }

    private struct Fragment {
        let y: Interval
        let isExact: Bool
    }

    /// Samples every column; stops early, with the columns unfinished, when
    /// ``Cancellation`` is requested.
    public func sample() -> [ColumnSample] {
        let band = Interval(
            viewport.yRange.lowerBound - viewport.rowHeight, viewport.yRange.upperBound + viewport.rowHeight)
        let rowHeight = viewport.rowHeight
        let isGuaranteed = function.hasGuaranteedEnclosures
        var fragments = Array(repeating: [Fragment](), count: viewport.width)
        var spent = Array(repeating: 0, count: viewport.width)
        var pending = (0..<viewport.width).map { Pending(column: $0, x: viewport.columnInterval($0), depth: 0) }

        while !pending.isEmpty, !Cancellation.isRequested {
            let enclosures = function.enclosures(over: pending.map(\.x))
            var next: [Pending] = []
            var awaitingWitness: [(Pending, Enclosure)] = []

            func split(_ item: Pending, _ enclosure: Enclosure) {
                let middle = item.x.midpoint
                let canSplit =
                    item.depth < maximumDepth && spent[item.column] + 2 <= evaluationBudget
                    && middle > item.x.lower && middle < item.x.upper
                if canSplit {
                    spent[item.column] += 2
                    next.append(Pending(column: item.column, x: Interval(item.x.lower, middle), depth: item.depth + 1))
                    next.append(Pending(column: item.column, x: Interval(middle, item.x.upper), depth: item.depth + 1))
                } else {
                    for piece in enclosure.pieces { fragments[item.column].append(Fragment(y: piece, isExact: false)) }
                }
            }

            for (item, enclosure) in zip(pending, enclosures) where !enclosure.isEmpty {
                let visible = enclosure.pieces.compactMap { $0.intersection(band) }
                if visible.isEmpty {
                    // Wholly out of view: nothing to draw, so nothing to tighten.
                    for piece in enclosure.pieces {
                        fragments[item.column].append(Fragment(y: piece, isExact: isGuaranteed))
                    }
                } else if !isGuaranteed || !visible.allSatisfy({ $0.width <= rowHeight }) {
                    split(item, enclosure)
                } else if enclosure.isTotal && enclosure.count == 1 {
                    for piece in enclosure.pieces { fragments[item.column].append(Fragment(y: piece, isExact: true)) }
                } else {
                    awaitingWitness.append((item, enclosure))
                }
            }

            if !awaitingWitness.isEmpty {
                // Narrow but possibly empty of true values: look for a value in each visible piece.
                let probes = awaitingWitness.flatMap { item, _ in [item.x.lower, item.x.midpoint, item.x.upper] }
                let values = function.values(at: probes)
                for (index, (item, enclosure)) in awaitingWitness.enumerated() {
                    let witnesses = values[(3 * index)..<(3 * index + 3)].filter(\.isFinite)
                    let isWitnessed = enclosure.pieces.allSatisfy { piece in
                        piece.intersection(band) == nil || witnesses.contains(where: piece.contains)
                    }
                    if isWitnessed {
                        for piece in enclosure.pieces {
                            fragments[item.column].append(Fragment(y: piece, isExact: true))
                        }
                    } else {
                        split(item, enclosure)
                    }
                }
            }
            pending = next
        }

        return (0..<viewport.width).map { column in
            ColumnSample(column: column, x: viewport.columnInterval(column), pieces: Self.unite(fragments[column]))
        }
    }

    /// Unites overlapping fragments into disjoint pieces; a piece is exact when all its
    /// fragments are.
    private static func unite(_ fragments: [Fragment]) -> [ColumnPiece] {
        var pieces: [ColumnPiece] = []
        for fragment in fragments.sorted(by: { $0.y.lower < $1.y.lower }) {
            if let last = pieces.last, fragment.y.lower <= last.y.upper {
                pieces[pieces.count - 1] = ColumnPiece(
                    y: last.y.hull(fragment.y), isExact: last.isExact && fragment.isExact)
            } else {
                pieces.append(ColumnPiece(y: fragment.y, isExact: fragment.isExact))
            }
        }
        return pieces
    }
}
