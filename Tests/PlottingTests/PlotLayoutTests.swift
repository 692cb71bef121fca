import CalculatorBrain
import Graphing
import Testing

@testable import Plotting

/// The one layout step: what it places, it places inside the canvas, without collisions,
/// and it says what it leaves out.
@Suite struct PlotLayoutTests {
    private static func request(_ expressions: [String], x: (Double, Double) = (-10, 10)) throws -> Figure {
        let functions = try expressions.map { expression in
            let program = try Program(parsing: expression)
            return FunctionLayer(try ProgramFunction(program: program), label: program.description)
        }
        return Figure(functions: functions, x: Interval(x.0, x.1))
    }

    /// `count` functions: sin, cos, then x/2, x/3, …
    private static func functions(_ count: Int) -> [String] {
        Array(["sin(x)", "cos(x)"].prefix(count)) + (0..<max(0, count - 2)).map { "x/\($0 + 2)" }
    }

    /// Every layout the tests look at: both back-ends, roomy and cramped.
    static let renderers: [(String, LayoutMetrics)] = [
        ("svg 600x300", SVGPlot(width: 600, height: 300).metrics),
        ("svg 300x200", SVGPlot(width: 300, height: 200).metrics),
        ("ascii 60x20", TerminalPlot(mode: .ascii, isColored: false, width: 60, height: 20).metrics),
        ("braille 40x24", TerminalPlot(mode: .braille, isColored: false, width: 40, height: 24).metrics),
    ]

    @Test(arguments: renderers)
    func theLegendWrapsAndSaysWhatItLeftOut(name: String, metrics: LayoutMetrics) throws {
        for count in [1, 3, 14, 60] {
            let scene = try PlotLayout(metrics: metrics).scene(for: Self.request(Self.functions(count)))
            let hidden = scene.legendOverflow.map { Int($0.text.dropFirst().prefix { $0.isNumber }) ?? -1 } ?? 0
            #expect(scene.legend.count + hidden == count, "\(name), \(count) functions")
            // In the order given, and each label inside the canvas.
            #expect(scene.legend.map(\.style) == (0..<scene.legend.count).map(Palette.style), "\(name)")
            for text in scene.legend.map(\.label) + (scene.legendOverflow.map { [$0] } ?? []) {
                #expect(text.start >= 0 && text.start + text.width <= metrics.width, "\(name): \(text)")
            }
            // The legend leaves room for the plot.
            #expect(scene.area.height >= metrics.height / 3, "\(name), \(count) functions")
        }
    }

    @Test(arguments: renderers)
    func aLongLabelIsShortenedToTheCanvas(name: String, metrics: LayoutMetrics) throws {
        let long = Array(repeating: "sin(x)", count: 40).joined(separator: "+")
        let scene = try PlotLayout(metrics: metrics).scene(for: Self.request([long, "cos(x)"]))
        #expect(scene.legend.count == 2)
        let first = try #require(scene.legend.first).label
        // Shortened in the middle: it keeps its start and its end.
        let shown = metrics.displayText(long)
        #expect(first.text.contains(metrics.ellipsis) && first.start + first.width <= metrics.width, "\(name)")
        #expect(shown.hasPrefix(first.text.components(separatedBy: metrics.ellipsis)[0]), "\(name): \(first.text)")
        #expect(shown.hasSuffix(first.text.components(separatedBy: metrics.ellipsis).last ?? "?"), "\(name)")
    }

    @Test(arguments: renderers)
    func labelsThatDifferAtTheEndStayApart(name: String, metrics: LayoutMetrics) throws {
        let common = Array(repeating: "sin(x)", count: 40).joined(separator: "+")
        let scene = try PlotLayout(metrics: metrics).scene(for: Self.request([common + "+cos(x)", common + "+tan(x)"]))
        let labels = scene.legend.map(\.label.text)
        #expect(labels.count == 2 && labels[0] != labels[1], "\(name): \(labels)")
    }

    @Test(arguments: renderers)
    func tickLabelsStayOnTheCanvasApartAndAtLeastTwo(name: String, metrics: LayoutMetrics) throws {
        for x in [(-10.0, 10.0), (1, 1.000000001), (-1e8, 1e8), (0, 3e-7)] {
            let scene = try PlotLayout(metrics: metrics).scene(for: Self.request(["x", "sin(x)"], x: x))
            #expect(scene.yLabels.count >= 2 && scene.xLabels.count >= 2, "\(name) over \(x)")
            for label in scene.xLabels + scene.yLabels {
                #expect(label.start >= 0 && label.start + label.width <= metrics.width + 1e-9, "\(name): \(label)")
                #expect(!label.text.hasSuffix("e0"), "\(name): \(label.text)")
            }
            for (left, right) in zip(scene.xLabels, scene.xLabels.dropFirst()) {
                #expect(left.start + left.width < right.start, "\(name): \(left.text) touches \(right.text)")
            }
        }
    }

    @Test func aShortTerminalPlotStillLabelsTwoTicks() throws {
        // Only 0 was labelled here: the step of one left ±1 just outside the range.
        let plot = TerminalPlot(mode: .ascii, isColored: false, width: 60, height: 12)
        let scene = try plot.layout.scene(for: Self.request(["sin(x)"]))
        #expect(scene.yLabels.map(\.text) == ["-1", "0", "1"])
    }

    /// Plots two and three rows tall (`--size 40x6`, `40x7`) label two ticks on rows of
    /// their own; one row tall labels one.
    @Test(arguments: [(TerminalMode.braille, 2), (.braille, 3), (.ascii, 2), (.ascii, 3), (.braille, 1)])
    func aTwoRowPlotLabelsTwoTicksOnRowsOfTheirOwn(mode: TerminalMode, rows: Int) throws {
        for expressions in [["sin(x)"], ["x"], ["x^2"], ["exp(x)"]] {
            let plot = TerminalPlot(mode: mode, isColored: false, width: 40, height: rows + 4)
            let scene = try plot.layout.scene(for: Self.request(expressions))
            #expect(Int(scene.area.height) == rows)
            let labelled = scene.yLabels.map(\.y)
            #expect(labelled.count >= min(2, rows), "\(mode) \(rows) rows, \(expressions): \(scene.yLabels)")
            #expect(Set(labelled).count == labelled.count, "\(expressions): two labels on one row")
        }
    }

    /// A tick at either end of the range keeps its label: `svg x --x -3:3` (800 × 500)
    /// put the tick at 3 a rounding error past the right end, and its label was left out.
    @Test func theTicksAtTheEndsKeepTheirLabels() throws {
        for width in [300, 421, 640, 777, 800] {
            let plot = SVGPlot(width: width, height: 500)
            for expression in ["x", "exp(x)", "1/x", "x^2"] {
                let scene = try PlotLayout(metrics: plot.metrics).scene(
                    for: Self.request([expression], x: (-3, 3)))
                // The ticks are symmetric about 0, and so are the labels.
                let labels = scene.xLabels.map(\.text)
                #expect(
                    labels.count >= 3 && labels.first == labels.last.map { "-" + $0 },
                    "\(width) \(expression): \(labels)")
            }
        }
    }

    @Test func aMarkerLabelNearTheRightEdgeGoesToTheLeft() throws {
        var request = try Self.request(["x"])
        request.markers = [Point(x: 9.9, y: 9.9), Point(x: -5, y: -5)]
        for metrics in Self.renderers.map(\.1) {
            let scene = try PlotLayout(metrics: metrics).scene(for: request)
            #expect(scene.markers.count == 2)
            for marker in scene.markers {
                #expect(
                    marker.label.start >= scene.area.left && marker.label.start + marker.label.width <= scene.area.right
                )
            }
        }
    }
}
