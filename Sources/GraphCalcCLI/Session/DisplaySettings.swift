import CalculatorBrain
import GraphCalcSupport
import Plotting

/// How a session shows numbers and plots, and the angle unit it computes in: what `set
/// angle`, `set mode`, `set grid`, `set markers`, `set theme`,
/// `set size` and `set digits` change, and what a verb's own options override.
public struct DisplaySettings: Equatable, Sendable {
    /// What `sin`, `cos` and `tan` take and the inverses give: part of the session, never
    /// of a saved program.
    public var angle: AngleUnit = .radians
    /// Braille or ASCII; `nil` for the terminal's choice (braille in a UTF-8 locale).
    public var mode: TerminalPlot.Mode?
    /// Whether plots draw grid lines at the ticks.
    public var showsGrid = false
    /// Whether plots mark jumps, holes and isolated points with circles.
    public var marksDiscontinuities = true
    /// The colours of SVG exports.
    public var theme: SVGPlot.Theme = .light
    /// Plot size in cells; `nil` for the terminal's.
    public var size: CellSize?
    /// Significant digits numbers are shown with; `nil` for the shortest form that reads
    /// back as the same double.
    public var digits: Int?

    /// A width and height in character cells.
    public struct CellSize: Equatable, Sendable {
        /// Columns.
        public var width: Int
        /// Rows.
        public var height: Int

        /// A size of `width` × `height` cells.
        public init(width: Int, height: Int) {
            self.width = width
            self.height = height
        }
    }

    /// The settings of a new session: everything automatic.
    public init() {}

    /// The most significant digits a double has.
    public static let digitsRange = 1...17

    /// `value` as shown: rounded to ``digits`` significant digits (`%.{digits}g`), or
    /// else Swift's shortest round-trip form (`14.0`, `0.1`, `1e-05`).
    public func format(_ value: Double) -> String {
        Self.format(value, digits: digits)
    }

    /// `value` rounded to `digits` significant digits, or in its shortest round-trip form.
    public static func format(_ value: Double, digits: Int?) -> String {
        guard let digits, value.isFinite else { return "\(value)" }
        return CFormat.string("%.\(digits)g", value)
    }
}
