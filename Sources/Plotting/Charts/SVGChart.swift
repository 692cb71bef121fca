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
    public var theme: SVGTheme

    /// An SVG chart of `width` × `height` pixels.
    public init(width: Int, height: Int, theme: SVGTheme = .light) {
        self.width = width
        self.height = height
        self.theme = theme
    }

    /// The layout step for this document: pixels, text `SVGDocument/characterWidth` a glyph.
    public var layout: ChartLayout {
        ChartLayout(
            width: Double(width), height: Double(height), unit: .pixels(characterWidth: SVGDocument.characterWidth),
            looks: Palette.styles.count, displayText: { $0 })
    }

    /// The document.
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small, no records, or a
    ///   pie of values that are not all positive.
    public func render(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> String {
        draw(try scene(data, options: options), options: options)
    }

    /// The chart laid out for this document, for drawing and hit-testing: the record under
    /// a pixel of the exported chart is `scene.record(at: x, y)`.
    ///
    /// - Throws: ``PlottingError`` as ``render(_:options:)`` does.
    public func scene(_ data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> ChartScene {
        try SVGDocument.checkSize(width: width, height: height)
        return try layout.scene(data, options: options)
    }

    /// Where the bars of `data` lie in the document along the category axis (x for
    /// vertical bars, y for horizontal ones), in pixels, for hit-testing a pointer on the
    /// exported chart: `barLayout(for: data, options: options).bar(at: x)`.
    public func barLayout(for data: any ChartDataSource, options: ChartOptions) throws(PlottingError) -> BarChartLayout
    {
        BarChartLayout(bars: try scene(data, options: options).bars.map(\.across))
    }

    /// Draws a chart laid out by ``layout`` as an SVG document; `options` name it when it
    /// has no title.
    public func draw(_ scene: ChartScene, options: ChartOptions) -> String {
        let name = scene.title?.text ?? (scene.pie != nil ? "Pie chart" : scene.isHistogram ? "Histogram" : "Bar chart")
        var text = SVGDocument.opening(
            width: width, height: height, name: name, style: ".record:hover{opacity:0.8}", theme: theme)
        if let title = scene.title {
            text += SVGDocument.title(title.text, x: title.x, y: title.y, theme: theme)
        }
        if let pie = scene.pie {
            drawPie(pie, scene, hasSelection: options.selected != nil, into: &text)
        } else {
            drawBars(scene, hasSelection: options.selected != nil, into: &text)
        }
        text += "</svg>\n"
        return text
    }

    private func f(_ value: Double) -> String { SVGNumber.format(value) }

    /// The opening of a record's group: its tooltip, and the highlight or fading of a selection.
    private func openRecord(_ label: String, _ value: Double, isSelected: Bool, hasSelection: Bool) -> String {
        var attributes = ""
        if hasSelection {
            attributes = isSelected ? " stroke=\"\(theme.text)\" stroke-width=\"3\"" : " opacity=\"0.45\""
        }
        return
            "<g class=\"record\"\(attributes)><title>\(XMLText.isolated(label)): \(ChartOptions.format(value))</title>"
    }

    // MARK: - Bars

    private func drawBars(_ scene: ChartScene, hasSelection: Bool, into text: inout String) {
        let area = scene.area
        let (left, right, top, bottom) = (area.left, area.right, area.top, area.bottom)
        let horizontal = scene.isHorizontal
        text += "<g stroke=\"\(theme.grid)\" stroke-width=\"1\">"
        for (_, position) in scene.ticks {
            let p = position.rounded(.down) + 0.5
            text +=
                horizontal
                ? "<path d=\"M\(f(p)) \(f(top))V\(f(bottom))\"/>" : "<path d=\"M\(f(left)) \(f(p))H\(f(right))\"/>"
        }
        text += "</g>\n<g fill=\"\(theme.text)\">"
        for label in scene.tickLabels {
            let escaped = XMLText.escaped(label.text)
            text +=
                horizontal
                ? "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" text-anchor=\"middle\">\(escaped)</text>"
                : "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" dy=\"0.35em\" text-anchor=\"end\">\(escaped)</text>"
        }
        text += "</g>\n<g class=\"bars\">\n"
        for bar in scene.bars {
            text += openRecord(bar.name, bar.value, isSelected: bar.isSelected, hasSelection: hasSelection)
            let (low, high) = bar.along
            let across = bar.across
            if horizontal {
                text +=
                    "<rect x=\"\(f(low))\" y=\"\(f(across.lowerBound))\" width=\"\(f(high - low))\" height=\"\(f(across.upperBound - across.lowerBound))\" fill=\"\(bar.style.hex)\"/>"
            } else {
                text +=
                    "<rect x=\"\(f(across.lowerBound))\" y=\"\(f(low))\" width=\"\(f(across.upperBound - across.lowerBound))\" height=\"\(f(high - low))\" fill=\"\(bar.style.hex)\"/>"
            }
            if let label = bar.valueLabel {
                let anchor = label.anchor == .start ? "start" : label.anchor == .end ? "end" : "middle"
                text +=
                    horizontal
                    ? "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" dy=\"0.35em\" text-anchor=\"\(anchor)\" fill=\"\(theme.text)\" stroke=\"none\">\(label.text)</text>"
                    : "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" text-anchor=\"\(anchor)\" fill=\"\(theme.text)\" stroke=\"none\">\(label.text)</text>"
            }
            text += "</g>\n"
        }
        text += "</g>\n<g fill=\"\(theme.text)\">"
        for bar in scene.bars {
            guard let label = bar.label else { continue }
            let weight = bar.isSelected ? " font-weight=\"bold\"" : ""
            let isolated = XMLText.isolated(label.text)
            text +=
                horizontal
                ? "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" dy=\"0.35em\" text-anchor=\"end\"\(weight)>\(isolated)</text>"
                : "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" text-anchor=\"middle\"\(weight)>\(isolated)</text>"
        }
        if !scene.categoryTicks.isEmpty {
            // A histogram's axis along its bins: a short mark below it at each label.
            text += "</g>\n<g stroke=\"\(theme.frame)\" stroke-width=\"1\">"
            for label in scene.categoryTicks {
                let x = label.x.rounded(.down) + 0.5
                text += "<path d=\"M\(f(x)) \(f(bottom))v5\"/>"
            }
            text += "</g>\n<g fill=\"\(theme.text)\">"
            for label in scene.categoryTicks {
                text +=
                    "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" text-anchor=\"middle\">\(XMLText.escaped(label.text))</text>"
            }
        }
        if !scene.overlay.isEmpty {
            text += "</g>\n" + overlayPath(scene) + "<g>"
        }
        text += "</g>\n<g stroke=\"\(theme.frame)\" stroke-width=\"1\" fill=\"none\">"
        let axis = scene.zero.rounded(.down) + 0.5
        text +=
            horizontal
            ? "<path d=\"M\(f(axis)) \(f(top))V\(f(bottom))\"/><path d=\"M\(f(left)) \(f(bottom + 0.5))H\(f(right))\"/>"
            : "<path d=\"M\(f(left)) \(f(axis))H\(f(right))\"/><path d=\"M\(f(left - 0.5)) \(f(top))V\(f(bottom))\"/>"
        text += "</g>\n"
    }

    /// The overlay curve as a path in the palette's second colour, broken where it has no
    /// value or leaves the area, with its name as a tooltip.
    private func overlayPath(_ scene: ChartScene) -> String {
        let top = scene.area.top, bottom = scene.area.bottom
        var path = "", isDrawing = false
        for point in scene.overlay {
            guard point.y.isFinite, point.y >= top - 0.5, point.y <= bottom + 0.5 else {
                isDrawing = false
                continue
            }
            path += (isDrawing ? "L" : "M") + "\(f(point.x)) \(f(point.y))"
            isDrawing = true
        }
        let title = scene.overlayName.map { "<title>\(XMLText.escaped($0))</title>" } ?? ""
        return
            "<g class=\"overlay\">\(title)<path d=\"\(path)\" fill=\"none\" stroke=\"\(Palette.style(1).hex)\" stroke-width=\"2\" stroke-linejoin=\"round\"/></g>\n"
    }

    // MARK: - Pie

    private func drawPie(_ pie: ChartScene.Pie, _ scene: ChartScene, hasSelection: Bool, into text: inout String) {
        let (centerX, centerY) = pie.center
        let radius = pie.radius
        func point(_ degrees: Double, _ r: Double) -> (x: Double, y: Double) {
            let direction = PieChartLayout.direction(ofAngle: degrees)
            return (centerX + r * direction.x, centerY + r * direction.y)
        }
        text += "<g class=\"slices\" stroke=\"\(theme.background)\" stroke-width=\"1\">\n"
        for slice in pie.slices {
            text += openRecord(slice.name, slice.value, isSelected: slice.isSelected, hasSelection: hasSelection)
            // The selected slice is pulled out along its middle direction.
            let offset =
                slice.isSelected && pie.slices.count > 1 ? point(slice.middleAngle, pie.pull) : (x: centerX, y: centerY)
            let shift = (x: offset.x - centerX, y: offset.y - centerY)
            if abs(slice.endAngle - slice.startAngle) >= 360 - 1e-9 {
                text +=
                    "<circle cx=\"\(f(centerX))\" cy=\"\(f(centerY))\" r=\"\(f(radius))\" fill=\"\(slice.style.hex)\"/>"
            } else {
                let start = point(slice.startAngle, radius), end = point(slice.endAngle, radius)
                let large = abs(slice.endAngle - slice.startAngle) > 180 ? 1 : 0
                let sweep = slice.endAngle > slice.startAngle ? 1 : 0
                text +=
                    "<path d=\"M\(f(centerX + shift.x)) \(f(centerY + shift.y))L\(f(start.x + shift.x)) \(f(start.y + shift.y))A\(f(radius)) \(f(radius)) 0 \(large) \(sweep) \(f(end.x + shift.x)) \(f(end.y + shift.y))Z\" fill=\"\(slice.style.hex)\"/>"
            }
            text += "</g>\n"
        }
        text += "</g>\n<g class=\"legend\" fill=\"\(theme.text)\">"
        for entry in scene.legend {
            let slice = pie.slices[entry.slice]
            let y = entry.label.y
            let weight = slice.isSelected ? " font-weight=\"bold\"" : ""
            text +=
                "<rect x=\"\(f(entry.markerX))\" y=\"\(f(y - 6))\" width=\"12\" height=\"12\" fill=\"\(slice.style.hex)\"/>"
            text +=
                "<text x=\"\(f(entry.label.x))\" y=\"\(f(y))\" dy=\"0.35em\"\(weight)>\(XMLText.isolated(entry.title))  \(entry.share)</text>"
        }
        if let more = scene.legendOverflow {
            text +=
                "<text x=\"\(f(more.x))\" y=\"\(f(more.y))\" dy=\"0.35em\">\(XMLText.escaped(more.text))</text>"
        }
        text += "</g>\n"
    }
}
