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
