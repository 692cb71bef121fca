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
        // Both passes in C, four compensated sums side by side and on two threads.
        var count = 0, sumX = 0.0, sumY = 0.0
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                gcvm_pair_sums(x.baseAddress, y.baseAddress, length, &count, &sumX, &sumY)
            }
        }
        guard count > 0 else { return nil }
        self.init(x, y, count: count, means: (sumX / Double(count), sumY / Double(count)))
    }

    /// The correlation of `x` and `y` with their summaries already found: when neither
    /// has a gap, every row is a pair and the means are the summaries' (one pass over the
    /// columns, not two); otherwise as ``init(_:_:)``.
    public init?(_ x: [Double], _ y: [Double], summaries: (x: Statistics, y: Statistics)) {
        guard x.count == y.count, summaries.x.count == x.count, summaries.y.count == y.count else {
            self.init(x, y)
            return
        }
        self.init(x, y, count: x.count, means: (summaries.x.mean, summaries.y.mean))
    }

    /// The correlation from the deviations about `means` of the `count` pairs.
    private init(_ x: [Double], _ y: [Double], count: Int, means: (x: Double, y: Double)) {
        var xx = 0.0, yy = 0.0, xy = 0.0
        x.withUnsafeBufferPointer { x in
            y.withUnsafeBufferPointer { y in
                gcvm_pair_deviation_sums(
                    x.baseAddress, y.baseAddress, min(x.count, y.count), means.x, means.y, &xx, &yy, &xy)
            }
        }
        self.count = count
        covariance = count > 1 ? xy / Double(count - 1) : .nan
        let scale = (xx * yy).squareRoot()
        r = scale > 0 ? max(-1, min(1, xy / scale)) : .nan
    }
}
