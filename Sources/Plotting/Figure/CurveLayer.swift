import CVectorMath
import Graphing

/// A parametric or polar curve as a figure draws it: for raster back-ends, every cell
/// it passes through decided by `CurveSampler` (proved solid, undecided faint); for
/// vector ones, smooth paths broken at poles and jumps.
public struct CurveLayer: FigureLayer {
    /// The curve drawn.
    public let curve: Curve
    /// The parameter range drawn.
    public let t: Interval
    /// Its name in the legend (`(cos(t), sin(t))`, `r=1+cos(θ)`).
    public let label: String
    /// The most evaluations a drawing of the layer makes (see `CurveSampler/budget`).
    public var budget = CurveSampler.defaultBudget

    /// A layer drawing `curve` over the parameter range `t`, named `label`.
    public init(_ curve: Curve, t: Interval, label: String) {
        self.curve = curve
        self.t = t
        self.label = RelationLayer.superscripted(label)
    }

    /// The y values the curve reaches over its parameter range (from 1,025 points),
    /// widened by a twentieth each way; `nil` when it has none, or none above 0 on a log
    /// y axis.
    public func automaticYRange(x: Interval, columns: Int, xScale: AxisScale, yScale: AxisScale) -> Interval? {
        extent(xScale: xScale, yScale: yScale)?.y
    }

    /// The x and y values the curve reaches over its parameter range (from 1,025 evenly
    /// spaced parameter values), each widened by a twentieth each way (or, on a log axis,
    /// by a twentieth of its decades): the box a view of the whole curve shows. Where a
    /// few values run far off (near a pole, `(t, tan(t))`), an axis shows the middle 96%
    /// of them instead, as a graph of `tan(x)` does not show 10¹⁶. `nil` when no point has
    /// a value (on a log axis, one above 0).
    public func extent(xScale: AxisScale = .linear, yScale: AxisScale = .linear) -> (x: Interval, y: Interval)? {
        let count = 1024
        let ts = (0...count).map { t.lower + (t.upper - t.lower) * Double($0) / Double(count) }
        let xs = curve.x.values(at: ts), ys = curve.y.values(at: ts)
        let points = zip(xs, ys).filter { x, y in
            x.isFinite && y.isFinite && (xScale == .linear || x > 0) && (yScale == .linear || y > 0)
        }
        guard !points.isEmpty else { return nil }
        return (Self.range(of: points.map(\.0), xScale), Self.range(of: points.map(\.1), yScale))
    }

    /// The range of `values` (not empty) widened, or of their middle 96% where the whole
    /// is over ten times as wide (in decades on a log axis).
    static func range(of values: [Double], _ scale: AxisScale) -> Interval {
        let sorted = values.sorted()
        let measure: (Double) -> Double = scale == .log ? { log10($0) } : { $0 }
        let whole = Interval(sorted[0], sorted[sorted.count - 1])
        let cut = sorted.count / 50
        let middle = Interval(sorted[cut], sorted[sorted.count - 1 - cut])
        let wholeSpan = measure(whole.upper) - measure(whole.lower)
        let middleSpan = measure(middle.upper) - measure(middle.lower)
        return widened(wholeSpan > 10 * middleSpan && middleSpan > 0 ? middle : whole, scale)
    }

    /// `range` widened by a twentieth each way (of its decades on a log axis); a point,
    /// or a range narrower than a millionth of its size, becomes a range of 1 about it
    /// (a decade on a log axis).
    static func widened(_ range: Interval, _ scale: AxisScale, pointWidth: Double = 1e-6) -> Interval {
        let size = max(abs(range.lower), abs(range.upper))
        let isPoint = range.upper - range.lower <= pointWidth * size
        switch scale {
        case .linear:
            let margin = isPoint ? max(1, size) / 2 : (range.upper - range.lower) / 20
            return Interval(range.lower - margin, range.upper + margin)
        case .log:
            let factor = isPoint ? 10.0.squareRoot() : pow(range.upper / range.lower, 1.0 / 20)
            return Interval(range.lower / factor, range.upper * factor)
        }
    }

    /// Whether any of 1,025 points over the parameter range has a value.
    public func mayHaveValue(x: Interval, columns: Int, xScale: AxisScale) -> Bool {
        extent(xScale: xScale) != nil
    }

    /// The cells the curve passes through (raster) or its paths (vector).
    public func drawn(
        in viewport: Viewport, as geometry: Scene.Geometry, style: Palette.Style, marksDiscontinuities: Bool
    ) -> Scene.Layer {
        var sampler = CurveSampler(curve: curve, viewport: viewport, t: t)
        sampler.budget = budget
        switch geometry {
        case .columns:
            return Scene.Layer(
                label: label, style: style, geometry: .cells(sampler.sample(keepsPieces: false).cells), marks: [])
        case .paths:
            return Scene.Layer(label: label, style: style, geometry: .paths(sampler.paths()), marks: [])
        }
    }

    /// None: a curve is traced along its parameter (``point(at:)``), not along x.
    public func value(at x: Double) -> Double? { nil }

    /// The curve's point at parameter `t`, where it has one.
    public func point(at t: Double) -> Point? { curve.point(at: t) }
}
