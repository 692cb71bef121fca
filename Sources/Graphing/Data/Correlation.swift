import CVectorMath

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
        var count = 0
        var xx = 0.0, yy = 0.0, xy = 0.0
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                // Both passes in C, four compensated sums side by side and on two threads.
                var sumX = 0.0, sumY = 0.0
                gcvm_pair_sums(x.baseAddress, y.baseAddress, length, &count, &sumX, &sumY)
                guard count > 0 else { return }
                let meanX = sumX / Double(count), meanY = sumY / Double(count)
                gcvm_pair_deviation_sums(x.baseAddress, y.baseAddress, length, meanX, meanY, &xx, &yy, &xy)
            }
        }
        guard count > 0 else { return nil }
        self.count = count
        covariance = count > 1 ? xy / Double(count - 1) : .nan
        let scale = (xx * yy).squareRoot()
        r = scale > 0 ? max(-1, min(1, xy / scale)) : .nan
    }
}
