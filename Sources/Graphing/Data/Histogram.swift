import CVectorMath

/// The counts of values in bins of equal width from the least value to the greatest, as
/// `numpy.histogram` makes them: bin `i` holds the values from `edges[i]` up to but not
/// including `edges[i + 1]`, and the last bin holds its upper edge too. NaN values are
/// gaps, left out.
public struct Histogram: Sendable, Equatable {
    /// How many bins to make.
    public enum Bins: Sendable, Equatable {
        /// This many.
        case count(Int)
        /// As many as the Freedman–Diaconis rule gives (bin width 2·IQR/∛n), or Sturges'
        /// rule (log₂ n + 1 bins over the range) when the quartiles coincide.
        case automatic
    }

    /// How the number of bins was chosen.
    public enum Rule: Sendable, Equatable {
        /// As asked.
        case given
        /// The Freedman–Diaconis rule: bins about 2·IQR/∛n wide.
        case freedmanDiaconis
        /// Sturges' rule, log₂ n + 1 bins over the range, where the interquartile range
        /// is 0 and the Freedman–Diaconis rule gives no width.
        case sturges
    }

    /// The most bins a histogram is made with.
    public static let maximumBins = 100_000

    /// The bins' edges, one more than the bins, increasing.
    public let edges: [Double]
    /// How many values each bin holds.
    public let counts: [Int]
    /// How many values were counted (every value that is not NaN).
    public let total: Int
    /// How the number of bins was chosen.
    public let rule: Rule
    /// Whether the automatic rule asked for more bins than `limit` allowed, so `limit` were made.
    public let isLimited: Bool

    /// The histogram of `values` in `bins` bins, at most `limit` when they are chosen
    /// automatically.
    ///
    /// Edges are those of `numpy.histogram` for the same bins: `lower + i·(upper − lower)/n`
    /// with the last edge the greatest value exactly; when every value is the same, the
    /// bins span it ± 0.5. The automatic rule is numpy's `"fd"` (the number of bins the
    /// range over the width, rounded up), with Sturges' rule where the quartiles coincide.
    ///
    /// - Throws: ``HistogramError`` for no values, a value that is infinite, or a number of
    ///   bins below 1 or above ``maximumBins``.
    public init(_ values: [Double], bins: Bins, limit: Int = Histogram.maximumBins) throws(HistogramError) {
        var lower = Double.infinity, upper = -Double.infinity, total = 0
        for value in values where !value.isNaN {
            guard value.isFinite else { throw .infinite(value) }
            lower = min(lower, value)
            upper = max(upper, value)
            total += 1
        }
        guard total > 0 else { throw .noValues }
        if lower == upper {
            // Half either side, or for values so large that 0.5 is lost, a few ulps.
            let pad = Swift.max(0.5, lower.magnitude.ulp * 4)
            lower -= pad
            upper += pad
        }
        let width = upper - lower
        guard width.isFinite else { throw .rangeTooWide }
        let limit = min(max(1, limit), Self.maximumBins)
        var count: Int, rule: Rule, isLimited = false
        switch bins {
        case .count(let given):
            guard (1...Self.maximumBins).contains(given) else { throw .binCount(given) }
            (count, rule) = (given, .given)
        case .automatic:
            let quartiles = OrderStatistics.quantiles(
                [0.25, 0.75], of: values, count: total, minimum: lower, maximum: upper)
            let spread = quartiles[1] - quartiles[0]
            let wanted: Double
            if spread > 0 {
                wanted = (width / (2 * spread * pow(Double(total), -1.0 / 3))).rounded(.up)
                rule = .freedmanDiaconis
            } else {
                wanted = (width / (width / (log2(Double(total)) + 1))).rounded(.up)
                rule = .sturges
            }
            count = wanted.isFinite && wanted < Double(limit) ? max(1, Int(wanted)) : limit
            isLimited = !(wanted.isFinite && wanted <= Double(limit))
        }
        // numpy's linspace: i·step + lower, the last edge the upper end exactly.
        let step = width / Double(count)
        var edges = (0..<count).map { Double($0) * step + lower }
        edges.append(upper)
        // More bins than the doubles between the ends can tell apart.
        guard zip(edges, edges.dropFirst()).allSatisfy({ $0 < $1 }) else { throw .rangeTooNarrow(bins: count) }
        var counts = Array(repeating: 0, count: count)
        let scale = Double(count) / width
        for value in values where !value.isNaN {
            var index = Int(min(Double(count - 1), max(0, ((value - lower) * scale).rounded(.down))))
            // The arithmetic can land a value one bin off its edges: the edges decide.
            if value < edges[index] {
                index -= 1
            } else if index < count - 1 && value >= edges[index + 1] {
                index += 1
            }
            counts[index] += 1
        }
        self.edges = edges
        self.counts = counts
        self.total = total
        self.rule = rule
        self.isLimited = isLimited
    }

    /// The width of bin `index`.
    public func width(of index: Int) -> Double { edges[index + 1] - edges[index] }

    /// The normal curve of `mean` and `standardDeviation` on this histogram's scale: the
    /// density itself over densities, or over counts the density times the number of
    /// values and the bins' width, so its area is the bars'.
    public func normalCurve(
        mean: Double, standardDeviation: Double, overDensities: Bool
    ) -> @Sendable (Double) -> Double {
        let scale = overDensities ? 1 : Double(total) * width(of: 0)
        let peak = scale / (standardDeviation * (2 * Double.pi).squareRoot())
        return { x in
            let z = (x - mean) / standardDeviation
            return peak * exp(-z * z / 2)
        }
    }

    /// The density of bin `index`: its count over the total and its width, so the bars'
    /// areas add up to 1 (numpy's `density=True`).
    public func density(of index: Int) -> Double {
        Double(counts[index]) / Double(total) / width(of: index)
    }
}
