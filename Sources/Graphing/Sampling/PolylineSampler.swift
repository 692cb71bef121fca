/// Samples a function once per pixel column edge, the classic way, and returns polylines
/// broken wherever the function jumps or has no value, for renderers that draw lines.
///
/// Between two neighbouring samples the interval enclosure decides: a pole or a domain
/// boundary in between breaks the line (refined by halving, so a steep but continuous
/// stretch is never broken). Where the domain starts or ends between two samples, the
/// boundary is found by bisection to the last double with a value, so `√x` starts at
/// exactly (0, 0).
public struct PolylineSampler: Sendable {
    /// The function sampled.
    public let function: any GraphFunction
    /// The columns sampled.
    public let viewport: Viewport
    /// How many halvings may be spent proving that a stretch between samples is continuous.
    public var continuityDepth = 8

    /// Creates a sampler of `function` over the columns of `viewport`.
    public init(function: any GraphFunction, viewport: Viewport) {
        self.function = function
        self.viewport = viewport
    }

    /// The polylines, left to right; each has at least one point.
    public func sample() -> [[Point]] {
        let xs = (0...viewport.width).map { viewport.x(atPixel: Double($0)) }
        let ys = function.values(at: xs)
        let gaps = (0..<viewport.width).map { Interval(xs[$0], xs[$0 + 1]) }
        let enclosures = function.enclosures(over: gaps)

        var lines: [[Point]] = []
        var current: [Point] = []
        func finishLine() {
            if !current.isEmpty { lines.append(current) }
            current = []
        }
        for index in 0...viewport.width {
            let y = ys[index]
            if y.isFinite { current.append(Point(x: xs[index], y: y)) }
            guard index < viewport.width else { break }
            let next = ys[index + 1]
            switch (y.isFinite, next.isFinite) {
            case (true, true):
                if !isContinuous(over: gaps[index], enclosures[index], depth: 0) { finishLine() }
            case (true, false):
                if let end = function.domainBoundary(defined: xs[index], undefined: xs[index + 1]) {
                    current.append(end)
                }
                finishLine()
            case (false, true):
                finishLine()
                if let start = function.domainBoundary(defined: xs[index + 1], undefined: xs[index]) {
                    current.append(start)
                }
            case (false, false):
                finishLine()
            }
        }
        finishLine()
        return lines
    }

    /// Whether the function is proved continuous and defined on `x`, halving where the
    /// enclosure alone cannot tell.
    private func isContinuous(over x: Interval, _ enclosure: Enclosure, depth: Int) -> Bool {
        if enclosure.isContinuous && enclosure.isTotal { return true }
        guard function.hasGuaranteedEnclosures, depth < continuityDepth else { return false }
        let middle = x.midpoint
        guard middle > x.lower, middle < x.upper else { return false }
        let halves = [Interval(x.lower, middle), Interval(middle, x.upper)]
        let enclosures = function.enclosures(over: halves)
        return zip(halves, enclosures).allSatisfy { isContinuous(over: $0, $1, depth: depth + 1) }
    }
}

extension GraphFunction {
    /// The point at the last double with a value between `defined` (which has one) and
    /// `undefined` (which has none), found by bisecting the doubles in order (at most 64
    /// steps), or `nil` when `defined` is already that double.
    func domainBoundary(defined: Double, undefined: Double) -> Point? {
        var inside = OrderedDouble(defined), outside = OrderedDouble(undefined)
        var value = values(at: [defined])[0]
        while !inside.isNeighbour(of: outside) {
            let middle = OrderedDouble(key: inside.key / 2 + outside.key / 2 + (inside.key % 2 + outside.key % 2) / 2)
            let y = values(at: [middle.value])[0]
            if y.isFinite {
                inside = middle
                value = y
            } else {
                outside = middle
            }
        }
        guard value.isFinite, inside.value != defined else { return nil }
        // Adding 0 turns −0 into 0.
        return Point(x: inside.value + 0, y: value + 0)
    }
}

/// A double mapped to an integer key that orders like the double, so bisection can halve
/// the set of doubles between two values rather than the distance.
struct OrderedDouble {
    let key: Int64

    init(_ value: Double) {
        let magnitude = Int64(bitPattern: abs(value).bitPattern)
        key = value.sign == .minus ? -magnitude : magnitude
    }

    init(key: Int64) {
        self.key = key
    }

    /// Whether no double lies strictly between the two.
    func isNeighbour(of other: OrderedDouble) -> Bool {
        let (difference, overflow) = key.subtractingReportingOverflow(other.key)
        return !overflow && difference.magnitude <= 1
    }

    var value: Double {
        let magnitude = Double(bitPattern: UInt64(key.magnitude))
        return key < 0 ? -magnitude : magnitude
    }
}
