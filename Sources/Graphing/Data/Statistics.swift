import CVectorMath

/// One variable's summary statistics, as a calculator's 1-Var Stats gives them, over the
/// values that are not NaN (gaps are left out).
///
/// Sums are compensated and the deviations are taken from the mean in a second pass, so
/// values with a large common offset (10⁹ plus small noise) keep their spread exactly.
/// Quartiles are interpolated linearly between order statistics (position (n − 1)·p from
/// 0), as numpy's `percentile`, pandas' `describe` and Python's
/// `statistics.quantiles(method="inclusive")` do, and found without sorting (see
/// `OrderStatistics`): four passes over the values in all.
public struct Statistics: Sendable, Equatable {
    /// The number of values (gaps left out).
    public let count: Int
    /// The sum.
    public let sum: Double
    /// The mean.
    public let mean: Double
    /// The sample standard deviation (n − 1 in the denominator), NaN for one value.
    public let sampleStandardDeviation: Double
    /// The population standard deviation (n in the denominator).
    public let populationStandardDeviation: Double
    /// The least value.
    public let minimum: Double
    /// The first quartile.
    public let firstQuartile: Double
    /// The median.
    public let median: Double
    /// The third quartile.
    public let thirdQuartile: Double
    /// The greatest value.
    public let maximum: Double

    /// The statistics of `values`' numbers, or `nil` when there are none.
    public init?(_ values: [Double]) {
        // Pass 1: the count, the compensated sum and the ends; pass 2: the deviations
        // from the mean, compensated, and where the values lie (for the quartiles).
        // Both passes in C, four compensated sums side by side and on two threads.
        var count = 0, total = 0.0
        var minimum = Double.infinity, maximum = -Double.infinity
        values.withUnsafeBufferPointer { values in
            gcvm_column_sums(values.baseAddress, values.count, &count, &total, &minimum, &maximum)
        }
        guard count > 0 else { return nil }
        self.count = count
        sum = total
        let mean = sum / Double(count)
        // A second pass about the mean, with the first-order correction of the mean's own
        // rounding (the compensated sum of the deviations, which is 0 exactly).
        // The quartiles' buckets are counted in the same pass.
        var squares = 0.0, deviations = 0.0
        let bucketing = OrderStatistics.bucketing(count: count, minimum: minimum, maximum: maximum)
        var counts = [Int](repeating: 0, count: bucketing?.buckets ?? 0)
        values.withUnsafeBufferPointer { values in
            if let (buckets, scale) = bucketing {
                counts.withUnsafeMutableBufferPointer { counts in
                    gcvm_deviation_sums_and_buckets(
                        values.baseAddress, values.count, mean, minimum, scale, buckets, counts.baseAddress, &squares,
                        &deviations)
                }
            } else {
                gcvm_deviation_sums(values.baseAddress, values.count, mean, &squares, &deviations)
            }
        }
        // Beyond the doubles (values near 1e308) the spread is unknown: NaN, never 0.
        let raw = squares - deviations * deviations / Double(count)
        let sumOfSquares = raw.isNaN ? Double.nan : max(0, raw)
        self.mean = mean + deviations / Double(count)
        populationStandardDeviation = (sumOfSquares / Double(count)).squareRoot()
        sampleStandardDeviation = count > 1 ? (sumOfSquares / Double(count - 1)).squareRoot() : .nan
        self.minimum = minimum
        self.maximum = maximum
        let quartiles = OrderStatistics.quantiles(
            [0.25, 0.5, 0.75], of: values, count: count, minimum: minimum, maximum: maximum,
            counts: bucketing == nil ? nil : counts)
        firstQuartile = quartiles[0]
        median = quartiles[1]
        thirdQuartile = quartiles[2]
    }

    /// Reorders `values[from...]` so that the value at `rank` is the one a sort would put
    /// there, none before it greater and none after it less: quickselect with the median
    /// of three pivots drawn from a fixed pseudo-random sequence (sorted input, or input
    /// made to defeat a fixed choice, stays linear), and a sort of what is left should it
    /// ever take more rounds than a linear time allows (introselect's guarantee).
    static func select(_ rank: Int, in values: inout [Double], from start: Int) {
        var low = start, high = values.count - 1
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var rounds = 0
        let limit = 2 * (Int.bitWidth - max(1, values.count).leadingZeroBitCount) + 16
        values.withUnsafeMutableBufferPointer { buffer in
            while high > low {
                rounds += 1
                if rounds > limit {
                    buffer[low...high].sort()
                    return
                }
                // Three positions from a SplitMix sequence, their median moved to `middle`.
                func position() -> Int {
                    state &+= 0x9E37_79B9_7F4A_7C15
                    var z = state
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    return low + Int((z ^ (z >> 31)) % UInt64(high - low + 1))
                }
                let (a, b, c) = (position(), position(), position())
                let middle =
                    buffer[a] < buffer[b]
                    ? (buffer[b] < buffer[c] ? b : (buffer[a] < buffer[c] ? c : a))
                    : (buffer[a] < buffer[c] ? a : (buffer[b] < buffer[c] ? c : b))
                // The median of the three as the pivot, moved to `high`.
                buffer.swapAt(middle, high)
                let pivot = buffer[high]
                // Three-way partition: less, equal, greater (runs of equal values are common).
                var lessEnd = low, index = low, greaterStart = high
                while index < greaterStart {
                    if buffer[index] < pivot {
                        buffer.swapAt(index, lessEnd)
                        lessEnd += 1
                        index += 1
                    } else if buffer[index] > pivot {
                        greaterStart -= 1
                        buffer.swapAt(index, greaterStart)
                    } else {
                        index += 1
                    }
                }
                buffer.swapAt(greaterStart, high)
                // Now [low, lessEnd) < pivot, [lessEnd, greaterStart] == pivot, after > pivot.
                if rank < lessEnd {
                    high = lessEnd - 1
                } else if rank > greaterStart {
                    low = greaterStart + 1
                } else {
                    return
                }
            }
        }
    }
}
