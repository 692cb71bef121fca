import GraphCalcSupport
import Graphing

/// A plot drawn in a terminal, in ASCII or in Unicode braille (2 × 4 dots per cell, so an
/// 80 × 24 terminal shows 160 × 96 dots), with a frame, axes, nice ticks, a legend and
/// xterm-256 colours.
///
/// Each function is sampled at the resolution drawn, one pixel column per dot column, and
/// every pixel its enclosure passes through is set: steep parts are connected runs, a pole
/// is no wall, undefined stretches stay empty and a spike narrower than a column shows at
/// its height. What the sampler witnessed (values the function is shown to take) is drawn
/// solid; only the part of a piece it could not prove is drawn faintly (`:` or sparse dots). Without axes and legend, the output is exactly the plot area: `height` lines of
/// `width` cells.
public struct TerminalPlot: SceneRenderer, Sendable {
    /// How cells are drawn: ASCII or braille.
    public typealias Mode = TerminalMode

    /// The widest plot (or chart) accepted, in columns.
    public static let maximumWidth = TerminalCanvas.maximumWidth
    /// The tallest plot (or chart) accepted, in rows.
    public static let maximumHeight = TerminalCanvas.maximumHeight

    /// ASCII or braille.
    public var mode: Mode
    /// Whether to colour functions with ANSI escapes.
    public var isColored: Bool
    /// The size in character cells.
    public var width: Int, height: Int
    /// Where a scale puts the region, in the plot area of the size drawn.
    public typealias ScaleAnchor = PlotLayout.ScaleAnchor

    /// When set, the region comes from a scale (columns per unit across; rows per unit
    /// are half that, as cells are about twice as tall as wide) and an anchor, as in a
    /// graph view, instead of the figure's ranges.
    public var scale: (columnsPerUnit: Double, anchor: ScaleAnchor)?

    /// A plot of `width` × `height` cells.
    public init(mode: Mode, isColored: Bool, width: Int, height: Int) {
        self.mode = mode
        self.isColored = isColored
        self.width = width
        self.height = height
    }

    /// How a terminal measures: cells, 2 × 4 braille dots or one ASCII character each;
    /// a frame one cell wide with the x labels on the row below it; text in display cells.
    public var metrics: LayoutMetrics {
        let glyphs = Glyphs(mode: mode)
        let density = mode == .braille ? (x: 2, y: 4) : (x: 1, y: 1)
        let isASCII = mode == .ascii
        var metrics = LayoutMetrics(
            width: Double(width), height: Double(height), pixelsPerUnit: density, snapsToUnits: true,
            margins: .zero, axisInsets: LayoutMetrics.Insets(top: 1, left: 2, bottom: 2, right: 1), yLabelGap: 2,
            xLabelOffset: 1, xLabelSpacing: 1, titleHeight: 0, titleBaseline: 0, legendRowHeight: 1,
            legendBaseline: 0, legendPadding: 0,
            legendMarkerWidth: Double(TerminalText.width(of: glyphs.legendMarker(Palette.style(0))) + 1),
            legendGap: Double(Self.legendGap), legendShare: 1.0 / 3, markerLabelOffset: (2, 0), minimumArea: 1,
            tickSpacing: (x: Double(10 * density.x), y: Double(3 * density.y)), geometry: .columns,
            displayText: { isASCII ? TerminalText.ascii($0) : $0 },
            textWidth: { Double(TerminalText.width(of: $0)) },
            textPrefix: { TerminalText.prefix($0, width: Int($1)) }, ellipsis: "...")
        metrics.unitAspect = 2
        return metrics
    }

    /// The layout of this plot's metrics, with the region from its scale when set.
    public var layout: PlotLayout {
        PlotLayout(
            metrics: metrics,
            scale: scale.map { PlotLayout.Scale(unitsPerModelUnit: $0.columnsPerUnit, aspect: 2, anchor: $0.anchor) })
    }

    /// Draws `figure` as lines of text (with ANSI colour codes when colored).
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small for the frame,
    ///   a bad scale, or a region the viewport refuses.
    public func render(_ figure: Figure) throws(PlottingError) -> [String] {
        try renderWithView(figure).lines
    }

    /// A plot's lines with what a caller needs beside them: the region the plot area
    /// shows (one pixel a cell), where the area starts in the lines, and the relations
    /// left partly undecided.
    public typealias Rendering = (
        lines: [String], view: Viewport, areaOrigin: (column: Int, row: Int),
        undecided: [(label: String, decided: Double)]
    )

    /// Draws `figure` as ``render(_:)`` does, and gives the region the plot area shows,
    /// as a viewport of one pixel per character cell, and where the plot area starts in the
    /// lines (its top-left cell, from 0), so a pointer's cell can be turned into model
    /// coordinates; and the relations left partly undecided (``Scene/undecidedRelations``).
    ///
    /// - Throws: ``PlottingError`` as ``render(_:)`` does.
    public func renderWithView(_ figure: Figure) throws(PlottingError) -> Rendering {
        try TerminalCanvas.checkSize(width: width, height: height)
        let scene = try layout.scene(for: figure)
        let view: Viewport
        do {
            view = try Viewport(
                width: Int(scene.area.width), height: Int(scene.area.height), x: scene.viewport.xRange,
                y: scene.viewport.yRange, xAxisScale: scene.viewport.xAxisScale, yAxisScale: scene.viewport.yAxisScale)
        } catch {
            throw .graphing(error)
        }
        return (draw(scene), view, (Int(scene.area.left), Int(scene.area.top)), scene.undecidedRelations)
    }

    /// Draws a scene laid out with ``metrics``: lines of text, with ANSI colour codes when
    /// colored.
    public func draw(_ scene: Scene) -> [String] {
        let glyphs = Glyphs(mode: mode)
        let area = Area(scene.area, scene.viewport)
        var canvas = TerminalCanvas(width: width, height: height)
        if scene.showsGrid { drawGrid(scene, area, &canvas) }
        if scene.showsAxes { drawAxes(scene, area, glyphs, &canvas) }
        // Relations first, so that a region never hides a function's curve.
        for curve in scene.layers where curve.isCells { draw(curve, scene, area, glyphs, &canvas) }
        for curve in scene.layers where !curve.isCells { draw(curve, scene, area, glyphs, &canvas) }
        for curve in scene.layers { drawMarks(curve, scene, area, &canvas) }
        for point in scene.pointsOfInterest { drawPoint(point, scene, area, &canvas) }
        for marker in scene.markers { drawMarker(marker, scene, area, &canvas) }
        if scene.showsAxes { drawFrame(scene, area, glyphs, &canvas) }
        for entry in scene.legend {
            let marker = glyphs.legendMarker(entry.style, entry.marker)
            canvas.write(marker, row: Int(entry.label.y), column: Int(entry.markerX), color: entry.style.terminalColor)
            canvas.write(" " + entry.label.text, row: Int(entry.label.y), column: Int(entry.label.x) - 1)
        }
        if let more = scene.legendOverflow { write(more, &canvas) }
        return canvas.lines(colored: isColored)
    }

    /// Writes placed text at its start.
    private func write(_ text: PlacedText, _ canvas: inout TerminalCanvas) {
        canvas.write(text.text, row: Int(text.y), column: Int(text.start))
    }

    // MARK: - The plot area

    /// Where the plot area lies in the canvas, in cells, and its dots per cell.
    private struct Area {
        let top: Int, left: Int, width: Int, height: Int
        let density: (x: Int, y: Int)

        init(_ box: LayoutBox, _ viewport: Viewport) {
            top = Int(box.top)
            left = Int(box.left)
            width = Int(box.width)
            height = Int(box.height)
            self.density = (viewport.width / max(1, width), viewport.height / max(1, height))
        }

        /// The cell column of model x, or nil outside (a rounding error past an edge, as
        /// the layout allows its labels, is on it).
        func column(of x: Double, in viewport: Viewport) -> Int? {
            guard let pixel = PlotLayout.onArea(viewport.pixelX(for: x), length: Double(viewport.width)) else {
                return nil
            }
            return min(Int(pixel) / density.x, width - 1)
        }

        /// The cell row of model y, or nil outside.
        func row(of y: Double, in viewport: Viewport) -> Int? {
            guard let pixel = PlotLayout.onArea(viewport.pixelY(for: y), length: Double(viewport.height)) else {
                return nil
            }
            return min(Int(pixel) / density.y, height - 1)
        }
    }

    private static let legendGap = 3

    // MARK: - Drawing

    /// The characters of a mode.
    private struct Glyphs {
        let mode: Mode

        func legendMarker(_ style: Palette.Style, _ marker: LegendMarker = .line) -> String {
            mode == .ascii ? String(style.glyph) : marker == .dots ? "··" : "──"
        }
        var horizontal: Character { mode == .ascii ? "-" : "─" }
        var vertical: Character { mode == .ascii ? "|" : "│" }
        var corners: (Character, Character, Character, Character) {
            mode == .ascii ? ("+", "+", "+", "+") : ("┌", "┐", "└", "┘")
        }
        /// Ticks on the top, bottom, left and right frame edges.
        var ticks: (Character, Character, Character, Character) {
            mode == .ascii ? ("+", "+", "+", "+") : ("┬", "┴", "├", "┤")
        }
    }

    /// Sets a pixel of the plot area: a dot in braille, a character cell in ASCII.
    private func plot(
        x: Int, y: Int, _ area: Area, _ character: Character, _ color: Int?, _ canvas: inout TerminalCanvas
    ) {
        if mode == .braille {
            canvas.setDot(x: area.left * 2 + x, y: area.top * 4 + y, color: color)
        } else {
            canvas.put(character, row: area.top + y, column: area.left + x, color: color)
        }
    }

    private func draw(
        _ curve: Scene.Layer, _ scene: Scene, _ area: Area, _ glyphs: Glyphs, _ canvas: inout TerminalCanvas
    ) {
        if case .cells(let cells) = curve.geometry { return draw(cells, of: curve, area, &canvas) }
        guard case .columns(let columns) = curve.geometry else { return }
        let viewport = scene.viewport
        let top = viewport.maximumY, bottom = viewport.yRange.lower
        for sample in columns {
            for piece in sample.pieces where piece.y.upper >= bottom && piece.y.lower <= top {
                // Rows whose interval [top − (r+1)h, top − r·h) meets the piece, as the
                // pixel grid divides the range.
                let high = min(piece.y.upper, top), low = max(piece.y.lower, bottom)
                // A value within rounding of the bottom edge falls on the last row, not below it.
                let bottomRow = viewport.height - 1
                func row(_ y: Double) -> Int {
                    Int.clamped(viewport.pixelY(for: y), to: 0...bottomRow) ?? bottomRow
                }
                let first = row(high), last = row(low)
                guard first <= last else { continue }
                // What is witnessed is true, so solid; only the unproved rest is faint.
                let solid = piece.witnessed.compactMap { interval -> ClosedRange<Int>? in
                    guard interval.upper >= bottom && interval.lower <= top else { return nil }
                    return row(min(interval.upper, top))...row(max(interval.lower, bottom))
                }
                for r in first...last {
                    let isSolid = piece.isExact || solid.contains { $0.contains(r) }
                    guard isSolid || (r + sample.column) % 2 == 0 else { continue }
                    plot(
                        x: sample.column, y: r, area, isSolid ? curve.style.glyph : ":", curve.style.terminalColor,
                        &canvas)
                }
            }
        }
    }

    /// A relation's cells: proved ones solid, undecided ones faint (`:`, or every other
    /// dot of a run, as a function's unproved parts are; an undecided cell with no
    /// undecided neighbour is always drawn, so none is lost).
    private func draw(_ cells: CellSample, of layer: Scene.Layer, _ area: Area, _ canvas: inout TerminalCanvas) {
        func isUndecided(_ column: Int, _ row: Int) -> Bool {
            column >= 0 && row >= 0 && column < cells.columns && row < cells.rows
                && cells[column, row] == .undecided
        }
        for row in 0..<cells.rows {
            for column in 0..<cells.columns {
                switch cells[column, row] {
                case .proved:
                    plot(x: column, y: row, area, layer.style.glyph, layer.style.terminalColor, &canvas)
                case .undecided:
                    let isAlone =
                        !isUndecided(column - 1, row) && !isUndecided(column + 1, row)
                        && !isUndecided(column, row - 1) && !isUndecided(column, row + 1)
                    guard isAlone || (row + column) % 2 == 0 else { continue }
                    plot(x: column, y: row, area, ":", layer.style.terminalColor, &canvas)
                case .excluded:
                    break
                }
            }
        }
    }

    /// A curve's discontinuities as whole cells: `○` where the graph only comes near a
    /// value, `●` where it takes it (in ASCII `o`, and the curve's own glyph: a point the
    /// curve takes is the curve's, so the second function's are `+`, not the first's `*`).
    private func drawMarks(_ curve: Scene.Layer, _ scene: Scene, _ area: Area, _ canvas: inout TerminalCanvas) {
        for mark in curve.marks {
            guard let column = area.column(of: mark.point.x, in: scene.viewport),
                let row = area.row(of: mark.point.y, in: scene.viewport)
            else { continue }
            let glyph: Character =
                mode == .ascii ? (mark.isFilled ? curve.style.glyph : "o") : (mark.isFilled ? "●" : "○")
            canvas.put(glyph, row: area.top + row, column: area.left + column, color: curve.style.terminalColor)
        }
    }

    /// A point of interest as a whole cell, `●` (`@` in ASCII) in its function's colour.
    private func drawPoint(_ point: PointOfInterest, _ scene: Scene, _ area: Area, _ canvas: inout TerminalCanvas) {
        guard let column = area.column(of: point.point.x, in: scene.viewport),
            let row = area.row(of: point.point.y, in: scene.viewport)
        else { return }
        let color = scene.layers[point.function].style.terminalColor
        canvas.put(mode == .ascii ? "@" : "●", row: area.top + row, column: area.left + column, color: color)
    }

    /// The traced point as a large dot, with its coordinates where the layout put them.
    private func drawMarker(_ marker: Scene.Marker, _ scene: Scene, _ area: Area, _ canvas: inout TerminalCanvas) {
        guard let column = area.column(of: marker.point.x, in: scene.viewport),
            let row = area.row(of: marker.point.y, in: scene.viewport)
        else { return }
        canvas.put(mode == .ascii ? "O" : "●", row: area.top + row, column: area.left + column)
        write(marker.label, &canvas)
    }

    private func drawAxes(_ scene: Scene, _ area: Area, _ glyphs: Glyphs, _ canvas: inout TerminalCanvas) {
        let viewport = scene.viewport
        // An axis on the frame's edge is the frame: no second line beside it. A braille
        // dot row is that near within one dot; an ASCII cell only when the axis is the
        // area's very edge (0 in the last of 4 rows of −1…5 is that row's line).
        let framed = scene.showsAxes
        let margin = mode == .ascii ? 0.0 : 1.0
        func isInside(_ pixel: Double, _ length: Int) -> Bool {
            !framed || (pixel > margin && pixel < Double(length) - margin)
        }
        if let axis = scene.horizontalAxis, isInside(viewport.pixelY(for: axis), viewport.height) {
            let pixel = Int.clamped(viewport.pixelY(for: axis), to: 0...viewport.height - 1) ?? 0
            for x in 0..<viewport.width { plot(x: x, y: pixel, area, glyphs.horizontal, nil, &canvas) }
        }
        if let axis = scene.verticalAxis, isInside(viewport.pixelX(for: axis), viewport.width) {
            let pixel = Int.clamped(viewport.pixelX(for: axis), to: 0...viewport.width - 1) ?? 0
            for y in 0..<viewport.height { plot(x: pixel, y: y, area, glyphs.vertical, nil, &canvas) }
            if let horizontal = scene.horizontalAxis, mode == .ascii {
                let row = Int.clamped(viewport.pixelY(for: horizontal), to: 0...viewport.height - 1) ?? 0
                canvas.put("+", row: area.top + row, column: area.left + pixel)
            }
        }
    }

    private func drawGrid(_ scene: Scene, _ area: Area, _ canvas: inout TerminalCanvas) {
        let viewport = scene.viewport
        for tick in scene.xTicks {
            let pixel = Int.clamped(viewport.pixelX(for: tick.value), to: 0...viewport.width - 1) ?? 0
            for y in stride(from: 0, to: viewport.height, by: 2) { plot(x: pixel, y: y, area, ".", nil, &canvas) }
        }
        for tick in scene.yTicks {
            let pixel = Int.clamped(viewport.pixelY(for: tick.value), to: 0...viewport.height - 1) ?? 0
            for x in stride(from: 0, to: viewport.width, by: 2) { plot(x: x, y: pixel, area, ".", nil, &canvas) }
        }
    }

    private func drawFrame(_ scene: Scene, _ area: Area, _ glyphs: Glyphs, _ canvas: inout TerminalCanvas) {
        let top = area.top - 1, bottom = area.top + area.height
        let left = area.left - 1, right = area.left + area.width
        for column in area.left..<right {
            canvas.put(glyphs.horizontal, row: top, column: column)
            canvas.put(glyphs.horizontal, row: bottom, column: column)
        }
        for row in area.top..<bottom {
            canvas.put(glyphs.vertical, row: row, column: left)
            canvas.put(glyphs.vertical, row: row, column: right)
        }
        let corners = glyphs.corners
        canvas.put(corners.0, row: top, column: left)
        canvas.put(corners.1, row: top, column: right)
        canvas.put(corners.2, row: bottom, column: left)
        canvas.put(corners.3, row: bottom, column: right)

        let ticks = glyphs.ticks
        for tick in scene.yTicks {
            guard let row = area.row(of: tick.value, in: scene.viewport) else { continue }
            canvas.put(ticks.2, row: area.top + row, column: left)
            canvas.put(ticks.3, row: area.top + row, column: right)
        }
        for tick in scene.xTicks {
            // A tick in the first or last column would sit against a corner (┌┬, ++): the
            // corner marks that edge, and the label below still names it.
            guard let column = area.column(of: tick.value, in: scene.viewport),
                column > 0, column < area.width - 1
            else { continue }
            canvas.put(ticks.0, row: top, column: area.left + column)
            canvas.put(ticks.1, row: bottom, column: area.left + column)
        }
        for label in scene.yLabels + scene.xLabels { write(label, &canvas) }
    }
}
