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

/// Outward rounding of bounds computed in round-to-nearest arithmetic.
///
/// IEEE 754 `+ − × ÷ √` are correctly rounded, so a computed bound moved one ulp
/// outward is a true bound; when an error-free transformation (`fma`, TwoSum) shows the
/// result is exact it is kept as it is, so `1/0.5` gives exactly 2 and `√0.25` exactly
/// 0.5. glibc's `sin`, `cos`, `tan`, `exp`, `log`, `atan`, `asin`, `acos` and `pow` are
/// accurate to within a couple of ulps, so their bounds move by ``libraryUlps``. A lower
/// bound of +∞ becomes the greatest finite double (the true result of a computation that
/// overflowed is finite), and likewise for −∞.
public enum Rounding {
    /// How many ulps a libm result is moved outward.
    public static let libraryUlps = 4

    /// The next double below `value`.
    @inlinable public static func down(_ value: Double) -> Double {
        value.nextDown
    }

    /// The next double above `value`.
    @inlinable public static func up(_ value: Double) -> Double {
        value.nextUp
    }

    /// A lower bound for a libm result.
    @inlinable public static func libraryDown(_ value: Double) -> Double {
        var result = value
        for _ in 0..<libraryUlps { result = result.nextDown }
        return result
    }

    /// An upper bound for a libm result.
    @inlinable public static func libraryUp(_ value: Double) -> Double {
        var result = value
        for _ in 0..<libraryUlps { result = result.nextUp }
        return result
    }

    /// A lower bound of `a + b`.
    public static func sumDown(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        return isExactSum(sum, a, b) ? sum : sum.nextDown
    }

    /// An upper bound of `a + b`.
    public static func sumUp(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        return isExactSum(sum, a, b) ? sum : sum.nextUp
    }

    /// A lower bound of `a × b`, with 0 × ±∞ taken as 0.
    public static func productDown(_ a: Double, _ b: Double) -> Double {
        if a == 0 || b == 0 { return 0 }
        let product = a * b
        return product.isFinite && (a * b).addingProduct(-a, b) == 0 ? product : product.nextDown
    }

    /// An upper bound of `a × b`, with 0 × ±∞ taken as 0.
    public static func productUp(_ a: Double, _ b: Double) -> Double {
        if a == 0 || b == 0 { return 0 }
        let product = a * b
        return product.isFinite && product.addingProduct(-a, b) == 0 ? product : product.nextUp
    }

    /// A lower bound of `a ÷ b` for b ≠ 0.
    public static func quotientDown(_ a: Double, _ b: Double) -> Double {
        let quotient = a / b
        return isExactQuotient(quotient, a, b) ? quotient : quotient.nextDown
    }

    /// An upper bound of `a ÷ b` for b ≠ 0.
    public static func quotientUp(_ a: Double, _ b: Double) -> Double {
        let quotient = a / b
        return isExactQuotient(quotient, a, b) ? quotient : quotient.nextUp
    }

    /// A lower bound of `√a` for a ≥ 0.
    public static func squareRootDown(_ a: Double) -> Double {
        let root = a.squareRoot()
        return root.isFinite && (-a).addingProduct(root, root) == 0 ? root : max(0, root.nextDown)
    }

    /// An upper bound of `√a` for a ≥ 0.
    public static func squareRootUp(_ a: Double) -> Double {
        let root = a.squareRoot()
        return root.isFinite && (-a).addingProduct(root, root) == 0 ? root : root.nextUp
    }

    /// TwoSum: the rounding error of `a + b` is zero.
    private static func isExactSum(_ sum: Double, _ a: Double, _ b: Double) -> Bool {
        guard sum.isFinite else { return a.isInfinite || b.isInfinite }
        let bPart = sum - a
        let error = (a - (sum - bPart)) + (b - bPart)
        return error == 0
    }

    /// `quotient × b` reproduces `a` exactly.
    private static func isExactQuotient(_ quotient: Double, _ a: Double, _ b: Double) -> Bool {
        if a == 0 || b.isInfinite && a.isFinite { return quotient == 0 }
        guard quotient.isFinite, quotient != 0 else { return false }
        return (-a).addingProduct(quotient, b) == 0
    }
}
