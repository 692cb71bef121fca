/// A closed interval of real numbers `[lower, upper]`, whose bounds may be ±∞.
///
/// Arithmetic on intervals rounds outward (see ``Rounding``), so the result of an
/// operation contains every result of the operation on members of its operands.
/// An interval is never empty and never has a NaN bound; operations that have no result
/// on part of their operands are handled by ``Enclosure``.
public struct Interval: Hashable, Sendable, CustomStringConvertible {
    /// The least member; may be −∞.
    public let lower: Double
    /// The greatest member; may be +∞.
    public let upper: Double

    /// Creates `[lower, upper]`.
    ///
    /// - Precondition: neither bound is NaN and `lower <= upper`.
    public init(_ lower: Double, _ upper: Double) {
        precondition(lower <= upper, "an interval needs lower <= upper")
        self.lower = lower
        self.upper = upper
    }

    /// The interval holding only `value`.
    public init(_ value: Double) {
        self.init(value, value)
    }

    /// Every real number, `[−∞, +∞]`.
    public static let entire = Interval(-.infinity, .infinity)

    /// `upper − lower`, rounded up; +∞ for an unbounded interval.
    public var width: Double { Rounding.sumUp(upper, -lower) }

    /// The midpoint, finite for finite bounds (no overflow for huge ones).
    public var midpoint: Double {
        if lower == -upper { return 0 }
        let middle = lower / 2 + upper / 2
        return min(max(middle, lower), upper)
    }

    /// Whether the interval holds a single number.
    public var isPoint: Bool { lower == upper }

    /// Whether both bounds are finite.
    public var isBounded: Bool { lower.isFinite && upper.isFinite }

    /// Whether `value` lies in the interval.
    public func contains(_ value: Double) -> Bool {
        lower <= value && value <= upper
    }

    /// Whether the two intervals share a number.
    public func overlaps(_ other: Interval) -> Bool {
        lower <= other.upper && other.lower <= upper
    }

    /// The smallest interval holding both.
    public func hull(_ other: Interval) -> Interval {
        Interval(min(lower, other.lower), max(upper, other.upper))
    }

    /// The common part, or `nil` when there is none.
    public func intersection(_ other: Interval) -> Interval? {
        let low = max(lower, other.lower), high = min(upper, other.upper)
        return low <= high ? Interval(low, high) : nil
    }

    /// `[lower, upper]` with the bounds written as Swift prints them.
    public var description: String { "[\(lower), \(upper)]" }
}
