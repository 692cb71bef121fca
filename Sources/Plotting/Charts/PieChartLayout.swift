import CVectorMath
import ChartData

/// The slices of a pie chart: their angles, from a start angle in a direction, and their
/// shares as printed percentages that add up to 100.
public struct PieChartLayout: Sendable {
    /// One slice.
    public struct Slice: Sendable, Equatable {
        /// The record the slice shows, or nil for the grouped "other" slice.
        public let record: Int?
        /// The label the legend gives it.
        public let label: String
        /// The value it stands for (the sum of the grouped records for "other").
        public let value: Double
        /// Where the slice starts and ends, in degrees clockwise from 12 o'clock (end may
        /// exceed 360; for a counterclockwise pie, start > end).
        public let startAngle: Double, endAngle: Double
        /// The percentage as printed, to one decimal; the slices' add up to 100.
        public let percentage: Double

        /// The direction halfway through the slice, where a selected slice is pulled out.
        public var middleAngle: Double { (startAngle + endAngle) / 2 }
    }

    /// Which way slices follow each other.
    public enum Direction: String, CaseIterable, Sendable {
        case clockwise, counterclockwise
    }

    /// The slices, in drawing order.
    public let slices: [Slice]

    /// Slices for the records of `data`.
    ///
    /// - Parameters:
    ///   - data: the records, each a slice.
    ///   - startAngle: where the first slice starts, in degrees clockwise from 12 o'clock.
    ///   - direction: the way the slices go round.
    ///   - minimumShare: records below this fraction of the total (0.01 for 1%) are
    ///     grouped into one slice labelled "other", drawn last.
    /// - Throws: ``PlottingError/invalidChart(_:)`` for a record that is zero or negative,
    ///   or no records.
    public init(
        _ data: any ChartDataSource, startAngle: Double = 0, direction: Direction = .clockwise, minimumShare: Double = 0
    ) throws(PlottingError) {
        guard data.count > 0 else { throw .invalidChart("a pie needs at least one record") }
        let values = data.values
        if let index = values.firstIndex(where: { !($0 > 0 && $0.isFinite) }) {
            throw .invalidChart(
                "a pie needs positive values: '\(data.label(at: index))' is \(ChartOptions.format(values[index]))")
        }
        // Shares are worked out on values scaled by the largest, so that huge values
        // (1e308 twice) do not overflow the total.
        let largest = values.max() ?? 1
        let total = values.reduce(0) { $0 + $1 / largest }
        var parts: [(record: Int?, label: String, value: Double, share: Double)] = []
        var other = (value: 0.0, share: 0.0)
        for (index, value) in values.enumerated() {
            let share = value / largest / total
            if share < minimumShare {
                other = (other.value + value, other.share + share)
            } else {
                parts.append((index, data.label(at: index), value, share))
            }
        }
        if other.share > 0 { parts.append((nil, "other", other.value, other.share)) }

        // Largest remainder: tenths of a percent rounded down, the missing tenths given to
        // the largest remainders, so the printed percentages add up to 100.0.
        let exact = parts.map { $0.share * 1000 }
        var tenths = exact.map { $0.rounded(.down) }
        let missing = Int(1000 - tenths.reduce(0, +))
        for index in exact.indices.sorted(by: { exact[$0] - tenths[$0] > exact[$1] - tenths[$1] }).prefix(
            max(0, missing))
        {
            tenths[index] += 1
        }
        let sign = direction == .clockwise ? 1.0 : -1.0
        // Whole turns say nothing, and at 1e308 they would swallow every slice's width.
        let start = startAngle.truncatingRemainder(dividingBy: 360)
        var angle = start.isFinite ? start : 0
        var slices: [Slice] = []
        for (index, part) in parts.enumerated() {
            let sweep = part.share * 360
            slices.append(
                Slice(
                    record: part.record, label: part.label, value: part.value, startAngle: angle,
                    endAngle: angle + sign * sweep, percentage: tenths[index] / 10))
            angle += sign * sweep
        }
        self.slices = slices
    }

    /// The slice at a direction (degrees clockwise from 12 o'clock), for drawing and for
    /// hit-testing a point of the pie.
    public func slice(atAngle angle: Double) -> Int? {
        for (index, slice) in slices.enumerated() {
            let low = min(slice.startAngle, slice.endAngle), high = max(slice.startAngle, slice.endAngle)
            var probe = angle
            // Bring the angle into [low, low + 360).
            probe -= 360 * ((probe - low) / 360).rounded(.down)
            if probe >= low && probe < high { return index }
        }
        return slices.isEmpty ? nil : slices.count - 1
    }

    /// The style of slice `index`: the data's own colour for its record, or the
    /// palette's for its place in the ring, so no two neighbouring slices (the last and
    /// the first included) share a fill.
    public func style(ofSlice index: Int, _ data: any ChartDataSource) -> Palette.Style {
        if let record = slices[index].record, data.color(at: record) != nil { return data.resolvedStyle(at: record) }
        return Palette.style(Palette.ringIndices(count: slices.count, period: Palette.styles.count)[index])
    }

    /// The legend's title for slice `index`: its record's legend title, or "other".
    func legendTitle(_ index: Int, _ data: any ChartDataSource) -> String {
        slices[index].record.map { data.legendTitle(at: $0) } ?? slices[index].label
    }

    /// The unit vector of a direction given in degrees clockwise from 12 o'clock, with x
    /// to the right and y down, as on a screen.
    public static func direction(ofAngle degrees: Double) -> (x: Double, y: Double) {
        let radians = degrees * .pi / 180
        return (sin(radians), -cos(radians))
    }

    /// The angle of the direction (`x` right, `y` down) in degrees clockwise from 12
    /// o'clock, in [0, 360): with ``slice(atAngle:)``, the slice under a point of the pie.
    public static func angle(ofDirection x: Double, _ y: Double) -> Double {
        let degrees = atan2(x, -y) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// A percentage as printed: `12.5%`, `100%`.
    public static func format(_ percentage: Double) -> String {
        let rounded = (percentage * 10).rounded() / 10
        return (rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)") + "%"
    }
}
