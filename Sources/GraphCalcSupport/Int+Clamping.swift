extension Int {
    /// The whole number `value` rounds to, clamped into `bounds`, or `nil` for NaN: the one
    /// way a double that came from input or a view (a pixel, a column, a count) becomes an
    /// `Int`, where `Int(_:)` would trap on NaN, ±∞ or a magnitude of 2⁶³ or more.
    ///
    /// −∞ and values below `bounds` give its lower end; +∞ and values above it its upper
    /// end; −0 gives 0.
    ///
    /// - Parameters:
    ///   - value: the double to convert.
    ///   - bounds: the whole numbers the result may take.
    ///   - rule: how `value` is rounded first; toward −∞ unless given.
    package static func clamped(
        _ value: Double, to bounds: ClosedRange<Int>, rounding rule: FloatingPointRoundingRule = .down
    ) -> Int? {
        guard !value.isNaN else { return nil }
        let rounded = value.rounded(rule)
        // Double(Int.max) is 2⁶³, one more than Int.max: compare as doubles, convert inside.
        if rounded <= Double(bounds.lowerBound) { return bounds.lowerBound }
        if rounded >= Double(bounds.upperBound) { return bounds.upperBound }
        return Int(rounded)
    }
}
