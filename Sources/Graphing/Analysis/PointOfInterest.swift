/// A point a graph marks for what it is, as a graphing calculator's points of interest:
/// a zero, a local minimum or maximum, or where two functions meet. Each is proved by
/// the analysis that found it.
public struct PointOfInterest: Hashable, Sendable {
    /// What the point is.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// f(x) = 0.
        case zero
        /// A local minimum.
        case minimum
        /// A local maximum.
        case maximum
        /// f(x) = g(x).
        case intersection
    }

    /// What the point is.
    public let kind: Kind
    /// Where it is, in model coordinates.
    public let point: Point
    /// The function's index among those analysed (for an intersection, the first's).
    public let function: Int
    /// For an intersection, the other function's index.
    public let other: Int?

    /// A point of `kind` at `point` on function `function` (and `other`).
    public init(kind: Kind, point: Point, function: Int, other: Int? = nil) {
        self.kind = kind
        self.point = point
        self.function = function
        self.other = other
    }
}
