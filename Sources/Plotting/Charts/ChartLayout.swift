import ChartData
import GraphCalcSupport

/// The one layout step of a chart: from the data, the options and a back-end's measures
/// it places the title, the value axis and its ticks, every bar with its labels, or the
/// pie and its legend, and gives the ``ChartScene`` the back-ends draw.
public struct ChartLayout: Sendable {
    /// What a canvas is made of.
    public enum Unit: Sendable, Equatable {
        /// Terminal cells, about twice as tall as wide; a pie's legend marker takes
        /// `markerWidth` cells. In ASCII (`isASCII`) the selection is marked with text
        /// (`[Q2]`, `>Q2`) and a bar's partly covered cell shows from half a cell.
        case cells(markerWidth: Int, ellipsis: String, isASCII: Bool)
        /// Pixels, with text `characterWidth` wide a glyph.
        case pixels(characterWidth: Double)
    }

    /// The canvas's size, in its units.
    public let width: Double, height: Double
    /// Cells or pixels.
    public let unit: Unit
    /// A label as the back-end shows it (spelled in ASCII for an ASCII terminal).
    public let displayText: @Sendable (String) -> String
    /// How many looks (glyphs, dot patterns) the back-end tells slices apart by without colour.
    public let looks: Int
    /// Whether the back-end draws a selected slice pulled out (SVG and braille do, ASCII
    /// marks it with a glyph instead).
    public let pullsSelection: Bool

    /// A layout for a canvas of `width` × `height` `unit`s.
    public init(
        width: Double, height: Double, unit: Unit, looks: Int, pullsSelection: Bool = true,
        displayText: @escaping @Sendable (String) -> String
    ) {
        self.width = width
        self.height = height
        self.unit = unit
        self.looks = looks
        self.pullsSelection = pullsSelection
        self.displayText = displayText
    }

    private var isCells: Bool { if case .cells = unit { true } else { false } }
    private var isASCII: Bool { if case .cells(_, _, true) = unit { true } else { false } }

    /// The width of `text` in canvas units.
    func textWidth(_ text: String) -> Double {
        switch unit {
        case .cells: Double(TerminalText.width(of: text))
        case .pixels(let characterWidth): Double(text.count) * characterWidth
        }
    }

    /// `text` cut to `room` canvas units, ending in an ellipsis when cut.
    func fit(_ text: String, _ room: Double) -> String {
        switch unit {
        case .cells(_, let ellipsis, _):
            let width = Int(room)
            guard TerminalText.width(of: text) > width else { return text }
            return width <= 1
                ? TerminalText.prefix(text, width: max(0, width))
                : TerminalText.prefix(text, width: width - 1) + ellipsis
        case .pixels(let characterWidth):
            let characters = Int((room / characterWidth).rounded(.down))
            guard text.count > characters else { return text }
            return characters <= 1 ? String(text.prefix(max(0, characters))) : text.prefix(characters - 1) + "…"
        }
    }

    var tooSmall: PlottingError {
        .chartDoesNotFit("size \(Int(width))x\(Int(height)) is too small for this chart; make it larger")
    }

    func tooMany(_ count: Int, _ room: Int, _ unit: String) -> PlottingError {
        .chartDoesNotFit(
            "\(count) bars do not fit in \(room) \(unit); make the chart larger, chart fewer records or write SVG with -o"
        )
    }

    /// Lays out a chart of `data`.
    ///
    /// - Throws: ``PlottingError/invalidChart(_:)`` for no records, a canvas too small,
    ///   more bars than cells, or a pie of values that are not all positive.
    public func scene(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> ChartScene {
        guard data.count > 0 else { throw .invalidChart("there are no records to chart") }
        var title: PlacedText?
        var top = isCells ? 0.0 : 12
        if let full = options.title.map(displayText) {
            // Within the canvas, less 12 px margins and at the title's 16 px in SVG.
            let text = fit(full, isCells ? self.width : (self.width - 24) * 12 / 16)
            let width = isCells ? textWidth(text) : textWidth(text) * 16 / 12
            title =
                isCells
                ? PlacedText(text, x: max(0, ((self.width - width) / 2).rounded(.down)), y: 0, width: width)
                : PlacedText(text, x: self.width / 2, y: 28, anchor: .middle, width: width)
            top = isCells ? 1 : 42
        }
        if let edges = options.binEdges {
            guard options.kind == .bar, !options.isHorizontal, edges.count == data.count + 1,
                let first = edges.first, let last = edges.last, first < last, last - first < .infinity
            else {
                throw .invalidChart("a histogram needs vertical bars and one edge more than its bins, increasing")
            }
        }
        var scene: ChartScene
        switch options.kind {
        case .bar where isCells: scene = try cellBars(data, options, top: top, title: title)
        case .bar: scene = try pixelBars(data, options, top: top, title: title)
        case .pie: return try pie(data, options, top: top, title: title)
        }
        scene.isHistogram = options.binEdges != nil
        scene.overlayName = options.overlay == nil ? nil : options.overlayName
        return scene
    }

    // MARK: - Histograms

    /// Values of the overlay across the bins, enough of them to find its highest point
    /// for the value axis.
    private static func overlayValues(_ options: ChartOptions) -> [Double] {
        guard let overlay = options.overlay, let edges = options.binEdges, let first = edges.first,
            let last = edges.last
        else { return [] }
        return (0...512).map { overlay(first + (last - first) * Double($0) / 512) }
    }

    /// The overlay's points from `start` along `length` canvas units, `step` apart, each
    /// at the position `position` gives its value.
    private static func overlayPoints(
        _ options: ChartOptions, start: Double, length: Double, step: Double, position: (Double) -> Double
    ) -> [(x: Double, y: Double)] {
        guard let overlay = options.overlay, let edges = options.binEdges, let first = edges.first,
            let last = edges.last, length > 0
        else { return [] }
        let count = Int((length / step).rounded(.down))
        return (0..<count).map { k in
            let along = (Double(k) + 0.5) * step
            let value = overlay(first + (last - first) * along / length)
            return (start + along, value.isFinite ? position(value) : .nan)
        }
    }

    /// Labels at nice values of a histogram's bins' axis, drawn from `start` along
    /// `length` canvas units, on line `y`: none touching the one before it, none off the
    /// canvas.
    private func categoryTicks(
        _ edges: [Double], start: Double, length: Double, y: Double, spacing: Double
    ) -> [PlacedText] {
        guard let first = edges.first, let last = edges.last else { return [] }
        var placed: [PlacedText] = [], nextFree = -Double.infinity
        for tick in NiceTicks.ticks(from: first, to: last, length: length, spacing: spacing) {
            let label = displayText(tick.label)
            let width = textWidth(label)
            var x = start + (tick.value - first) / (last - first) * length
            if isCells {
                // The label's middle on the tick's cell, kept on the canvas.
                x = min(max(x.rounded(.down) - (width / 2).rounded(.down), 0), self.width - width)
                guard x >= nextFree else { continue }
                nextFree = x + width + 1
                placed.append(PlacedText(label, x: x, y: y, width: width))
            } else {
                guard x - width / 2 >= max(0, nextFree), x + width / 2 <= self.width else { continue }
                nextFree = x + width / 2 + 8
                placed.append(PlacedText(label, x: x, y: y, anchor: .middle, width: width))
            }
        }
        return placed
    }

    // MARK: - Bars in cells

    private func cellBars(
        _ data: any ChartDataSource, _ options: ChartOptions, top: Double, title: PlacedText?
    ) throws(PlottingError) -> ChartScene {
        let range = ChartOptions.valueRange(data, including: Self.overlayValues(options))
        let top = Int(top), width = Int(self.width), height = Int(self.height)
        let labels = (0..<data.count).map { displayText(data.label(at: $0)) }
        let selectedMark = { (index: Int) in options.selected == index && isASCII }
        if options.isHorizontal {
            let labelWidth = min(max(1, width / 3), labels.map { TerminalText.width(of: $0) }.max() ?? 1)
            // Room right of the bars for their values, so a value never sits on its bar.
            let valueRoom = options.showsValues ? 1 + (data.values.map { ChartOptions.format($0).count }.max() ?? 0) : 0
            let left = labelWidth + 2, areaWidth = width - left - valueRoom, areaHeight = height - top - 1
            guard areaWidth >= 4, areaHeight >= 1 else { throw tooSmall }
            guard areaHeight >= data.count else { throw tooMany(data.count, areaHeight, "rows") }
            func column(_ value: Double) -> Double { ChartOptions.fraction(of: value, in: range) * Double(areaWidth) }
            let zero = column(0)
            let bars = (0..<data.count).map { index in
                let value = data.value(at: index)
                let (first, last) = Self.evenRows(of: index, count: data.count, rows: areaHeight)
                let (start, end) = value >= 0 ? (zero, column(value)) : (column(value), zero)
                let row = Double(top + (first + last - 1) / 2)
                var label = fit(labels[index], Double(labelWidth))
                if selectedMark(index) { label = fit(">" + label, Double(labelWidth)) }
                let valueText = " " + ChartOptions.format(value)
                // One space after the bar as drawn: a part cell shows in ASCII from half a
                // cell (so `xxxx  13` had two), in blocks from an eighth.
                let drawnEnd = isASCII ? end.rounded() : (end - 1.0 / 16).rounded(.up)
                let valueColumn = left + min(areaWidth + valueRoom - valueText.count, max(Int(start), Int(drawnEnd)))
                return ChartScene.Bar(
                    record: index, name: data.label(at: index), value: value, style: data.resolvedStyle(at: index),
                    isSelected: options.selected == index,
                    across: Double(top + first)..<Double(top + min(last, areaHeight)),
                    along: (Double(left) + start, Double(left) + end),
                    label: PlacedText(label, x: Double(labelWidth), y: row, anchor: .end, width: textWidth(label)),
                    valueLabel: options.showsValues
                        ? PlacedText(valueText, x: Double(valueColumn), y: row, width: Double(valueText.count)) : nil)
            }
            let ticks = NiceTicks.ticks(from: range.lower, to: range.upper, length: Double(areaWidth), spacing: 10)
            let tickLabels = ticks.map { tick in
                let label = displayText(tick.label)
                let c = min(areaWidth - 1, Int(column(tick.value)))
                let start = left + max(0, min(c - label.count / 2, areaWidth - label.count))
                return PlacedText(label, x: Double(start), y: Double(top + areaHeight), width: Double(label.count))
            }
            return ChartScene(
                canvas: (self.width, self.height), title: title, isHorizontal: true,
                area: LayoutBox(
                    left: Double(left), top: Double(top), width: Double(areaWidth), height: Double(areaHeight)),
                ticks: ticks.map { ($0, Double(left) + column($0.value)) }, tickLabels: tickLabels,
                zero: Double(left) + zero, bars: bars, pie: nil, legend: [], legendOverflow: nil)
        }

        let areaHeight = height - top - 2
        guard areaHeight >= 2 else { throw tooSmall }
        let ticks = NiceTicks.ticks(from: range.lower, to: range.upper, length: Double(areaHeight), spacing: 3)
        let labelWidth = ticks.map { displayText($0.label).count }.max() ?? 1
        let left = labelWidth + 2, areaWidth = width - left
        guard areaWidth >= 1 else { throw tooSmall }
        guard areaWidth >= data.count else { throw tooMany(data.count, areaWidth, "columns") }
        let areaTop = top + 1
        // Cell rows measured from the top of the area, as fractions.
        func row(_ value: Double) -> Double { (1 - ChartOptions.fraction(of: value, in: range)) * Double(areaHeight) }
        let tickRows = ticks.map { min(areaHeight - 1, Int(row($0.value))) }
        let tickLabels = zip(ticks, tickRows).map { tick, r in
            let label = displayText(tick.label)
            return PlacedText(
                label, x: Double(labelWidth), y: Double(areaTop + r), anchor: .end, width: Double(label.count))
        }
        let zero = row(0)
        let slot = Int((Double(areaWidth) / Double(data.count)).rounded(.down))
        let edges = options.binEdges
        // The cells each bar takes: a histogram's touch, `slot` cells each.
        let spans =
            edges == nil
            ? BarChartLayout(count: data.count, length: Double(areaWidth)).bars.map(Self.cells(of:))
            : (0..<data.count).map { ($0 * slot, ($0 + 1) * slot) }
        // Labels too narrow to read are thinned: every `every`-th bar is labelled, wider.
        let every = slot >= 3 ? 1 : (3 + slot - 1) / max(1, slot)
        // The values over the bars, each whole and inside the canvas; one that would touch
        // the value before it on its row is left out (`0.00012345-98765.4321` ran together).
        var valueLabels: [PlacedText?] = Array(repeating: nil, count: data.count)
        if options.showsValues {
            var nextFree: [Int: Int] = [:]
            for (index, (first, last)) in spans.enumerated() {
                let value = data.value(at: index)
                let (high, low) = value >= 0 ? (row(value), zero) : (zero, row(value))
                let valueText = ChartOptions.format(value)
                // Above a bar going up, and above the axis for a bar going down: row -1 is
                // the blank row kept above the area for this.
                let valueRow = value >= 0 ? firstDrawnRow(high, low) - 1 : Int(zero.rounded(.down)) - 1
                guard valueRow >= -1 && valueRow < areaHeight else { continue }
                let center = (first + last) / 2
                let start = min(left + max(0, center - valueText.count / 2), width - valueText.count)
                guard start >= max(0, nextFree[valueRow] ?? 0) else { continue }
                nextFree[valueRow] = start + valueText.count + 1
                valueLabels[index] = PlacedText(
                    valueText, x: Double(start), y: Double(areaTop + valueRow), width: Double(valueText.count))
            }
        }
        let bars = spans.enumerated().map { index, span in
            let value = data.value(at: index)
            let (first, last) = span
            let (high, low) = value >= 0 ? (row(value), zero) : (zero, row(value))
            let center = (first + last) / 2
            var label: PlacedText?
            if edges == nil && index % every == 0 {
                var text = fit(labels[index], Double(max(1, slot * every - 1)))
                if selectedMark(index) { text = fit("[" + text + "]", Double(max(1, slot * every))) }
                let start = left + max(0, center - TerminalText.width(of: text) / 2)
                label = PlacedText(text, x: Double(start), y: Double(areaTop + areaHeight), width: textWidth(text))
            }
            return ChartScene.Bar(
                record: index, name: data.label(at: index), value: value,
                style: data.resolvedStyle(at: edges == nil ? index : 0), isSelected: options.selected == index,
                across: Double(left + first)..<Double(left + min(last, areaWidth)),
                along: (Double(areaTop) + high, Double(areaTop) + low), label: label, valueLabel: valueLabels[index])
        }
        var scene = ChartScene(
            canvas: (self.width, self.height), title: title, isHorizontal: false,
            area: LayoutBox(
                left: Double(left), top: Double(areaTop), width: Double(areaWidth), height: Double(areaHeight)),
            ticks: zip(ticks, tickRows).map { ($0, Double(areaTop + $1)) }, tickLabels: tickLabels,
            zero: Double(areaTop) + zero, bars: bars, pie: nil, legend: [], legendOverflow: nil)
        if let edges {
            let length = Double(slot * data.count)
            scene.categoryTicks = categoryTicks(
                edges, start: Double(left), length: length, y: Double(areaTop + areaHeight), spacing: 10)
            scene.overlay = Self.overlayPoints(options, start: Double(left), length: length, step: 0.5) {
                Double(areaTop) + row($0)
            }
        }
        return scene
    }

    /// The whole cells `[first, last)` a bar takes across its axis: the same number for
    /// every bar (its width rounded, at least one), centred on the bar.
    /// The rows of horizontal bar `index` of `count` in `rows` whole rows: every bar as
    /// thick and every gap as wide as the others — the thickest bars with gaps of at
    /// least a row (half a bar's thickness) that fit, touching only when even one-row
    /// bars with gaps do not — and the rows left over split above and below.
    static func evenRows(of index: Int, count: Int, rows: Int) -> (first: Int, last: Int) {
        let count = max(1, count)
        var thickness = 1, gap = 0
        for candidate in stride(from: rows / count, through: 1, by: -1) {
            let candidateGap = count == 1 ? 0 : max(1, candidate / 2)
            if count * candidate + (count - 1) * candidateGap <= rows {
                (thickness, gap) = (candidate, candidateGap)
                break
            }
        }
        let used = count * thickness + (count - 1) * gap
        let first = (rows - used) / 2 + index * (thickness + gap)
        return (first, first + thickness)
    }

    private static func cells(of bar: Range<Double>) -> (first: Int, last: Int) {
        let thickness = max(1, Int((bar.upperBound - bar.lowerBound).rounded()))
        let first = Int(((bar.lowerBound + bar.upperBound) / 2 - Double(thickness) / 2).rounded())
        return (first, first + thickness)
    }

    /// The top row a bar from fractional row `low` up to `high` draws in: the partly
    /// covered row counts when enough of it is covered to show (half a cell in ASCII, an
    /// eighth in block characters), or in ASCII when the whole bar is in it (drawn `_`).
    private func firstDrawnRow(_ high: Double, _ low: Double) -> Int {
        let row = high.rounded(.down), covered = row + 1 - high
        let shows = covered >= (isASCII ? 0.5 : 1.0 / 16) || (isASCII && low <= row + 1 && low > row)
        return Int(row) + (shows ? 0 : 1)
    }

    // MARK: - Bars in pixels

    private func pixelBars(
        _ data: any ChartDataSource, _ options: ChartOptions, top: Double, title: PlacedText?
    ) throws(PlottingError) -> ChartScene {
        let range = ChartOptions.valueRange(data, including: Self.overlayValues(options))
        let horizontal = options.isHorizontal
        let edges = options.binEdges
        let labels = (0..<data.count).map { data.label(at: $0) }
        // Values of bars going down are printed below their ends: room for them below the
        // area, so they never sit on the category labels.
        let valuesBelow = options.showsValues && !horizontal && data.values.contains { $0 < 0 }
        let bottom = height - 30 - (valuesBelow ? 14 : 0)
        let valueLength = horizontal ? 0 : bottom - top
        let provisionalTicks = NiceTicks.ticks(
            from: range.lower, to: range.upper, length: max(1, valueLength), spacing: 50)
        let left: Double =
            horizontal
            ? 12 + min(width / 3, labels.map(textWidth).max() ?? 0) + 8
            : 12 + (provisionalTicks.map { textWidth($0.label) }.max() ?? 0) + 10
        let right = width - 16
        guard right - left >= 20, bottom - top >= 20 else { throw tooSmall }
        let ticks =
            horizontal
            ? NiceTicks.ticks(from: range.lower, to: range.upper, length: right - left, spacing: 90) : provisionalTicks
        let layout =
            horizontal
            ? BarChartLayout(count: data.count, length: bottom - top, start: top)
            : BarChartLayout(
                count: data.count, length: right - left, start: left, barFraction: edges == nil ? 0.7 : 1)
        // Position along the value axis, in pixels.
        func position(_ value: Double) -> Double {
            let fraction = ChartOptions.fraction(of: value, in: range)
            return horizontal ? left + fraction * (right - left) : bottom - fraction * (bottom - top)
        }
        let tickLabels = ticks.map { tick in
            horizontal
                ? PlacedText(
                    tick.label,
                    // Kept on the canvas: the last label at the right edge moves in.
                    x: min(max(position(tick.value), textWidth(tick.label) / 2), width - textWidth(tick.label) / 2),
                    y: bottom + 16, anchor: .middle, width: textWidth(tick.label))
                : PlacedText(
                    tick.label, x: left - 6, y: position(tick.value), anchor: .end, width: textWidth(tick.label))
        }
        let zero = position(0)
        // Category labels across vertical bars: as they are while neighbours do not touch;
        // else shortened to their slot, and where even three characters do not fit there,
        // only every few bars labelled.
        let slot = horizontal ? 0 : (right - left) / Double(max(1, data.count))
        let widths = labels.map(textWidth)
        let touch = stride(from: 0, to: max(0, labels.count - 1), by: 1).contains {
            (widths[$0] + widths[$0 + 1]) / 2 + 4 > slot
        }
        let every = horizontal || !touch ? 1 : max(1, Int(((3 * textWidth("0") + 4) / slot).rounded(.up)))
        let room = horizontal || !touch ? Double.infinity : slot * Double(every) - 4
        let bars = layout.bars.enumerated().map { index, bar in
            let value = data.value(at: index)
            let end = position(value)
            let middle = (bar.lowerBound + bar.upperBound) / 2
            let (low, high) = (min(zero, end), max(zero, end))
            var label: PlacedText?
            if horizontal {
                // Shortened to the room left of the axis (at most a third of the width).
                let text = fit(labels[index], left - 8 - 12)
                label = PlacedText(text, x: left - 8, y: middle, anchor: .end, width: textWidth(text))
            } else if edges == nil && index % every == 0 {
                let text = room.isFinite ? fit(labels[index], room) : labels[index]
                label = PlacedText(
                    text, x: middle, y: bottom + 16 + (valuesBelow ? 14 : 0), anchor: .middle, width: textWidth(text))
            }
            var valueLabel: PlacedText?
            if options.showsValues {
                let text = ChartOptions.format(value)
                valueLabel =
                    horizontal
                    ? PlacedText(
                        text, x: value >= 0 ? high + 4 : low - 4, y: middle, anchor: value >= 0 ? .start : .end,
                        width: textWidth(text))
                    : PlacedText(
                        text, x: middle, y: value >= 0 ? low - 4 : high + 14, anchor: .middle, width: textWidth(text))
            }
            return ChartScene.Bar(
                record: index, name: data.label(at: index), value: value,
                style: data.resolvedStyle(at: edges == nil ? index : 0), isSelected: options.selected == index,
                across: bar, along: (low, high), label: label, valueLabel: valueLabel)
        }
        var scene = ChartScene(
            canvas: (width, height), title: title, isHorizontal: horizontal,
            area: LayoutBox(left: left, top: top, width: right - left, height: bottom - top),
            ticks: ticks.map { ($0, position($0.value)) }, tickLabels: tickLabels, zero: zero, bars: bars, pie: nil,
            legend: [], legendOverflow: nil)
        if let edges {
            scene.categoryTicks = categoryTicks(edges, start: left, length: right - left, y: bottom + 20, spacing: 90)
            scene.overlay = Self.overlayPoints(options, start: left, length: right - left, step: 2, position: position)
        }
        return scene
    }
}
