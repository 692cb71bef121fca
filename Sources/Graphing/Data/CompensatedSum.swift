/// A sum of doubles with the rounding error of each addition carried (Neumaier's
/// variant of Kahan summation): the total is within an ulp or two of the exact sum
/// whatever the order and the spread of the terms, not within n ulps.
public struct CompensatedSum: Sendable {
    private var sum = 0.0
    private var compensation = 0.0

    /// An empty sum (0).
    public init() {}

    /// Adds `value`.
    @inline(__always) public mutating func add(_ value: Double) {
        let total = sum + value
        if abs(sum) >= abs(value) {
            compensation += (sum - total) + value
        } else {
            compensation += (value - total) + sum
        }
        sum = total
    }

    /// The sum so far.
    public var value: Double { sum + compensation }
}
