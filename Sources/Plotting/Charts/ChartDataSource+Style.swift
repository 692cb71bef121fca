import ChartData

extension ChartDataSource {
    /// The style record `index` is drawn in: its own colour (with the palette's glyph for
    /// its place), or the palette's style for its place.
    func resolvedStyle(at index: Int) -> Palette.Style {
        let style = Palette.style(index)
        guard let color = color(at: index) else { return style }
        return Palette.Style(hex: color, terminalColor: Palette.nearestTerminalColor(color), glyph: style.glyph)
    }
}
