/// A function y(x) that a graph asks for values, as a graph view asks its data source.
///
/// Both requests take many x at a time, so an evaluator can work in batches. The
/// sampler and the renderers use nothing else, so any evaluator can stand behind them.
public protocol GraphFunction: Sendable {
    /// The value at each x, or NaN where the function has none.
    func values(at xs: [Double]) -> [Double]

    /// For each interval of x, an enclosure of every value the function takes on it.
    func enclosures(over intervals: [Interval]) -> [Enclosure]

    /// Whether ``enclosures(over:)`` is guaranteed (interval arithmetic) rather than
    /// estimated; the sampler proves tightness only for guaranteed enclosures.
    var hasGuaranteedEnclosures: Bool { get }
}
