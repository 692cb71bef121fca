import Graphing

/// A function y(x) as a figure draws it: enclosures per pixel column for raster
/// back-ends (`ColumnSampler`), refined paths for vector ones (`PathSampler`), and
/// the circles marking its jumps, holes and isolated points.
public struct FunctionLayer: FigureLayer {
    /// The function sampled.
    public let function: any GraphFunction
    /// Its name, usually the program's description (`sin(x)`).
    public let label: String

    /// A layer drawing `function`, named `label`.
    public init(_ function: any GraphFunction, label: String) {
        self.function = function
        self.label = label
    }

    /// The function's `AutomaticRange` over `x` on axes of the scales given.
    public func automaticYRange(x: Interval, columns: Int, xScale: AxisScale, yScale: AxisScale) -> Interval? {
        AutomaticRange.yRange(for: function, x: x, columns: columns, xAxisScale: xScale, yAxisScale: yScale)
    }

    /// Whether `AutomaticRange/hasValue(_:x:columns:xAxisScale:)` finds a value.
    public func mayHaveValue(x: Interval, columns: Int, xScale: AxisScale) -> Bool {
        AutomaticRange.hasValue(function, x: x, columns: columns, xAxisScale: xScale)
    }

    /// Column enclosures or refined paths, and the marks of the discontinuities in view.
    public func drawn(
        in viewport: Viewport, as geometry: Scene.Geometry, style: Palette.Style, marksDiscontinuities: Bool
    ) -> Scene.Layer {
        let sampled: Scene.Sampled, discontinuities: [Discontinuity]
        switch geometry {
        case .columns:
            let columns = ColumnSampler(function: function, viewport: viewport).sample()
            sampled = .columns(columns)
            discontinuities = columns.flatMap(\.discontinuities)
        case .paths:
            let sample = PathSampler(function: function, viewport: viewport).sample()
            sampled = .paths(sample.paths)
            discontinuities = sample.discontinuities
        }
        return Scene.Layer(
            label: label, style: style, geometry: sampled,
            marks: marksDiscontinuities ? Self.marksInView(discontinuities, viewport) : [])
    }

    /// The function's value at `x`, where finite.
    public func value(at x: Double) -> Double? {
        let y = function.values(at: [x])[0]
        return y.isFinite ? y : nil
    }

    /// The discontinuities' marks inside the viewport, open ones first so a filled one
    /// drawn over the same place wins.
    static func marksInView(_ discontinuities: [Discontinuity], _ viewport: Viewport) -> [Discontinuity.Mark] {
        let marks = discontinuities.flatMap(\.marks).filter { mark in
            viewport.xRange.contains(mark.point.x) && mark.point.y >= viewport.yRange.lower
                && mark.point.y <= viewport.maximumY
        }
        return marks.filter { !$0.isFilled } + marks.filter(\.isFilled)
    }
}
