import CalculatorBrain

/// A function as a plot names it: a program (typed as an expression, or read from a
/// file) or a function the session defined, which is looked up at each use so that a
/// redefinition shows.
public enum PlottedFunction: Equatable, Sendable {
    /// A program and the label its legend gives it.
    case program(Program, label: String)
    /// A named function of the session: `f`.
    case named(String)
}

/// A function ready to sample: its program in terms of the plotting variable and its label.
public struct ResolvedFunction: Equatable, Sendable {
    /// What is graphed.
    public let program: Program
    /// What the legend and tooltips call it: `sin(x)`, `f(x) = x^2-2`.
    public let label: String
}
