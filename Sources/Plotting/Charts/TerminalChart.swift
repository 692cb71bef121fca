import ChartData
import GraphCalcSupport

/// A bar or pie chart drawn in a terminal: bars of block characters (eighths of a cell)
/// on a value axis with nice ticks from zero, or a pie of braille dots or ASCII glyphs,
/// with a legend giving each slice's share.
public struct TerminalChart: Sendable {
    /// ASCII or Unicode.
    public var mode: TerminalPlot.Mode
    /// Whether to colour records with ANSI escapes.
    public var isColored: Bool
    /// The size in character cells.
    public var width: Int, height: Int

    /// A chart of `width` × `height` cells.
    public init(mode: TerminalPlot.Mode, isColored: Bool, width: Int, height: Int) {
        self.mode = mode
        self.isColored = isColored
        self.width = width
        self.height = height
    }

    /// The chart of `data` as lines of text.
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small, or a pie of
    ///   values that are not all positive.
    public func render(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> [String] {
        guard (1...TerminalPlot.maximumWidth).contains(width), (1...TerminalPlot.maximumHeight).contains(height) else {
            throw .sizeOutOfRange(
                width: width, height: height, maximumWidth: TerminalPlot.maximumWidth,
                maximumHeight: TerminalPlot.maximumHeight, unit: "cells")
        }
        guard data.count > 0 else { throw .invalidChart("there are no records to chart") }
        var canvas = TerminalCanvas(width: width, height: height)
        var top = 0
        if let title = options.title {
            let text = text(title)
            canvas.write(text, row: 0, column: max(0, (width - cells(text)) / 2))
            top = 1
        }
        switch options.kind {
        case .bar where options.isHorizontal: try drawHorizontalBars(data, options, top, &canvas)
        case .bar: try drawBars(data, options, top, &canvas)
        case .pie: try drawPie(data, options, top, &canvas)
        }
        return canvas.lines(colored: isColored)
    }

    private var tooSmall: PlottingError {
        .invalidChart("size \(width)x\(height) is too small for this chart; make it larger")
    }

    private func tooMany(_ count: Int, _ room: Int, _ unit: String) -> PlottingError {
        .invalidChart(
            "\(count) bars do not fit in \(room) \(unit); make the chart larger, chart fewer records or write SVG with -o"
        )
    }

    private func text(_ text: String) -> String { mode == .ascii ? TerminalText.ascii(text) : text }

    /// `text` cut to `width` cells (wide characters count two), with an ellipsis when cut.
    private func fit(_ text: String, _ width: Int) -> String {
        guard TerminalText.width(of: text) > width else { return text }
        return width <= 1
            ? TerminalText.prefix(text, width: max(0, width))
            : TerminalText.prefix(text, width: width - 1) + (mode == .ascii ? "." : "…")
    }

    /// The cells `text` takes.
    private func cells(_ text: String) -> Int { TerminalText.width(of: text) }

    /// Bars in ASCII, a glyph each; "@" is kept for the selection.
    private static let asciiBarGlyphs = Array("=+ox#%:*")
    /// Slices in ASCII, a glyph each.
    private static let asciiSliceGlyphs = Array("#*o+x%=:")
    /// Cells filled from the bottom, one to eight eighths.
    private static let lowerEighths = Array("▁▂▃▄▅▆▇█")
    /// Cells filled from the left, one to eight eighths.
    private static let leftEighths = Array("▏▎▍▌▋▊▉█")

    /// The glyph filling a cell of a bar.
    private func barGlyph(_ index: Int, selected: Bool) -> Character {
        if mode == .ascii { return selected ? "@" : Self.asciiBarGlyphs[index % 8] }
        return selected ? "▓" : "█"
    }

    // MARK: - Vertical bars

    private func drawBars(
        _ data: any ChartDataSource, _ options: ChartOptions, _ top: Int, _ canvas: inout TerminalCanvas
    ) throws(PlottingError) {
        let range = ChartOptions.valueRange(data)
        let areaHeight = height - top - 2
        guard areaHeight >= 2 else { throw tooSmall }
        let ticks = Scene.ticks(from: range.lower, to: range.upper, length: Double(areaHeight), spacing: 3)
        let labelWidth = ticks.map { text($0.label).count }.max() ?? 1
        let left = labelWidth + 2, areaWidth = width - left
        guard areaWidth >= 1 else { throw tooSmall }
        guard areaWidth >= data.count else { throw tooMany(data.count, areaWidth, "columns") }
        let areaTop = top + 1
        // Cell rows measured from the top of the area, as fractions.
        func row(_ value: Double) -> Double { (1 - ChartOptions.fraction(of: value, in: range)) * Double(areaHeight) }
        for tick in ticks {
            let r = min(areaHeight - 1, Int(row(tick.value)))
            let label = text(tick.label)
            canvas.write(label, row: areaTop + r, column: labelWidth - label.count)
            canvas.put(mode == .ascii ? "+" : "┤", row: areaTop + r, column: labelWidth + 1)
        }
        for r in 0..<areaHeight where canvas[areaTop + r, labelWidth + 1].content == .empty {
            canvas.put(mode == .ascii ? "|" : "│", row: areaTop + r, column: labelWidth + 1)
        }
        let layout = BarChartLayout(count: data.count, length: Double(areaWidth))
        let zero = row(0)
        for (index, bar) in layout.bars.enumerated() {
            let value = data.value(at: index)
            let style = data.resolvedStyle(at: index)
            let selected = options.selected == index
            let first = Int(bar.lowerBound.rounded()), last = max(first + 1, Int(bar.upperBound.rounded()))
            let (high, low) = value >= 0 ? (row(value), zero) : (zero, row(value))
            for r in 0..<areaHeight {
                // How much of cell row r, from its bottom (or top, below zero), the bar fills.
                let cellTop = Double(r), cellBottom = Double(r + 1)
                let covered = max(0, min(cellBottom, low) - max(cellTop, high))
                guard covered > 0 else { continue }
                let glyph: Character
                if covered >= 0.999 {
                    glyph = barGlyph(index, selected: selected)
                } else if mode == .ascii {
                    if covered >= 0.5 {
                        glyph = barGlyph(index, selected: selected)
                    } else if value > 0 && low <= cellBottom && low > cellTop {
                        glyph = "_"  // a bar too short for half a cell still shows, on the axis
                    } else if value < 0 && high >= cellTop && high < cellBottom {
                        glyph = "-"
                    } else {
                        continue
                    }
                } else if value >= 0 {
                    let eighths = Int((covered * 8).rounded())
                    guard eighths > 0 else { continue }
                    glyph = Self.lowerEighths[eighths - 1]
                } else {
                    guard covered >= 0.25 else { continue }
                    glyph = covered >= 0.75 ? "█" : "▀"
                }
                for column in first..<min(last, areaWidth) {
                    canvas.put(glyph, row: areaTop + r, column: left + column, color: style.terminalColor)
                }
            }
            let slot = Int((Double(areaWidth) / Double(data.count)).rounded(.down))
            var label = fit(text(data.label(at: index)), max(1, slot - 1))
            if selected && mode == .ascii { label = fit("[" + label + "]", max(1, slot)) }
            let center = (first + last) / 2
            canvas.write(label, row: areaTop + areaHeight, column: left + max(0, center - cells(label) / 2))
            if options.showsValues {
                let valueText = ChartOptions.format(value)
                // Above a bar going up, and above the axis for a bar going down: row -1 is
                // the blank row kept above the area for this.
                let valueRow = value >= 0 ? firstDrawnRow(high, low) - 1 : Int(zero.rounded(.down)) - 1
                if valueRow >= -1 && valueRow < areaHeight {
                    canvas.write(
                        valueText, row: areaTop + valueRow, column: left + max(0, center - valueText.count / 2))
                }
            }
        }
    }

    /// The top row a bar from fractional row `low` up to `high` draws in: the partly
    /// covered row counts when enough of it is covered to show (half a cell in ASCII, an
    /// eighth in block characters), or in ASCII when the whole bar is in it (drawn `_`).
    private func firstDrawnRow(_ high: Double, _ low: Double) -> Int {
        let row = high.rounded(.down), covered = row + 1 - high
        let shows = covered >= (mode == .ascii ? 0.5 : 1.0 / 16) || (mode == .ascii && low <= row + 1 && low > row)
        return Int(row) + (shows ? 0 : 1)
    }

    // MARK: - Horizontal bars

    private func drawHorizontalBars(
        _ data: any ChartDataSource, _ options: ChartOptions, _ top: Int, _ canvas: inout TerminalCanvas
    ) throws(PlottingError) {
        let range = ChartOptions.valueRange(data)
        let labels = (0..<data.count).map { text(data.label(at: $0)) }
        let labelWidth = min(max(1, width / 3), labels.map(cells).max() ?? 1)
        let left = labelWidth + 2, areaWidth = width - left, areaHeight = height - top - 1
        guard areaWidth >= 4, areaHeight >= 1 else { throw tooSmall }
        guard areaHeight >= data.count else { throw tooMany(data.count, areaHeight, "rows") }
        func column(_ value: Double) -> Double {
            ChartOptions.fraction(of: value, in: range) * Double(areaWidth)
        }
        let layout = BarChartLayout(count: data.count, length: Double(areaHeight))
        let zero = column(0)
        for (index, bar) in layout.bars.enumerated() {
            let value = data.value(at: index)
            let style = data.resolvedStyle(at: index)
            let selected = options.selected == index
            let first = Int(bar.lowerBound.rounded()), last = max(first + 1, Int(bar.upperBound.rounded()))
            let (start, end) = value >= 0 ? (zero, column(value)) : (column(value), zero)
            for row in first..<min(last, areaHeight) {
                for c in 0..<areaWidth {
                    let covered = max(0, min(Double(c + 1), end) - max(Double(c), start))
                    guard covered > 0 else { continue }
                    let glyph: Character
                    if covered >= 0.999 || (mode == .ascii && covered >= 0.5) {
                        glyph = barGlyph(index, selected: selected)
                    } else if mode == .ascii || value < 0 {
                        continue
                    } else {
                        let eighths = Int((covered * 8).rounded())
                        guard eighths > 0 else { continue }
                        glyph = Self.leftEighths[eighths - 1]
                    }
                    canvas.put(glyph, row: top + row, column: left + c, color: style.terminalColor)
                }
                if options.showsValues, row == (first + last - 1) / 2 {
                    let valueText = " " + ChartOptions.format(value)
                    canvas.write(
                        valueText, row: top + row,
                        column: left + min(areaWidth - valueText.count, Int(end.rounded(.up))))
                }
            }
            var label = fit(labels[index], labelWidth)
            if selected && mode == .ascii { label = fit(">" + label, labelWidth) }
            canvas.write(label, row: top + (first + last - 1) / 2, column: labelWidth - cells(label))
        }
        for r in 0..<areaHeight { canvas.put(mode == .ascii ? "|" : "│", row: top + r, column: labelWidth + 1) }
        for tick in Scene.ticks(from: range.lower, to: range.upper, length: Double(areaWidth), spacing: 10) {
            let label = text(tick.label)
            let c = min(areaWidth - 1, Int(column(tick.value)))
            canvas.write(
                label, row: top + areaHeight, column: left + max(0, min(c - label.count / 2, areaWidth - label.count)))
        }
    }

    // MARK: - Pie

    private func drawPie(
        _ data: any ChartDataSource, _ options: ChartOptions, _ top: Int, _ canvas: inout TerminalCanvas
    ) throws(PlottingError) {
        let layout = try PieChartLayout(
            data, startAngle: options.startAngle, direction: options.direction, minimumShare: options.minimumShare)
        // Neighbouring slices never share a look, the last and the first included.
        let ring = Palette.ringIndices(count: layout.slices.count, period: Self.asciiSliceGlyphs.count)
        let legend = layout.slices.enumerated().map { index, slice -> String in
            let marker =
                mode == .ascii
                ? String(sliceGlyph(ring[index], slice, options)) : isColored ? "██" : dotPatternCells(ring[index])
            return marker + " " + text(layout.legendTitle(index, data)) + "  " + PieChartLayout.format(slice.percentage)
        }
        let legendWidth = min(width / 2, (legend.map(cells).max() ?? 0) + 2)
        let areaHeight = height - top, areaWidth = width - legendWidth
        guard areaHeight >= 3, areaWidth >= 6 else { throw tooSmall }
        // Cells are about twice as tall as wide: a round pie is twice as many columns as rows.
        let rows = min(Double(areaHeight) - 0.5, Double(areaWidth - 2) / 2)
        let radius = rows / 2
        let centerRow = Double(top) + Double(areaHeight) / 2, centerColumn = Double(areaWidth) / 2
        if mode == .braille {
            let dotRadius = radius * 4, centerY = centerRow * 4, centerX = centerColumn * 2
            // The selected slice is pulled out by two dots along its middle direction.
            let selected = layout.slices.count > 1 ? layout.slices.firstIndex { $0.record == options.selected } : nil
            let direction = selected.map { PieChartLayout.direction(ofAngle: layout.slices[$0].middleAngle) }
            let shift = direction.map { (x: 2 * $0.x, y: 2 * $0.y) } ?? (x: 0, y: 0)
            func slice(_ dx: Double, _ dy: Double) -> Int? {
                dx * dx + dy * dy <= dotRadius * dotRadius
                    ? layout.slice(atAngle: PieChartLayout.angle(ofDirection: dx, dy)) : nil
            }
            for y in Int(centerY - dotRadius) - 3...Int(centerY + dotRadius) + 3 {
                for x in Int(centerX - dotRadius) - 3...Int(centerX + dotRadius) + 3 {
                    let dx = Double(x) + 0.5 - centerX, dy = Double(y) + 0.5 - centerY
                    let pulled = selected != nil && slice(dx - shift.x, dy - shift.y) == selected
                    guard let index = pulled ? selected : slice(dx, dy).flatMap({ $0 == selected ? nil : $0 }),
                        isColored || Self.dotPattern(ring[index], x, y)
                    else { continue }
                    let style = sliceStyle(index, layout, data)
                    canvas.setDot(x: x, y: y, color: style.terminalColor)
                }
            }
        } else {
            for row in Int(centerRow - radius)...Int(centerRow + radius) {
                for column in Int(centerColumn - 2 * radius)...Int(centerColumn + 2 * radius) {
                    let dx = (Double(column) + 0.5 - centerColumn) / 2, dy = Double(row) + 0.5 - centerRow
                    guard dx * dx + dy * dy <= radius * radius,
                        let index = layout.slice(atAngle: PieChartLayout.angle(ofDirection: dx, dy))
                    else {
                        continue
                    }
                    let slice = layout.slices[index]
                    canvas.put(
                        sliceGlyph(ring[index], slice, options), row: row, column: column,
                        color: sliceStyle(index, layout, data).terminalColor)
                }
            }
        }
        // Entries that do not fit below each other are counted on the last row.
        let rowsForLegend = height - top
        let shown = legend.count <= rowsForLegend ? legend.count : max(0, rowsForLegend - 1)
        if shown < legend.count {
            canvas.write(
                fit(text("+\(legend.count - shown) more"), legendWidth), row: top + shown, column: areaWidth)
        }
        for (index, line) in legend.prefix(shown).enumerated() {
            let slice = layout.slices[index]
            let selected = slice.record != nil && slice.record == options.selected
            let entry = fit((selected ? "> " : "") + line, legendWidth)
            let markerLength = mode == .ascii ? 1 : 2
            canvas.write(
                String(entry.prefix(markerLength + (selected ? 2 : 0))), row: top + index, column: areaWidth,
                color: sliceStyle(index, layout, data).terminalColor)
            canvas.write(
                String(entry.dropFirst(markerLength + (selected ? 2 : 0))), row: top + index,
                column: areaWidth + markerLength + (selected ? 2 : 0))
        }
    }

    /// Without colour, braille slices are told apart by their dot patterns: solid, checked,
    /// striped, dotted; the legend shows each pattern.
    static func dotPattern(_ index: Int, _ x: Int, _ y: Int) -> Bool {
        switch index % 8 {
        case 0: true
        case 1: (x + y) % 2 == 0
        case 2: y % 2 == 0
        case 3: x % 2 == 0
        case 4: (x + y) % 4 == 0
        case 5: x % 2 == 0 && y % 2 == 0
        case 6: ((x - y) % 4 + 4) % 4 == 0
        default: y % 4 == 0 || x % 2 == 0 && y % 4 == 2
        }
    }

    /// Two braille cells showing slice `index`'s dot pattern, for the legend.
    private func dotPatternCells(_ index: Int) -> String {
        // The bit of each dot, by row (0–3) and column (0–1), in a braille character.
        let bits: [[UInt32]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]
        var text = ""
        for cell in 0..<2 {
            var value: UInt32 = 0
            for row in 0..<4 {
                for column in 0..<2 where Self.dotPattern(index, cell * 2 + column, row) { value |= bits[row][column] }
            }
            text.unicodeScalars.append(Unicode.Scalar(0x2800 + value) ?? " ")
        }
        return text
    }

    private func sliceStyle(_ index: Int, _ layout: PieChartLayout, _ data: any ChartDataSource) -> Palette.Style {
        layout.style(ofSlice: index, data)
    }

    private func sliceGlyph(_ index: Int, _ slice: PieChartLayout.Slice, _ options: ChartOptions) -> Character {
        if slice.record != nil && slice.record == options.selected { return "@" }
        return Self.asciiSliceGlyphs[index % Self.asciiSliceGlyphs.count]
    }
}
