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
public struct SVGPlot: SceneRenderer, Sendable {
    /// Colours of the furniture: light or dark.
    public typealias Theme = SVGTheme

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

    /// How an SVG document measures: pixels, with 12 px margins (16 on the right), 12 px
    /// labels of `SVGDocument/characterWidth` a glyph, legend rows 20 px apart and a
    /// 30 px title.
    public var metrics: LayoutMetrics {
        let characterWidth = SVGDocument.characterWidth
        var metrics = LayoutMetrics(
            width: Double(width), height: Double(height), pixelsPerUnit: (1, 1), snapsToUnits: false,
            margins: LayoutMetrics.Insets(top: 12, left: 12, bottom: 12, right: 16),
            axisInsets: LayoutMetrics.Insets(top: 0, left: 10, bottom: 18, right: 0), yLabelGap: 6, xLabelOffset: 16,
            xLabelSpacing: 6, titleHeight: 30, titleBaseline: 16, legendRowHeight: 20, legendBaseline: 8,
            legendPadding: 2, legendMarkerWidth: 26, legendGap: 18, legendShare: 1.0 / 3, markerLabelOffset: (8, -8),
            minimumArea: 10, tickSpacing: (x: 90, y: 50), geometry: .paths, displayText: { $0 },
            textWidth: { Double($0.count) * characterWidth },
            textPrefix: { String($0.prefix(max(0, Int(($1 / characterWidth).rounded(.down))))) }, ellipsis: "…")
        metrics.showsMinorTicks = true
        metrics.titleScale = 16.0 / 12
        return metrics
    }

    /// The document.
    ///
    /// - Throws: ``PlottingError`` for a size out of range or too small, or a region the
    ///   viewport refuses.
    public func render(_ figure: Figure) throws(PlottingError) -> String {
        try SVGDocument.checkSize(width: width, height: height)
        return draw(try layout.scene(for: figure))
    }

    /// Draws a scene laid out with ``metrics`` as an SVG document.
    public func draw(_ scene: Scene) -> String {
        var document = Document(theme: theme, scene: scene)
        document.open(width: width, height: height, title: scene.title?.text)
        if scene.showsGrid { document.grid() }
        if scene.showsAxes { document.axes() }
        document.curves()
        if !scene.pointsOfInterest.isEmpty { document.pointsOfInterest() }
        for marker in scene.markers { document.marker(marker) }
        if scene.showsLegend { document.legend() }
        if let title = scene.title { document.title(title) }
        document.close()
        return document.text
    }

    /// Builds the SVG text.
    struct Document {
        let theme: Theme
        let scene: Scene
        var text = ""

        var left: Double { scene.area.left }
        var top: Double { scene.area.top }

        var viewport: Viewport { scene.viewport }
        var right: Double { left + Double(viewport.width) }
        var bottom: Double { top + Double(viewport.height) }

        func x(_ model: Double) -> Double { left + viewport.pixelX(for: model) }
        func y(_ model: Double) -> Double { top + viewport.pixelY(for: model) }

        mutating func open(width: Int, height: Int, title: String?) {
            // Without a title, "Graph of …": a curve's own title names the curve alone.
            let name = title ?? "Graph of " + scene.layers.map { XMLText.titleText($0.label) }.joined(separator: ", ")
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
            for value in scene.xMinorTicks { text += "<path d=\"M\(f(crisp(x(value)))) \(f(bottom))v-3\"/>" }
            for value in scene.yMinorTicks { text += "<path d=\"M\(f(left)) \(f(crisp(y(value))))h3\"/>" }
            text += "</g>\n<g fill=\"\(theme.text)\">"
            for label in scene.xLabels {
                text +=
                    "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" text-anchor=\"middle\">\(XMLText.escaped(label.text))</text>"
            }
            for label in scene.yLabels {
                text +=
                    "<text x=\"\(f(label.x))\" y=\"\(f(label.y))\" dy=\"0.35em\" text-anchor=\"end\">\(XMLText.escaped(label.text))</text>"
            }
            text += "</g>\n"
        }

        mutating func curves() {
            text +=
                "<g clip-path=\"url(#plot-area)\" fill=\"none\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
            // Relations first, so that a region never hides a function's curve.
            for curve in scene.layers {
                if case .cells(let cells) = curve.geometry { relation(cells, curve) }
            }
            for curve in scene.layers where !curve.isCells {
                if case .points(let points) = curve.geometry {
                    dots(points, curve)
                    continue
                }
                text +=
                    "<g class=\"curve\" stroke=\"\(curve.style.hex)\"><title>\(XMLText.title(curve.label))</title><path d=\""
                guard case .paths(let paths) = curve.geometry else { continue }
                for path in paths where path.count > 1 {
                    for (index, point) in path.enumerated() {
                        text += index == 0 ? "M" : index == 1 ? "L" : " "
                        text += f(x(point.x)) + " " + f(y(point.y))
                    }
                }
                text += "\"/>"
                // A point with no defined neighbours is a dot.
                for path in paths where path.count == 1 {
                    let point = path[0]
                    text +=
                        "<circle cx=\"\(f(x(point.x)))\" cy=\"\(f(y(point.y)))\" r=\"2.5\" fill=\"\(curve.style.hex)\" stroke=\"none\"/>"
                }
                // Jumps, holes and isolated points: open circles and filled dots, each
                // titled with its coordinates.
                for mark in curve.marks {
                    let fill = mark.isFilled ? curve.style.hex : theme.background
                    text +=
                        "<circle class=\"\(mark.isFilled ? "closed" : "open")\" cx=\"\(f(x(mark.point.x)))\" cy=\"\(f(y(mark.point.y)))\" r=\"4\" fill=\"\(fill)\" stroke-width=\"1.5\">"
                        + "<title>(\(Scene.shortLabel(mark.point.x)), \(Scene.shortLabel(mark.point.y)))</title></circle>"
                }
                text += "</g>\n"
            }
            text += "</g>\n"
        }

        /// A data series' points, a dot each.
        mutating func dots(_ points: [Point], _ layer: Scene.Layer) {
            text +=
                "<g class=\"data\" fill=\"\(layer.style.hex)\" stroke=\"none\"><title>\(XMLText.title(layer.label))</title>"
            for point in points {
                text += "<circle cx=\"\(f(x(point.x)))\" cy=\"\(f(y(point.y)))\" r=\"2.5\"/>"
            }
            text += "</g>\n"
        }

        /// A relation's cells, one path of merged rectangles for the proved ones and a
        /// lighter one for the undecided: runs of a row joined, and runs repeated on the
        /// rows below joined into one rectangle, so a disc is a few hundred subpaths, not
        /// a path a pixel.
        mutating func relation(_ cells: CellSample, _ layer: Scene.Layer) {
            text +=
                "<g class=\"relation\" fill=\"\(layer.style.hex)\" stroke=\"none\" shape-rendering=\"crispEdges\"><title>\(XMLText.title(layer.label))</title>"
            if cells.undecidedCount > 0 {
                text +=
                    "<desc>\(XMLText.escaped(Scene.undecidedNote(label: layer.label, decided: cells.decidedShare)))</desc>"
            }
            for (status, opacity) in [(CellStatus.proved, "1"), (.undecided, "0.35")] {
                let rectangles = Self.rectangles(of: cells, where: status)
                guard !rectangles.isEmpty else { continue }
                text += "<path class=\"\(status)\" fill-opacity=\"\(opacity)\" d=\""
                for rectangle in rectangles {
                    text +=
                        "M\(f(left + Double(rectangle.left))) \(f(top + Double(rectangle.top)))h\(rectangle.width)v\(rectangle.height)h-\(rectangle.width)z"
                }
                text += "\"/>"
            }
            text += "</g>\n"
        }

        /// Rectangles of cells covering exactly those of `status`: each row's runs, a run
        /// continued down while the rows below have the same run.
        static func rectangles(
            of cells: CellSample, where status: CellStatus
        ) -> [(left: Int, top: Int, width: Int, height: Int)] {
            var done: [(left: Int, top: Int, width: Int, height: Int)] = []
            // Open rectangles by their run (left, width), from the rows above.
            var open: [Int: (top: Int, width: Int)] = [:]
            for row in 0...cells.rows {
                var runs: [Int: Int] = [:]
                var column = 0
                while row < cells.rows && column < cells.columns {
                    guard cells[column, row] == status else {
                        column += 1
                        continue
                    }
                    let start = column
                    while column < cells.columns && cells[column, row] == status { column += 1 }
                    runs[start] = column - start
                }
                for (left, rectangle) in open where runs[left] != rectangle.width {
                    done.append((left, rectangle.top, rectangle.width, row - rectangle.top))
                    open[left] = nil
                }
                for (left, width) in runs where open[left] == nil { open[left] = (row, width) }
            }
            return done.sorted { ($0.top, $0.left) < ($1.top, $1.left) }
        }

        /// Zeros, extrema and intersections: dots in the function's colour, ringed in the
        /// background's so they stand off the curve, each titled with what it is.
        mutating func pointsOfInterest() {
            text += "<g class=\"points\" stroke=\"\(theme.background)\" stroke-width=\"1.5\">"
            for point in scene.pointsOfInterest {
                let style = scene.layers[point.function].style
                text +=
                    "<circle class=\"\(point.kind.rawValue)\" cx=\"\(f(x(point.point.x)))\" cy=\"\(f(y(point.point.y)))\" r=\"4.5\" fill=\"\(style.hex)\">"
                    + "<title>\(XMLText.escaped(scene.describe(point)))</title></circle>"
            }
            text += "</g>\n"
        }

        mutating func marker(_ marker: Scene.Marker) {
            let cx = x(marker.point.x), cy = y(marker.point.y)
            text += "<g class=\"marker\"><circle cx=\"\(f(cx))\" cy=\"\(f(cy))\" r=\"4\" fill=\"\(theme.text)\"/>"
            text +=
                "<text x=\"\(f(marker.label.x))\" y=\"\(f(marker.label.y))\" fill=\"\(theme.text)\">\(XMLText.escaped(marker.label.text))</text></g>\n"
        }

        mutating func legend() {
            text += "<g class=\"legend\">"
            for entry in scene.legend {
                let y = f(entry.label.y)
                switch entry.marker {
                case .line:
                    text +=
                        "<path d=\"M\(f(entry.markerX)) \(y)h20\" stroke=\"\(entry.style.hex)\" stroke-width=\"2\"/>"
                case .dots:
                    for offset in [3.0, 10, 17] {
                        text +=
                            "<circle cx=\"\(f(entry.markerX + offset))\" cy=\"\(y)\" r=\"2\" fill=\"\(entry.style.hex)\"/>"
                    }
                }
                text +=
                    "<text x=\"\(f(entry.label.x))\" y=\"\(y)\" dy=\"0.35em\" fill=\"\(theme.text)\">\(XMLText.isolated(entry.label.text))</text>"
            }
            if let more = scene.legendOverflow {
                text +=
                    "<text x=\"\(f(more.x))\" y=\"\(f(more.y))\" dy=\"0.35em\" fill=\"\(theme.text)\">\(XMLText.escaped(more.text))</text>"
            }
            text += "</g>\n"
        }

        mutating func title(_ title: PlacedText) {
            text += SVGDocument.title(title.text, x: title.x, y: title.y, theme: theme)
        }
    }
}
