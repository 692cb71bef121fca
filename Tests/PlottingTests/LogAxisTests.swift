import CalculatorBrain
import Foundation
import Graphing
import TestSupport
import Testing

@testable import Plotting

/// Log axes: decade ticks, minor ticks where there is room, no axis line at a 0 that is
/// not on the axis, values at or below 0 off the plot, and golden files for both back-ends.
@Suite struct LogAxisTests {
    private static let snapshots = GoldenFile.snapshots(besides: #filePath)

    static let tickCases: [(Double, Double, Int, [String])] = [
        (1, 1000, 5, ["1", "10", "100", "1000"]),
        (0.001, 1000, 8, ["0.001", "0.01", "0.1", "1", "10", "100", "1000"]),
        // Twelve decades in four intervals: every third.
        (1e-6, 1e6, 4, ["1e-6", "0.001", "1", "1000", "1e6"]),
        (1e-12, 1e12, 4, ["1e-10", "1", "1e10"]),
        // Hundreds of decades: steps of a nice number of decades, not 124.
        (1e-308, 1e308, 5, ["1e-200", "1", "1e200"]),
        // Under two whole decades: 1, 2 and 5 × 10^k.
        (2, 60, 5, ["2", "5", "10", "20", "50"]),
        (1, 10, 5, ["1", "2", "5", "10"]),
        // A ratio too small for those: nice linear steps.
        (3, 4, 4, ["3", "3.5", "4"]),
    ]

    @Test(arguments: tickCases)
    func decadeTicks(lower: Double, upper: Double, count: Int, labels: [String]) {
        let ticks = LogTicks.ticks(from: lower, to: upper, count: count)
        #expect(ticks.major.map(\.label) == labels)
        for tick in ticks.major { #expect(Double(tick.label) == tick.value, "\(tick.label) is \(tick.value)") }
    }

    @Test func minorTicksWhereThereIsRoom() {
        let roomy = LogTicks.ticks(from: 1, to: 100, count: 8)
        #expect(roomy.minor == [2, 3, 4, 5, 6, 7, 8, 9, 20, 30, 40, 50, 60, 70, 80, 90])
        // Every third decade labelled: the others are minor.
        let crowded = LogTicks.ticks(from: 1e-6, to: 1e6, count: 4)
        #expect(crowded.minor.count == 8 && !crowded.minor.contains(1))
        // Over six hundred decades the skipped ones would be a solid band: none.
        #expect(LogTicks.ticks(from: 1e-308, to: 1e308, count: 8).minor.isEmpty)
    }

    @Test(arguments: [(0.0, 10.0), (-1, 1), (.nan, 1), (1, .infinity), (5, 5)])
    func notPositiveRangesHaveNoTicks(lower: Double, upper: Double) {
        let ticks = LogTicks.ticks(from: lower, to: upper, count: 5)
        #expect(ticks.major.isEmpty && ticks.minor.isEmpty)
    }

    private static func figure(_ expressions: [String], x: Interval, y: Interval?) throws -> Figure {
        let layers = try expressions.map { expression in
            let program = try Program(parsing: expression)
            return FunctionLayer(try ProgramFunction(program: program), label: program.description)
        }
        var figure = Figure(functions: layers, x: x, y: y)
        figure.xScale = .log
        figure.yScale = .log
        return figure
    }

    @Test func aLogLogPlotInTheTerminal() throws {
        let figure = try Self.figure(["x^2", "1/x", "x-1"], x: Interval(0.01, 100), y: nil)
        let lines = try TerminalPlot(mode: .ascii, isColored: false, width: 70, height: 20).render(figure)
        GoldenFile.expectMatch(
            lines.joined(separator: "\n") + "\n", name: "log-log-ascii.txt", directory: Self.snapshots)
        // No axis line: 0 is on neither axis.
        let scene = try TerminalPlot(mode: .ascii, isColored: false, width: 70, height: 20).layout.scene(for: figure)
        #expect(scene.horizontalAxis == nil && scene.verticalAxis == nil)
        #expect(scene.xTicks.map(\.label) == ["0.01", "0.1", "1", "10", "100"])
    }

    @Test func aLogLogPlotInSVG() throws {
        var figure = try Self.figure(["x^2", "1/x", "x-1"], x: Interval(0.01, 100), y: Interval(1e-4, 1e4))
        figure.showsGrid = true
        let svg = try SVGPlot(width: 640, height: 400).render(figure)
        GoldenFile.expectMatch(svg, name: "log-log.svg", directory: Self.snapshots)
        // Minor ticks are short marks between the decades.
        #expect(svg.components(separatedBy: "v-3\"").count - 1 == 4 * 8)
    }

    @Test func aScaleCannotSetALogView() throws {
        var plot = TerminalPlot(mode: .ascii, isColored: false, width: 40, height: 10)
        plot.scale = (10, .origin(x: 5, y: 5))
        #expect(throws: PlottingError.scaleOnLogAxis) {
            try plot.render(try Self.figure(["x"], x: Interval(1, 10), y: nil))
        }
    }
}
