/// The part of the plane a graph shows and the pixels it shows it in, as a graph view
/// has them: a pixel size, a scale (pixels per unit) and an origin (the pixel position
/// of the point (0, 0)).
///
/// Pixel x grows rightwards from the left edge, pixel y downwards from the top edge, so
/// pixel column `i` covers model x from `x(atPixel: i)` to `x(atPixel: i + 1)` and pixel
/// row 0 is the top. The x and y scales may differ (a viewport built from ranges fits
/// each axis separately).
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

    /// A viewport with one scale for both axes and the origin at a pixel position.
    ///
    /// - Parameters:
    ///   - scale: pixels per model unit, on both axes.
    ///   - origin: the pixel position of model (0, 0); it may lie outside the pixels.
    /// - Throws: ``GraphingError`` for a size outside 1…``maximumPixels``, a scale that
    ///   is not positive and finite, or a non-finite origin.
    public init(width: Int, height: Int, scale: Double, origin: (x: Double, y: Double)) throws(GraphingError) {
        try Self.validate(width: width, height: height)
        guard scale.isFinite, scale > 0, (1 / scale).isNormal else { throw .invalidScale(scale) }
        guard origin.x.isFinite, origin.y.isFinite else { throw .invalidOrigin(x: origin.x, y: origin.y) }
        try self.init(
            width: width, height: height,
            x: (-origin.x / scale, (Double(width) - origin.x) / scale),
            y: ((origin.y - Double(height)) / scale, origin.y / scale))
    }

    /// A viewport showing the ranges `x` and `y` in `width` × `height` pixels.
    ///
    /// - Throws: ``GraphingError`` for a size outside 1…``maximumPixels``, a range that is
    ///   empty or not finite, or one too narrow for double precision at this size.
    public init(width: Int, height: Int, x: ClosedRange<Double>, y: ClosedRange<Double>) throws(GraphingError) {
        try self.init(width: width, height: height, x: (x.lowerBound, x.upperBound), y: (y.lowerBound, y.upperBound))
    }

    /// A viewport showing x from `x.lower` to `x.upper` and y from `y.lower` to `y.upper`,
    /// for ranges that come from input and may be reversed, empty or not finite.
    ///
    /// - Throws: ``GraphingError`` as the initializer taking ranges does.
    public init(
        width: Int, height: Int, x: (lower: Double, upper: Double), y: (lower: Double, upper: Double)
    ) throws(GraphingError) {
        try Self.validate(width: width, height: height)
        try Self.validate(axis: "x", x.lower, x.upper, pixels: width)
        try Self.validate(axis: "y", y.lower, y.upper, pixels: height)
        self.init(valid: width, height, x: x, y: y)
    }

    /// x from −10 to 10 and y from −1 to 1 on 72 × 19 pixels (the plot area of an 80 × 24
    /// terminal plot): the view a graph starts from.
    public static let standard = Viewport(valid: 72, 19, x: (-10, 10), y: (-1, 1))

    /// A viewport of a size and region known to be valid.
    private init(valid width: Int, _ height: Int, x: (lower: Double, upper: Double), y: (lower: Double, upper: Double))
    {
        self.width = width
        self.height = height
        minimumX = x.lower
        maximumX = x.upper
        minimumY = y.lower
        maximumY = y.upper
        columnWidth = (x.upper - x.lower) / Double(width)
        rowHeight = (y.upper - y.lower) / Double(height)
    }

    /// The x range shown, left edge to right edge.
    public var xRange: ClosedRange<Double> { minimumX...maximumX }

    /// The y range shown, bottom edge to top edge.
    public var yRange: ClosedRange<Double> { minimumY...maximumY }

    /// Pixels per unit along x.
    public var xScale: Double { 1 / columnWidth }

    /// Pixels per unit along y.
    public var yScale: Double { 1 / rowHeight }

    /// The pixel position of model (0, 0).
    public var origin: (x: Double, y: Double) { (pixelX(for: 0), pixelY(for: 0)) }

    /// The model x at a pixel x (a column's left edge for a whole number).
    public func x(atPixel pixel: Double) -> Double {
        minimumX + pixel * columnWidth
    }

    /// The model y at a pixel y (a row's top edge for a whole number).
    public func y(atPixel pixel: Double) -> Double {
        maximumY - pixel * rowHeight
    }

    /// The pixel x of a model x.
    public func pixelX(for x: Double) -> Double {
        (x - minimumX) / columnWidth
    }

    /// The pixel y of a model y.
    public func pixelY(for y: Double) -> Double {
        (maximumY - y) / rowHeight
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
            width: width * horizontal, height: height * vertical,
            x: (minimumX, maximumX), y: (minimumY, maximumY))
    }

    /// Zoomed by `factor` (2 shows half as much) about a pixel position, which keeps
    /// showing the same model point.
    ///
    /// - Throws: ``GraphingError/invalidZoom(_:)`` for a factor that is not positive and
    ///   finite, or a range error when the result is too narrow or too wide.
    public func zoomed(by factor: Double, aboutPixel pixel: (x: Double, y: Double)) throws(GraphingError) -> Viewport {
        guard factor.isFinite, factor > 0 else { throw .invalidZoom(factor) }
        let centerX = x(atPixel: pixel.x), centerY = y(atPixel: pixel.y)
        let left = minimumX, right = maximumX
        let bottom = minimumY, top = maximumY
        return try Viewport(
            width: width, height: height,
            x: (centerX - (centerX - left) / factor, centerX + (right - centerX) / factor),
            y: (centerY - (centerY - bottom) / factor, centerY + (top - centerY) / factor))
    }

    /// Moved by a number of pixels: the content moves right by `dx` and down by `dy`, as
    /// when dragging the graph.
    ///
    /// - Throws: a range error when the result leaves the finite doubles.
    public func panned(byPixels dx: Double, _ dy: Double) throws(GraphingError) -> Viewport {
        let shiftX = dx * columnWidth, shiftY = dy * rowHeight
        return try Viewport(
            width: width, height: height,
            x: (minimumX - shiftX, maximumX - shiftX),
            y: (minimumY + shiftY, maximumY + shiftY))
    }

    private static func validate(width: Int, height: Int) throws(GraphingError) {
        guard (1...maximumPixels).contains(width), (1...maximumPixels).contains(height) else {
            throw .invalidSize(width: width, height: height)
        }
    }

    private static func validate(axis: String, _ lower: Double, _ upper: Double, pixels: Int) throws(GraphingError) {
        guard lower.isFinite, upper.isFinite, lower < upper else {
            throw .invalidRange(axis: axis, lower: lower, upper: upper)
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
