/// What a legend entry shows beside its label: a stroke for what is drawn as a line (a
/// function, a curve, a series of lines or steps), dots for a series drawn as points.
public enum LegendMarker: Sendable, Equatable {
    /// A short stroke.
    case line
    /// A few dots.
    case dots
}
