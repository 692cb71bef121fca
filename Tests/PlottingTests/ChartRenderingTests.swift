import ChartData
import Foundation
import TestSupport
import Testing

@testable import Plotting

/// Bar and pie charts in the terminal and as SVG, against golden files in `Snapshots/`
/// (record deliberately with `GRAPHCALC_RECORD=1`, which fails, and read the diff).
@Suite struct ChartRenderingTests {
    static let languages = ChartData([
        ("Swift", 28), ("Python", 51), ("C, C++", 38), ("Rust", 13), ("JavaScript", 62), ("Go", 14),
    ])

    private static func options(_ kind: ChartOptions.Kind, _ change: (inout ChartOptions) -> Void = { _ in })
        -> ChartOptions
    {
        var options = ChartOptions(kind: kind)
        change(&options)
        return options
    }

    private static func check(
        _ text: String, against name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        GoldenFile.expectMatch(
            text, name: name, directory: GoldenFile.snapshots(besides: #filePath), sourceLocation: sourceLocation)
    }

    static let terminal: [(String, TerminalPlot.Mode, ChartOptions)] = [
        (
            "bar-ascii.txt", .ascii,
            options(.bar) {
                $0.showsValues = true; $0.title = "Users"
            }
        ),
        (
            "bar-braille.txt", .braille,
            options(.bar) {
                $0.showsValues = true; $0.selected = 1
            }
        ),
        (
            "bar-horizontal-braille.txt", .braille,
            options(.bar) {
                $0.isHorizontal = true; $0.showsValues = true
            }
        ),
        ("pie-ascii.txt", .ascii, options(.pie) { $0.selected = 0 }),
        (
            "pie-braille.txt", .braille,
            options(.pie) {
                $0.startAngle = 90; $0.direction = .counterclockwise
            }
        ),
        ("pie-braille-selected.txt", .braille, options(.pie) { $0.selected = 4 }),
    ]

    @Test(arguments: terminal)
    func terminalChartsMatchTheirGoldenFiles(name: String, mode: TerminalPlot.Mode, options: ChartOptions) throws {
        let lines = try TerminalChart(mode: mode, isColored: false, width: 60, height: 16).render(
            Self.languages, options: options)
        #expect(lines.count == 16 && lines.allSatisfy { $0.count == 60 })
        Self.check(lines.joined(separator: "\n") + "\n", against: name)
    }

    static let svg: [(String, ChartOptions)] = [
        (
            "bar.svg",
            options(.bar) {
                $0.showsValues = true; $0.title = "Users (millions)"
            }
        ),
        ("pie.svg", options(.pie) { $0.selected = 0 }),
    ]

    @Test(arguments: svg)
    func svgChartsMatchTheirGoldenFiles(name: String, options: ChartOptions) throws {
        let document = try SVGChart(width: 640, height: 400).render(Self.languages, options: options)
        #expect(SVGPlotTests.Reader.read(document) != nil)
        Self.check(document, against: name)
    }

    @Test func everyBarAndSliceHasATooltipAndLabelsAreEscaped() throws {
        let data = ChartData([("<b>&\"x\"", 2), ("plain", 3)])
        for kind in ChartOptions.Kind.allCases {
            let document = try SVGChart(width: 400, height: 300).render(data, options: ChartOptions(kind: kind))
            let elements = try #require(SVGPlotTests.Reader.read(document))
            let tips = elements.filter { $0.name == "title" && $0.depth > 2 }.map(\.text)
            #expect(tips == ["<b>&\"x\": 2", "plain: 3"], "\(kind)")
            #expect(!document.contains("<b>"))
        }
    }

    /// A source of its own: colours and legend titles from the source, not the palette.
    struct Planets: ChartDataSource {
        let names = ["Mercury", "Venus"], sizes = [2440.0, 6052]
        var count: Int { names.count }
        func value(at index: Int) -> Double { sizes[index] }
        func label(at index: Int) -> String { names[index] }
        func color(at index: Int) -> String? { Palette.style(6 - index).hex }
        func legendTitle(at index: Int) -> String { names[index] + " (\(Int(sizes[index])) km)" }
    }

    @Test func aDataSourceOfItsOwnSetsColoursAndLegendTitles() throws {
        let document = try SVGChart(width: 400, height: 300).render(Planets(), options: ChartOptions(kind: .pie))
        #expect(document.contains("Mercury (2440 km)  28.7%") && document.contains("Venus (6052 km)  71.3%"))
        #expect(document.contains("<title>Mercury: 2440</title>"))
        #expect(
            document.contains("fill=\"\(Palette.style(6).hex)\"")
                && document.contains("fill=\"\(Palette.style(5).hex)\""))
        let lines = try TerminalChart(mode: .ascii, isColored: false, width: 60, height: 10).render(
            Planets(), options: ChartOptions(kind: .pie))
        #expect(lines.joined().contains("Venus (6052 km)  71.3%"))
    }

    @Test func theSelectedBarIsOutlinedAndTheOthersFaded() throws {
        var options = ChartOptions(kind: .bar)
        options.selected = 2
        let document = try SVGChart(width: 400, height: 300).render(Self.languages, options: options)
        let groups = try #require(SVGPlotTests.Reader.read(document)).filter { $0.attributes["class"] == "record" }
        #expect(groups.count == 6)
        #expect(groups.map { $0.attributes["stroke-width"] != nil } == [false, false, true, false, false, false])
        #expect(groups.filter { $0.attributes["opacity"] == "0.45" }.count == 5)
    }

    @Test func theDocumentsBarsAreHitWhereTheyAreDrawn() throws {
        let chart = SVGChart(width: 640, height: 400)
        let options = ChartOptions(kind: .bar)
        let layout = try chart.barLayout(for: Self.languages, options: options)
        let rects = try #require(SVGPlotTests.Reader.read(chart.render(Self.languages, options: options)))
            .filter { $0.name == "rect" && $0.attributes["width"] != "640" }
        #expect(rects.count == Self.languages.count)
        for (index, rect) in rects.enumerated() {
            let x = try #require(Double(rect.attributes["x"] ?? "")),
                width = try #require(Double(rect.attributes["width"] ?? ""))
            // The document rounds to hundredths of a pixel.
            #expect(layout.bar(at: x + 0.01) == index)
            #expect(layout.bar(at: x + width - 0.01) == index)
            #expect(layout.bar(at: x - 0.01) == nil)
            #expect(layout.bar(at: x + width + 0.01) == nil)
        }
    }

    @Test func aBarTooShortForHalfACellStillShowsInASCII() throws {
        let data = ChartData([("big", 100), ("tiny", 1), ("dip", -1)])
        var options = ChartOptions(kind: .bar)
        options.showsValues = true
        let lines = try TerminalChart(mode: .ascii, isColored: false, width: 30, height: 12).render(
            data, options: options)
        let tiny = try #require(lines.firstIndex { $0.contains("_") })
        let dip = try #require(lines.firstIndex { $0.contains("-----") })
        // Both sit on the zero line, their values above it.
        #expect(tiny == dip && lines[tiny - 1].contains(" 1 ") && lines[tiny - 1].contains("-1"))
    }

    @Test func negativeBarsGoBelowTheAxis() throws {
        let data = ChartData([("up", 3), ("down", -2)])
        let document = try SVGChart(width: 400, height: 300).render(data, options: ChartOptions(kind: .bar))
        let rects = try #require(SVGPlotTests.Reader.read(document)).filter {
            $0.name == "rect" && $0.attributes["fill"]?.hasPrefix("#") == true && $0.attributes["width"] != "400"
        }
        let y = rects.compactMap { Double($0.attributes["y"] ?? "") }
        let height = rects.compactMap { Double($0.attributes["height"] ?? "") }
        // The bar going down starts where the bar going up ends: at the zero line.
        #expect(y.count == 2 && Tolerance.isClose(y[0] + height[0], y[1], relative: 1e-12))
        #expect(Tolerance.isClose(height[0] / height[1], 1.5, relative: 1e-12))
    }

    @Test func chartsTooSmallOrEmptyAreErrors() {
        #expect(throws: PlottingError.chartDoesNotFit("size 3x3 is too small for this chart; make it larger")) {
            try TerminalChart(mode: .ascii, isColored: false, width: 3, height: 3).render(
                Self.languages, options: ChartOptions(kind: .bar))
        }
        let many = ChartData((1...50).map { ("r\($0)", Double($0)) })
        #expect(
            throws: PlottingError.chartDoesNotFit(
                "50 bars do not fit in 36 columns; make the chart larger, chart fewer records or write SVG with -o")
        ) {
            try TerminalChart(mode: .braille, isColored: false, width: 40, height: 10).render(
                many, options: ChartOptions(kind: .bar))
        }
        #expect(throws: PlottingError.invalidChart("there are no records to chart")) {
            try SVGChart(width: 400, height: 300).render(ChartData([]), options: ChartOptions(kind: .pie))
        }
    }
}
