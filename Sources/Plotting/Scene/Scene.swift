import GraphCalcSupport
import Graphing

/// What a figure draws, laid out once for one canvas by ``PlotLayout``: the layers sampled,
/// the plot area, the ticks with their labels placed, the legend, the title and the
/// marked points. Back-ends draw a scene; they never evaluate a function, choose ticks or
/// ranges, or decide where anything goes.
public struct Scene: Sendable {
    /// What one layer of the figure draws, and its style.
    public struct Layer: Sendable {
        /// The layer's name.
        public let label: String
        /// Its colour and glyph.
        public let style: Palette.Style
        /// What was sampled, as the back-end asked.
        public let geometry: Sampled
        /// The circles marking its jumps, holes and isolated points in view, left to
        /// right: open where the graph only comes near a value, filled where it takes it.
        /// None when the figure turns them off.
        public let marks: [Discontinuity.Mark]

        /// Whether it is a relation's cells (drawn before the curves, which they would hide).
        public var isCells: Bool {
            if case .cells = geometry { true } else { false }
        }

        /// A layer's drawing: its name, style, samples and marks.
        public init(label: String, style: Palette.Style, geometry: Sampled, marks: [Discontinuity.Mark]) {
            self.label = label
            self.style = style
            self.geometry = geometry
            self.marks = marks
        }
    }

    /// A layer's samples.
    public enum Sampled: Sendable {
        /// Enclosures per pixel column of ``Scene/viewport`` (for raster back-ends).
        case columns([ColumnSample])
        /// Refined paths in model coordinates (for vector back-ends).
        case paths([[Point]])
        /// A relation decided on every pixel of ``Scene/viewport``, for any back-end.
        case cells(CellSample)
        /// Points to mark, in model coordinates (a data series drawn as points, for
        /// vector back-ends).
        case points([Point])
    }

    /// What a back-end needs sampled.
    public enum Geometry: Sendable {
        /// Enclosures per pixel column.
        case columns
        /// Refined, clipped paths.
        case paths
    }

    /// A legend entry: a function's style and its label, placed.
    public struct LegendEntry: Sendable {
        /// The function's style, for the marker.
        public let style: Palette.Style
        /// Where the marker starts, across, on the label's line.
        public let markerX: Double
        /// A stroke or dots, as the layer is drawn.
        public var marker: LegendMarker = .line
        /// The label.
        public let label: PlacedText
    }

    /// A marked point and its label.
    public struct Marker: Sendable {
        /// The point, in model coordinates.
        public let point: Point
        /// Its coordinates, placed beside it (`(1.5, 0.997)`).
        public let label: PlacedText
    }

    /// The canvas, in its units.
    public let canvas: (width: Double, height: Double)
    /// The plot area on the canvas, in its units.
    public let area: LayoutBox
    /// The plot area's pixels and the region they show.
    public let viewport: Viewport
    /// The layers' drawings, in drawing order.
    public let layers: [Layer]
    /// Ticks along x, left to right, and along y, bottom to top.
    public let xTicks: [Tick], yTicks: [Tick]
    /// Unlabelled minor ticks of a log axis (2…9 × 10^k), model values, for back-ends
    /// with room for them; none on a linear axis.
    public let xMinorTicks: [Double], yMinorTicks: [Double]
    /// The tick labels drawn (an x label that would touch its neighbour is left out).
    public let xLabels: [PlacedText], yLabels: [PlacedText]
    /// The model y of the horizontal axis line when y = 0 is in view (else the frame's
    /// bottom edge serves), and the model x of the vertical one.
    public let horizontalAxis: Double?, verticalAxis: Double?
    /// The figure's furniture switches.
    public let showsAxes: Bool, showsLegend: Bool, showsGrid: Bool
    /// The title, placed, for back-ends that show one.
    public let title: PlacedText?
    /// The legend, entry by entry, and what it had no room for (`+3 more`).
    public let legend: [LegendEntry], legendOverflow: PlacedText?
    /// The marked points in view, with their labels.
    public let markers: [Marker]
    /// The points of interest in view (zeros, extrema, intersections), their functions
    /// indexing ``layers``.
    public let pointsOfInterest: [PointOfInterest]

    /// A point of interest's description for a tooltip: `zero of sin(x): (3.14159, 0)`.
    public func describe(_ point: PointOfInterest) -> String {
        let label = point.function < layers.count ? layers[point.function].label : ""
        let coordinates = "(\(Self.shortLabel(point.point.x)), \(Self.shortLabel(point.point.y)))"
        switch point.kind {
        case .zero: return "zero of \(label): \(coordinates)"
        case .minimum: return "minimum of \(label): \(coordinates)"
        case .maximum: return "maximum of \(label): \(coordinates)"
        case .intersection:
            let other = point.other.flatMap { $0 < layers.count ? layers[$0].label : nil } ?? ""
            return "\(label) meets \(other): \(coordinates)"
        }
    }

    /// Each relation layer with undecided cells: its label and the share of its cells
    /// decided (proved or excluded), for the line saying so under a plot.
    public var undecidedRelations: [(label: String, decided: Double)] {
        layers.compactMap { layer in
            guard case .cells(let cells) = layer.geometry, cells.undecidedCount > 0 else { return nil }
            return (layer.label, cells.decidedShare)
        }
    }

    /// What a plot says under a relation with undecided cells: `x²+y²=1: 97.3% of the
    /// cells decided; the faint ones are undecided`.
    public static func undecidedNote(label: String, decided: Double) -> String {
        "\(label): \(decidedPercent(decided)) of the cells decided; the faint ones are undecided (zoom in to decide them)"
    }

    /// A share decided as a percentage to a tenth, never 100% while a cell is undecided.
    public static func decidedPercent(_ decided: Double) -> String {
        CFormat.string("%.1f", min(decided * 100, 99.9)) + "%"
    }

    /// A coordinate for a marker's label: up to 6 significant digits.
    public static func shortLabel(_ value: Double) -> String {
        CFormat.short(value)
    }

}
