/// Coordinates written with the precision a drawing needs: two decimals at most, no
/// trailing zeros, `-0` as `0`; with integer arithmetic, as a graph writes thousands.
enum SVGNumber {
    static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return value.isFinite ? "\(value.rounded())" : "0" }
        let hundredths = Int64((value * 100).rounded())
        let magnitude = hundredths.magnitude
        var text = hundredths < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction % 10 == 0 ? ".\(fraction / 10)" : (fraction < 10 ? ".0\(fraction)" : ".\(fraction)")
        }
        return text
    }
}
