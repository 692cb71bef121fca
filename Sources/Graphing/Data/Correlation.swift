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
        let length = min(x.count, y.count)
        var sumX = CompensatedSum(), sumY = CompensatedSum()
        var count = 0
        var xx = CompensatedSum(), yy = CompensatedSum(), xy = CompensatedSum()
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                for index in 0..<length where !x[index].isNaN && !y[index].isNaN {
                    sumX.add(x[index])
                    sumY.add(y[index])
                    count += 1
                }
                guard count > 0 else { return }
                let meanX = sumX.value / Double(count), meanY = sumY.value / Double(count)
                for index in 0..<length where !x[index].isNaN && !y[index].isNaN {
                    let dx = x[index] - meanX, dy = y[index] - meanY
                    xx.add(dx * dx)
                    yy.add(dy * dy)
                    xy.add(dx * dy)
                }
            }
        }
        guard count > 0 else { return nil }
        self.count = count
        covariance = count > 1 ? xy.value / Double(count - 1) : .nan
        let scale = (xx.value * yy.value).squareRoot()
        r = scale > 0 ? max(-1, min(1, xy.value / scale)) : .nan
    }
}
