import CalculatorBrain
import Graphing

/// What a plot draws, resolved for one pixel grid: the sampled curves, the ticks, the
/// axes and the legend entries. Back-ends draw a scene; they never evaluate a function
/// or choose tick positions themselves.
public struct Scene: Sendable {
    /// One function's samples and style.
    public struct Curve: Sendable {
        /// The function's name.
        public let label: String
        /// Its colour and glyph.
        public let style: Palette.Style
        /// Its values per pixel column of ``Scene/viewport`` (for raster back-ends).
        public let columns: [ColumnSample]
        /// Its refined paths in model coordinates (for vector back-ends); empty unless the
        /// scene was asked for them.
        public let paths: [[Point]]
    }

    /// What a back-end needs sampled.
    public enum Geometry: Sendable {
        /// Enclosures per pixel column.
        case columns
        /// Refined, clipped paths.
        case paths
    }

    /// The plot area's pixels and the region they show.
    public let viewport: Viewport
    /// The curves, in drawing order.
    public let curves: [Curve]
    /// Ticks along x, left to right, and along y, bottom to top.
    public let xTicks: [Tick], yTicks: [Tick]
    /// The model y of the horizontal axis line when y = 0 is in view (else the frame's
    /// bottom edge serves), and the model x of the vertical one.
    public let horizontalAxis: Double?, verticalAxis: Double?
    /// The request's furniture switches and title.
    public let showsAxes: Bool, showsLegend: Bool, showsGrid: Bool
    /// The title, for back-ends that show one.
    public let title: String?
    /// A point to mark, with its label (`(1.5, 0.997)`), when it is in view.
    public let markers: [(point: Point, label: String)]

    /// Samples every function of `request` on a plot area of `width` × `height` pixels, as
    /// `geometry` asks, and places ticks about `tickSpacing` pixels apart.
    ///
    /// - Throws: ``GraphingError`` for a size or range the viewport refuses.
    public init(
        request: PlotRequest, width: Int, height: Int, tickSpacing: (x: Double, y: Double),
        geometry: Geometry = .columns
    ) throws(GraphingError) {
        let y = request.yRange(columns: width)
        let viewport = try Viewport(width: width, height: height, x: request.x, y: y)
        self.viewport = viewport
        curves = request.functions.enumerated().map { index, entry in
            Curve(
                label: entry.label, style: Palette.style(index),
                columns: geometry == .columns
                    ? ColumnSampler(function: entry.function, viewport: viewport).sample() : [],
                paths: geometry == .paths ? PathSampler(function: entry.function, viewport: viewport).sample() : [])
        }
        xTicks = Self.ticks(from: request.x.lower, to: request.x.upper, length: Double(width), spacing: tickSpacing.x)
        yTicks = Self.ticks(from: y.lower, to: y.upper, length: Double(height), spacing: tickSpacing.y)
        horizontalAxis = y.lower <= 0 && 0 <= y.upper ? 0 : nil
        verticalAxis = request.x.lower <= 0 && 0 <= request.x.upper ? 0 : nil
        showsAxes = request.showsAxes
        showsLegend = request.showsLegend
        showsGrid = request.showsGrid
        title = request.title
        markers = request.markers.filter { point in
            request.x.lower <= point.x && point.x <= request.x.upper && y.lower <= point.y && point.y <= y.upper
        }.map { point in (point, "(\(Self.shortLabel(point.x)), \(Self.shortLabel(point.y)))") }
    }

    /// A coordinate for a marker's label: up to 6 significant digits.
    public static func shortLabel(_ value: Double) -> String {
        let text = CFormat.string("%.6g", value + 0)
        return text == "-0" ? "0" : text
    }

    /// Nice ticks over `lower…upper` drawn `length` pixels long, about `spacing` apart.
    public static func ticks(from lower: Double, to upper: Double, length: Double, spacing: Double) -> [Tick] {
        NiceTicks.ticks(from: lower, to: upper, count: max(1, Int(length / max(spacing, 1))))
    }
}
