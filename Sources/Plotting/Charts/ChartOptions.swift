import ChartData

/// How a chart is drawn, whichever the back-end.
public struct ChartOptions: Sendable {
    /// Bars or a pie.
    public enum Kind: String, CaseIterable, Sendable {
        case bar, pie
    }

    /// Bars or a pie.
    public var kind: Kind
    /// A title above the chart.
    public var title: String?
    /// The record to highlight, if any.
    public var selected: Int?
    /// Bars along x instead of up.
    public var isHorizontal = false
    /// Values printed on the bars.
    public var showsValues = false
    /// The pie's first slice starts here, in degrees clockwise from 12 o'clock.
    public var startAngle = 0.0
    /// Which way the pie's slices follow each other.
    public var direction = PieChartLayout.Direction.clockwise
    /// Records below this share of the pie are grouped as "other" (0 for none).
    public var minimumShare = 0.0
    /// For a histogram, the bins' edges along the category axis, one more than the
    /// records: the bars touch, take one colour, and the axis is labelled with nice
    /// values between the first edge and the last instead of the records' labels.
    /// Vertical bars only.
    public var binEdges: [Double]?
    /// A curve drawn over a histogram's bars (its normal curve): a value for each position
    /// along the bins' axis.
    public var overlay: (@Sendable (Double) -> Double)?
    /// What the overlay is, for its tooltip (`normal curve, mean 2, sd 0.5`).
    public var overlayName: String?

    /// Options for a chart of `kind`.
    public init(kind: Kind) {
        self.kind = kind
    }

    /// The value axis of a bar chart: from zero (or the lowest value, if negative) to the
    /// highest value (or zero) and any of `extra` (an overlay's), widened to whole nice
    /// steps, never empty.
    static func valueRange(_ data: any ChartDataSource, including extra: [Double] = []) -> (
        lower: Double, upper: Double
    ) {
        let values = (data.values + extra).filter(\.isFinite)
        let lower = min(0, values.min() ?? 0), upper = max(0, values.max() ?? 0)
        guard lower != upper else { return (lower, lower + 1) }
        // Out to the next nice step, so the longest bar ends on a tick with room above.
        guard let step = NiceTicks.step(from: lower, to: upper, count: 5), step > 0 else { return (lower, upper) }
        // The smaller side (values a little below 0 beside large ones above) rounds out to
        // a step of its own, so it does not take a whole step of the larger side.
        let lowerStep = -lower < upper ? NiceTicks.step(from: 0, to: -lower, count: 2) ?? step : step
        let upperStep = upper < -lower ? NiceTicks.step(from: 0, to: upper, count: 2) ?? step : step
        // Rounding out to a step must not leave the doubles (1.7e308 would round to +inf).
        let bottom = (lower / lowerStep).rounded(.down) * lowerStep, top = (upper / upperStep).rounded(.up) * upperStep
        return (bottom.isFinite ? bottom : lower, top.isFinite ? top : upper)
    }

    /// Where `value` lies in `range`, from 0 at the lower end to 1 at the upper, for any
    /// finite values: computed on quarters, so that a range from −1.7e308 to 1.7e308,
    /// whose width is beyond the doubles, still divides. Clamped to 0…1; 0 for NaN.
    static func fraction(of value: Double, in range: (lower: Double, upper: Double)) -> Double {
        let fraction = (value / 4 - range.lower / 4) / (range.upper / 4 - range.lower / 4)
        return fraction.isNaN ? 0 : min(1, max(0, fraction))
    }

    /// A value as labels and tooltips print it: whole numbers without `.0`.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }
}
