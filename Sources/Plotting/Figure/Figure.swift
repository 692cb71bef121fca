import Graphing

/// What a plot shows: axes, an ordered list of layers, and the furniture around them.
///
/// A figure is the one model of everything drawn: ``PlotLayout`` lays it out for a
/// back-end's canvas into a ``Scene``, and each layer samples itself for the pixels it
/// is given (``FigureLayer``). Its layer kinds are functions y(x) (``FunctionLayer``),
/// relations in x and y (``RelationLayer``) and parametric and polar curves
/// (``CurveLayer``); other kinds plug in as other ``FigureLayer`` types.
public struct Figure: Sendable {
    /// The layers, drawn in order, each in the next style of the ``Palette``.
    public var layers: [any FigureLayer]
    /// The x range.
    public var x: Interval
    /// The y range, or `nil` to choose one from the layers (`AutomaticRange`).
    public var y: Interval?
    /// How the x axis spaces its values: linear, or log (then the x range is positive).
    public var xScale: AxisScale = .linear
    /// How the y axis spaces its values: linear, or log (then values ≤ 0 are off the plot).
    public var yScale: AxisScale = .linear
    /// Whether x is a time, in seconds since 1970-01-01 00:00 UTC: the x axis is then
    /// labelled with dates and times on the calendar's steps (`TimeTicks`).
    public var xAxisIsTime = false
    /// Whether a unit of x is drawn as long as a unit of y (a circle round), by widening
    /// the x or the y range about its middle; only where both axes are linear and no
    /// scale sets the region.
    public var hasEqualAspect = false
    /// Whether to draw the frame, axes, ticks and labels.
    public var showsAxes = true
    /// Whether to name the layers in a legend.
    public var showsLegend = true
    /// Whether to draw grid lines at the ticks.
    public var showsGrid = false
    /// Whether to mark jumps, holes and isolated points with circles.
    public var marksDiscontinuities = true
    /// A title, for back-ends that show one.
    public var title: String?
    /// Zeros, extrema and intersections to mark as dots in their layer's colour
    /// (`--points`); each has its coordinates as a tooltip where the back-end has them.
    public var pointsOfInterest: [PointOfInterest] = []
    /// Points to mark and label with their coordinates, as a trace does (one a layer).
    public var markers: [Point] = []

    /// The first point marked, as a single trace marks it.
    public var marker: Point? {
        get { markers.first }
        set { markers = newValue.map { [$0] } ?? [] }
    }

    /// A figure of `layers` over `x`, with an automatic y range unless `y` is given.
    public init(layers: [any FigureLayer], x: Interval, y: Interval? = nil) {
        self.layers = layers
        self.x = x
        self.y = y
    }

    /// A figure of functions y(x), each with its label, over `x`.
    public init(functions: [FunctionLayer], x: Interval, y: Interval? = nil) {
        self.init(layers: functions, x: x, y: y)
    }

    /// The y range shown: the one given, or the hull of each layer's automatic range over
    /// `columns` columns ([−1, 1], or [0.1, 10] on a log axis, when no layer has one).
    public func yRange(columns: Int) -> Interval {
        if let y { return y }
        let ranges = layers.compactMap {
            $0.automaticYRange(x: x, columns: columns, xScale: xScale, yScale: yScale)
        }
        guard let first = ranges.first else { return yScale == .log ? Interval(0.1, 10) : Interval(-1, 1) }
        return ranges.dropFirst().reduce(first) { $0.hull($1) }
    }
}
