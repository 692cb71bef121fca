/// How a back-end measures: the canvas, the pixels sampled per unit, the room furniture
/// takes and the width of text. ``PlotLayout`` places everything from these, so a
/// back-end only draws.
public struct LayoutMetrics: Sendable {
    /// Space on each side of a box, in canvas units.
    public struct Insets: Sendable, Equatable {
        /// Each side.
        public var top: Double, left: Double, bottom: Double, right: Double

        /// Insets of the given sides.
        public init(top: Double, left: Double, bottom: Double, right: Double) {
            self.top = top
            self.left = left
            self.bottom = bottom
            self.right = right
        }

        /// No room on any side.
        public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
    }

    /// The canvas, in its units: character cells or pixels.
    public var width: Double, height: Double
    /// Pixels sampled per unit across and down (braille: 2 × 4 dots a cell).
    public var pixelsPerUnit: (x: Int, y: Int)
    /// Whether positions snap to whole units (terminal cells) rather than fall anywhere.
    public var snapsToUnits: Bool
    /// Room left empty around everything.
    public var margins: Insets
    /// Room the frame, ticks and x labels take around the plot area when axes are drawn;
    /// on the left, beside the widest y label.
    public var axisInsets: Insets
    /// From the plot area's left edge to the y labels' right ends.
    public var yLabelGap: Double
    /// From the plot area's bottom edge to the x labels' line.
    public var xLabelOffset: Double
    /// Space kept between neighbouring x labels.
    public var xLabelSpacing: Double
    /// Room a title takes above the legend (0 for a back-end that draws none), and where
    /// its line falls within that room.
    public var titleHeight: Double, titleBaseline: Double
    /// A legend row's height, where its line falls within the row, and room below the
    /// last row.
    public var legendRowHeight: Double, legendBaseline: Double, legendPadding: Double
    /// A legend entry's marker and the space before its label; the gap between entries.
    public var legendMarkerWidth: Double, legendGap: Double
    /// The share of the canvas height a legend may take before it says "+N more".
    public var legendShare: Double
    /// Where a marker's label goes from its point (to the right; mirrored to the left
    /// where it does not fit).
    public var markerLabelOffset: (x: Double, y: Double)
    /// The least plot area, across and down.
    public var minimumArea: Double
    /// Pixels between neighbouring ticks, about, across and down.
    public var tickSpacing: (x: Double, y: Double)
    /// What the sampler makes for the back-end.
    public var geometry: Scene.Geometry
    /// A label as the back-end shows it (spelled in ASCII for an ASCII terminal).
    public var displayText: @Sendable (String) -> String
    /// The width text takes, in canvas units.
    public var textWidth: @Sendable (String) -> Double
    /// The longest start of a text no wider than a width, and the mark a shortened
    /// label ends with.
    public var textPrefix: @Sendable (String, Double) -> String
    /// The mark that ends a shortened label.
    public var ellipsis: String
    /// Whether the back-end has room for a log axis's unlabelled minor ticks (SVG does;
    /// a terminal cell does not).
    public var showsMinorTicks = false
    /// How much wider the title's glyphs are than the labels' (SVG's title is 16 px, its
    /// labels 12): what a title is measured by when it must fit the canvas.
    public var titleScale = 1.0
    /// How much taller a canvas unit is than wide (2 for a terminal cell, 1 for a pixel):
    /// what an equal-aspect figure (``Figure/hasEqualAspect``) corrects for.
    public var unitAspect = 1.0

    /// Metrics for a canvas of `width` × `height` units; the rest as the back-end sets it.
    public init(
        width: Double, height: Double, pixelsPerUnit: (x: Int, y: Int), snapsToUnits: Bool, margins: Insets,
        axisInsets: Insets, yLabelGap: Double, xLabelOffset: Double, xLabelSpacing: Double, titleHeight: Double,
        titleBaseline: Double, legendRowHeight: Double, legendBaseline: Double, legendPadding: Double,
        legendMarkerWidth: Double, legendGap: Double, legendShare: Double, markerLabelOffset: (x: Double, y: Double),
        minimumArea: Double, tickSpacing: (x: Double, y: Double), geometry: Scene.Geometry,
        displayText: @escaping @Sendable (String) -> String, textWidth: @escaping @Sendable (String) -> Double,
        textPrefix: @escaping @Sendable (String, Double) -> String, ellipsis: String
    ) {
        self.width = width
        self.height = height
        self.pixelsPerUnit = pixelsPerUnit
        self.snapsToUnits = snapsToUnits
        self.margins = margins
        self.axisInsets = axisInsets
        self.yLabelGap = yLabelGap
        self.xLabelOffset = xLabelOffset
        self.xLabelSpacing = xLabelSpacing
        self.titleHeight = titleHeight
        self.titleBaseline = titleBaseline
        self.legendRowHeight = legendRowHeight
        self.legendBaseline = legendBaseline
        self.legendPadding = legendPadding
        self.legendMarkerWidth = legendMarkerWidth
        self.legendGap = legendGap
        self.legendShare = legendShare
        self.markerLabelOffset = markerLabelOffset
        self.minimumArea = minimumArea
        self.tickSpacing = tickSpacing
        self.geometry = geometry
        self.displayText = displayText
        self.textWidth = textWidth
        self.textPrefix = textPrefix
        self.ellipsis = ellipsis
    }
}
