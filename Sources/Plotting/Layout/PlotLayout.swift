import GraphCalcSupport
import Graphing

/// The one layout step of a plot: from a figure and a back-end's metrics it works out
/// the region (from ranges or from a scale), the legend's rows, the plot area, the ticks
/// and where every label goes, samples the layers at the resolution drawn, and gives
/// the ``Scene`` that back-ends draw.
public struct PlotLayout: Sendable {
    /// Where a scale puts the region, in the plot area of the size drawn.
    public enum ScaleAnchor: Sendable {
        /// The plot-area position of model (0, 0), in canvas units, as a graph view's origin.
        case origin(x: Double, y: Double)
        /// The model point at the middle of the plot area.
        case center(x: Double, y: Double)
    }

    /// A region given by a scale instead of ranges: canvas units per model unit across
    /// (down, that over the units' aspect), and where it anchors.
    public struct Scale: Sendable {
        /// Canvas units per model unit across.
        public var unitsPerModelUnit: Double
        /// How much taller a unit is than wide (2 for terminal cells, 1 for pixels).
        public var aspect: Double
        /// Where the scale anchors.
        public var anchor: ScaleAnchor

        /// A scale anchored at `anchor`.
        public init(unitsPerModelUnit: Double, aspect: Double, anchor: ScaleAnchor) {
            self.unitsPerModelUnit = unitsPerModelUnit
            self.aspect = aspect
            self.anchor = anchor
        }
    }

    /// How the back-end measures.
    public let metrics: LayoutMetrics
    /// A scale that sets the region instead of the request's ranges.
    public var scale: Scale?

    /// A layout with `metrics`, and the region from `scale` when given.
    public init(metrics: LayoutMetrics, scale: Scale? = nil) {
        self.metrics = metrics
        self.scale = scale
    }

    /// Lays `figure` out and samples its layers.
    ///
    /// - Throws: ``PlottingError/tooSmall(width:height:)`` when the furniture leaves no
    ///   plot area, ``PlottingError/invalidScale(_:)``, or a region the viewport refuses.
    public func scene(for figure: Figure) throws(PlottingError) -> Scene {
        let m = metrics
        let tooSmall = PlottingError.tooSmall(width: Int(m.width), height: Int(m.height))
        let axes = figure.showsAxes
        // A title longer than the canvas is shortened in the middle, never run off it.
        let titleRoom = (m.width - m.margins.left - m.margins.right) / m.titleScale
        let title = figure.title.flatMap { m.titleHeight > 0 ? m.displayText($0) : nil }.map {
            m.textWidth($0) > titleRoom ? shortened($0, to: titleRoom) : $0
        }
        let titleHeight = title == nil ? 0 : m.titleHeight
        let legendTop = m.margins.top + titleHeight

        // The legend wraps at the width left of the plot area's left edge, which depends
        // on the y labels, which depend on the area's height, which depends on the legend:
        // a first guess, then once more with the area found.
        let labels = figure.showsLegend ? figure.layers.map { m.displayText($0.label) } : []
        var indent = m.margins.left + (axes ? m.axisInsets.left : 0)
        var legend = legendRows(labels, available: m.width - indent - m.margins.right)
        var frame = try area(figure, legendRows: legend.rows.count, titleHeight: titleHeight, tooSmall: tooSmall)
        if frame.box.left > indent {
            indent = frame.box.left
            let rewrapped = legendRows(labels, available: m.width - indent - m.margins.right)
            if rewrapped.rows.count == legend.rows.count {
                legend = rewrapped
            } else if let again = try? area(
                figure, legendRows: rewrapped.rows.count, titleHeight: titleHeight, tooSmall: tooSmall)
            {
                legend = rewrapped
                frame = again
            }
        }
        let box = frame.box
        let x = frame.x, y = frame.y
        let viewport: Viewport
        do {
            viewport = try Viewport(
                width: Int(box.width) * m.pixelsPerUnit.x, height: Int(box.height) * m.pixelsPerUnit.y, x: x, y: y,
                xAxisScale: figure.xScale, yAxisScale: figure.yScale)
        } catch {
            throw .graphing(error)
        }
        let layers = figure.layers.enumerated().map { index, layer in
            layer.drawn(
                in: viewport, as: m.geometry, style: Palette.style(index),
                marksDiscontinuities: figure.marksDiscontinuities)
        }
        // Nothing to draw is said, not drawn as an empty frame; looked into only when
        // nothing was sampled (a layer may have values, all out of view).
        let sampledNothing = layers.allSatisfy { layer in
            switch layer.geometry {
            case .columns(let columns):
                columns.allSatisfy { $0.pieces.allSatisfy { AutomaticRange.isOverflow($0.y) } }
            case .paths(let paths): paths.isEmpty
            case .points(let points): points.isEmpty
            // A relation's empty cells are its picture (it says it may have values).
            case .cells(let cells): cells.provedCount == 0 && cells.undecidedCount == 0
            }
        }
        if !figure.layers.isEmpty, sampledNothing, !Cancellation.isRequested,
            !figure.layers.contains(where: {
                $0.mayHaveValue(x: x, columns: Int(box.width) * m.pixelsPerUnit.x, xScale: figure.xScale)
            })
        {
            throw .graphing(.noValue(labels: figure.layers.map(\.label), lower: x.lower, upper: x.upper))
        }
        // Dates are longer labels than numbers: ticks half as far apart again.
        let xTicks: (major: [Tick], minor: [Double]) =
            figure.xAxisIsTime && figure.xScale == .linear
            ? (
                TimeTicks.ticks(
                    from: x.lower, to: x.upper, count: max(2, Int(Double(viewport.width) / (1.5 * m.tickSpacing.x)))),
                []
            )
            : Self.ticks(
                from: x.lower, to: x.upper, length: Double(viewport.width), spacing: m.tickSpacing.x,
                closest: m.tickSpacing.x / 3, scale: figure.xScale)
        let yTicks = frame.yTicks

        return Scene(
            canvas: (m.width, m.height), area: box, viewport: viewport, layers: layers, xTicks: xTicks.major,
            yTicks: yTicks.major, xMinorTicks: m.showsMinorTicks ? xTicks.minor : [],
            yMinorTicks: m.showsMinorTicks ? yTicks.minor : [],
            xLabels: axes ? xLabels(xTicks.major, box, viewport) : [],
            yLabels: axes ? yLabels(yTicks.major, box, viewport) : [],
            horizontalAxis: figure.yScale == .linear && y.lower <= 0 && 0 <= y.upper ? 0 : nil,
            verticalAxis: figure.xScale == .linear && x.lower <= 0 && 0 <= x.upper ? 0 : nil,
            showsAxes: axes, showsLegend: figure.showsLegend, showsGrid: figure.showsGrid,
            title: title.map {
                PlacedText(
                    $0, x: m.width / 2, y: m.margins.top + m.titleBaseline, anchor: .middle,
                    width: m.textWidth($0) * m.titleScale)
            },
            legend: legendEntries(
                legend.rows, markers: figure.layers.map(\.legendMarker), box: box, top: legendTop),
            legendOverflow: legendOverflow(legend, box: box, top: legendTop),
            markers: markers(figure.markers, x: x, y: y, box, viewport),
            pointsOfInterest: figure.pointsOfInterest.filter {
                x.contains($0.point.x) && y.contains($0.point.y) && figure.layers.indices.contains($0.function)
                    && $0.other.map(figure.layers.indices.contains) ?? true
            })
    }

    // MARK: - The plot area

    private struct Frame {
        let box: LayoutBox
        let x: Interval, y: Interval
        let yTicks: (major: [Tick], minor: [Double])
    }

    /// The plot area that a legend of `legendRows` rows leaves, the region it shows and
    /// its y ticks.
    private func area(
        _ figure: Figure, legendRows: Int, titleHeight: Double, tooSmall: PlottingError
    ) throws(PlottingError) -> Frame {
        let m = metrics
        let axes = figure.showsAxes
        let legendHeight = legendRows > 0 ? Double(legendRows) * m.legendRowHeight + m.legendPadding : 0
        let top = m.margins.top + titleHeight + legendHeight + (axes ? m.axisInsets.top : 0)
        let bottom = m.height - m.margins.bottom - (axes ? m.axisInsets.bottom : 0)
        let height = (bottom - top).rounded(.down)
        guard height >= m.minimumArea else { throw tooSmall }

        var x = figure.x
        var y: Interval
        var origin = (x: 0.0, y: 0.0)
        if scale != nil && (figure.xScale == .log || figure.yScale == .log) { throw .scaleOnLogAxis }
        if let scale {
            let perUnit = scale.unitsPerModelUnit, downPerUnit = scale.unitsPerModelUnit / scale.aspect
            switch scale.anchor {
            case .origin(let x, let y): origin = (x, y)
            case .center(let x, let y): origin = (-x * perUnit, y * downPerUnit + height / 2)
            }
            guard perUnit.isFinite, perUnit > 0, origin.x.isFinite, origin.y.isFinite else {
                throw .invalidScale(perUnit)
            }
            let bottom = (origin.y - height) / downPerUnit, top = origin.y / downPerUnit
            guard bottom.isFinite, top.isFinite, bottom < top else { throw .invalidScale(perUnit) }
            y = Interval(bottom, top)
        } else {
            y = figure.yRange(columns: Int(m.width) * m.pixelsPerUnit.x)
        }
        var yTicks = Self.ticks(
            from: y.lower, to: y.upper, length: height * Double(m.pixelsPerUnit.y), spacing: m.tickSpacing.y,
            closest: m.tickSpacing.y / 3, scale: figure.yScale)
        let labelWidth = axes ? (yTicks.major.map { m.textWidth(m.displayText($0.label)) }.max() ?? 0) : 0
        let left = m.margins.left + (axes ? labelWidth + m.axisInsets.left : 0)
        let width = (m.width - left - m.margins.right - (axes ? m.axisInsets.right : 0)).rounded(.down)
        guard width >= m.minimumArea else { throw tooSmall }
        if let scale {
            if case .center = scale.anchor { origin.x += width / 2 }
            let left = -origin.x / scale.unitsPerModelUnit, right = (width - origin.x) / scale.unitsPerModelUnit
            // A scale so small that the region leaves the doubles is a bad scale, not a bad range.
            guard left.isFinite, right.isFinite, left < right else { throw .invalidScale(scale.unitsPerModelUnit) }
            x = Interval(left, right)
        } else if figure.hasEqualAspect && figure.xScale == .linear && figure.yScale == .linear {
            (x, y) = Self.equalAspect(x: x, y: y, width: width, height: height * m.unitAspect)
            yTicks = Self.ticks(
                from: y.lower, to: y.upper, length: height * Double(m.pixelsPerUnit.y), spacing: m.tickSpacing.y,
                closest: m.tickSpacing.y / 3, scale: figure.yScale)
        }
        return Frame(box: LayoutBox(left: left, top: top, width: width, height: height), x: x, y: y, yTicks: yTicks)
    }

    /// `x` and `y` with one of them widened about its middle so that a unit of each is as
    /// long on an area `width` across and `height` down (in the same length).
    static func equalAspect(x: Interval, y: Interval, width: Double, height: Double) -> (Interval, Interval) {
        let xSpan = x.upper - x.lower, ySpan = y.upper - y.lower
        guard width > 0, height > 0, xSpan > 0, ySpan > 0, xSpan.isFinite, ySpan.isFinite else { return (x, y) }
        if xSpan / width < ySpan / height {
            let wanted = ySpan / height * width, middle = x.lower + xSpan / 2
            let widened = Interval(middle - wanted / 2, middle + wanted / 2)
            return (widened.isBounded ? widened : x, y)
        }
        let wanted = xSpan / width * height, middle = y.lower + ySpan / 2
        let widened = Interval(middle - wanted / 2, middle + wanted / 2)
        return (x, widened.isBounded ? widened : y)
    }

    /// Ticks about `spacing` pixels apart over `length` pixels (on a log axis, at powers
    /// of ten, with minor ticks between where there is room), closer (down to `closest`
    /// apart) where that would leave fewer than two to label.
    static func ticks(
        from lower: Double, to upper: Double, length: Double, spacing: Double, closest: Double,
        scale: AxisScale = .linear
    ) -> (major: [Tick], minor: [Double]) {
        if scale == .log {
            return LogTicks.ticks(from: lower, to: upper, count: max(2, Int(length / max(spacing, 1))))
        }
        return (linearTicks(from: lower, to: upper, length: length, spacing: spacing, closest: closest), [])
    }

    /// Nice ticks about `spacing` pixels apart over `length` pixels, closer (down to
    /// `closest` apart) where that would leave fewer than two to label.
    ///
    /// Where no nice step leaves two ticks that far apart (−1.1…1.1 over two terminal
    /// rows: a step of 2 gives only 0, a step of 1 puts 0 and −1 on one row), the ticks
    /// of a finer step are thinned to those at least `closest` apart: 1 and −1.
    static func linearTicks(
        from lower: Double, to upper: Double, length: Double, spacing: Double, closest: Double
    ) -> [Tick] {
        var count = max(1, Int(length / max(spacing, 1)))
        var ticks = NiceTicks.ticks(from: lower, to: upper, count: count)
        while ticks.count < 2, length / Double(count + 1) >= closest, count < 100 {
            count += 1
            ticks = NiceTicks.ticks(from: lower, to: upper, count: count)
        }
        guard ticks.count < 2, closest > 0, length >= closest, upper > lower else { return ticks }
        let fewest = ticks
        for finer in (count + 1)...max(count + 1, min(100, 4 * Int(length / closest) + 2)) {
            let thinned = thinnedTicks(
                NiceTicks.ticks(from: lower, to: upper, count: finer), from: lower, to: upper, length: length,
                closest: closest)
            if thinned.count >= 2 { return thinned }
        }
        return fewest
    }

    /// The ticks at least `closest` pixels apart over `length` pixels, taken from the top
    /// of the range down (so the highest value keeps its label) and each kept when it is
    /// that far from the last one kept.
    private static func thinnedTicks(
        _ ticks: [Tick], from lower: Double, to upper: Double, length: Double, closest: Double
    ) -> [Tick] {
        var kept: [Tick] = []
        var last = -Double.infinity
        for tick in ticks.reversed() {
            let position = (upper - tick.value) / (upper - lower) * length
            guard position - last >= closest else { continue }
            kept.append(tick)
            last = position
        }
        return kept.reversed()
    }

    // MARK: - Positions

    /// The canvas position across of model `x`, or nil outside the area: in a whole unit
    /// (the cell it falls in) when positions snap.
    private func position(ofX value: Double, _ box: LayoutBox, _ viewport: Viewport) -> Double? {
        guard let pixel = Self.onArea(viewport.pixelX(for: value), length: Double(viewport.width)) else { return nil }
        guard metrics.snapsToUnits else { return box.left + pixel / Double(metrics.pixelsPerUnit.x) }
        return box.left + Double(min(Int(pixel) / metrics.pixelsPerUnit.x, Int(box.width) - 1))
    }

    /// The canvas position down of model `y`, or nil outside the area.
    private func position(ofY value: Double, _ box: LayoutBox, _ viewport: Viewport) -> Double? {
        guard let pixel = Self.onArea(viewport.pixelY(for: value), length: Double(viewport.height)) else { return nil }
        guard metrics.snapsToUnits else { return box.top + pixel / Double(metrics.pixelsPerUnit.y) }
        return box.top + Double(min(Int(pixel) / metrics.pixelsPerUnit.y, Int(box.height) - 1))
    }

    /// `pixel` within `0…length`, moved onto the nearer end when it lies beyond by
    /// rounding alone (a billionth of the length: 6 ÷ (6 ÷ 600) is 600.0000000000001), so
    /// that the ticks at the ends keep their labels and marks; nil farther out.
    static func onArea(_ pixel: Double, length: Double) -> Double? {
        let slack = length * 1e-9
        guard pixel >= -slack, pixel <= length + slack else { return nil }
        return min(max(pixel, 0), length)
    }

    /// The x labels under their ticks, kept inside the canvas; one that would touch the
    /// label before it is left out.
    private func xLabels(_ ticks: [Tick], _ box: LayoutBox, _ viewport: Viewport) -> [PlacedText] {
        let m = metrics
        var placed: [PlacedText] = []
        var nextFree = -Double.infinity
        for tick in ticks {
            guard let center = position(ofX: tick.value, box, viewport) else { continue }
            let text = m.displayText(tick.label)
            let width = m.textWidth(text)
            let half = m.snapsToUnits ? (width / 2).rounded(.down) : width / 2
            let start = min(max(0, center - half), m.width - width)
            guard start >= nextFree else { continue }
            nextFree = start + width + m.xLabelSpacing
            let y = box.bottom + m.xLabelOffset
            placed.append(
                m.snapsToUnits
                    ? PlacedText(text, x: start, y: y, anchor: .start, width: width)
                    : PlacedText(text, x: start + width / 2, y: y, anchor: .middle, width: width))
        }
        return placed
    }

    /// The y labels beside their ticks, ending a gap left of the area, from the top down;
    /// one that would share a row with the label above it (a terminal row, or less than
    /// the closest tick spacing) is left out — written over it, `-1` and `0` read `-0`.
    private func yLabels(_ ticks: [Tick], _ box: LayoutBox, _ viewport: Viewport) -> [PlacedText] {
        let m = metrics
        let apart = m.snapsToUnits ? 1 : m.tickSpacing.y / 3
        var placed: [PlacedText] = []
        for tick in ticks.reversed() {
            guard let y = position(ofY: tick.value, box, viewport) else { continue }
            if let above = placed.last, abs(y - above.y) < apart { continue }
            let text = m.displayText(tick.label)
            placed.append(PlacedText(text, x: box.left - m.yLabelGap, y: y, anchor: .end, width: m.textWidth(text)))
        }
        return placed.reversed()
    }

    /// The marked points in view, each labelled with its coordinates to its right, or to
    /// its left where the right has no room.
    private func markers(
        _ points: [Point], x: Interval, y: Interval, _ box: LayoutBox,
        _ viewport: Viewport
    ) -> [Scene.Marker] {
        let m = metrics
        return points.compactMap { point in
            guard x.contains(point.x), y.contains(point.y),
                let across = position(ofX: point.x, box, viewport), let down = position(ofY: point.y, box, viewport)
            else { return nil }
            let text = m.displayText("(\(Scene.shortLabel(point.x)), \(Scene.shortLabel(point.y)))")
            let width = m.textWidth(text)
            let markerSize = m.snapsToUnits ? 1.0 : 0
            let right = across + m.markerLabelOffset.x
            let start =
                right + width <= box.right ? right : max(box.left, across + markerSize - m.markerLabelOffset.x - width)
            return Scene.Marker(
                point: point, label: PlacedText(text, x: start, y: down + m.markerLabelOffset.y, width: width))
        }
    }

    // MARK: - The legend

    private struct LegendItem {
        let index: Int
        let label: String
        let width: Double
    }

    /// Legend entries in rows no wider than `available`, labels shortened to fit a row,
    /// at most as many rows as the legend's share of the canvas holds; `hidden` counts
    /// the entries left out.
    private func legendRows(_ labels: [String], available: Double) -> (rows: [[LegendItem]], hidden: Int) {
        let m = metrics
        guard !labels.isEmpty else { return ([], 0) }
        let available = max(1, available)
        let room = max(1, available - m.legendMarkerWidth)
        var rows: [[LegendItem]] = [[]]
        var used = 0.0
        for (index, original) in labels.enumerated() {
            var label = original
            if m.textWidth(label) > room {
                label = shortened(label, to: room)
            }
            let item = LegendItem(index: index, label: label, width: m.legendMarkerWidth + m.textWidth(label))
            if used > 0 && used + m.legendGap + item.width > available {
                rows.append([])
                used = 0
            }
            used += (used > 0 ? m.legendGap : 0) + item.width
            rows[rows.count - 1].append(item)
        }
        rows = rows.filter { !$0.isEmpty }
        let maximumRows = max(1, Int((m.height * m.legendShare / m.legendRowHeight).rounded(.down)))
        guard rows.count > maximumRows else { return (rows, 0) }
        var kept = Array(rows.prefix(maximumRows))
        var hidden = rows.dropFirst(maximumRows).reduce(0) { $0 + $1.count }
        // The last row gives up entries until "+N more" fits beside the rest.
        while var last = kept.last, !last.isEmpty {
            let more = m.displayText("+\(hidden) more")
            let width = last.reduce(0) { $0 + $1.width } + Double(last.count) * m.legendGap + m.textWidth(more)
            if width <= available { break }
            last.removeLast()
            hidden += 1
            kept[kept.count - 1] = last
        }
        return (kept, hidden)
    }

    /// `label` cut to `room` in the middle: its start and its end, where labels of
    /// functions alike differ most (`sin(x)+…+cos(x)` and `sin(x)+…+tan(x)`). The end
    /// closes exactly the parentheses the start leaves open, so what is left out is a
    /// balanced middle: `sqrt(sqrt(sqrt(…)))`, never `sqrt(s…t(x))))))`.
    private func shortened(_ label: String, to room: Double) -> String {
        let m = metrics
        let available = max(0, room - m.textWidth(m.ellipsis))
        var start = m.textPrefix(label, (available * 2 / 3).rounded(.down))
        // Reversed once (by bytes when ASCII: a million-op program's label is millions of
        // characters).
        let reversed =
            label.utf8.allSatisfy { $0 < 0x80 }
            ? String(decoding: label.utf8.reversed(), as: UTF8.self) : String(label.reversed())
        while true {
            let endRoom = available - m.textWidth(start)
            let longest = Array(m.textPrefix(reversed, endRoom).reversed())
            if let end = Self.closingSuffix(of: longest, closing: Self.openParentheses(in: start)) {
                return start + m.ellipsis + String(end)
            }
            // No end closes what this start opens: give the start back a character.
            guard !start.isEmpty else { return m.ellipsis }
            start.removeLast()
        }
    }

    /// How many `(` in `text` are left open at its end.
    static func openParentheses(in text: String) -> Int {
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 } else if character == ")" { depth = max(0, depth - 1) }
        }
        return depth
    }

    /// The longest suffix of `characters` that closes exactly `depth` more parentheses than
    /// it opens and, read from its start, never closes one it has not been given.
    static func closingSuffix(of characters: [Character], closing depth: Int) -> ArraySlice<Character>? {
        // Read from the end: `unclosed` is how many `)` the suffix has that it does not
        // open itself; the suffix fits when that is `depth` and no `(` is left unmatched.
        var unclosed = 0, unmatchedOpen = false
        var best: Int?
        if depth == 0 { best = characters.count }
        for index in stride(from: characters.count - 1, through: 0, by: -1) {
            switch characters[index] {
            case ")": unclosed += 1
            case "(":
                if unclosed == 0 { unmatchedOpen = true } else { unclosed -= 1 }
            default: break
            }
            if !unmatchedOpen && unclosed == depth { best = index }
        }
        return best.map { characters[$0...] }
    }

    /// The entries placed, row by row from the area's left edge.
    private func legendEntries(
        _ rows: [[LegendItem]], markers: [LegendMarker], box: LayoutBox, top: Double
    ) -> [Scene.LegendEntry] {
        let m = metrics
        var entries: [Scene.LegendEntry] = []
        for (row, items) in rows.enumerated() {
            var x = box.left
            let y = top + Double(row) * m.legendRowHeight + m.legendBaseline
            for item in items {
                var entry = Scene.LegendEntry(
                    style: Palette.style(item.index), markerX: x,
                    label: PlacedText(item.label, x: x + m.legendMarkerWidth, y: y, width: m.textWidth(item.label)))
                if item.index < markers.count { entry.marker = markers[item.index] }
                entries.append(entry)
                x += item.width + m.legendGap
            }
        }
        return entries
    }

    /// "+N more" after the last row's entries, when the legend left some out.
    private func legendOverflow(
        _ legend: (rows: [[LegendItem]], hidden: Int), box: LayoutBox, top: Double
    ) -> PlacedText? {
        guard legend.hidden > 0, let last = legend.rows.last else { return nil }
        let m = metrics
        let x = box.left + last.reduce(0) { $0 + $1.width + m.legendGap }
        let text = m.displayText("+\(legend.hidden) more")
        let y = top + Double(legend.rows.count - 1) * m.legendRowHeight + m.legendBaseline
        return PlacedText(text, x: x, y: y, width: m.textWidth(text))
    }
}
