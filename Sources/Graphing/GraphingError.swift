import GraphCalcSupport

/// Why a graph cannot be set up: a bad viewport, range or size, or a function that
/// cannot be graphed as given.
public enum GraphingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A pixel size outside 1…``Viewport/maximumPixels``.
    case invalidSize(width: Int, height: Int)
    /// A scale that is not a positive finite number.
    case invalidScale(Double)
    /// An origin with a coordinate that is not finite.
    case invalidOrigin(x: Double, y: Double)
    /// A range whose ends are not finite or not increasing; `axis` is "x" or "y".
    case invalidRange(axis: String, lower: Double, upper: Double)
    /// A range whose width exceeds the largest double.
    case rangeTooWide(axis: String, lower: Double, upper: Double)
    /// A range so narrow, for its magnitude, that its pixels cannot be told apart in
    /// double precision.
    case rangeTooNarrow(axis: String, lower: Double, upper: Double)
    /// A log axis whose range reaches 0 or below, where a log axis has no values.
    case logRangeNotPositive(axis: String, lower: Double, upper: Double)
    /// A zoom factor that is not a positive finite number.
    case invalidZoom(Double)
    /// A density factor below 1 or one that makes the viewport too large.
    case invalidDensity(horizontal: Int, vertical: Int)
    /// The graphed expression uses a variable that has no value and is not the one plotted.
    case variableNotSet(String, plotting: String)
    /// No function shown has a value anywhere over the x range (`labels`: their names).
    case noValue(labels: [String], lower: Double, upper: Double)
    /// A relation (`label`) that is not a comparison, or joins more comparisons than
    /// ``Relation/maximumComparisons``.
    case notARelation(String, reason: String)
    /// A program that is neither a point `(x(t), y(t))` nor a polar `r = F(θ)`.
    case notACurve(String)
    /// A curve (`label`) with no point for its `parameter` from `lower` to `upper`.
    case noPoint(label: String, parameter: String, lower: Double, upper: Double)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .invalidSize(let width, let height):
            "size \(width)×\(height) is outside 1…\(Viewport.maximumPixels) pixels on each side"
        case .invalidScale(let scale):
            "scale \(NumberText.shortest(scale)) is not a positive number of pixels per unit"
        case .invalidOrigin(let x, let y):
            "origin (\(NumberText.shortest(x)), \(NumberText.shortest(y))) is not a finite pixel position"
        case .invalidRange(let axis, let lower, let upper):
            "\(axis) range \(NumberText.shortest(lower)):\(NumberText.shortest(upper)) is empty or not finite; the first number must be the smaller"
        case .rangeTooWide(let axis, let lower, let upper):
            "\(axis) range \(NumberText.shortest(lower)):\(NumberText.shortest(upper)) is wider than a double can hold"
        case .rangeTooNarrow(let axis, let lower, let upper):
            "\(axis) range \(NumberText.shortest(lower)):\(NumberText.shortest(upper)) is too narrow to tell its pixels apart"
        case .logRangeNotPositive(let axis, let lower, let upper):
            "\(axis) range \(NumberText.shortest(lower)):\(NumberText.shortest(upper)) reaches 0 or below, which a log \(axis) axis cannot show; give a range above 0 (such as 0.01:100)"
        case .invalidZoom(let factor):
            "zoom factor \(NumberText.shortest(factor)) is not a positive number"
        case .invalidDensity(let horizontal, let vertical):
            "density \(horizontal)×\(vertical) is not a whole number of pixels per cell that fits"
        case .variableNotSet(let name, let plotting):
            "variable '\(name)' has no value and is not the one plotted ('\(plotting)')"
        case .noValue(let labels, let lower, let upper):
            (labels.count == 1
                ? labels[0] + " has no value" : "none of " + labels.joined(separator: ", ") + " has a value")
                + " anywhere on \(CFormat.short(lower))…\(CFormat.short(upper))"
        case .notARelation(let label, let reason):
            "'\(label)' is not a relation to draw: \(reason)"
        case .noPoint(let label, let parameter, let lower, let upper):
            "\(label) has no point for \(parameter) from \(CFormat.short(lower)) to \(CFormat.short(upper))"
        case .notACurve(let label):
            "'\(label)' is not a curve: write a point (x(t), y(t)) or a polar r = F(θ)"
        }
    }
}
