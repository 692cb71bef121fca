import CVectorMath

/// The part of the plane a graph shows and the pixels it shows it in, as a graph view
/// has them: a pixel size, a scale (pixels per unit) and an origin (the pixel position
/// of the point (0, 0)).
///
/// Pixel x grows rightwards from the left edge, pixel y downwards from the top edge, so
/// pixel column `i` covers model x from `x(atPixel: i)` to `x(atPixel: i + 1)` and pixel
/// row 0 is the top. The x and y scales may differ (a viewport built from ranges fits
/// each axis separately).
///
/// Either axis may be logarithmic (``AxisScale/log``): its pixels then span equal steps
/// of log₁₀ of the value, its range must be positive, and values ≤ 0 map beyond its lower
/// edge (pixel x −∞, pixel y +∞). ``columnWidth`` and ``rowHeight`` are then the
/// narrowest column's and the lowest row's, and ``columnWidth(near:)`` and
/// ``rowHeight(near:)`` give the size where a value lies.
public struct Viewport: Hashable, Sendable {
    /// The largest width or height accepted, in pixels.
    public static let maximumPixels = 1 << 16

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// The model x at the left edge.
    public let minimumX: Double
    /// The model y at the top edge.
    public let maximumY: Double
    /// The model x at the right edge, as given (not recomputed from the column width, so
    /// a range reads back exactly as it was set).
    public let maximumX: Double
    /// The model y at the bottom edge, as given.
    public let minimumY: Double
    /// Model units per pixel column.
    public let columnWidth: Double
    /// Model units per pixel row.
    public let rowHeight: Double
    /// How the x axis spaces its values.
    public let xAxisScale: AxisScale
    /// How the y axis spaces its values.
    public let yAxisScale: AxisScale
    /// On a log axis, log₁₀ of the lower end and the log₁₀ step per pixel.
    private let xLog: LogMapping?, yLog: LogMapping?

    /// The log₁₀ of a log axis's lower end and the log₁₀ step per pixel.
    private struct LogMapping: Hashable, Sendable {
        let lower: Double, step: Double
    }

    /// A viewport with one scale for both axes and the origin at a pixel position.
    ///
    /// - Parameters:
    ///   - width: the width in pixels.
    ///   - height: the height in pixels.
    ///   - scale: pixels per model unit, on both axes.
    ///   - origin: the pixel position of model (0, 0); it may lie outside the pixels.
    /// - Throws: ``GraphingError`` for a size outside 1…``maximumPixels``, a scale that
    ///   is not positive and finite, or a non-finite origin.
    public init(width: Int, height: Int, scale: Double, origin: (x: Double, y: Double)) throws(GraphingError) {
        try Self.validate(width: width, height: height)
        guard scale.isFinite, scale > 0, (1 / scale).isNormal else { throw .invalidScale(scale) }
        guard origin.x.isFinite, origin.y.isFinite else { throw .invalidOrigin(x: origin.x, y: origin.y) }
        try self.init(
            width: width, height: height, left: -origin.x / scale, right: (Double(width) - origin.x) / scale,
            bottom: (origin.y - Double(height)) / scale, top: origin.y / scale)
    }

    /// A viewport showing the ranges `x` and `y` in `width` × `height` pixels.
    ///
    /// - Throws: ``GraphingError`` for a size outside 1…``maximumPixels``, a range that is
    ///   a point or not finite, or one too narrow for double precision at this size.
    public init(width: Int, height: Int, x: Interval, y: Interval) throws(GraphingError) {
        try self.init(width: width, height: height, left: x.lower, right: x.upper, bottom: y.lower, top: y.upper)
    }

    /// A viewport showing x from `left` to `right` and y from `bottom` to `top`, for ends
    /// that come from input or arithmetic and may be reversed, equal or not finite.
    ///
    /// - Throws: ``GraphingError`` as the initializer taking ranges does, and for ends in
    ///   the wrong order.
    public init(
        width: Int, height: Int, left: Double, right: Double, bottom: Double, top: Double,
        xAxisScale: AxisScale = .linear, yAxisScale: AxisScale = .linear
    ) throws(GraphingError) {
        try Self.validate(width: width, height: height)
        try Self.validate(axis: "x", left, right, pixels: width, scale: xAxisScale)
        try Self.validate(axis: "y", bottom, top, pixels: height, scale: yAxisScale)
        self.init(
            valid: width, height, x: (left, right), y: (bottom, top), xAxisScale: xAxisScale, yAxisScale: yAxisScale)
    }

    /// A viewport showing the ranges `x` and `y` with the axes' scales.
    ///
    /// - Throws: ``GraphingError`` as the initializer taking ranges does, and
    ///   ``GraphingError/logRangeNotPositive(axis:lower:upper:)`` for a log axis whose range
    ///   reaches 0 or below.
    public init(
        width: Int, height: Int, x: Interval, y: Interval, xAxisScale: AxisScale, yAxisScale: AxisScale
    ) throws(GraphingError) {
        try self.init(
            width: width, height: height, left: x.lower, right: x.upper, bottom: y.lower, top: y.upper,
            xAxisScale: xAxisScale, yAxisScale: yAxisScale)
    }

    /// x from −10 to 10 and y from −1 to 1 on 72 × 19 pixels (the plot area of an 80 × 24
    /// terminal plot): the view a graph starts from.
    public static let standard = Viewport(valid: 72, 19, x: (-10, 10), y: (-1, 1))

    /// A viewport of a size and region known to be valid.
    private init(
        valid width: Int, _ height: Int, x: (lower: Double, upper: Double), y: (lower: Double, upper: Double),
        xAxisScale: AxisScale = .linear, yAxisScale: AxisScale = .linear
    ) {
        self.width = width
        self.height = height
        minimumX = x.lower
        maximumX = x.upper
        minimumY = y.lower
        maximumY = y.upper
        self.xAxisScale = xAxisScale
        self.yAxisScale = yAxisScale
        xLog = xAxisScale == .log ? Self.logMapping(x.lower, x.upper, pixels: width) : nil
        yLog = yAxisScale == .log ? Self.logMapping(y.lower, y.upper, pixels: height) : nil
        // On a log axis the narrowest column is the first, the lowest row the bottom one.
        columnWidth =
            xLog.map { x.lower * (Self.power($0.step) - 1) } ?? (x.upper - x.lower) / Double(width)
        rowHeight = yLog.map { y.lower * (Self.power($0.step) - 1) } ?? (y.upper - y.lower) / Double(height)
    }

    private static func logMapping(_ lower: Double, _ upper: Double, pixels: Int) -> LogMapping {
        let low = log10(lower)
        return LogMapping(lower: low, step: (log10(upper) - low) / Double(pixels))
    }

    /// 10 to the power `exponent`.
    private static func power(_ exponent: Double) -> Double {
        pow(10, exponent)
    }

    /// The x range shown, left edge to right edge.
    public var xRange: Interval { Interval(minimumX, maximumX) }

    /// The y range shown, bottom edge to top edge.
    public var yRange: Interval { Interval(minimumY, maximumY) }

    /// Pixels per unit along x.
    public var xScale: Double { 1 / columnWidth }

    /// Pixels per unit along y.
    public var yScale: Double { 1 / rowHeight }

    /// The pixel position of model (0, 0).
    public var origin: (x: Double, y: Double) { (pixelX(for: 0), pixelY(for: 0)) }

    /// The model x at a pixel x (a column's left edge for a whole number; the edges of
    /// the range exactly as given).
    public func x(atPixel pixel: Double) -> Double {
        guard let xLog else { return minimumX + pixel * columnWidth }
        if pixel == 0 { return minimumX }
        if pixel == Double(width) { return maximumX }
        let value = Self.power(xLog.lower + pixel * xLog.step)
        return pixel > 0 && pixel < Double(width) ? min(max(value, minimumX), maximumX) : value
    }

    /// The model y at a pixel y (a row's top edge for a whole number).
    public func y(atPixel pixel: Double) -> Double {
        guard let yLog else { return maximumY - pixel * rowHeight }
        if pixel == 0 { return maximumY }
        if pixel == Double(height) { return minimumY }
        let value = Self.power(yLog.lower + (Double(height) - pixel) * yLog.step)
        return pixel > 0 && pixel < Double(height) ? min(max(value, minimumY), maximumY) : value
    }

    /// The pixel x of a model x; −∞ for x ≤ 0 on a log axis.
    public func pixelX(for x: Double) -> Double {
        guard let xLog else { return (x - minimumX) / columnWidth }
        guard x > 0 else { return x.isNaN ? .nan : -.infinity }
        return (log10(x) - xLog.lower) / xLog.step
    }

    /// The pixel y of a model y; +∞ (below the bottom) for y ≤ 0 on a log axis.
    public func pixelY(for y: Double) -> Double {
        guard let yLog else { return (maximumY - y) / rowHeight }
        guard y > 0 else { return y.isNaN ? .nan : .infinity }
        return Double(height) - (log10(y) - yLog.lower) / yLog.step
    }

    /// The width of the pixel column where `x` lies (``columnWidth`` on a linear axis,
    /// and for x at or left of the left edge).
    public func columnWidth(near x: Double) -> Double {
        guard let xLog, x > minimumX, x.isFinite else { return columnWidth }
        return x * (1 - Self.power(-xLog.step))
    }

    /// The height of the pixel row where `y` lies (``rowHeight`` on a linear axis, and for
    /// y at or below the bottom edge).
    public func rowHeight(near y: Double) -> Double {
        guard let yLog, y > minimumY, y.isFinite else { return rowHeight }
        return y * (1 - Self.power(-yLog.step))
    }

    /// On a log y axis, a row's height as a share of the values in it (1 − 10^−step); 0 on
    /// a linear axis, where rows have one height.
    public var rowShare: Double {
        guard let yLog else { return 0 }
        return 1 - Self.power(-yLog.step)
    }

    /// The y values from a row below the bottom edge to a row above the top: what the
    /// samplers draw (the rest is off screen).
    public var yBand: Interval {
        guard yLog != nil else { return Interval(minimumY - rowHeight, maximumY + rowHeight) }
        return Interval(y(atPixel: Double(height + 1)), y(atPixel: -1))
    }

    /// The model x interval pixel column `column` covers.
    public func columnInterval(_ column: Int) -> Interval {
        Interval(x(atPixel: Double(column)), x(atPixel: Double(column + 1)))
    }

    /// The same region in more pixels: `horizontal` pixel columns and `vertical` pixel
    /// rows for each of this viewport's, as braille cells (2 × 4 dots) or a retina screen
    /// need.
    ///
    /// - Throws: ``GraphingError/invalidDensity(horizontal:vertical:)`` for a factor below 1
    ///   or a result larger than ``maximumPixels``.
    public func withDensity(horizontal: Int, vertical: Int) throws(GraphingError) -> Viewport {
        guard horizontal >= 1, vertical >= 1,
            width <= Self.maximumPixels / horizontal, height <= Self.maximumPixels / vertical
        else { throw .invalidDensity(horizontal: horizontal, vertical: vertical) }
        return try Viewport(
            width: width * horizontal, height: height * vertical, x: xRange, y: yRange, xAxisScale: xAxisScale,
            yAxisScale: yAxisScale)
    }

    /// Zoomed by `factor` (2 shows half as much) about a pixel position, which keeps
    /// showing the same model point.
    ///
    /// - Throws: ``GraphingError/invalidZoom(_:)`` for a factor that is not positive and
    ///   finite, or a range error when the result is too narrow or too wide.
    public func zoomed(by factor: Double, aboutPixel pixel: (x: Double, y: Double)) throws(GraphingError) -> Viewport {
        guard factor.isFinite, factor > 0 else { throw .invalidZoom(factor) }
        if xLog != nil || yLog != nil {
            // About the pixel, in pixels: on a log axis that is by ratios.
            let w = Double(width), h = Double(height)
            return try Viewport(
                width: width, height: height, left: x(atPixel: pixel.x - pixel.x / factor),
                right: x(atPixel: pixel.x + (w - pixel.x) / factor),
                bottom: y(atPixel: pixel.y + (h - pixel.y) / factor),
                top: y(atPixel: pixel.y - pixel.y / factor), xAxisScale: xAxisScale, yAxisScale: yAxisScale)
        }
        let centerX = x(atPixel: pixel.x), centerY = y(atPixel: pixel.y)
        let left = minimumX, right = maximumX
        let bottom = minimumY, top = maximumY
        return try Viewport(
            width: width, height: height, left: centerX - (centerX - left) / factor,
            right: centerX + (right - centerX) / factor, bottom: centerY - (centerY - bottom) / factor,
            top: centerY + (top - centerY) / factor)
    }

    /// Moved by a number of pixels: the content moves right by `dx` and down by `dy`, as
    /// when dragging the graph.
    ///
    /// - Throws: a range error when the result leaves the finite doubles.
    public func panned(byPixels dx: Double, _ dy: Double) throws(GraphingError) -> Viewport {
        if xLog != nil || yLog != nil {
            return try Viewport(
                width: width, height: height, left: x(atPixel: -dx), right: x(atPixel: Double(width) - dx),
                bottom: y(atPixel: Double(height) - dy), top: y(atPixel: -dy), xAxisScale: xAxisScale,
                yAxisScale: yAxisScale)
        }
        let shiftX = dx * columnWidth, shiftY = dy * rowHeight
        return try Viewport(
            width: width, height: height, left: minimumX - shiftX, right: maximumX - shiftX,
            bottom: minimumY + shiftY, top: maximumY + shiftY)
    }

    private static func validate(width: Int, height: Int) throws(GraphingError) {
        guard (1...maximumPixels).contains(width), (1...maximumPixels).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
    }

    private static func validate(
        axis: String, _ lower: Double, _ upper: Double, pixels: Int, scale: AxisScale = .linear
    ) throws(GraphingError) {
        guard lower.isFinite, upper.isFinite, lower < upper else {
            throw .invalidRange(axis: axis, lower: lower, upper: upper)
        }
        if scale == .log {
            guard lower > 0 else { throw .logRangeNotPositive(axis: axis, lower: lower, upper: upper) }
            // Each pixel's edges are doubles in order: the narrowest (first) spans an ulp.
            let step = (log10(upper) - log10(lower)) / Double(pixels)
            guard lower * (power(step) - 1) >= 2 * lower.ulp, power(step) > 1 else {
                throw .rangeTooNarrow(axis: axis, lower: lower, upper: upper)
            }
            return
        }
        guard (upper - lower).isFinite else { throw .rangeTooWide(axis: axis, lower: lower, upper: upper) }
        // A pixel spans at least an ulp, so its edges are doubles in order: a column may
        // hold a single double (`--x 1e15:1e15+100` at 800 columns), never none.
        let ulp = max(lower.ulp, upper.ulp)
        guard (upper - lower) / Double(pixels) >= ulp else {
            throw .rangeTooNarrow(axis: axis, lower: lower, upper: upper)
        }
    }
}
