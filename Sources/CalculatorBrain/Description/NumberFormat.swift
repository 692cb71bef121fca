/// How numbers are written in descriptions and symbols.
enum NumberFormat {
    /// The shortest decimal that reads back as the same `Double`, without a trailing
    /// `.0` on whole numbers below 10¹⁶: `3`, `0.1`, `1e-05`, `-2.5`, `inf`, `nan`.
    static func plain(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(.towardZero), abs(value) < 1e16 {
            if value == 0 { return value.sign == .minus ? "-0" : "0" }
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// The magnitude of `value` as the parser reads it back: `plain` for finite
    /// values, `∞` for infinities. The sign is written by the caller.
    static func magnitude(_ value: Double) -> String {
        let magnitude = abs(value)
        return magnitude.isInfinite ? "∞" : plain(magnitude)
    }
}
