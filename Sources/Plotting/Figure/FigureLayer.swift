import Graphing

/// One kind of thing a ``Figure`` draws: it samples itself for the pixels a back-end
/// gives it and says what it puts in the ``Scene``.
///
/// Layout, the renderers, the session and export work through this protocol, so a new
/// kind of plot is a new conforming type, not a new pipeline.
public protocol FigureLayer: Sendable {
    /// The name its legend entry and tooltips give it.
    var label: String { get }

    /// The y range this layer would like over `x` drawn in `columns` columns on axes of
    /// the scales given, or `nil` when it has no opinion.
    func automaticYRange(x: Interval, columns: Int, xScale: AxisScale, yScale: AxisScale) -> Interval?

    /// Whether the layer may show anything over `x`: false only when it is proved to
    /// have no value there, so that "nothing to draw" is said, not drawn as an empty frame.
    func mayHaveValue(x: Interval, columns: Int, xScale: AxisScale) -> Bool

    /// What the layer draws in `viewport`, sampled as `geometry` asks, in `style`; marks
    /// for jumps, holes and isolated points only when `marksDiscontinuities`.
    func drawn(
        in viewport: Viewport, as geometry: Scene.Geometry, style: Palette.Style, marksDiscontinuities: Bool
    ) -> Scene.Layer

    /// The layer's y at `x` where it has exactly one (a trace marks it), else `nil`.
    func value(at x: Double) -> Double?

    /// What its legend entry shows: a stroke unless the layer is drawn as points.
    var legendMarker: LegendMarker { get }
}

extension FigureLayer {
    /// A stroke, for layers drawn as lines.
    public var legendMarker: LegendMarker { .line }
}
