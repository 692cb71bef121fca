/// What ``CurveSampler`` finds: the cells the curve passes through, and the parameter
/// intervals it enclosed to show them.
public struct CurveSample: Sendable, Hashable {
    /// Each cell of the viewport's grid: proved where a point of the curve is shown in
    /// it, undecided where the curve is only enclosed near it, excluded elsewhere.
    public let cells: CellSample
    /// The parameter intervals the work ended on, in order, each with its enclosures of x
    /// and y: every point of the curve over the parameter range lies in one of them
    /// (parts proved to have no value are left out). Empty when the sampler was asked
    /// for the cells only.
    public let pieces: [CurvePiece]
    /// Whether the work allowed ran out (or was cancelled) before every piece was within
    /// its cells.
    public let isUnfinished: Bool

    /// A sample of `cells` from `pieces`.
    public init(cells: CellSample, pieces: [CurvePiece], isUnfinished: Bool) {
        self.cells = cells
        self.pieces = pieces
        self.isUnfinished = isUnfinished
    }
}

/// A parameter interval of a curve and the enclosures of its coordinates over it.
public struct CurvePiece: Sendable, Hashable {
    /// The parameter interval.
    public let t: Interval
    /// Every x the curve takes over `t`.
    public let x: Enclosure
    /// Every y the curve takes over `t`.
    public let y: Enclosure

    /// A piece over `t` with its enclosures.
    public init(t: Interval, x: Enclosure, y: Enclosure) {
        self.t = t
        self.x = x
        self.y = y
    }
}
