import CalculatorBrain

/// A function ready to sample: its program in terms of the plotting variable and its label.
public struct ResolvedFunction: Equatable, Sendable {
    /// What is graphed.
    public let program: Program
    /// What the legend and tooltips call it: `sin(x)`, `f(x) = x^2-2`.
    public let label: String
}
