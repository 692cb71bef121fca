/// A graph function given as a plain Swift closure.
///
/// Without an interval version of the closure, enclosures are estimated by sampling each
/// interval at 33 points, so they are not guaranteed and no sampled piece is marked exact.
public struct ClosureFunction: GraphFunction {
    private let value: @Sendable (Double) -> Double
    private let enclosure: (@Sendable (Interval) -> Enclosure)?

    /// Creates a function from a closure returning NaN where it has no value and,
    /// optionally, one returning a guaranteed enclosure over an interval.
    public init(
        _ value: @escaping @Sendable (Double) -> Double,
        enclosure: (@Sendable (Interval) -> Enclosure)? = nil
    ) {
        self.value = value
        self.enclosure = enclosure
    }

    /// Whether enclosures are guaranteed; see ``GraphFunction/hasGuaranteedEnclosures``.
    public var hasGuaranteedEnclosures: Bool { enclosure != nil }

    /// The value at each x, NaN where there is none.
    public func values(at xs: [Double]) -> [Double] {
        xs.map(value)
    }

    /// An enclosure of the values on each interval.
    public func enclosures(over intervals: [Interval]) -> [Enclosure] {
        if let enclosure { return intervals.map(enclosure) }
        return intervals.map(estimatedEnclosure(over:))
    }

    private func estimatedEnclosure(over interval: Interval) -> Enclosure {
        let samples = 32
        var lower = Double.infinity, upper = -Double.infinity
        var isTotal = true
        for index in 0...samples {
            let t = Double(index) / Double(samples)
            let y = value(interval.lower + (interval.upper - interval.lower) * t)
            if y.isNaN {
                isTotal = false
            } else {
                lower = min(lower, y)
                upper = max(upper, y)
            }
        }
        guard lower <= upper else { return .empty }
        return Enclosure(Interval(lower, upper), isTotal: isTotal, isContinuous: false)
    }
}
