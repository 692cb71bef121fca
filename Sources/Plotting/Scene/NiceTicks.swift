import CVectorMath
import GraphCalcSupport

/// Tick positions at "nice" values — 1, 2 or 5 × 10^k apart — and their labels.
///
/// Labels are printed with just the decimals the step needs, so multiples of 0.1 read
/// `0.3`, not `0.30000000000000004`; values from 10⁻⁴ to 10⁷ are written out
/// (`1000000.2`, and `1.0000000005` for a narrow range near 1), larger and smaller ones
/// in exponent form with the significant digits that tell neighbouring ticks apart
/// (`1.2e-9`, `3e8`).
public enum NiceTicks {
    /// The step of about `count` intervals over `lower…upper`: 1, 2 or 5 × 10^k.
    ///
    /// - Returns: `nil` for an empty, inverted or non-finite range, or `count` < 1.
    public static func step(from lower: Double, to upper: Double, count: Int) -> Double? {
        let span = upper - lower
        guard lower.isFinite, upper.isFinite, span > 0, span.isFinite, count >= 1 else { return nil }
        let raw = span / Double(count)
        let magnitude = pow(10, (log10(raw)).rounded(.down))
        let residual = raw / magnitude
        let nice: Double = residual <= 1 ? 1 : residual <= 2 ? 2 : residual <= 5 ? 5 : 10
        // Near the largest double a nice step can overflow: fall back to the power of ten.
        let step = nice * magnitude
        return step.isFinite ? step : magnitude
    }

    /// The decimal exponent of a positive finite value, clamped to the doubles' range; 0
    /// for anything else, so no conversion to `Int` can trap.
    static func exponent(_ value: Double) -> Int {
        let exponent = log10(value).rounded(.down)
        return exponent.isFinite ? Int(max(-400, min(400, exponent))) : 0
    }

    /// Ticks at the multiples of a nice step within `lower…upper`, about `count` intervals
    /// apart; none for a range `step(from:to:count:)` refuses.
    public static func ticks(from lower: Double, to upper: Double, count: Int) -> [Tick] {
        guard let step = step(from: lower, to: upper, count: count) else { return [] }
        // A hair of tolerance, so that an end that is a multiple of the step (0.0003 for a
        // step of 0.0001, computed as 2.9999999999999996 steps) keeps its tick.
        let first = (lower / step - 1e-9).rounded(.up), last = (upper / step + 1e-9).rounded(.down)
        guard first <= last, last - first < 10_000 else { return [] }
        let largest = max(abs(first * step), abs(last * step))
        return stride(from: first, through: last, by: 1).map { k in
            let value = k * step
            return Tick(value: value, label: label(value, step: step, largest: largest))
        }
    }

    /// Nice ticks over `lower…upper` drawn `length` pixels long, about `spacing` apart.
    public static func ticks(from lower: Double, to upper: Double, length: Double, spacing: Double) -> [Tick] {
        ticks(from: lower, to: upper, count: max(1, Int(length / max(spacing, 1))))
    }

    /// The label of `value` among ticks `step` apart, the largest of magnitude `largest`.
    public static func label(_ value: Double, step: Double, largest: Double) -> String {
        if value == 0 || abs(value) < step / 1e6 { return "0" }
        let stepExponent = exponent(step)
        let largestExponent = exponent(max(largest, step))
        // Positional while the numbers are of a size people write out (10⁻⁴ … 10⁷) and
        // their digits fit a double: 1.0000000005 beside 1, not 1.0000000005e0 beside 1e0.
        if (-4..<7).contains(largestExponent) && largestExponent - stepExponent <= 15 {
            let decimals = max(0, -stepExponent)
            // The step is a 1, 2 or 5: one digit at its place is exact.
            return trimmed(CFormat.string("%.\(decimals)f", value))
        }
        let significant = min(17, max(1, exponent(abs(value)) - stepExponent + 1))
        var text = CFormat.string("%.\(significant - 1)e", value)
        // 1.20e-09 → 1.2e-9: no trailing zeros, no padded exponent.
        if let e = text.firstIndex(of: "e") {
            var mantissa = String(text[..<e])
            var exponent = String(text[text.index(after: e)...])
            if mantissa.contains(".") { mantissa = trimmed(mantissa) }
            let sign = exponent.hasPrefix("-") ? "-" : ""
            exponent = String(exponent.drop { $0 == "+" || $0 == "-" || $0 == "0" })
            let digits: String = exponent.isEmpty ? "0" : exponent
            text = mantissa + "e" + sign + digits
        }
        return text
    }

    /// Drops trailing zeros after a decimal point, and the point itself when bare; "-0" → "0".
    private static func trimmed(_ text: String) -> String {
        var result = text
        if result.contains(".") {
            while result.hasSuffix("0") { result.removeLast() }
            if result.hasSuffix(".") { result.removeLast() }
        }
        return result == "-0" ? "0" : result
    }
}
