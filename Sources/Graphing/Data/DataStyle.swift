/// How a data series is drawn.
public enum DataStyle: String, Sendable, CaseIterable {
    /// A mark at each point.
    case points
    /// Straight lines from each point to the next, broken at gaps.
    case lines
    /// Steps: level from each point to the next one's x, then up or down to it.
    case steps

    /// The style a series reads best in: lines when x never decreases row by row (a
    /// series in time or in order), points otherwise (a scatter).
    public static func natural(for series: DataSeries) -> DataStyle {
        series.isOrderedInX ? .lines : .points
    }
}
