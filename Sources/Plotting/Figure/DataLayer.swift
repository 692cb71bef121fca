import Graphing

/// A data series as a figure draws it: for raster back-ends, every cell a point (or a
/// line between two) lies in, exactly (`DataSampler`); for vector ones, a mark at each
/// point or a polyline broken at gaps.
public struct DataLayer: FigureLayer, Equatable {
    /// The series drawn.
    public let series: DataSeries
    /// Points, lines or steps.
    public let drawingStyle: DataStyle
    /// Its name in the legend (the y column's).
    public let label: String
    /// Whether its x is a time (seconds since 1970 UTC), for an axis of dates.
    public var xIsTime = false

    /// Dots for a series drawn as points, a stroke for lines and steps.
    public var legendMarker: LegendMarker { drawingStyle == .points ? .dots : .line }

    /// A layer drawing `series` in `drawingStyle`, named `label`.
    public init(_ series: DataSeries, style drawingStyle: DataStyle, label: String) {
        self.series = series
        self.drawingStyle = drawingStyle
        self.label = label
    }

    /// The y values of the points with x in range, widened by a twentieth each way (of
    /// the decades on a log axis); `nil` when no point is in range.
    public func automaticYRange(x: Interval, columns: Int, xScale: AxisScale, yScale: AxisScale) -> Interval? {
        series.extent(xScale: xScale, yScale: yScale, within: x).map { Self.widened($0.y, yScale) }
    }

    /// The box a view of the whole series shows: the x and y values of its points, each
    /// widened by a twentieth each way; `nil` when no point has both values (on a log
    /// axis, above 0).
    public func extent(xScale: AxisScale = .linear, yScale: AxisScale = .linear) -> (x: Interval, y: Interval)? {
        series.extent(xScale: xScale, yScale: yScale).map { (Self.widened($0.x, xScale), Self.widened($0.y, yScale)) }
    }

    /// `range` widened by a twentieth each way (of its decades on a log axis), however
    /// narrow beside its values (30 seconds of 2024 is a range of 1.7e9 ± 15); a single
    /// value becomes a range of 1 about it (a decade on a log axis, or a millionth of
    /// the value where that is more).
    static func widened(_ range: Interval, _ scale: AxisScale) -> Interval {
        guard range.upper == range.lower else { return CurveLayer.widened(range, scale, pointWidth: 0) }
        switch scale {
        case .linear:
            let margin = max(0.5, abs(range.lower) * 1e-6)
            return Interval(range.lower - margin, range.upper + margin)
        case .log:
            return Interval(range.lower / 10.0.squareRoot(), range.upper * 10.0.squareRoot())
        }
    }

    /// Whether a point with both values has x in range.
    public func mayHaveValue(x: Interval, columns: Int, xScale: AxisScale) -> Bool {
        series.extent(xScale: xScale, within: x) != nil
    }

    /// The cells the drawing passes through (raster), or the points or paths (vector).
    public func drawn(
        in viewport: Viewport, as geometry: Scene.Geometry, style: Palette.Style, marksDiscontinuities: Bool
    ) -> Scene.Layer {
        let sampler = DataSampler(series: series, viewport: viewport, style: drawingStyle)
        let sampled: Scene.Sampled
        switch (geometry, drawingStyle) {
        case (.columns, _): sampled = .cells(sampler.cells())
        case (.paths, .points): sampled = .points(sampler.points())
        case (.paths, _): sampled = .paths(sampler.paths())
        }
        return Scene.Layer(label: label, style: style, geometry: sampled, marks: [])
    }

    /// The series' y at `x` as drawn: the y of the points at exactly `x` (when they all
    /// have the same one); else, for lines and steps in a series ordered in x, the y of
    /// the segment or step over `x` (not across a gap). `nil` elsewhere: a scatter has
    /// values at its points only.
    public func value(at x: Double) -> Double? {
        guard x.isFinite else { return nil }
        var exact: Double?
        var disagree = false
        var before: (x: Double, y: Double)?
        var between: Double?
        for index in 0..<series.count {
            let pointX = series.x(at: index), pointY = series.ys[index]
            guard pointX.isFinite, pointY.isFinite else {
                // A gap breaks the line.
                before = nil
                continue
            }
            if pointX == x {
                if let exact, exact != pointY { disagree = true }
                exact = pointY
            }
            if let previous = before, previous.x < x, x < pointX, between == nil {
                switch drawingStyle {
                case .points: break
                case .lines: between = previous.y + (pointY - previous.y) * ((x - previous.x) / (pointX - previous.x))
                case .steps: between = previous.y
                }
            }
            before = (pointX, pointY)
        }
        if let exact { return disagree ? nil : exact }
        // Between points only where the series runs in order of x (a line's y there).
        return between != nil && series.isOrderedInX ? between : nil
    }
}
