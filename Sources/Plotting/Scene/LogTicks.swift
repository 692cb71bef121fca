import CVectorMath

/// Ticks for a logarithmic axis: at powers of ten (`0.01 1 100`, `1e-6`), every k-th
/// decade where all would crowd (k 2, 3, 5, 10, 20, 25, 50, …), with the 2–9 multiples
/// (or the decades skipped) as unlabelled minor ticks where there is room; spanning less
/// than two whole decades, at 1, 2 and 5 × 10^k; within a ratio too small for those, at
/// nice linear steps.
///
/// Tick values are the doubles nearest the decimal numbers they label (`1e-5` is parsed,
/// not computed as 10⁻⁵ by `pow`), and labels are written out from 10⁻³ to 10⁴ and in
/// exponent form beyond (`1e-6`, `1e5`, `2e9`), so they stay short.
public enum LogTicks {
    /// Major (labelled) ticks over `lower…upper` about `count` intervals apart, and the
    /// minor ticks' values; nothing for a range that is not positive and finite.
    public static func ticks(from lower: Double, to upper: Double, count: Int) -> (major: [Tick], minor: [Double]) {
        guard lower > 0, upper.isFinite, lower < upper, count >= 1 else { return ([], []) }
        let low = log10(lower), high = log10(upper)
        let first = Int((low - 1e-9).rounded(.up)), last = Int((high + 1e-9).rounded(.down))
        let decades = last - first + 1
        if decades >= 3 {
            // Every k-th decade, k a nice number, about `count` intervals.
            let raw = max(1, Int((Double(last - first) / Double(count)).rounded(.up)))
            let nice = [1, 2, 3, 5, 10, 20, 25, 50, 100, 200, 250, 500]
            let step = nice.first { $0 >= raw } ?? raw
            let exponents = stride(from: first, through: last, by: 1).filter { $0 % step == 0 }
            let major = exponents.map { tick(mantissa: 1, exponent: $0) }
            var minor: [Double] = []
            if step == 1 {
                // 2…9 × 10^k where a decade has room for them (half a tick spacing or more).
                if Double(count) / (high - low) >= 0.5 {
                    for exponent in (first - 1)...last {
                        for mantissa in 2...9 {
                            let value = number(mantissa: mantissa, exponent: exponent)
                            if value >= lower && value <= upper { minor.append(value) }
                        }
                    }
                }
            } else {
                // The decades skipped, while they are no closer than a tenth of the spacing.
                if decades <= 10 * count {
                    minor = stride(from: first, through: last, by: 1).filter { $0 % step != 0 }.map {
                        number(mantissa: 1, exponent: $0)
                    }
                }
            }
            return (major, minor)
        }
        // Less than two decades: 1, 2 and 5 × 10^k, if they give at least two ticks.
        var major: [Tick] = []
        for exponent in (Int(low.rounded(.down)) - 1)...(Int(high.rounded(.up))) {
            for mantissa in [1, 2, 5] {
                let value = number(mantissa: mantissa, exponent: exponent)
                if value >= lower && value <= upper { major.append(tick(mantissa: mantissa, exponent: exponent)) }
            }
        }
        if major.count >= 2 && major.count <= 2 * count + 1 { return (major, []) }
        return (NiceTicks.ticks(from: lower, to: upper, count: count), [])
    }

    /// The double nearest mantissa × 10^exponent.
    static func number(mantissa: Int, exponent: Int) -> Double {
        Double("\(mantissa)e\(exponent)") ?? .nan
    }

    /// A tick at mantissa × 10^exponent, labelled without noise.
    static func tick(mantissa: Int, exponent: Int) -> Tick {
        let value = number(mantissa: mantissa, exponent: exponent)
        let label: String
        if (0...4).contains(exponent) {
            label = String(mantissa) + String(repeating: "0", count: exponent)
        } else if (-3..<0).contains(exponent) {
            label = "0." + String(repeating: "0", count: -exponent - 1) + String(mantissa)
        } else {
            label = "\(mantissa)e\(exponent)"
        }
        return Tick(value: value, label: label)
    }
}
