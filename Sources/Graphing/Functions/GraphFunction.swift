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

    /// About how many interval operations one evaluation costs, at least 1 (less is taken
    /// as 1). The samplers and the integrator divide their work by it, so that a program
    /// of a million ops gets fewer evaluations rather than minutes of them. 16 unless a
    /// function says otherwise (a closure of a few operations); a program function gives
    /// its instruction count.
    var evaluationCost: Int { get }
}

extension GraphFunction {
    /// 16: a closure of a few operations.
    public var evaluationCost: Int { 16 }

    /// ``evaluationCost``, at least 1: what work is divided by.
    var costOfEvaluation: Int { max(1, evaluationCost) }
}
