import ChartData
import GraphCalcSupport

/// A bar or pie chart drawn in a terminal: bars of block characters (eighths of a cell)
/// on a value axis with nice ticks from zero, or a pie of braille dots or ASCII glyphs,
/// with a legend giving each slice's share.
public struct TerminalChart: Sendable {
    /// ASCII or Unicode.
    public var mode: TerminalMode
    /// Whether to colour records with ANSI escapes.
    public var isColored: Bool
    /// The size in character cells.
    public var width: Int, height: Int

    /// A chart of `width` × `height` cells.
    public init(mode: TerminalMode, isColored: Bool, width: Int, height: Int) {
        self.mode = mode
        self.isColored = isColored
        self.width = width
        self.height = height
    }

    /// The layout step for this terminal: cells, text spelled in ASCII in ASCII mode.
    public var layout: ChartLayout {
        let isASCII = mode == .ascii
        return ChartLayout(
            width: Double(width), height: Double(height),
            unit: .cells(markerWidth: isASCII ? 1 : 2, ellipsis: isASCII ? "." : "…", isASCII: isASCII),
            looks: Self.asciiSliceGlyphs.count, pullsSelection: !isASCII,
            displayText: { isASCII ? TerminalText.ascii($0) : $0 })
    }

    /// The chart of `data` as lines of text.
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small, or a pie of
    ///   values that are not all positive.
    public func render(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> [String] {
        draw(try scene(data, options: options))
    }

    /// The chart laid out for this terminal, for drawing and hit-testing: the record
    /// under a cell is `scene.record(at: column + 0.5, row + 0.5)`.
    ///
    /// - Throws: ``PlottingError`` as ``render(_:options:)`` does.
    public func scene(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> ChartScene {
        try TerminalCanvas.checkSize(width: width, height: height)
        return try layout.scene(data, options: options)
    }

    /// Draws a chart laid out by ``layout``: lines of text, with ANSI colour codes when colored.
    public func draw(_ scene: ChartScene) -> [String] {
        var canvas = TerminalCanvas(width: width, height: height)
        if let title = scene.title { write(title, &canvas) }
        if let pie = scene.pie {
            drawPie(pie, scene, &canvas)
        } else if scene.isHorizontal {
            drawHorizontalBars(scene, &canvas)
        } else {
            drawBars(scene, &canvas)
        }
        return canvas.lines(colored: isColored)
    }

    /// Writes placed text at its start.
    private func write(_ text: PlacedText, _ canvas: inout TerminalCanvas, color: Int? = nil) {
        canvas.write(text.text, row: Int(text.y), column: Int(text.start), color: color)
    }

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

    private func drawBars(_ scene: ChartScene, _ canvas: inout TerminalCanvas) {
        let area = scene.area
        let areaTop = Int(area.top), areaHeight = Int(area.height), axis = Int(area.left) - 1
        for (label, tick) in zip(scene.tickLabels, scene.ticks) {
            write(label, &canvas)
            canvas.put(mode == .ascii ? "+" : "┤", row: Int(tick.position), column: axis)
        }
        for r in 0..<areaHeight where canvas[areaTop + r, axis].content == .empty {
            canvas.put(mode == .ascii ? "|" : "│", row: areaTop + r, column: axis)
        }
        for bar in scene.bars {
            let value = bar.value
            let (high, low) = (bar.along.start, bar.along.end)
            for r in 0..<areaHeight {
                // How much of cell row r, from its bottom (or top, below zero), the bar fills.
                let cellTop = Double(areaTop + r), cellBottom = Double(areaTop + r + 1)
                let covered = max(0, min(cellBottom, low) - max(cellTop, high))
                guard covered > 0 else { continue }
                let glyph: Character
                // A histogram's neighbouring bins alternate two glyphs in ASCII.
                let look = scene.isHistogram ? bar.record % 2 : bar.record
                if covered >= 0.999 {
                    glyph = barGlyph(look, selected: bar.isSelected)
                } else if mode == .ascii {
                    if covered >= 0.5 {
                        glyph = barGlyph(look, selected: bar.isSelected)
                    } else if value > 0 && low <= cellBottom && low > cellTop {
                        glyph = "_"  // a bar too short for half a cell still shows, on the axis
                    } else if value < 0 && high >= cellTop && high < cellBottom {
                        glyph = "-"
                    } else {
                        continue
                    }
                } else if low >= cellBottom {
                    // Filled from the cell's bottom up (a bar's top, or the zero row of a bar
                    // going down): eighths.
                    let eighths = Int((covered * 8).rounded())
                    guard eighths > 0 else { continue }
                    glyph = Self.lowerEighths[eighths - 1]
                } else {
                    // Filled from the cell's top down (the zero row of a bar going up, or a
                    // bar going down's end): the upper blocks there are.
                    guard covered >= 1.0 / 16 else { continue }
                    glyph = covered >= 0.75 ? "█" : covered >= 0.375 ? "▀" : "▔"
                }
                for column in Int(bar.across.lowerBound)..<Int(bar.across.upperBound) {
                    canvas.put(glyph, row: areaTop + r, column: column, color: bar.style.terminalColor)
                }
            }
            if let label = bar.label { write(label, &canvas) }
            if let label = bar.valueLabel { write(label, &canvas) }
        }
        for label in scene.categoryTicks { write(label, &canvas) }
        drawOverlay(scene, &canvas)
    }

    /// The overlay curve over the bars, in the palette's second colour: braille dots
    /// joined column to column, or in ASCII a `*` in each cell it passes through.
    private func drawOverlay(_ scene: ChartScene, _ canvas: inout TerminalCanvas) {
        let area = scene.area, color = Palette.style(1).terminalColor
        let top = area.top, bottom = area.top + area.height
        var previous: Int?
        for point in scene.overlay {
            guard point.y.isFinite, point.y >= top, point.y <= bottom else {
                previous = nil
                continue
            }
            if mode == .ascii {
                canvas.put("*", row: min(Int(point.y), Int(bottom) - 1), column: Int(point.x), color: color)
                continue
            }
            let x = Int((point.x * 2).rounded(.down)), y = min(Int(point.y * 4), Int(bottom * 4) - 1)
            // Joined to the dot before with a run down this column, so a steep side shows.
            let (from, to) = previous.map { (min($0, y), max($0, y)) } ?? (y, y)
            for dot in from...to { canvas.setDot(x: x, y: dot, color: color) }
            previous = y
        }
    }

    // MARK: - Horizontal bars

    private func drawHorizontalBars(_ scene: ChartScene, _ canvas: inout TerminalCanvas) {
        let area = scene.area
        let left = Int(area.left), areaWidth = Int(area.width)
        for bar in scene.bars {
            let (start, end) = (bar.along.start - area.left, bar.along.end - area.left)
            for row in Int(bar.across.lowerBound)..<Int(bar.across.upperBound) {
                for c in 0..<areaWidth {
                    let covered = max(0, min(Double(c + 1), end) - max(Double(c), start))
                    guard covered > 0 else { continue }
                    let glyph: Character
                    if covered >= 0.999 || (mode == .ascii && covered >= 0.5) {
                        glyph = barGlyph(bar.record, selected: bar.isSelected)
                    } else if mode == .ascii || bar.value < 0 {
                        continue
                    } else {
                        let eighths = Int((covered * 8).rounded())
                        guard eighths > 0 else { continue }
                        glyph = Self.leftEighths[eighths - 1]
                    }
                    canvas.put(glyph, row: row, column: left + c, color: bar.style.terminalColor)
                }
            }
            if let label = bar.valueLabel { write(label, &canvas) }
            if let label = bar.label { write(label, &canvas) }
        }
        for r in Int(area.top)..<Int(area.bottom) { canvas.put(mode == .ascii ? "|" : "│", row: r, column: left - 1) }
        for label in scene.tickLabels { write(label, &canvas) }
    }

    // MARK: - Pie

    private func drawPie(_ pie: ChartScene.Pie, _ scene: ChartScene, _ canvas: inout TerminalCanvas) {
        let radius = pie.radius
        let centerRow = pie.center.y, centerColumn = pie.center.x
        // The scene's own hit-test decides every dot and cell, so what is drawn and what a
        // pointer finds are one geometry.
        if mode == .braille {
            let dotRadius = radius * 4, centerY = centerRow * 4, centerX = centerColumn * 2
            // Three dots of margin: a selected slice is pulled out.
            for y in Int(centerY - dotRadius) - 3...Int(centerY + dotRadius) + 3 {
                for x in Int(centerX - dotRadius) - 3...Int(centerX + dotRadius) + 3 {
                    guard let index = pie.slice(at: (Double(x) + 0.5) / 2, (Double(y) + 0.5) / 4),
                        isColored || Self.dotPattern(pie.slices[index].look, x, y)
                    else { continue }
                    canvas.setDot(x: x, y: y, color: pie.slices[index].style.terminalColor)
                }
            }
        } else {
            for row in Int(centerRow - radius)...Int(centerRow + radius) {
                for column in Int(centerColumn - 2 * radius)...Int(centerColumn + 2 * radius) {
                    guard let index = pie.slice(at: Double(column) + 0.5, Double(row) + 0.5) else { continue }
                    let slice = pie.slices[index]
                    canvas.put(sliceGlyph(slice), row: row, column: column, color: slice.style.terminalColor)
                }
            }
        }
        if let more = scene.legendOverflow { write(more, &canvas) }
        for entry in scene.legend {
            let slice = pie.slices[entry.slice]
            let marker =
                mode == .ascii ? String(sliceGlyph(slice)) : isColored ? "██" : dotPatternCells(slice.look)
            let mark = slice.isSelected ? "> " : ""
            let row = Int(entry.label.y)
            canvas.write(
                mark + marker, row: row, column: Int(entry.markerX) - mark.count, color: slice.style.terminalColor)
            canvas.write(" " + entry.label.text, row: row, column: Int(entry.label.x) - 1)
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

    /// A slice's ASCII glyph: its look's, or "@" for the selection.
    private func sliceGlyph(_ slice: ChartScene.Slice) -> Character {
        slice.isSelected ? "@" : Self.asciiSliceGlyphs[slice.look % Self.asciiSliceGlyphs.count]
    }
}
