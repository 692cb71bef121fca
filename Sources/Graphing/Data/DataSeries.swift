/// A series of data points (x, y), in the order read: what a figure's data layer draws
/// and what statistics and fits are taken of. A NaN in either coordinate is a gap.
public struct DataSeries: Equatable, Sendable {
    /// The x values, or `nil` when x is the row number (1, 2, 3, …).
    public let xs: [Double]?
    /// The y values.
    public let ys: [Double]

    /// A series of `ys` against `xs` (the row numbers from 1 when `nil`); the shorter of
    /// the two sets the length.
    public init(x xs: [Double]?, y ys: [Double]) {
        if let xs, xs.count != ys.count {
            let count = min(xs.count, ys.count)
            self.xs = Array(xs.prefix(count))
            self.ys = Array(ys.prefix(count))
        } else {
            self.xs = xs
            self.ys = ys
        }
    }

    /// The number of points, gaps included.
    public var count: Int { ys.count }

    /// The x of point `index` (from 0).
    @inline(__always) public func x(at index: Int) -> Double {
        if let xs { return xs[index] }
        return Double(index + 1)
    }

    /// Whether x never decreases from one point with a value to the next: a series in
    /// time or in order, which reads best as a line (a scatter of x and y as points).
    public var isOrderedInX: Bool {
        guard let xs else { return true }
        let count = min(xs.count, ys.count)
        // Each half in order, on two cores when long, and the second's first x with a
        // value no less than the greatest before it.
        let halves = count >= TwoCores.splitCount ? [0..<(count / 2), (count / 2)..<count] : [0..<count]
        var first: (ordered: Bool, first: Double, last: Double) = (true, .infinity, -.infinity)
        var second = first
        let order = { (range: Range<Int>) -> (ordered: Bool, first: Double, last: Double) in
            xs.withUnsafeBufferPointer { xs in
                ys.withUnsafeBufferPointer { ys in
                    var first = Double.infinity, last = -Double.infinity
                    for index in range where !ys[index].isNaN && !xs[index].isNaN {
                        let x = xs[index]
                        if x < last { return (false, first, last) }
                        if first == .infinity { first = x }
                        last = x
                    }
                    return (true, first, last)
                }
            }
        }
        if halves.count == 2 {
            TwoCores.run({ first = order(halves[0]) }, { second = order(halves[1]) })
            return first.ordered && second.ordered && !(second.first < first.last)
        }
        return order(halves[0]).ordered
    }

    /// The ranges of x and of y over the points with both values (x ≤ 0 left out on a
    /// log x axis, y ≤ 0 on a log y axis; only points with x in `within` counted for y
    /// when it is given), or `nil` when no point counts.
    public func extent(
        xScale: AxisScale = .linear, yScale: AxisScale = .linear, within: Interval? = nil
    ) -> (x: Interval, y: Interval)? {
        if xScale == .linear, yScale == .linear, within == nil, let xs {
            return Self.linearExtent(xs, ys)
        }
        var xLow = Double.infinity, xHigh = -Double.infinity
        var yLow = Double.infinity, yHigh = -Double.infinity
        for index in 0..<count {
            let x = x(at: index), y = ys[index]
            guard x.isFinite, y.isFinite, xScale == .linear || x > 0, yScale == .linear || y > 0 else { continue }
            if let within, !(within.lower <= x && x <= within.upper) { continue }
            xLow = min(xLow, x)
            xHigh = max(xHigh, x)
            yLow = min(yLow, y)
            yHigh = max(yHigh, y)
        }
        guard xLow <= xHigh else { return nil }
        return (Interval(xLow, xHigh), Interval(yLow, yHigh))
    }

    /// ``extent(xScale:yScale:within:)`` on linear axes, in one pass of compares the
    /// compiler can keep in vector registers: a point counts when both values are finite
    /// (x − x is 0 only for a finite x).
    private static func linearExtent(_ xs: [Double], _ ys: [Double]) -> (x: Interval, y: Interval)? {
        // On two cores, a half each, when long.
        let count = min(xs.count, ys.count)
        guard count >= TwoCores.splitCount else { return linearExtent(xs, ys, 0..<count) }
        var first: (x: Interval, y: Interval)?, second: (x: Interval, y: Interval)?
        TwoCores.run(
            { first = linearExtent(xs, ys, 0..<(count / 2)) }, { second = linearExtent(xs, ys, (count / 2)..<count) })
        guard let first, let second else { return first ?? second }
        return (
            Interval(min(first.x.lower, second.x.lower), max(first.x.upper, second.x.upper)),
            Interval(min(first.y.lower, second.y.lower), max(first.y.upper, second.y.upper))
        )
    }

    /// ``linearExtent(_:_:)`` over the points in `range`.
    private static func linearExtent(_ xs: [Double], _ ys: [Double], _ range: Range<Int>) -> (x: Interval, y: Interval)?
    {
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                var xLow = Double.infinity, xHigh = -Double.infinity
                var yLow = Double.infinity, yHigh = -Double.infinity
                for index in range {
                    let x = xs[index], y = ys[index]
                    let counts = (x - x) + (y - y) == 0
                    let xIn = counts ? x : .infinity, xOut = counts ? x : -.infinity
                    let yIn = counts ? y : .infinity, yOut = counts ? y : -.infinity
                    xLow = xIn < xLow ? xIn : xLow
                    xHigh = xOut > xHigh ? xOut : xHigh
                    yLow = yIn < yLow ? yIn : yLow
                    yHigh = yOut > yHigh ? yOut : yHigh
                }
                guard xLow <= xHigh else { return nil }
                return (Interval(xLow, xHigh), Interval(yLow, yHigh))
            }
        }
    }
}
