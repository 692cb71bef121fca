import Graphing

/// What a plot shows: the functions, the region and the furniture around them.
public struct PlotRequest: Sendable {
    /// One function with the name its legend and tooltip give it.
    public struct Function: Sendable {
        /// The function sampled.
        public let function: any GraphFunction
        /// Its name, usually the program's description (`sin(x)`).
        public let label: String

        /// Creates a named function.
        public init(_ function: any GraphFunction, label: String) {
            self.function = function
            self.label = label
        }
    }

    /// The functions, drawn in order, each in the next style of the ``Palette``.
    public var functions: [Function]
    /// The x range.
    public var x: (lower: Double, upper: Double)
    /// The y range, or `nil` to choose one from the functions (``AutomaticRange``).
    public var y: (lower: Double, upper: Double)?
    /// Whether to draw the frame, axes, ticks and labels.
    public var showsAxes = true
    /// Whether to name the functions in a legend.
    public var showsLegend = true
    /// Whether to draw grid lines at the ticks.
    public var showsGrid = false
    /// Whether to mark jumps, holes and isolated points with circles.
    public var marksDiscontinuities = true
    /// A title, for back-ends that show one.
    public var title: String?
    /// Zeros, extrema and intersections to mark as dots in their function's colour
    /// (`--points`); each has its coordinates as a tooltip where the back-end has them.
    public var pointsOfInterest: [PointOfInterest] = []
    /// Points to mark and label with their coordinates, as a trace does (one a function).
    public var markers: [Point] = []

    /// The first point marked, as a single trace marks it.
    public var marker: Point? {
        get { markers.first }
        set { markers = newValue.map { [$0] } ?? [] }
    }

    /// A request for `functions` over `x`, with an automatic y range.
    public init(functions: [Function], x: (lower: Double, upper: Double), y: (lower: Double, upper: Double)? = nil) {
        self.functions = functions
        self.x = x
        self.y = y
    }

    /// The y range shown: the one given, or the hull of each function's automatic range
    /// over `columns` columns.
    public func yRange(columns: Int) -> (lower: Double, upper: Double) {
        if let y { return y }
        let ranges = functions.map { AutomaticRange.yRange(for: $0.function, x: x, columns: columns) }
        guard let lower = ranges.map(\.lower).min(), let upper = ranges.map(\.upper).max() else { return (-1, 1) }
        return (lower, upper)
    }
}
