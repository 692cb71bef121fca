import GraphCalcSupport
import Graphing

/// Why a plot cannot be drawn.
public enum PlottingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A size outside 1…`maximumWidth` × 1…`maximumHeight` (cells for a terminal, pixels
    /// for SVG).
    case sizeOutOfRange(width: Int, height: Int, maximumWidth: Int, maximumHeight: Int, unit: String)
    /// A size with no room left for the plot once the frame, labels and legend are placed.
    case tooSmall(width: Int, height: Int)
    /// A scale that is not a positive finite number, or an origin that is not finite.
    case invalidScale(Double)
    /// A scale and origin asked of a figure with a log axis, where a scale has no meaning.
    case scaleOnLogAxis
    /// The region or pixels the viewport refuses.
    case graphing(GraphingError)
    /// A chart that cannot be drawn from the data or options given.
    case invalidChart(String)
    /// A chart that does not fit its size (too small, or more bars than cells), saying how.
    case chartDoesNotFit(String)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .sizeOutOfRange(let width, let height, let maximumWidth, let maximumHeight, let unit):
            "size \(width)x\(height) is outside 1…\(maximumWidth) by 1…\(maximumHeight) \(unit)"
        case .tooSmall(let width, let height):
            "size \(width)x\(height) leaves no room for the plot; make it larger or leave out the axes and legend"
        case .invalidScale(let scale):
            "scale \(NumberText.shortest(scale)) is not a usable number of cells per unit (positive, and large enough for the view to stay within the doubles)"
        case .scaleOnLogAxis:
            "a scale and origin set a linear view; they cannot be used with a log axis"
        case .graphing(let error):
            error.description
        case .invalidChart(let reason), .chartDoesNotFit(let reason):
            reason
        }
    }
}
