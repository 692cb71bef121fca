/// Why a model cannot be fitted to data.
public enum FitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer points (with both values) than the model has coefficients, plus one for a
    /// residual.
    case tooFewPoints(model: String, needed: Int, found: Int)
    /// A model that needs every x (or y) above 0, given one at or below.
    case needsPositive(model: String, variable: String, value: Double)
    /// Data that leaves a coefficient undetermined (x with too few distinct values).
    case undetermined(model: String)
    /// Data whose values, or the fit's sums, go beyond the doubles (±1.8e308).
    case outOfRange(model: String)
    /// An iterative fit that did not meet its stopping rule within its iterations.
    case didNotConverge(model: String, iterations: Int)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .tooFewPoints(let model, let needed, let found):
            "\(Self.article(model)) \(model) fit needs at least \(needed) points with both an x and a y value; the data has \(found)"
        case .needsPositive(let model, let variable, let value):
            "\(Self.article(model)) \(model) fit needs every \(variable) above 0, and the data has \(variable) = \(Regression.decimal(value))"
        case .undetermined(let model):
            "the data cannot determine \(Self.article(model)) \(model) fit: x takes too few distinct values"
        case .outOfRange(let model):
            "the \(model) fit goes beyond the largest number (about 1.8e308): rescale the data"
        case .didNotConverge(let model, let iterations):
            "the \(model) fit did not converge in \(iterations) iterations; the model may not suit the data"
        }
    }

    /// `a` or `an`, as the model's name begins.
    static func article(_ model: String) -> String {
        model.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }
}
