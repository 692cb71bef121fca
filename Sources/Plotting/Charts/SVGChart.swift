import ChartData

/// A bar or pie chart as an SVG document, in the same furniture as ``SVGPlot``: theme,
/// nice ticks, legend and escaping.
///
/// Each bar and slice is a group whose `<title>` names its label and value, so hovering
/// shows them in a browser. The selected record is outlined and the others are faded.
public struct SVGChart: Sendable {
    /// Size in pixels.
    public var width: Int, height: Int
    /// Light or dark.
    public var theme: SVGPlot.Theme

    /// An SVG chart of `width` × `height` pixels.
    public init(width: Int, height: Int, theme: SVGPlot.Theme = .light) {
        self.width = width
        self.height = height
        self.theme = theme
    }

    /// The document.
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small, no records, or a
    ///   pie of values that are not all positive.
    public func render(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> String {
        try SVGDocument.checkSize(width: width, height: height)
        guard data.count > 0 else { throw .invalidChart("there are no records to chart") }
        let name = options.title ?? (options.kind == .bar ? "Bar chart" : "Pie chart")
        var text = SVGDocument.opening(
            width: width, height: height, name: name, style: ".record:hover{opacity:0.8}", theme: theme)
        let top = options.title == nil ? 12.0 : 42
        if let title = options.title {
            text += SVGDocument.title(title, x: Double(width) / 2, y: 28, theme: theme)
        }
        switch options.kind {
        case .bar: try bars(data, options, top: top, into: &text)
        case .pie: try pie(data, options, top: top, into: &text)
        }
        text += "</svg>\n"
        return text
    }

    private var tooSmall: PlottingError {
        .invalidChart("size \(width)x\(height) is too small for this chart; make it larger")
    }

    private func f(_ value: Double) -> String { SVGNumber.format(value) }

    /// The opening of a record's group: its tooltip, and the highlight or fading of a selection.
    private func openRecord(_ label: String, _ value: Double, index: Int?, _ options: ChartOptions) -> String {
        var attributes = ""
        if let selected = options.selected {
            attributes =
                index == selected ? " stroke=\"\(theme.text)\" stroke-width=\"3\"" : " opacity=\"0.45\""
        }
        return
            "<g class=\"record\"\(attributes)><title>\(XMLText.isolated(label)): \(ChartOptions.format(value))</title>"
    }

    // MARK: - Bars

    /// Where the bars of `data` lie in the document along the category axis (x for
    /// vertical bars, y for horizontal ones), in pixels, for hit-testing a pointer on the
    /// exported chart: `barLayout(for: data, options: options).bar(at: x)`.
    public func barLayout(for data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> BarChartLayout
    {
        let frame = try barFrame(data, options, top: options.title == nil ? 12 : 42)
        return frame.layout
    }

    /// The plot area of a bar chart, its value axis and its bars.
    private struct BarFrame {
        let left: Double, right: Double, top: Double, bottom: Double
        let range: (lower: Double, upper: Double)
        let ticks: [Tick]
        let layout: BarChartLayout
    }

    private func barFrame(_ data: any ChartDataSource, _ options: ChartOptions, top: Double) throws(PlottingError)
        -> BarFrame
    {
        let range = ChartOptions.valueRange(data)
        let horizontal = options.isHorizontal
        let labels = (0..<data.count).map(data.label(at:))
        // The value axis runs along y for vertical bars, along x for horizontal ones.
        let bottom = Double(height) - 30
        let valueLength = horizontal ? 0 : bottom - top
        let provisionalTicks = Scene.ticks(
            from: range.lower, to: range.upper, length: max(1, valueLength), spacing: 50)
        let left: Double =
            horizontal
            ? 12 + min(Double(width) / 3, Double(labels.map(\.count).max() ?? 0) * SVGDocument.characterWidth) + 8
            : 12 + Double(provisionalTicks.map(\.label.count).max() ?? 0) * SVGDocument.characterWidth + 10
        let right = Double(width) - 16
        guard right - left >= 20, bottom - top >= 20 else { throw tooSmall }
        let ticks =
            horizontal
            ? Scene.ticks(from: range.lower, to: range.upper, length: right - left, spacing: 90) : provisionalTicks
        let layout =
            horizontal
            ? BarChartLayout(count: data.count, length: bottom - top, start: top)
            : BarChartLayout(count: data.count, length: right - left, start: left)
        return BarFrame(left: left, right: right, top: top, bottom: bottom, range: range, ticks: ticks, layout: layout)
    }

    private func bars(_ data: any ChartDataSource, _ options: ChartOptions, top: Double, into text: inout String)
        throws(PlottingError)
    {
        let frame = try barFrame(data, options, top: top)
        let (left, right, bottom, range, ticks, layout) = (
            frame.left, frame.right, frame.bottom, frame.range, frame.ticks, frame.layout
        )
        let horizontal = options.isHorizontal
        let labels = (0..<data.count).map(data.label(at:))
        // Position along the value axis, in pixels.
        func position(_ value: Double) -> Double {
            let fraction = ChartOptions.fraction(of: value, in: range)
            return horizontal ? left + fraction * (right - left) : bottom - fraction * (bottom - top)
        }

        text += "<g stroke=\"\(theme.grid)\" stroke-width=\"1\">"
        for tick in ticks {
            let p = position(tick.value).rounded(.down) + 0.5
            text +=
                horizontal
                ? "<path d=\"M\(f(p)) \(f(top))V\(f(bottom))\"/>" : "<path d=\"M\(f(left)) \(f(p))H\(f(right))\"/>"
        }
        text += "</g>\n<g fill=\"\(theme.text)\">"
        for tick in ticks {
            let label = XMLText.escaped(tick.label)
            text +=
                horizontal
                ? "<text x=\"\(f(position(tick.value)))\" y=\"\(f(bottom + 16))\" text-anchor=\"middle\">\(label)</text>"
                : "<text x=\"\(f(left - 6))\" y=\"\(f(position(tick.value)))\" dy=\"0.35em\" text-anchor=\"end\">\(label)</text>"
        }
        text += "</g>\n<g class=\"bars\">\n"
        let zero = position(0)
        for (index, bar) in layout.bars.enumerated() {
            let value = data.value(at: index)
            let end = position(value)
            let style = data.resolvedStyle(at: index)
            text += openRecord(labels[index], value, index: index, options)
            let (low, high) = (min(zero, end), max(zero, end))
            if horizontal {
                text +=
                    "<rect x=\"\(f(low))\" y=\"\(f(bar.lowerBound))\" width=\"\(f(high - low))\" height=\"\(f(bar.upperBound - bar.lowerBound))\" fill=\"\(style.hex)\"/>"
            } else {
                text +=
                    "<rect x=\"\(f(bar.lowerBound))\" y=\"\(f(low))\" width=\"\(f(bar.upperBound - bar.lowerBound))\" height=\"\(f(high - low))\" fill=\"\(style.hex)\"/>"
            }
            if options.showsValues {
                let valueText = ChartOptions.format(value)
                let middle = (bar.lowerBound + bar.upperBound) / 2
                text +=
                    horizontal
                    ? "<text x=\"\(f(value >= 0 ? high + 4 : low - 4))\" y=\"\(f(middle))\" dy=\"0.35em\" text-anchor=\"\(value >= 0 ? "start" : "end")\" fill=\"\(theme.text)\" stroke=\"none\">\(valueText)</text>"
                    : "<text x=\"\(f(middle))\" y=\"\(f(value >= 0 ? low - 4 : high + 14))\" text-anchor=\"middle\" fill=\"\(theme.text)\" stroke=\"none\">\(valueText)</text>"
            }
            text += "</g>\n"
        }
        text += "</g>\n<g fill=\"\(theme.text)\">"
        for (index, bar) in layout.bars.enumerated() {
            let middle = (bar.lowerBound + bar.upperBound) / 2
            let weight = options.selected == index ? " font-weight=\"bold\"" : ""
            let label = XMLText.isolated(labels[index])
            text +=
                horizontal
                ? "<text x=\"\(f(left - 8))\" y=\"\(f(middle))\" dy=\"0.35em\" text-anchor=\"end\"\(weight)>\(label)</text>"
                : "<text x=\"\(f(middle))\" y=\"\(f(bottom + 16))\" text-anchor=\"middle\"\(weight)>\(label)</text>"
        }
        text += "</g>\n<g stroke=\"\(theme.frame)\" stroke-width=\"1\" fill=\"none\">"
        let axis = zero.rounded(.down) + 0.5
        text +=
            horizontal
            ? "<path d=\"M\(f(axis)) \(f(top))V\(f(bottom))\"/><path d=\"M\(f(left)) \(f(bottom + 0.5))H\(f(right))\"/>"
            : "<path d=\"M\(f(left)) \(f(axis))H\(f(right))\"/><path d=\"M\(f(left - 0.5)) \(f(top))V\(f(bottom))\"/>"
        text += "</g>\n"
    }

    // MARK: - Pie

    private func pie(_ data: any ChartDataSource, _ options: ChartOptions, top: Double, into text: inout String)
        throws(PlottingError)
    {
        let layout = try PieChartLayout(
            data, startAngle: options.startAngle, direction: options.direction, minimumShare: options.minimumShare)
        let titles = layout.slices.indices.map { layout.legendTitle($0, data) }
        let percentages = layout.slices.indices.map { PieChartLayout.format(layout.slices[$0].percentage) }
        let entries = zip(titles, percentages).map { $0 + "  " + $1 }
        let legendWidth = min(
            Double(width) / 2, 40 + Double(entries.map(\.count).max() ?? 0) * SVGDocument.characterWidth)
        let areaWidth = Double(width) - legendWidth - 12, areaHeight = Double(height) - top - 12
        let radius = min(areaWidth, areaHeight) / 2 - 10
        guard radius >= 10 else { throw tooSmall }
        let centerX = 12 + areaWidth / 2, centerY = top + areaHeight / 2
        func point(_ degrees: Double, _ r: Double) -> (x: Double, y: Double) {
            let direction = PieChartLayout.direction(ofAngle: degrees)
            return (centerX + r * direction.x, centerY + r * direction.y)
        }
        text += "<g class=\"slices\" stroke=\"\(theme.background)\" stroke-width=\"1\">\n"
        for (index, slice) in layout.slices.enumerated() {
            let style = layout.style(ofSlice: index, data)
            let selected = slice.record != nil && slice.record == options.selected
            text += openRecord(slice.label, slice.value, index: slice.record ?? -1, options)
            // The selected slice is pulled out along its middle direction.
            let offset = selected && layout.slices.count > 1 ? point(slice.middleAngle, 8) : (x: centerX, y: centerY)
            let shift = (x: offset.x - centerX, y: offset.y - centerY)
            if abs(slice.endAngle - slice.startAngle) >= 360 - 1e-9 {
                text += "<circle cx=\"\(f(centerX))\" cy=\"\(f(centerY))\" r=\"\(f(radius))\" fill=\"\(style.hex)\"/>"
            } else {
                let start = point(slice.startAngle, radius), end = point(slice.endAngle, radius)
                let large = abs(slice.endAngle - slice.startAngle) > 180 ? 1 : 0
                let sweep = slice.endAngle > slice.startAngle ? 1 : 0
                text +=
                    "<path d=\"M\(f(centerX + shift.x)) \(f(centerY + shift.y))L\(f(start.x + shift.x)) \(f(start.y + shift.y))A\(f(radius)) \(f(radius)) 0 \(large) \(sweep) \(f(end.x + shift.x)) \(f(end.y + shift.y))Z\" fill=\"\(style.hex)\"/>"
            }
            text += "</g>\n"
        }
        text += "</g>\n<g class=\"legend\" fill=\"\(theme.text)\">"
        let legendLeft = Double(width) - legendWidth
        for (index, slice) in layout.slices.enumerated() {
            let style = layout.style(ofSlice: index, data)
            let y = top + 10 + Double(index) * 20
            let weight = slice.record != nil && slice.record == options.selected ? " font-weight=\"bold\"" : ""
            text += "<rect x=\"\(f(legendLeft))\" y=\"\(f(y - 6))\" width=\"12\" height=\"12\" fill=\"\(style.hex)\"/>"
            text +=
                "<text x=\"\(f(legendLeft + 18))\" y=\"\(f(y))\" dy=\"0.35em\"\(weight)>\(XMLText.isolated(titles[index]))  \(percentages[index])</text>"
        }
        text += "</g>\n"
    }
}
