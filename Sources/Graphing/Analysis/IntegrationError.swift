import GraphCalcSupport

/// Why a definite integral has no value to print.
public enum IntegrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The function has no value on part of the range (outside its domain), at `x` for one.
    case noValue(at: Double)
    /// The function is unbounded beside `x`, and the proved integrals over shells closing
    /// in on it do not shrink (checked to 2⁻⁴⁰ of the range): the integral from a distance
    /// δ grows at least like log(1/δ).
    case diverges(near: Double)
    /// The range is not a finite interval.
    case unboundedRange(lower: Double, upper: Double)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .noValue(let x):
            "no value at x = \(CFormat.short(x)): the range leaves the function's domain"
        case .diverges(let x):
            "diverges: the function is unbounded near x = \(CFormat.short(x)), and its integral from a distance δ of it grows at least like log(1/δ)"
        case .unboundedRange(let lower, let upper):
            "the range \(CFormat.short(lower))…\(CFormat.short(upper)) is not finite"
        }
    }
}
