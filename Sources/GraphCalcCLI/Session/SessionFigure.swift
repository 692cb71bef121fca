import Graphing

/// The session's figure as it keeps it between lines: the functions (named ones looked
/// up at each use, so a redefinition shows), the data files (read again when they
/// change), the variable they run along, the values its own `--set` gave, and how it is
/// drawn. The region is the session's ``SessionView``.
///
/// Every way the session shows a figure — a redraw after `zoom`, `trace`, `export`,
/// `explore` — builds it from this one value, so they cannot disagree.
public struct SessionFigure: Equatable, Sendable {
    /// The functions, as named.
    public var functions: [PlottedFunction]
    /// The variable they run along.
    public var variable: String
    /// The values the figure's own `--set` gave, over the session's variables.
    public var overrides: [String: Double]
    /// How it is drawn.
    public var style: PlotStyle
    /// The t range of its parametric curves, or `nil` for one turn.
    public var t: Interval?
    /// The θ range of its polar curves, or `nil` for one turn.
    public var theta: Interval?
    /// Its data series' files, by reference.
    public var data: [DataReference] = []

    /// A figure of `functions` along `variable`.
    public init(
        functions: [PlottedFunction], variable: String = "x", overrides: [String: Double] = [:],
        style: PlotStyle = PlotStyle(), t: Interval? = nil, theta: Interval? = nil
    ) {
        self.functions = functions
        self.variable = variable
        self.overrides = overrides
        self.style = style
        self.t = t
        self.theta = theta
    }
}
