/// A place where a function's graph breaks within a pixel column, located to adjacent
/// doubles by bisection on its values: a jump, a hole (removable singularity) or a point
/// defined on its own. Graphing calculators mark them with an open circle where the graph
/// comes near a value it does not take, and a filled dot where it takes one.
///
/// Located, not proved: the values either side are the program's own point values at the
/// neighbouring doubles. What is proved about the stretch that holds it is kept in
/// ``enclosure``, so no value is ever left out of a column.
public struct Discontinuity: Hashable, Sendable {
    /// What kind of break it is.
    public enum Kind: Hashable, Sendable {
        /// The values either side differ (`floor(x)` at 1, `abs(x)/x` at 0).
        case jump
        /// The values either side meet at a value the function does not take there
        /// (`sin(x)/x` at 0, `(x^2-4)/(x-2)` at 2).
        case hole
        /// A value with no values either side (`sqrt(-x^2)` at 0, `(-2)^x` at whole x).
        case isolatedPoint
        /// An end of the graph that the function comes near but does not take
        /// (`sqrt(x)/sqrt(x)` at 0).
        case end
    }

    /// One circle to draw.
    public struct Mark: Hashable, Sendable {
        /// Where, in model coordinates.
        public let point: Point
        /// Whether the function takes this value here (a filled dot) rather than only
        /// comes near it (an open circle).
        public let isFilled: Bool
    }

    /// The kind.
    public let kind: Kind
    /// The x where it sits: the simplest of the doubles that bound it.
    public let x: Double
    /// The function's value at ``x``, or `nil` when it has none.
    public let value: Double?
    /// The values the function comes near on either side but does not take at ``x``, lowest
    /// first: one for a hole, one or two for a jump, none for an isolated point.
    public let approached: [Double]
    /// The stretch of x it was located in (far narrower than a pixel).
    public let stretch: Interval
    /// The doubles either side of the break: no double lies strictly between them but
    /// ``x``, so the graph on ``stretch`` is its graph on the parts up to these two and
    /// the point at ``x``.
    public let gap: Interval
    /// Every value the function takes on ``stretch``, as proved.
    public let enclosure: Enclosure
    /// The enclosures of the slivers between ``x`` and its neighbouring doubles that are
    /// unbounded one way: a pole or an unbounded domain end exactly at a double (`ln(x)` at 0,
    /// `atanh(x)` at 1, `tan(x)` in degrees at 90), where the values run on to ±∞
    /// between the last double and ``x``. A side with a ray has no finite limit, so no
    /// open circle; the samplers draw the ray.
    public var rays: [Interval] = []

    /// Creates a located discontinuity.
    public init(
        kind: Kind, x: Double, value: Double?, approached: [Double], stretch: Interval, gap: Interval,
        enclosure: Enclosure
    ) {
        self.kind = kind
        self.x = x + 0
        self.value = value.map { $0 + 0 }
        self.approached = approached.sorted()
        self.stretch = stretch
        self.gap = gap
        self.enclosure = enclosure
    }

    /// The same break with rays on the sides in `rays`, and the values approached there
    /// (`unbounded`, which have no finite limit) left out.
    func with(rays: [Interval], unbounded: [Double]) -> Discontinuity {
        var result = Discontinuity(
            kind: kind, x: x, value: value, approached: approached.filter { !unbounded.contains($0) },
            stretch: stretch, gap: gap, enclosure: enclosure)
        result.rays = rays
        return result
    }

    /// The circles that mark it: an open one at each value approached and a filled one at
    /// the value taken.
    public var marks: [Mark] {
        approached.map { Mark(point: Point(x: x, y: $0), isFilled: false) }
            + (value.map { [Mark(point: Point(x: x, y: $0), isFilled: true)] } ?? [])
    }
}
