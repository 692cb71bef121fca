/// A double mapped to an integer key that orders like the double, so bisection can halve
/// the set of doubles between two values rather than the distance.
struct OrderedDouble {
    let key: Int64

    init(_ value: Double) {
        let magnitude = Int64(bitPattern: abs(value).bitPattern)
        key = value.sign == .minus ? -magnitude : magnitude
    }

    init(key: Int64) {
        self.key = key
    }

    /// Whether no double lies strictly between the two.
    func isNeighbour(of other: OrderedDouble) -> Bool {
        let (difference, overflow) = key.subtractingReportingOverflow(other.key)
        return !overflow && difference.magnitude <= 1
    }

    var value: Double {
        let magnitude = Double(bitPattern: UInt64(key.magnitude))
        return key < 0 ? -magnitude : magnitude
    }
}
