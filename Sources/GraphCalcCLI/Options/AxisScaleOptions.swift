import Graphing

/// The axis scale options read once: `--xscale` and `--yscale`.
struct AxisScaleOptions: ParsableOptionGroup, Equatable {
    static let group = OptionGroup.axisScales

    /// How x is spaced, if given.
    var x: AxisScale?
    /// How y is spaced, if given.
    var y: AxisScale?

    init(_ arguments: ParsedArguments) throws(GraphCalcError) {
        x = try arguments.choice(OptionGroup.xScale, of: AxisScale.self)
        y = try arguments.choice(OptionGroup.yScale, of: AxisScale.self)
    }

    /// Whether either was given.
    var isGiven: Bool { x != nil || y != nil }
}
