/// The furniture options read once: `--no-axes`, `--no-legend`, `--grid`, `--no-markers`
/// and `--points`. Each flag given changes a style; the rest leave it as it was.
struct FurnitureOptions: ParsableOptionGroup, Equatable {
    static let group = OptionGroup.furniture

    /// `--no-axes`: no frame, axes, ticks or labels.
    var hidesAxes = false
    /// `--no-legend`.
    var hidesLegend = false
    /// `--grid`: grid lines at the ticks.
    var showsGrid = false
    /// `--no-markers`: no circles at jumps, holes and isolated points.
    var hidesMarkers = false
    /// `--points`: dots at the zeros, extrema and intersections.
    var marksPoints = false

    init(_ arguments: ParsedArguments) {
        hidesAxes = arguments.contains(OptionGroup.noAxes)
        hidesLegend = arguments.contains(OptionGroup.noLegend)
        showsGrid = arguments.contains(OptionGroup.grid)
        hidesMarkers = arguments.contains(OptionGroup.noMarkers)
        marksPoints = arguments.contains(OptionGroup.points)
    }

    /// `style` with the furniture these options change.
    func applied(to style: PlotStyle) -> PlotStyle {
        var style = style
        if hidesAxes { style.showsAxes = false }
        if hidesLegend { style.showsLegend = false }
        if showsGrid { style.showsGrid = true }
        if hidesMarkers { style.marksDiscontinuities = false }
        if marksPoints { style.marksPoints = true }
        return style
    }
}
