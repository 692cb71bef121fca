/// How far apart two doubles are, in units in the last place: the one measure of "close"
/// the tests use, defined for every pair (±0 are 0 apart, ±∞ are numbers at the ends,
/// two NaNs are equal and a NaN is infinitely far from any number).
public enum Tolerance {
    /// The number of doubles between `a` and `b` (0 when equal, -0 and +0 included);
    /// `UInt64.max` for a NaN against a number.
    public static func ulps(_ a: Double, _ b: Double) -> UInt64 {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN ? 0 : .max }
        let (x, y) = (key(a), key(b))
        // On opposite sides of zero the distance is the sum of magnitudes, which fits in
        // 64 unsigned bits (at most from -∞ to +∞) though not in 63.
        if (x < 0) != (y < 0) { return x.magnitude + y.magnitude }
        return (x - y).magnitude
    }

    /// Whether `a` and `b` are at most `ulps` apart.
    public static func isClose(_ a: Double, _ b: Double, ulps limit: UInt64) -> Bool {
        ulps(a, b) <= limit
    }

    /// Whether `a` and `b` differ by at most `relative` of the larger magnitude, or by at
    /// most `relative` when both are within 1 of 0 (so values near zero compare
    /// absolutely); equal infinities are close, NaNs only to NaNs.
    public static func isClose(_ a: Double, _ b: Double, relative: Double) -> Bool {
        if a == b || (a.isNaN && b.isNaN) { return true }
        guard a.isFinite, b.isFinite else { return false }
        return abs(a - b) <= relative * max(1, abs(a), abs(b))
    }

    /// The double's place in the order of all doubles, as a signed integer: adjacent
    /// doubles differ by 1, and -0 and +0 share 0.
    private static func key(_ value: Double) -> Int64 {
        let bits = Int64(bitPattern: value.bitPattern)
        return bits < 0 ? Int64.min &- bits : bits
    }
}
