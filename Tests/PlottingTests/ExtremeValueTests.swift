import ChartData
import Foundation
import Graphing
import TestSupport
import Testing

@testable import Plotting

/// Every chart and plot kind at the ends of the doubles, in both back-ends: no trap, and
/// bars in proportion. (Bars of 1.7e308 and ranges of 1.5e308 once trapped in
/// `NiceTicks.label` and `ChartOptions.valueRange`.)
@Suite struct ExtremeValueTests {
    static let data: [[(label: String, value: Double)]] = [
        [("a", 1), ("b", 1.7e308)],
        [("a", -1), ("b", -1.7e308)],
        [("a", -1.7e308), ("b", 1.7e308), ("c", 1e-300)],
        [("a", .greatestFiniteMagnitude), ("b", .leastNonzeroMagnitude)],
        [("a", 1e-300), ("b", 2e-300)],
    ]

    @Test(arguments: data)
    func barsRenderInBothBackEnds(records: [(label: String, value: Double)]) throws {
        let data = ChartData(records)
        for horizontal in [false, true] {
            var options = ChartOptions(kind: .bar)
            options.showsValues = true
            options.isHorizontal = horizontal
            for mode in TerminalPlot.Mode.allCases {
                let lines = try TerminalChart(mode: mode, isColored: false, width: 40, height: 12).render(
                    data, options: options)
                #expect(lines.count == 12)
            }
            let svg = try SVGChart(width: 400, height: 300, theme: .light).render(data, options: options)
            #expect(svg.hasSuffix("</svg>\n") && !svg.contains("nan") && !svg.contains("inf"))
        }
    }

    @Test func barsAreInProportionAtTheTop() throws {
        let data = ChartData([("a", 0.85e308), ("b", 1.7e308)])
        let svg = try SVGChart(width: 400, height: 300, theme: .light).render(data, options: ChartOptions(kind: .bar))
        // The bars' rects: the legend's are 12 × 12.
        let heights = svg.matches(of: /<rect x="[^"]*" y="[^"]*" width="([0-9.]+)" height="([0-9.]+)" fill/)
            .filter { $0.1 != "12" }.compactMap { Double($0.2) }
        #expect(heights.count == 2)
        if heights.count == 2 { #expect(Tolerance.isClose(heights[1] / heights[0], 2, relative: 0.025), "\(heights)") }
    }

    @Test(arguments: [
        (0.0, 1.5e308), (-1.7e308, 1.7e308), (1e308, 1.7976931348623157e308), (-1e-300, 1e-300),
    ])
    func ticksNeverTrap(lower: Double, upper: Double) {
        for count in [1, 3, 10] {
            let ticks = NiceTicks.ticks(from: lower, to: upper, count: count)
            #expect(ticks.allSatisfy { $0.value.isFinite && !$0.label.isEmpty })
        }
        #expect(NiceTicks.step(from: 0, to: 1.5e308, count: 1).map(\.isFinite) == true)
    }

    @Test(arguments: [((0.0, 1.5e308), (0.0, 1.0)), ((0.0, 1.0), (0.0, 1.5e308)), ((-0.8e308, 0.8e308), (-1.0, 1.0))])
    func plotsRenderAtTheEndsOfTheDoubles(x: (Double, Double), y: (Double, Double)) throws {
        let request = Figure(
            functions: [FunctionLayer(ClosureFunction { $0 }, label: "x")], x: Interval(x.0, x.1), y: Interval(y.0, y.1)
        )
        for mode in TerminalPlot.Mode.allCases {
            let lines = try TerminalPlot(mode: mode, isColored: false, width: 30, height: 8).render(request)
            #expect(lines.count == 8)
        }
        let svg = try SVGPlot(width: 300, height: 200, theme: .light).render(request)
        #expect(svg.hasSuffix("</svg>\n"))
    }

    @Test func aRangeWiderThanTheDoublesIsAnError() {
        let request = Figure(
            functions: [FunctionLayer(ClosureFunction { $0 }, label: "x")], x: Interval(-1e308, 1e308))
        #expect(throws: PlottingError.self) {
            try TerminalPlot(mode: .ascii, isColored: false, width: 30, height: 8).render(request)
        }
    }
}

/// Right-to-left labels in SVG are isolated, so the number beside them stays beside them.
@Suite struct BidirectionalTextTests {
    @Test func rightToLeftLabelsAreIsolatedAndOthersLeftAlone() throws {
        #expect(XMLText.isolated("עברית & co") == "\u{2068}עברית &amp; co\u{2069}")
        #expect(XMLText.isolated("Swift <3") == "Swift &lt;3")
        let svg = try SVGChart(width: 400, height: 300, theme: .light)
            .render(ChartData([("عربي", 12), ("abc", 88)]), options: ChartOptions(kind: .pie))
        #expect(svg.contains(">\u{2068}عربي\u{2069}  12%</text>"))
        #expect(svg.contains(">abc  88%</text>"))
    }
}
