import Graphing

/// A plot drawn in a terminal, in ASCII or in Unicode braille (2 × 4 dots per cell, so an
/// 80 × 24 terminal shows 160 × 96 dots), with a frame, axes, nice ticks, a legend and
/// xterm-256 colours.
///
/// Each function is sampled at the resolution drawn, one pixel column per dot column, and
/// every pixel its enclosure passes through is set: steep parts are connected runs, a pole
/// is no wall, undefined stretches stay empty and a spike narrower than a column shows at
/// its height. Pieces the sampler could not prove tight are drawn faintly (`:` or sparse
/// dots). Without axes and legend, the output is exactly the plot area: `height` lines of
/// `width` cells.
public struct TerminalPlot: Sendable {
    /// How cells are drawn.
    public enum Mode: String, CaseIterable, Sendable {
        /// 7-bit ASCII only: any terminal, log file or e-mail.
        case ascii
        /// Unicode braille dots and box-drawing frames.
        case braille
    }

    /// The widest plot accepted, in columns.
    public static let maximumWidth = 1000
    /// The tallest plot accepted, in rows.
    public static let maximumHeight = 500

    /// ASCII or braille.
    public var mode: Mode
    /// Whether to colour functions with ANSI escapes.
    public var isColored: Bool
    /// The size in character cells.
    public var width: Int, height: Int
    /// Where a scale puts the region, in the plot area of the size drawn.
    public enum ScaleAnchor: Sendable {
        /// The plot-area cell position of model (0, 0), as a graph view's origin.
        case origin(x: Double, y: Double)
        /// The model point at the middle of the plot area.
        case center(x: Double, y: Double)
    }

    /// When set, the region comes from a scale (columns per unit across; rows per unit
    /// are half that, as cells are about twice as tall as wide) and an anchor, as in a
    /// graph view, instead of the request's ranges.
    public var scale: (columnsPerUnit: Double, anchor: ScaleAnchor)?

    /// A plot of `width` × `height` cells.
    public init(mode: Mode, isColored: Bool, width: Int, height: Int) {
        self.mode = mode
        self.isColored = isColored
        self.width = width
        self.height = height
    }

    /// Draws `request` as lines of text (with ANSI colour codes when colored).
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small for the frame,
    ///   a bad scale, or a region the viewport refuses.
    public func render(_ request: PlotRequest) throws(PlottingError) -> [String] {
        try renderWithView(request).lines
    }

    /// Draws `request` as ``render(_:)`` does, and gives the region the plot area shows,
    /// as a viewport of one pixel per character cell, and where the plot area starts in the
    /// lines (its top-left cell, from 0), so a pointer's cell can be turned into model
    /// coordinates.
    ///
    /// - Throws: ``PlottingError`` as ``render(_:)`` does.
    public func renderWithView(
        _ request: PlotRequest
    ) throws(PlottingError) -> (lines: [String], view: Viewport, areaOrigin: (column: Int, row: Int)) {
        guard (1...Self.maximumWidth).contains(width), (1...Self.maximumHeight).contains(height) else {
            throw .sizeOutOfRange(
                width: width, height: height, maximumWidth: Self.maximumWidth, maximumHeight: Self.maximumHeight,
                unit: "cells")
        }
        let density = mode == .braille ? (x: 2, y: 4) : (x: 1, y: 1)
        let glyphs = Glyphs(mode: mode)
        var request = request
        let legend = legendLines(request, glyphs: glyphs)
        let legendHeight = request.showsLegend ? legend.count : 0

        // The plot area: all that the legend, frame and labels leave.
        let areaHeight = height - legendHeight - (request.showsAxes ? 3 : 0)
        guard areaHeight >= 1 else { throw .tooSmall(width: width, height: height) }
        var origin = (x: 0.0, y: 0.0)
        if let (scale, anchor) = scale {
            switch anchor {
            case .origin(let x, let y): origin = (x, y)
            case .center(let x, let y): origin = (-x * scale, y * scale / 2 + Double(areaHeight) / 2)
            }
            guard scale.isFinite, scale > 0, origin.x.isFinite, origin.y.isFinite else { throw .invalidScale(scale) }
            let rowsPerUnit = scale / 2
            request.y = ((origin.y - Double(areaHeight)) / rowsPerUnit, origin.y / rowsPerUnit)
        } else {
            request.y = request.yRange(columns: width * density.x)
        }
        let yRange = request.y ?? (-1, 1)
        let yLabels = Scene.ticks(
            from: yRange.lower, to: yRange.upper, length: Double(areaHeight * density.y), spacing: Double(3 * density.y)
        )
        let labelWidth = request.showsAxes ? (yLabels.map { glyphs.text($0.label).count }.max() ?? 0) : 0
        let areaWidth = width - (request.showsAxes ? labelWidth + 3 : 0)
        guard areaWidth >= 1 else { throw .tooSmall(width: width, height: height) }
        if let (scale, anchor) = scale {
            if case .center = anchor { origin.x += Double(areaWidth) / 2 }
            request.x = (-origin.x / scale, (Double(areaWidth) - origin.x) / scale)
        }

        let scene: Scene
        do {
            scene = try Scene(
                request: request, width: areaWidth * density.x, height: areaHeight * density.y,
                tickSpacing: (x: Double(10 * density.x), y: Double(3 * density.y)))
        } catch {
            throw .graphing(error)
        }
        let area = Area(
            top: legendHeight + (request.showsAxes ? 1 : 0), left: request.showsAxes ? labelWidth + 2 : 0,
            width: areaWidth, height: areaHeight, density: density)
        var canvas = TerminalCanvas(width: width, height: height)
        if scene.showsGrid { drawGrid(scene, area, &canvas) }
        if scene.showsAxes { drawAxes(scene, area, glyphs, &canvas) }
        for curve in scene.curves { draw(curve, scene, area, glyphs, &canvas) }
        for marker in scene.markers { drawMarker(marker, scene, area, glyphs, &canvas) }
        if scene.showsAxes { drawFrame(scene, area, labelWidth, glyphs, &canvas) }
        if scene.showsLegend {
            for (row, entries) in legend.enumerated() {
                var column = area.left
                for entry in entries {
                    canvas.write(entry.marker, row: row, column: column, color: entry.color)
                    canvas.write(" " + entry.label, row: row, column: column + TerminalText.width(of: entry.marker))
                    column += entry.width + Self.legendGap
                }
            }
        }
        let view: Viewport
        do {
            view = try Viewport(width: areaWidth, height: areaHeight, x: request.x, y: yRange)
        } catch {
            throw .graphing(error)
        }
        return (canvas.lines(colored: isColored), view, (area.left, area.top))
    }

    // MARK: - Layout

    /// Where the plot area lies in the canvas, in cells, and its dots per cell.
    private struct Area {
        let top: Int, left: Int, width: Int, height: Int
        let density: (x: Int, y: Int)

        /// The cell column of model x, or nil outside.
        func column(of x: Double, in viewport: Viewport) -> Int? {
            let pixel = viewport.pixelX(for: x)
            guard pixel >= 0, pixel <= Double(viewport.width) else { return nil }
            return min(Int(pixel) / density.x, width - 1)
        }

        /// The cell row of model y, or nil outside.
        func row(of y: Double, in viewport: Viewport) -> Int? {
            let pixel = viewport.pixelY(for: y)
            guard pixel >= 0, pixel <= Double(viewport.height) else { return nil }
            return min(Int(pixel) / density.y, height - 1)
        }
    }

    private static let legendGap = 3

    private struct LegendEntry {
        let marker: String, label: String, color: Int?
        var width: Int { TerminalText.width(of: marker) + 1 + TerminalText.width(of: label) }
    }

    /// The legend's entries, wrapped into lines that fit the width.
    private func legendLines(_ request: PlotRequest, glyphs: Glyphs) -> [[LegendEntry]] {
        guard request.showsLegend else { return [] }
        let available = max(1, width - (request.showsAxes ? 2 : 0))
        var lines: [[LegendEntry]] = [[]]
        var used = 0
        for (index, function) in request.functions.enumerated() {
            let style = Palette.style(index)
            let marker = glyphs.legendMarker(style)
            var label = glyphs.text(function.label)
            let room = max(1, available - marker.count - 1)
            if TerminalText.width(of: label) > room {
                label = TerminalText.prefix(label, width: max(0, room - 3)) + "..."
            }
            let entry = LegendEntry(marker: marker, label: label, color: style.terminalColor)
            if used > 0 && used + Self.legendGap + entry.width > available {
                lines.append([])
                used = 0
            }
            used += (used > 0 ? Self.legendGap : 0) + entry.width
            lines[lines.count - 1].append(entry)
        }
        return lines.filter { !$0.isEmpty }
    }

    // MARK: - Drawing

    /// The characters of a mode.
    private struct Glyphs {
        let mode: Mode

        func text(_ text: String) -> String { mode == .ascii ? TerminalText.ascii(text) : text }
        func legendMarker(_ style: Palette.Style) -> String { mode == .ascii ? String(style.glyph) : "──" }
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
        _ curve: Scene.Curve, _ scene: Scene, _ area: Area, _ glyphs: Glyphs, _ canvas: inout TerminalCanvas
    ) {
        let viewport = scene.viewport
        let top = viewport.maximumY, bottom = viewport.yRange.lowerBound
        for sample in curve.columns {
            for piece in sample.pieces where piece.y.upper >= bottom && piece.y.lower <= top {
                // Rows whose interval [top − (r+1)h, top − r·h) meets the piece, as the
                // pixel grid divides the range.
                let high = min(piece.y.upper, top), low = max(piece.y.lower, bottom)
                let first = max(0, Int(((top - high) / viewport.rowHeight).rounded(.down)))
                let last = min(viewport.height - 1, Int(((top - low) / viewport.rowHeight).rounded(.down)))
                guard first <= last else { continue }
                for row in first...last where piece.isExact || (row + sample.column) % 2 == 0 {
                    plot(
                        x: sample.column, y: row, area, piece.isExact ? curve.style.glyph : ":",
                        curve.style.terminalColor, &canvas)
                }
            }
        }
    }

    /// The traced point as a large dot, with its coordinates beside it (left of it when
    /// there is no room on the right).
    private func drawMarker(
        _ marker: (point: Point, label: String), _ scene: Scene, _ area: Area, _ glyphs: Glyphs,
        _ canvas: inout TerminalCanvas
    ) {
        guard let column = area.column(of: marker.point.x, in: scene.viewport),
            let row = area.row(of: marker.point.y, in: scene.viewport)
        else { return }
        canvas.put(mode == .ascii ? "O" : "●", row: area.top + row, column: area.left + column)
        let label = glyphs.text(marker.label)
        let right = area.left + column + 2
        let start =
            right + label.count <= area.left + area.width ? right : max(area.left, area.left + column - 1 - label.count)
        canvas.write(label, row: area.top + row, column: start)
    }

    private func drawAxes(_ scene: Scene, _ area: Area, _ glyphs: Glyphs, _ canvas: inout TerminalCanvas) {
        let viewport = scene.viewport
        // An axis on the frame's edge is the frame: no second line beside it.
        let framed = scene.showsAxes
        if let axis = scene.horizontalAxis,
            !framed || (viewport.pixelY(for: axis) > 1 && viewport.pixelY(for: axis) < Double(viewport.height - 1))
        {
            let pixel = min(viewport.height - 1, Int(viewport.pixelY(for: axis)))
            for x in 0..<viewport.width { plot(x: x, y: pixel, area, glyphs.horizontal, nil, &canvas) }
        }
        if let axis = scene.verticalAxis,
            !framed || (viewport.pixelX(for: axis) > 1 && viewport.pixelX(for: axis) < Double(viewport.width - 1))
        {
            let pixel = min(viewport.width - 1, Int(viewport.pixelX(for: axis)))
            for y in 0..<viewport.height { plot(x: pixel, y: y, area, glyphs.vertical, nil, &canvas) }
            if let horizontal = scene.horizontalAxis, mode == .ascii {
                let row = min(viewport.height - 1, Int(viewport.pixelY(for: horizontal)))
                canvas.put("+", row: area.top + row, column: area.left + pixel)
            }
        }
    }

    private func drawGrid(_ scene: Scene, _ area: Area, _ canvas: inout TerminalCanvas) {
        let viewport = scene.viewport
        for tick in scene.xTicks {
            let pixel = min(viewport.width - 1, Int(viewport.pixelX(for: tick.value)))
            for y in stride(from: 0, to: viewport.height, by: 2) { plot(x: pixel, y: y, area, ".", nil, &canvas) }
        }
        for tick in scene.yTicks {
            let pixel = min(viewport.height - 1, Int(viewport.pixelY(for: tick.value)))
            for x in stride(from: 0, to: viewport.width, by: 2) { plot(x: x, y: pixel, area, ".", nil, &canvas) }
        }
    }

    private func drawFrame(
        _ scene: Scene, _ area: Area, _ labelWidth: Int, _ glyphs: Glyphs, _ canvas: inout TerminalCanvas
    ) {
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
            let label = glyphs.text(tick.label)
            canvas.write(label, row: area.top + row, column: labelWidth - label.count)
        }
        var nextFree = 0
        for tick in scene.xTicks {
            guard let column = area.column(of: tick.value, in: scene.viewport) else { continue }
            canvas.put(ticks.0, row: top, column: area.left + column)
            canvas.put(ticks.1, row: bottom, column: area.left + column)
            let label = glyphs.text(tick.label)
            let start = min(max(0, area.left + column - label.count / 2), width - label.count)
            guard start >= nextFree else { continue }
            canvas.write(label, row: bottom + 1, column: start)
            nextFree = start + label.count + 1
        }
    }
}
