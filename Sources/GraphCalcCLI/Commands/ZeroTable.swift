import GraphCalcSupport
import Graphing

/// The CSV that `zeros` and `intersect` print: a header, one row a zero — its numbers,
/// `proved` or `possible` and the reason — and a last line of totals.
struct ZeroTable {
    /// The header's columns before `status,reason`.
    let columns: [String]
    /// Significant digits, or `nil` for the shortest form.
    let digits: Int?

    /// The table of `zeros`, each row's numbers given by `numbers`.
    func text(_ zeros: [ZeroFinder.Zero], numbers: (Int, ZeroFinder.Zero) -> [Double]) throws(GraphCalcError) -> String
    {
        var lines = [(columns + ["status", "reason"]).joined(separator: ",")]
        var proved = 0
        for (index, zero) in zeros.enumerated() {
            let fields = numbers(index, zero).map { $0.isNaN ? "" : DisplaySettings.format($0, digits: digits) }
            switch zero.status {
            case .proved:
                proved += 1
                lines.append(fields.joined(separator: ",") + ",proved,")
            case .possible(let reason):
                lines.append(fields.joined(separator: ",") + ",possible,\(reason)")
            }
        }
        if Cancellation.isRequested { throw .interrupted }
        lines.append("# \(proved) proved, \(zeros.count - proved) possible")
        return lines.joined(separator: "\n") + "\n"
    }
}
