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
        return isExactProduct(product, a, b) ? product : product.nextDown
    }

    /// An upper bound of `a × b`, with 0 × ±∞ taken as 0.
    public static func productUp(_ a: Double, _ b: Double) -> Double {
        if a == 0 || b == 0 { return 0 }
        let product = a * b
        return isExactProduct(product, a, b) ? product : product.nextUp
    }

    /// `a × b` (both nonzero) is exactly `product`: fma shows no rounding error, and the
    /// product is normal — below the normal range the error term underflows too, so a
    /// product rounded to 0 or to a subnormal cannot be shown exact that way.
    private static func isExactProduct(_ product: Double, _ a: Double, _ b: Double) -> Bool {
        product.isFinite && product.magnitude >= Double.leastNormalMagnitude && product.addingProduct(-a, b) == 0
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
        // A subnormal quotient's check underflows as a product's does; so does one of a
        // dividend near the subnormals, whose remainder q·b − a can lie below the least
        // subnormal and round to 0 (7·2⁻¹⁰⁷⁴ ÷ 3·2⁻⁶⁰).
        guard quotient.isFinite, quotient.magnitude >= Double.leastNormalMagnitude, a.magnitude >= 0x1p-969
        else { return false }
        return (-a).addingProduct(quotient, b) == 0
    }
}
