/// Why a histogram cannot be made.
public enum HistogramError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No value that is a number.
    case noValues
    /// A value that is infinite.
    case infinite(Double)
    /// A number of bins out of range.
    case binCount(Int)
    /// A range too narrow for its bins to have distinct edges in doubles.
    case rangeTooNarrow(bins: Int)
    /// Values from near −1.8e308 to near 1.8e308, whose range is beyond the doubles.
    case rangeTooWide

    /// The message a user sees.
    public var description: String {
        switch self {
        case .noValues: "there are no numbers to count"
        case .infinite(let value): "a histogram needs finite values, and the data has \(value < 0 ? "-inf" : "inf")"
        case .binCount(let count): "the number of bins must be from 1 to \(Histogram.maximumBins), not \(count)"
        case .rangeTooNarrow(let bins):
            "the values' range is too narrow for \(bins) bins with distinct edges: give fewer with --bins"
        case .rangeTooWide: "the values' range is beyond the largest number (about 1.8e308): rescale the data"
        }
    }
}
