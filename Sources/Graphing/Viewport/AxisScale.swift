/// How an axis spaces its values: evenly (linear), or by equal ratios (logarithmic, base
/// 10), so that 1, 10, 100 and 1000 are equally far apart.
///
/// On a log axis each pixel column (or row) spans an equal step of log₁₀ of the value,
/// so sampling and enclosures stay per pixel. Only positive values are on a log axis:
/// 0, negative values, −∞ and NaN lie beyond its lower end (below the bottom edge, left
/// of the left edge), never on it.
public enum AxisScale: String, Sendable, Hashable, CaseIterable {
    /// Equal steps of the value.
    case linear
    /// Equal steps of log₁₀ of the value.
    case log
}
