/// How two variables vary together, over the rows where both have a value: the
/// correlation r and the sample covariance, from deviations about the means (two passes,
/// compensated sums).
public struct Correlation: Sendable, Equatable {
    /// The number of rows where both have a value.
    public let count: Int
    /// Pearson's r, from −1 to 1; NaN when either variable does not vary.
    public let r: Double
    /// The sample covariance (n − 1 in the denominator); NaN for fewer than two rows.
    public let covariance: Double

    /// The correlation of `x` and `y` (paired by index; a NaN in either leaves the pair
    /// out), or `nil` when no pair has both.
    public init?(_ x: [Double], _ y: [Double]) {
        var sumX = CompensatedSum(), sumY = CompensatedSum()
        var count = 0
        for (a, b) in zip(x, y) where !a.isNaN && !b.isNaN {
            sumX.add(a)
            sumY.add(b)
            count += 1
        }
        guard count > 0 else { return nil }
        self.count = count
        let meanX = sumX.value / Double(count), meanY = sumY.value / Double(count)
        var xx = CompensatedSum(), yy = CompensatedSum(), xy = CompensatedSum()
        for (a, b) in zip(x, y) where !a.isNaN && !b.isNaN {
            let dx = a - meanX, dy = b - meanY
            xx.add(dx * dx)
            yy.add(dy * dy)
            xy.add(dx * dy)
        }
        covariance = count > 1 ? xy.value / Double(count - 1) : .nan
        let scale = (xx.value * yy.value).squareRoot()
        r = scale > 0 ? max(-1, min(1, xy.value / scale)) : .nan
    }
}
