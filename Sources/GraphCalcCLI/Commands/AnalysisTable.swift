import GraphCalcSupport
import Graphing

/// The CSV the analysis verbs print (`zeros`, `intersect`, `extrema`, `integrate`): a
/// header, one row an answer — its words, its numbers, `proved` or `possible` and the
/// reason — and, where there are several answers, a last line of totals. Fields holding
/// a comma or a quote are quoted, as RFC 4180 says.
struct AnalysisTable {
    /// One answer.
    struct Row {
        /// The words before the numbers: the function's label, the kind of point.
        var words: [String] = []
        /// The numbers; NaN prints as an empty field.
        let numbers: [Double]
        /// Proved, or possible with the reason.
        let status: Proof
        /// What a proved row is, where it is not the usual one answer (`0 throughout` for a
        /// stretch), in the reason column.
        var note: String? = nil
    }

    /// The header's columns before `status,reason`.
    let columns: [String]
    /// Significant digits, or `nil` for the shortest form.
    let digits: Int?
    /// For each number, how it is rounded to `digits`: the ends of proved intervals
    /// outward (`nil` for nearest), so a shown interval still holds what it proves.
    var rounding: [DisplaySettings.Direction?] = []
    /// Whether a last line counts the proved and possible answers.
    var totals = true

    /// The table of `rows`, then `notes` as lines starting with `# ` (poles, say).
    func text(_ rows: [Row], notes: [String] = []) throws(GraphCalcError) -> String {
        var lines = [(columns + ["status", "reason"]).map(Self.field).joined(separator: ",")]
        var proved = 0
        for row in rows {
            let numbers = row.numbers.enumerated().map { index, number -> String in
                guard !number.isNaN else { return "" }
                guard index < rounding.count, let direction = rounding[index] else {
                    return DisplaySettings.format(number + 0, digits: digits)
                }
                return DisplaySettings.format(number + 0, digits: digits, rounding: direction)
            }
            var fields = row.words + numbers
            switch row.status {
            case .proved:
                proved += 1
                fields += ["proved", row.note ?? ""]
            case .possible(let reason):
                fields += ["possible", reason.description]
            }
            lines.append(fields.map(Self.field).joined(separator: ","))
        }
        if Cancellation.isRequested { throw .interrupted }
        lines += notes.map { "# " + $0 }
        if totals { lines.append("# \(proved) proved, \(rows.count - proved) possible") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `x` with only the significant digits `interval` supports: a possible zero's best
    /// double is somewhere in [lo, hi], so `6.70775721849368e-07` in [5e−324, 1.3e−6] is
    /// `7e-07`; a proved one (a few ulps wide) keeps them all.
    static func supported(_ x: Double, in interval: Interval) -> Double {
        let width = interval.upper - interval.lower
        guard width > 0, x != 0, x.isFinite, width.isFinite else { return x }
        // log10 of how many widths x is from 0, from its binary exponent.
        let magnitude = Int((Double((abs(x) / width).exponent) * 0.30103).rounded(.down))
        let digits = min(17, max(1, magnitude + 2))
        return Double(CFormat.string("%.\(digits)g", x)) ?? x
    }

    /// `text` as one CSV field: quoted, with quotes doubled, where it holds a comma, a
    /// quote or a line break.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + String(text.flatMap { $0 == "\"" ? ["\"", "\""] : [$0] }) + "\""
    }
}
