import Graphing

/// What a session's plots show: one `Viewport` in character cells of the plot area,
/// and how it follows a plot drawn at another size.
///
/// Ranges (`view x A:B y C:D`) and a scale with an origin (`scale S`, `origin X,Y`) are
/// two ways of setting the same viewport. A view set by ranges keeps its ranges at any
/// size; one set by a scale keeps the scale and either the origin's cell (after
/// `origin`) or the point in the middle (so `scale 10` puts (0, 0) in the middle of the
/// plot actually drawn). While the y range is automatic it is chosen again for every
/// plot, from what is in view.
public struct SessionView: Equatable, Sendable {
    /// How the viewport follows a plot area of another size.
    public enum Fit: Equatable, Sendable {
        /// Keep the x and y ranges.
        case ranges
        /// Keep the scale and the model point in the middle.
        case scaleAboutCenter
        /// Keep the scale and the cell of the origin.
        case scaleAboutOrigin
    }

    /// The plot area's cells and the region they show, as last drawn or set.
    public private(set) var viewport: Viewport
    /// How the viewport follows another size.
    public private(set) var fit: Fit
    /// Whether the y range is chosen for each plot from the functions in view.
    public private(set) var isYAutomatic: Bool

    /// The plot area assumed before anything is drawn: that of an 80 × 24 terminal plot.
    public static let defaultArea = (width: Viewport.standard.width, height: Viewport.standard.height)

    /// x from −10 to 10, y automatic.
    public init() {
        viewport = .standard
        fit = .ranges
        isYAutomatic = true
    }

    /// The x range shown.
    public var x: Interval { viewport.xRange }

    /// How the x axis spaces its values.
    public var xScale: AxisScale { viewport.xAxisScale }

    /// How the y axis spaces its values.
    public var yScale: AxisScale { viewport.yAxisScale }

    /// The range a log axis starts from when the view reaches 0 or below: 0.1 to 10.
    public static let logRange = Interval(0.1, 10)

    /// The y range shown, or `nil` while it is automatic.
    public var y: Interval? { isYAutomatic ? nil : viewport.yRange }

    /// The model point in the middle of the view.
    public var center: Point {
        Point(x: viewport.x(atPixel: Double(viewport.width) / 2), y: viewport.y(atPixel: Double(viewport.height) / 2))
    }

    /// Columns per unit while the view is set by a scale.
    public var columnsPerUnit: Double? { fit == .ranges ? nil : viewport.xScale }

    // MARK: - Changing the view

    /// Shows the ranges given; `y` `nil` makes the y range automatic.
    ///
    /// - Throws: `GraphingError` for a range the viewport refuses.
    public mutating func setRanges(x: Interval, y: Interval?) throws(GraphingError) {
        var shownY = y ?? viewport.yRange
        // An automatic y on a log axis keeps a positive range until the next plot chooses.
        if y == nil && yScale == .log && shownY.lower <= 0 { shownY = Self.logRange }
        viewport = try Viewport(
            width: viewport.width, height: viewport.height, x: x, y: shownY, xAxisScale: xScale, yAxisScale: yScale)
        fit = .ranges
        isYAutomatic = y == nil
    }

    /// Spaces the axes as given (`nil` keeps an axis as it is). An axis made log whose
    /// range reaches 0 or below shows 0.1 to 10 (y becomes automatic); the view keeps its
    /// ranges otherwise, and is set by ranges from then on.
    ///
    /// - Returns: whether a range had to move to be shown on a log axis.
    /// - Throws: `GraphingError` for a range the viewport refuses.
    @discardableResult
    public mutating func setAxisScales(x: AxisScale? = nil, y: AxisScale? = nil) throws(GraphingError) -> Bool {
        let xScale = x ?? self.xScale, yScale = y ?? self.yScale
        var xRange = self.x, yRange = viewport.yRange
        var moved = false
        if xScale == .log && xRange.lower <= 0 {
            xRange = Self.logRange
            moved = true
        }
        if yScale == .log && yRange.lower <= 0 {
            yRange = Self.logRange
            // An automatic y is chosen again for each plot: nothing the user set moved.
            if !isYAutomatic { moved = true }
            isYAutomatic = true
        }
        viewport = try Viewport(
            width: viewport.width, height: viewport.height, x: xRange, y: yRange, xAxisScale: xScale,
            yAxisScale: yScale)
        fit = .ranges
        return moved
    }

    /// Shows `columnsPerUnit` columns per unit across (half as many rows per unit down, as
    /// cells are twice as tall as wide), keeping the origin's cell if one was set, or else
    /// the point in the middle (with y = 0 there while y is automatic).
    ///
    /// - Throws: `GraphingError/invalidScale(_:)` or a range error.
    public mutating func setScale(_ columnsPerUnit: Double) throws(GraphingError) {
        guard columnsPerUnit.isFinite, columnsPerUnit > 0 else { throw .invalidScale(columnsPerUnit) }
        if fit == .scaleAboutOrigin {
            viewport = try Self.viewport(like: viewport, scale: columnsPerUnit, origin: viewport.origin)
        } else {
            // While y is automatic its middle says little: the x axis goes in the middle.
            let middle = Point(x: center.x, y: isYAutomatic ? 0 : center.y)
            viewport = try Self.viewport(
                like: viewport, scale: columnsPerUnit,
                origin: (
                    Double(viewport.width) / 2 - middle.x * columnsPerUnit,
                    Double(viewport.height) / 2 + middle.y * columnsPerUnit / 2
                ))
            fit = .scaleAboutCenter
        }
        isYAutomatic = false
    }

    /// Puts model (0, 0) at plot-area cell (`x`, `y`), keeping the scale (4 columns per
    /// unit if the view was set by ranges).
    ///
    /// - Throws: `GraphingError/invalidOrigin(x:y:)` or a range error.
    public mutating func setOrigin(x: Double, y: Double) throws(GraphingError) {
        guard x.isFinite, y.isFinite else { throw .invalidOrigin(x: x, y: y) }
        viewport = try Self.viewport(like: viewport, scale: columnsPerUnit ?? 4, origin: (x, y))
        fit = .scaleAboutOrigin
        isYAutomatic = false
    }

    /// Zooms in `factor` times (out for a factor below 1) about a model point, by default
    /// the middle; while y is automatic only x zooms, and y is chosen again.
    ///
    /// - Throws: `GraphingError/invalidZoom(_:)` or a range error when the result is too
    ///   narrow or too wide.
    public mutating func zoom(by factor: Double, about point: Point? = nil) throws(GraphingError) {
        let point = point ?? center
        let pixel = (x: viewport.pixelX(for: point.x), y: viewport.pixelY(for: point.y))
        let zoomed = try viewport.zoomed(by: factor, aboutPixel: pixel)
        if isYAutomatic {
            viewport = try Viewport(
                width: viewport.width, height: viewport.height, x: zoomed.xRange, y: viewport.yRange,
                xAxisScale: xScale, yAxisScale: yScale)
        } else {
            viewport = zoomed
        }
    }

    /// Moves the view by `dx` and `dy` model units (on a log axis, by that many decades:
    /// 1 shows values ten times larger); moving in y fixes an automatic y range where it
    /// was last drawn.
    ///
    /// - Throws: a range error when the result leaves the finite doubles.
    public mutating func pan(dx: Double, dy: Double) throws(GraphingError) {
        let x = viewport.xRange, y = viewport.yRange
        if xScale == .log || yScale == .log {
            // In pixels: on a log axis, dx decades are dx times the pixels from a value to
            // ten times it.
            let perX =
                xScale == .log ? viewport.pixelX(for: x.lower * 10) - viewport.pixelX(for: x.lower) : viewport.xScale
            let perY =
                yScale == .log ? viewport.pixelY(for: y.lower) - viewport.pixelY(for: y.lower * 10) : viewport.yScale
            viewport = try viewport.panned(byPixels: -dx * perX, dy * perY)
            if dy != 0 { isYAutomatic = false }
            return
        }
        viewport = try Viewport(
            width: viewport.width, height: viewport.height, left: x.lower + dx, right: x.upper + dx,
            bottom: y.lower + dy, top: y.upper + dy)
        if dy != 0 { isYAutomatic = false }
    }

    /// Takes the region a plot drew, at the size it drew it, as the view; `fit` and
    /// `isYAutomatic`, when given, say how the plot's own options set it.
    public mutating func record(drawn: Viewport, fit: Fit? = nil, isYAutomatic: Bool? = nil) {
        viewport = drawn
        if let fit { self.fit = fit }
        if let isYAutomatic { self.isYAutomatic = isYAutomatic }
    }

    /// A viewport of `viewport`'s size with `scale` columns per unit (half as many rows)
    /// and model (0, 0) at cell `origin`.
    private static func viewport(
        like viewport: Viewport, scale: Double, origin: (x: Double, y: Double)
    ) throws(GraphingError) -> Viewport {
        let width = Double(viewport.width), height = Double(viewport.height), rowsPerUnit = scale / 2
        return try Viewport(
            width: viewport.width, height: viewport.height, left: -origin.x / scale, right: (width - origin.x) / scale,
            bottom: (origin.y - height) / rowsPerUnit, top: origin.y / rowsPerUnit)
    }
}
