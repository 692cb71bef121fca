import CVectorMath
import CalculatorBrain
import GraphCalcSupport
import Graphing
import Plotting

/// Everything the live view shows, and how each key and mouse event changes it: a pure
/// state machine (``handle(_:)``), drawn by ``ExploreFrame``.
struct ExploreState: Equatable {
    /// The trace cursor: the model x it stands at (the middle of a plot-area column when
    /// set from the screen) and the function it follows. It keeps its x through zooms,
    /// pans and resizes. On a curve it stands at a value of the curve's parameter, `t`.
    struct Trace: Equatable {
        var x: Double
        var function: Int
        var t: Double?
    }

    /// A slider playing back and forth: which, which way, and when it last moved.
    struct Animation: Equatable {
        var slider: Int
        var isRising = true
        var time: Double?
    }

    /// The frames an animation plays a second.
    static let framesPerSecond = 30.0

    /// A drag in progress: where it started and the view then.
    struct Drag: Equatable {
        let column: Int, row: Int
        let x: Interval, y: Interval
        var hasMoved = false
    }

    /// What the effects of an event ask the loop around the state to do.
    enum Effect: Equatable {
        /// Leave, restoring the terminal.
        case quit
        /// Save an SVG of the view.
        case save
    }

    /// The functions, along the plotting variable.
    let functions: [ResolvedFunction]
    /// The data series drawn after them (traced not at all: trace follows functions).
    var data: [DataLayer] = []
    /// What followed data has done, shown in the status line; `nil` when not following.
    var liveStatus: String?
    /// The x range the followed data last set, while the view still follows it: a pan or
    /// a zoom leaves it where the user put it, `0` (the starting view) follows again.
    var followedX: Interval?
    /// What following the data has to say when the view ends (lines skipped).
    var liveNote: String?
    /// Whether followed data sets x at all (not when `--x` gave it).
    var followsX = true
    /// The plotting variable and the other variables' values (a slider's value wins:
    /// ``currentValues``).
    let variable: String
    let values: [String: Double]
    /// The variables keys move (`[` `]`, `1`…`9` to choose one, space to play it).
    var sliders: [Slider] = []
    /// The slider the keys move.
    var selectedSlider = 0
    /// The slider playing, if one is.
    var animation: Animation?
    /// The t range of parametric curves and the θ range of polar ones (one turn when `nil`).
    var t: Interval?, theta: Interval?
    /// Whether a unit is as long across as up.
    var hasEqualAspect = false
    /// What `sin`, `cos` and `tan` take; the status line says it when not radians.
    var angle: AngleUnit = .radians
    /// The x range shown: an `Interval`, as the session's view and a figure hold it.
    var x: Interval
    /// The y range shown, or nil while it is chosen for what is in view.
    var y: Interval?
    /// The view explore started with, for `0`.
    let start: View

    /// A view: x, and y or automatic, and how each axis spaces its values.
    struct View: Equatable {
        var x: Interval
        var y: Interval?
        var xScale: AxisScale = .linear
        var yScale: AxisScale = .linear
    }

    /// How the x axis spaces its values (`x` toggles it); zoom and pan act by ratios on a
    /// log axis.
    var xScale: AxisScale = .linear
    /// How the y axis spaces its values (`y` toggles it).
    var yScale: AxisScale = .linear

    /// A click, for telling a double-click.
    struct Click: Equatable {
        let column: Int, row: Int
        let time: Double
    }
    /// The terminal's size in cells.
    var columns: Int, rows: Int
    /// ASCII or braille.
    var mode: TerminalPlot.Mode
    var showsGrid = false
    /// Whether jumps, holes and isolated points are marked.
    var marksDiscontinuities = true
    /// Whether zeros, extrema and intersections are marked with dots.
    var marksPoints = false
    var isColored = false
    var trace: Trace?
    var showsHelp = false
    /// Whether Ctrl-C ended the view (the command line ends with status 130 then).
    var wasInterrupted = false
    /// A line for the status bar: what was saved, or why something failed.
    var message: String?
    /// The last frame's plot area.
    var drawn: DrawnArea?
    var drag: Drag?
    /// The last click, for telling a double-click.
    var lastClick: Click?

    /// How much a key zooms, and a notch of the wheel.
    static let keyZoom = 2.0, wheelZoom = 1.25
    /// The longest pause between the clicks of a double-click, in seconds.
    static let doubleClickTime = 0.4

    init(
        functions: [ResolvedFunction], variable: String, values: [String: Double], x: Interval, y: Interval?,
        columns: Int, rows: Int, mode: TerminalPlot.Mode, xScale: AxisScale = .linear, yScale: AxisScale = .linear
    ) {
        self.functions = functions
        self.variable = variable
        self.values = values
        self.x = x
        self.y = y
        self.xScale = xScale
        self.yScale = yScale
        start = View(x: x, y: y, xScale: xScale, yScale: yScale)
        self.columns = columns
        self.rows = rows
        self.mode = mode
    }

    /// The variables' values, with each slider's.
    var currentValues: [String: Double] {
        var current = values
        for slider in sliders { current[slider.name] = slider.value }
        return current
    }

    /// The parameter range of function `index` when it is a curve (its `t` or `θ` range),
    /// else `nil`.
    func parameterRange(of index: Int) -> Interval? {
        guard functions.indices.contains(index) else { return nil }
        let program = functions[index].program
        if program.coordinates != nil { return t ?? Curve.oneTurn(in: angle) }
        if program.polarRadius != nil { return theta ?? Curve.oneTurn(in: angle) }
        return nil
    }

    /// The y range last drawn, or the one set.
    private var shownY: Interval {
        if let y { return y }
        return drawn?.viewport.yRange ?? Interval(-1, 1)
    }

    /// A candidate range from arithmetic on a view, or `nil` where the numbers give none
    /// (NaN, or ends out of order): ``handle(_:)`` then keeps the last good view.
    private static func range(_ lower: Double, _ upper: Double) -> Interval? {
        lower <= upper ? Interval(lower, upper) : nil
    }

    /// The middle, in halves so that -1e308…1e308 does not overflow.
    private static func middle(_ range: Interval) -> Double { range.lower / 2 + range.upper / 2 }

    /// The width of one of `parts` equal parts, finite for any finite range (halves
    /// first, so that -1e308…1e308 over 2 or more parts does not overflow).
    private static func part(of range: Interval, _ parts: Int) -> Double {
        (range.upper / 2 - range.lower / 2) / Double(max(1, parts)) * 2
    }

    /// Axis units per plot-area cell across and down (decades on a log axis).
    private var cell: (width: Double, height: Double) {
        let viewport = drawn?.viewport
        let width = viewport?.width ?? max(1, columns)
        let height = viewport?.height ?? max(1, rows - 1)
        let x = Self.axis(self.x, xScale), y = Self.axis(shownY, yScale)
        return (x.map { Self.part(of: $0, width) } ?? .nan, y.map { Self.part(of: $0, height) } ?? .nan)
    }

    /// A range in its axis's own units: log₁₀ of the ends on a log axis (`nil` for a log
    /// range that reaches 0 or below).
    private static func axis(_ range: Interval, _ scale: AxisScale) -> Interval? {
        scale == .log ? Self.range(log10(range.lower), log10(range.upper)) : range
    }

    /// A range in axis units back in model units.
    private static func model(_ range: Interval?, _ scale: AxisScale) -> Interval? {
        guard let range else { return nil }
        return scale == .log ? Self.range(pow(10, range.lower), pow(10, range.upper)) : range
    }

    /// A value in its axis's units (log₁₀ on a log axis; −∞ for values at or below 0).
    private static func axis(_ value: Double, _ scale: AxisScale) -> Double {
        scale == .log ? (value > 0 ? log10(value) : -.infinity) : value
    }

    /// The model x of the trace cursor.
    var traceX: Double? { trace?.x }

    /// The plot-area column the trace cursor is in, if it is in view.
    var traceColumn: Int? {
        guard let x = traceX, let column = column(of: x, clampedTo: -1...plotColumns) else { return nil }
        return (0..<plotColumns).contains(column) ? column : nil
    }

    /// The plot-area column holding model x `x`, clamped into `bounds` (a column off the
    /// view is one past its edge), or `nil` where the view's numbers give none (NaN).
    private func column(of x: Double, clampedTo bounds: ClosedRange<Int>) -> Int? {
        // Differences in halves: x − lower overflows across -1e308…1e308.
        guard let lower = Self.axis(self.x, xScale)?.lower else { return nil }
        let offset = (Self.axis(x, xScale) / 2 - lower / 2) / (cell.width / 2)
        return Int.clamped(offset, to: bounds)
    }

    /// The model x at the middle of plot-area column `column`.
    private func columnMiddle(_ column: Int) -> Double {
        let lower = Self.axis(x, xScale)?.lower ?? .nan
        let middle = lower + (Double(column) + 0.5) * cell.width
        return xScale == .log ? pow(10, middle) : middle
    }

    // MARK: - Events

    /// Applies an event; returns what the loop must do.
    /// New rows of followed data: the layers drawn, the status said, and while the view
    /// follows the data (not moved since it last did), x over the window's points.
    private mutating func receive(_ layers: [DataLayer], status: String) {
        data = layers
        liveStatus = status
        guard followsX, followedX == nil || followedX == x else { return }
        var extent: Interval?
        for layer in layers {
            guard let range = layer.extent(xScale: xScale, yScale: yScale)?.x else { continue }
            extent = extent.map { $0.hull(range) } ?? range
        }
        guard let extent else { return }
        x = extent
        followedX = extent
    }

    mutating func handle(_ event: ExploreEvent) -> [Effect] {
        let before = (x, y, xScale, yScale)
        isRejected = false
        switch event {
        case .key(let key):
            message = nil
            if let effect = press(key) { return [effect] }
        case .mouse(let mouse, let column, let row, let time):
            message = nil
            handle(mouse, column: column, row: row, time: time)
        case .resize(let columns, let rows):
            self.columns = columns
            self.rows = rows
        case .drawn(let area):
            drawn = area
        case .saved(.success(let file)):
            message = "saved \(file)"
        case .saved(.failure(let failure)):
            message = failure.message
        case .tick(let time):
            play(at: time)
        case .data(let layers, let status):
            receive(layers, status: status)
        }
        // A view too narrow or too wide for doubles at the pixels drawn (braille has 2 × 4
        // a cell): keep the last good one.
        if isRejected
            || Self.problem(x: x, y: y, columns: columns, rows: rows, xScale: xScale, yScale: yScale) != nil
        {
            (x, y, xScale, yScale) = before
            message = "cannot zoom or pan further"
        }
        return []
    }

    /// Whether a viewport of `pixels` can show `range`: finite, and each pixel at least 2
    /// ulps wide (twice what `Viewport` asks, for the rounding of later steps).
    private static func isUsable(_ range: Interval, pixels: Int) -> Bool {
        let width = range.upper - range.lower
        return range.lower.isFinite && range.upper.isFinite && width.isFinite && width > 0
            && width / Double(pixels) >= 2 * max(range.lower.ulp, range.upper.ulp)
    }

    /// Why the view `x`, `y` cannot be explored on a terminal of `columns` × `rows`
    /// cells, or `nil` when it can: the check each event's view passes, made on the first.
    static func problem(
        x: Interval, y: Interval?, columns: Int, rows: Int, xScale: AxisScale = .linear, yScale: AxisScale = .linear
    ) -> String? {
        let pixels = (x: 2 * max(1, columns), y: 4 * max(1, rows))
        for (axis, range, count, scale) in [("x", x, pixels.x, xScale), ("y", y, pixels.y, yScale)] {
            if scale == .log, let range {
                let usable =
                    range.lower > 0 && range.upper.isFinite
                    && (try? Viewport(
                        width: 2 * count, height: 2 * count, left: range.lower, right: range.upper,
                        bottom: range.lower, top: range.upper, xAxisScale: .log, yAxisScale: .log)) != nil
                if !usable {
                    return
                        "\(axis) range \(CFormat.short(range.lower)):\(CFormat.short(range.upper)) cannot be shown on a log axis"
                }
                continue
            }
            guard let range, !isUsable(range, pixels: count) else { continue }
            let bounds = "\(axis) range \(CFormat.short(range.lower)):\(CFormat.short(range.upper))"
            return (range.upper - range.lower).isFinite
                ? "\(bounds) is too narrow to tell its pixels apart in explore"
                : "\(bounds) is wider than a double can hold"
        }
        return nil
    }

    private mutating func press(_ key: ExploreEvent.Key) -> Effect? {
        // Any key stops an animation; space also starts one.
        if animation != nil && key != .character(" ") { animation = nil }
        switch key {
        case .character("q"), .escape, .interrupt:
            if showsHelp && key == .escape {
                showsHelp = false
                return nil
            }
            wasInterrupted = key == .interrupt
            return .quit
        case .character("["): moveSlider(by: -1)
        case .character("]"): moveSlider(by: 1)
        case .character(let digit) where ("1"..."9").contains(digit):
            if let number = digit.wholeNumberValue, number <= sliders.count { selectedSlider = number - 1 }
        case .character(" "):
            animation = animation == nil && !sliders.isEmpty ? Animation(slider: selectedSlider) : nil
        case .left where trace != nil: moveTrace(by: -1)
        case .right where trace != nil: moveTrace(by: 1)
        case .left, .character("h"): pan(columns: -Double(plotColumns) / 10, rows: 0)
        case .right, .character("l"): pan(columns: Double(plotColumns) / 10, rows: 0)
        case .up, .character("k"): pan(columns: 0, rows: -Double(plotRows) / 10)
        case .down, .character("j"): pan(columns: 0, rows: Double(plotRows) / 10)
        case .character("+"), .character("="): zoom(by: Self.keyZoom)
        case .character("-"): zoom(by: 1 / Self.keyZoom)
        case .character(">"): zoom(by: Self.keyZoom, alongY: false)
        case .character("<"): zoom(by: 1 / Self.keyZoom, alongY: false)
        case .character("}"): zoom(by: Self.keyZoom, alongX: false)
        case .character("{"): zoom(by: 1 / Self.keyZoom, alongX: false)
        case .character("0"):
            (x, y, xScale, yScale) = (start.x, start.y, start.xScale, start.yScale)
            // Following data, the starting view is the data's: followed again.
            if liveStatus != nil { followedX = nil }
        case .character("o"):
            // The origin is on linear axes only (a log axis has no 0).
            let width = x.upper - x.lower, height = shownY.upper - shownY.lower
            if xScale == .linear { commitX(Self.range(-width / 2, width / 2)) }
            if yScale == .linear { commitY(Self.range(-height / 2, height / 2)) }
        case .character("x"):
            xScale = xScale == .log ? .linear : .log
            if xScale == .log && x.lower <= 0 { x = SessionView.logRange }
        case .character("y"):
            yScale = yScale == .log ? .linear : .log
            if yScale == .log, let range = y, range.lower <= 0 { y = nil }
        case .character("a"): y = nil
        case .character("t"):
            trace = trace == nil ? startedTrace(on: traceable(from: 0)) : nil
        case .tab:
            guard let current = trace, !functions.isEmpty else { return nil }
            var next = startedTrace(on: traceable(from: (current.function + 1) % functions.count))
            next.x = current.x
            trace = next
        case .character("g"): showsGrid.toggle()
        case .character("d"): marksDiscontinuities.toggle()
        case .character("p"): marksPoints.toggle()
        case .character("m"): mode = mode == .braille ? .ascii : .braille
        case .character("s"): return .save
        case .character("?"): showsHelp.toggle()
        default: break
        }
        return nil
    }

    /// The first function from `index` on (round to the start) that has a value to trace:
    /// a function or a curve, not a relation; `index` itself when all are relations.
    private func traceable(from index: Int) -> Int {
        for step in 0..<functions.count {
            let candidate = (index + step) % functions.count
            let program = functions[candidate].program
            if Curve.isCurve(program) || !Relation.isRelation(program) { return candidate }
        }
        return index
    }

    /// A trace on function `index`: in the middle column, or for a curve, at the middle
    /// of its parameter range.
    private func startedTrace(on index: Int) -> Trace {
        Trace(x: columnMiddle(plotColumns / 2), function: index, t: parameterRange(of: index)?.midpoint)
    }

    /// How many steps of the trace cross a curve's parameter range.
    static let traceSteps = 200.0

    /// Moves the selected slider `steps` steps.
    private mutating func moveSlider(by steps: Int) {
        guard sliders.indices.contains(selectedSlider) else { return }
        sliders[selectedSlider] = sliders[selectedSlider].moved(by: steps)
    }

    /// Moves the playing slider as far as the time since the last tick takes it, back and
    /// forth: a step a frame at 30 frames a second (across its range in 1.7 seconds with
    /// the default step, a fiftieth of it).
    private mutating func play(at time: Double) {
        guard var playing = animation, sliders.indices.contains(playing.slider) else {
            animation = nil
            return
        }
        defer { animation = playing }
        guard let last = playing.time else {
            playing.time = time
            return
        }
        playing.time = time
        var slider = sliders[playing.slider]
        let span = slider.range.upper - slider.range.lower
        let speed = min(slider.step * Self.framesPerSecond, span * Self.framesPerSecond)
        var distance = max(0, time - last) * speed * (playing.isRising ? 1 : -1)
        // Bounce at the ends (at most a few times, however long the pause).
        for _ in 0..<4 {
            let target = slider.value + distance
            if target > slider.range.upper {
                distance = -(target - slider.range.upper)
                slider.value = slider.range.upper
                playing.isRising = false
            } else if target < slider.range.lower {
                distance = slider.range.lower - target
                slider.value = slider.range.lower
                playing.isRising = true
            } else {
                slider.value = target
                break
            }
        }
        sliders[playing.slider] = slider
    }

    /// The plot area's size in cells, as last drawn.
    private var plotColumns: Int { drawn?.viewport.width ?? max(1, columns) }
    private var plotRows: Int { drawn?.viewport.height ?? max(1, rows - 1) }

    /// Moves the trace cursor a column left or right, into view first if it is outside.
    private mutating func moveTrace(by step: Int) {
        guard var current = trace else { return }
        if let range = parameterRange(of: current.function), let t = current.t {
            // Along a curve: a 200th of its parameter range a step.
            let next = t + Double(step) * (range.upper - range.lower) / Self.traceSteps
            current.t = min(max(next, range.lower), range.upper)
            trace = current
            return
        }
        // Clamped one past each edge, so a step from outside lands on the edge column.
        let column = (self.column(of: current.x, clampedTo: -1...plotColumns) ?? plotColumns / 2) + step
        current.x = columnMiddle(min(max(0, column), plotColumns - 1))
        trace = current
    }

    /// Moves the view by cells: content moves left for positive `columns`, down for
    /// positive `rows` (the view moves right and up).
    private mutating func pan(columns: Double, rows: Double) {
        let size = cell
        let dx = columns * size.width
        commitX(Self.model(Self.axis(x, xScale).flatMap { Self.shifted($0, by: dx) }, xScale))
        if rows != 0 {
            commitY(Self.model(Self.axis(shownY, yScale).flatMap { Self.shifted($0, by: -rows * size.height) }, yScale))
        }
    }

    /// Set when an event's arithmetic gave no range; ``handle(_:)`` keeps the last view.
    private var isRejected = false

    /// Sets x to `candidate`, or marks the event rejected when there is none.
    private mutating func commitX(_ candidate: Interval?) {
        if let candidate { x = candidate } else { isRejected = true }
    }

    /// Sets y to `candidate`, or marks the event rejected when there is none.
    private mutating func commitY(_ candidate: Interval?) {
        if let candidate { y = candidate } else { isRejected = true }
    }

    /// `range` moved by `offset`; unchanged when rounding would change its width (at the
    /// edge of the doubles), which ``handle(_:)`` then reports.
    private static func shifted(_ range: Interval, by offset: Double) -> Interval? {
        guard let moved = Self.range(range.lower + offset, range.upper + offset) else { return nil }
        let half = part(of: range, 2)
        guard abs(part(of: moved, 2) - half) <= 1e-6 * half else { return nil }
        return moved
    }

    /// Zooms `factor` times about a model point, by default the middle.
    private mutating func zoom(
        by factor: Double, alongX: Bool = true, alongY: Bool = true, about point: (x: Double, y: Double)? = nil
    ) {
        // In axis units: by ratios on a log axis.
        guard let ax = Self.axis(x, xScale), let ay = Self.axis(shownY, yScale) else {
            isRejected = true
            return
        }
        let centre =
            point.map { (Self.axis($0.x, xScale), Self.axis($0.y, yScale)) } ?? (Self.middle(ax), Self.middle(ay))
        if alongX {
            let zoomed = Self.range(
                centre.0 - (centre.0 - ax.lower) / factor, centre.0 + (ax.upper - centre.0) / factor)
            commitX(Self.model(zoomed, xScale))
        }
        // While y is automatic, zooming both ways zooms x and lets y follow what is in view.
        if alongY && (y != nil || !alongX) {
            let zoomed = Self.range(
                centre.1 - (centre.1 - ay.lower) / factor, centre.1 + (ay.upper - centre.1) / factor)
            commitY(Self.model(zoomed, yScale))
        }
    }

    /// The model point at a screen cell's middle (cells from 1), and the plot-area pixel.
    private func point(column: Int, row: Int) -> (x: Double, y: Double, pixel: (x: Double, y: Double))? {
        guard let area = drawn else { return nil }
        let pixel = (x: Double(column - 1 - area.column) + 0.5, y: Double(row - 1 - area.row) + 0.5)
        return (area.viewport.x(atPixel: pixel.x), area.viewport.y(atPixel: pixel.y), pixel)
    }

    private mutating func handle(_ mouse: ExploreEvent.Mouse, column: Int, row: Int, time: Double) {
        switch mouse {
        case .wheelUp, .wheelDown:
            guard let point = point(column: column, row: row) else { return }
            zoom(by: mouse == .wheelUp ? Self.wheelZoom : 1 / Self.wheelZoom, about: (point.x, point.y))
        case .press:
            drag = Drag(column: column, row: row, x: x, y: shownY)
        case .drag:
            guard var current = drag else { return }
            let size = cell
            let dx = Double(column - current.column) * size.width
            let dy = Double(row - current.row) * size.height
            commitX(Self.model(Self.axis(current.x, xScale).flatMap { Self.shifted($0, by: -dx) }, xScale))
            if dy != 0 || y != nil {
                commitY(Self.model(Self.axis(current.y, yScale).flatMap { Self.shifted($0, by: dy) }, yScale))
            }
            current.hasMoved = true
            drag = current
        case .release:
            defer { drag = nil }
            guard drag?.hasMoved != true, let point = point(column: column, row: row) else { return }
            if let last = lastClick, last.column == column, last.row == row, time - last.time <= Self.doubleClickTime {
                // Double-click: the origin moves to the pointer (on linear axes).
                guard xScale == .linear && yScale == .linear else {
                    lastClick = nil
                    return
                }
                let viewport = drawn?.viewport
                let width = Double(viewport?.width ?? plotColumns), height = Double(viewport?.height ?? plotRows)
                let size = cell
                commitX(Self.range(-point.pixel.x * size.width, (width - point.pixel.x) * size.width))
                commitY(Self.range((point.pixel.y - height) * size.height, point.pixel.y * size.height))
                lastClick = nil
            } else {
                // A click in the plot area traces there; on the legend or the frame it does not.
                if let column = Int.clamped(point.pixel.x, to: -1...plotColumns), (0..<plotColumns).contains(column),
                    let row = Int.clamped(point.pixel.y, to: -1...plotRows), (0..<plotRows).contains(row)
                {
                    let function = trace?.function ?? traceable(from: 0)
                    trace = Trace(
                        x: columnMiddle(column), function: function,
                        t: trace?.t ?? parameterRange(of: function)?.midpoint)
                }
                lastClick = Click(column: column, row: row, time: time)
            }
        }
    }
}
