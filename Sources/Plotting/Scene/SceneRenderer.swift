/// A back-end: it says how it measures, and draws a scene laid out with those metrics.
/// It decides nothing about ranges, ticks or placement.
public protocol SceneRenderer {
    /// What drawing gives: lines of text, an SVG document.
    associatedtype Drawing

    /// The canvas and how text and furniture take room on it.
    var metrics: LayoutMetrics { get }

    /// The layout step for this back-end: its metrics, and a scale where it has one.
    var layout: PlotLayout { get }

    /// Draws a scene laid out by ``layout``.
    func draw(_ scene: Scene) -> Drawing
}

extension SceneRenderer {
    /// The layout of ``metrics``, with the region from the figure's ranges.
    public var layout: PlotLayout { PlotLayout(metrics: metrics) }
}
