import Graphing

/// A plot as an SVG document: well-formed XML with a `viewBox`, curves as paths (refined
/// where they bend, simplified where straight, broken at poles), a frame with axes
/// through the origin, nice ticks, an optional grid, a title and a legend, in a light or
/// dark theme.
///
/// Each curve is a group carrying a `<title>` with the function's name, so hovering names
/// it in a browser, and a CSS `:hover` rule thickens it. Styling that matters is in
/// presentation attributes, so viewers without CSS (librsvg) draw the same picture. All
/// text from the user is XML-escaped.
public struct SVGPlot: Sendable {
    /// Colours of the furniture.
    public enum Theme: String, CaseIterable, Sendable {
        case light
        case dark

        var background: String { self == .light ? "#ffffff" : "#1e1e1e" }
        var text: String { self == .light ? "#222222" : "#dddddd" }
        var frame: String { self == .light ? "#444444" : "#aaaaaa" }
        var grid: String { self == .light ? "#e4e4e4" : "#3a3a3a" }
    }

    /// The largest width or height accepted, in pixels.
    public static let maximumSize = 10_000

    /// Size in pixels.
    public var width: Int, height: Int
    /// Light or dark.
    public var theme: Theme

    /// An SVG plot of `width` × `height` pixels.
    public init(width: Int, height: Int, theme: Theme = .light) {
        self.width = width
        self.height = height
        self.theme = theme
    }

    /// The document.
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small, or a region the
    ///   viewport refuses.
    public func render(_ request: PlotRequest) throws(PlottingError) -> String {
        try SVGDocument.checkSize(width: width, height: height)
        var request = request
        request.y = request.yRange(columns: width)
        let yRange = request.y ?? (-1, 1)

        // Layout: title, legend, plot area with labels left and below.
        let titleHeight = request.title == nil ? 0.0 : 30
        let legendHeight = request.showsLegend && !request.functions.isEmpty ? 22.0 : 0
        let top = 12 + titleHeight + legendHeight
        let bottom = request.showsAxes ? 30.0 : 12
        let areaHeight = Int(Double(height) - top - bottom)
        guard areaHeight >= 10 else { throw .tooSmall(width: width, height: height) }
        let yTicks = Scene.ticks(from: yRange.lower, to: yRange.upper, length: Double(areaHeight), spacing: 50)
        let labelWidth =
            request.showsAxes ? Double(yTicks.map(\.label.count).max() ?? 0) * SVGDocument.characterWidth + 10 : 0
        let left = 12 + labelWidth, right = 16.0
        let areaWidth = Int(Double(width) - left - right)
        guard areaWidth >= 10 else { throw .tooSmall(width: width, height: height) }

        let scene: Scene
        do {
            scene = try Scene(
                request: request, width: areaWidth, height: areaHeight, tickSpacing: (x: 90, y: 50), geometry: .paths)
        } catch {
            throw .graphing(error)
        }
        var document = Document(theme: theme, left: left, top: top, scene: scene)
        document.open(width: width, height: height, title: request.title)
        if scene.showsGrid { document.grid() }
        if scene.showsAxes { document.axes() }
        document.curves()
        for marker in scene.markers { document.marker(marker) }
        if scene.showsLegend { document.legend(y: 12 + titleHeight + 8) }
        if let title = request.title { document.title(title, x: Double(width) / 2, y: 12 + 16) }
        document.close()
        return document.text
    }

    /// Builds the SVG text.
    private struct Document {
        let theme: Theme
        let left: Double, top: Double
        let scene: Scene
        var text = ""

        var viewport: Viewport { scene.viewport }
        var right: Double { left + Double(viewport.width) }
        var bottom: Double { top + Double(viewport.height) }

        func x(_ model: Double) -> Double { left + viewport.pixelX(for: model) }
        func y(_ model: Double) -> Double { top + viewport.pixelY(for: model) }

        mutating func open(width: Int, height: Int, title: String?) {
            // Without a title, "Graph of …": a curve's own title names the curve alone.
            let name = title ?? "Graph of " + scene.curves.map(\.label).joined(separator: ", ")
            text += SVGDocument.opening(
                width: width, height: height, name: name, style: ".curve:hover path{stroke-width:4}", theme: theme)
            text += """
                <defs><clipPath id="plot-area"><rect x="\(f(left))" y="\(f(top))" width="\(viewport.width)" \
                height="\(viewport.height)"/></clipPath></defs>

                """
        }

        mutating func close() {
            text += "</svg>\n"
        }

        private func f(_ value: Double) -> String { SVGNumber.format(value) }

        mutating func grid() {
            text += "<g stroke=\"\(theme.grid)\" stroke-width=\"1\">"
            for tick in scene.xTicks { text += "<path d=\"M\(f(crisp(x(tick.value)))) \(f(top))V\(f(bottom))\"/>" }
            for tick in scene.yTicks { text += "<path d=\"M\(f(left)) \(f(crisp(y(tick.value))))H\(f(right))\"/>" }
            text += "</g>\n"
        }

        /// A 1-pixel line centred on a pixel, so it stays crisp.
        private func crisp(_ value: Double) -> Double { value.rounded(.down) + 0.5 }

        mutating func axes() {
            text += "<g stroke=\"\(theme.frame)\" stroke-width=\"1\" fill=\"none\">"
            text +=
                "<rect x=\"\(f(crisp(left)))\" y=\"\(f(crisp(top)))\" width=\"\(viewport.width)\" height=\"\(viewport.height)\"/>"
            if let axis = scene.horizontalAxis { text += "<path d=\"M\(f(left)) \(f(crisp(y(axis))))H\(f(right))\"/>" }
            if let axis = scene.verticalAxis { text += "<path d=\"M\(f(crisp(x(axis)))) \(f(top))V\(f(bottom))\"/>" }
            for tick in scene.xTicks { text += "<path d=\"M\(f(crisp(x(tick.value)))) \(f(bottom))v-5\"/>" }
            for tick in scene.yTicks { text += "<path d=\"M\(f(left)) \(f(crisp(y(tick.value))))h5\"/>" }
            text += "</g>\n<g fill=\"\(theme.text)\">"
            for tick in scene.xTicks {
                text +=
                    "<text x=\"\(f(x(tick.value)))\" y=\"\(f(bottom + 16))\" text-anchor=\"middle\">\(XMLText.escaped(tick.label))</text>"
            }
            for tick in scene.yTicks {
                text +=
                    "<text x=\"\(f(left - 6))\" y=\"\(f(y(tick.value)))\" dy=\"0.35em\" text-anchor=\"end\">\(XMLText.escaped(tick.label))</text>"
            }
            text += "</g>\n"
        }

        mutating func curves() {
            text +=
                "<g clip-path=\"url(#plot-area)\" fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
            for curve in scene.curves {
                text +=
                    "<g class=\"curve\" stroke=\"\(curve.style.hex)\"><title>\(XMLText.isolated(curve.label))</title><path d=\""
                for path in curve.paths {
                    for (index, point) in path.enumerated() {
                        text += index == 0 ? "M" : index == 1 ? "L" : " "
                        text += f(x(point.x)) + " " + f(y(point.y))
                    }
                }
                text += "\"/></g>\n"
            }
            text += "</g>\n"
        }

        mutating func marker(_ marker: (point: Point, label: String)) {
            let cx = x(marker.point.x), cy = y(marker.point.y)
            text += "<g class=\"marker\"><circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"4\" fill=\"\(theme.text)\"/>"
            text +=
                "<text x=\"\(f(cx + 8))\" y=\"\(f(cy - 8))\" fill=\"\(theme.text)\">\(XMLText.escaped(marker.label))</text></g>\n"
        }

        mutating func legend(y baseline: Double) {
            var position = left
            text += "<g class=\"legend\">"
            for curve in scene.curves {
                text +=
                    "<path d=\"M\(f(position)) \(f(baseline))h20\" stroke=\"\(curve.style.hex)\" stroke-width=\"2\"/>"
                text +=
                    "<text x=\"\(f(position + 26))\" y=\"\(f(baseline))\" dy=\"0.35em\" fill=\"\(theme.text)\">\(XMLText.isolated(curve.label))</text>"
                position += 26 + Double(curve.label.count) * SVGDocument.characterWidth + 18
            }
            text += "</g>\n"
        }

        mutating func title(_ title: String, x: Double, y: Double) {
            text += SVGDocument.title(title, x: x, y: y, theme: theme)
        }
    }
}
