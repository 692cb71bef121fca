/// A sum of doubles with the rounding error of each addition carried (Neumaier's
/// variant of Kahan summation): the total is within about an ulp of the exact sum, plus
/// n·ε² times the sum of the terms' magnitudes, whatever their order (a plain sum is
/// off by up to n·ε times that sum). Each error is
/// found by Knuth's TwoSum, exact whichever term is larger and without a branch (a
/// compare of magnitudes mispredicts half the time on terms that change sign, such as
/// deviations from a mean).
public struct CompensatedSum: Sendable {
    private var sum = 0.0
    private var compensation = 0.0

    /// An empty sum (0).
    public init() {}

    /// Adds `value`.
    @inline(__always) public mutating func add(_ value: Double) {
        let total = sum + value
        let valuePart = total - sum
        compensation += (sum - (total - valuePart)) + (value - valuePart)
        sum = total
    }

    /// The sum so far.
    public var value: Double { sum + compensation }
}
