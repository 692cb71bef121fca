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
    /// else the shortest digits that read back as the same double, as a calculator shows
    /// them (`14`, `0.1`, `1e-05`).
    public func format(_ value: Double) -> String {
        Self.format(value, digits: digits)
    }

    /// `value` rounded to `digits` significant digits, or in its shortest round-trip form.
    public static func format(_ value: Double, digits: Int?) -> String {
        guard let digits, value.isFinite else { return NumberText.shortest(value) }
        return CFormat.string("%.\(digits)g", value)
    }

    /// Which way a bound is rounded to fewer digits, so the interval it bounds only grows.
    enum Direction {
        /// A lower bound: never above the value.
        case down
        /// An upper bound: never below it.
        case up
    }

    /// `value` with `digits` significant digits rounded toward `direction` (the bound of a
    /// proved interval stays a bound), or in full without `digits`.
    static func format(_ value: Double, digits: Int?, rounding direction: Direction) -> String {
        guard let digits, value.isFinite, digits >= 1 else { return format(value, digits: digits) }
        let nearest = CFormat.string("%.\(digits)g", value)
        guard let shown = Double(nearest) else { return nearest }
        let isOnTheRightSide = direction == .down ? shown <= value : shown >= value
        if isOnTheRightSide { return nearest }
        // One unit in the last digit shown, outward: 1.41 for √2 going up is 1.42. The
        // digit's place is the value's own, not its rounding's: 0.99999999 down to three
        // digits is 0.999 (its rounding, 1.00, would put the step at 0.01 and give 0.99).
        let scientific = CFormat.string("%.16e", value)
        let parts = scientific.split(separator: "e")
        guard parts.count == 2, let power = Int(parts[1]) else { return format(value, digits: nil) }
        var step = 1.0
        for _ in 0..<abs(power - digits + 1) { step *= 10 }
        if power - digits + 1 < 0 { step = 1 / step }
        let outward = direction == .down ? shown - step : shown + step
        let text = CFormat.string("%.\(digits)g", outward)
        // Rounding in that arithmetic can land back inside: then show it in full.
        guard let moved = Double(text), direction == .down ? moved <= value : moved >= value else {
            return format(value, digits: nil)
        }
        return text
    }
}
