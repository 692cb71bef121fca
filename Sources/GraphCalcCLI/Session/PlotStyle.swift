import Plotting

/// How a terminal plot is drawn, apart from what it shows: what a redraw after `zoom` or
/// `trace` keeps from the plot it redraws.
public struct PlotStyle: Equatable, Sendable {
    /// The size in cells; `nil` for the terminal's.
    public var size: DisplaySettings.CellSize?
    /// Braille or ASCII; `nil` for the terminal's choice.
    public var mode: TerminalPlot.Mode?
    /// When to colour.
    public var colorChoice = ColorChoice.auto
    /// Whether the frame, axes, ticks and labels are drawn.
    public var showsAxes = true
    /// Whether the legend is drawn.
    public var showsLegend = true
    /// Whether grid lines are drawn at the ticks.
    public var showsGrid = false
    /// Whether jumps, holes and isolated points are marked with circles.
    public var marksDiscontinuities = true
    /// Whether zeros, extrema and intersections are marked with dots (`--points`).
    public var marksPoints = false
    /// Whether a unit is as long across as up (`--aspect equal`), so a circle is round.
    public var hasEqualAspect = false

    /// The style of a plot with no options: everything automatic.
    public init() {}

    /// The mode and colour, as the drawing code takes them.
    var terminalOutput: TerminalOutput { TerminalOutput(mode: mode, colorChoice: colorChoice) }
}
