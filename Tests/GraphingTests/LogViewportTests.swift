import CalculatorBrain
import Foundation
import TestSupport
import Testing

@testable import Graphing

/// Viewports with a log axis: columns and rows are equal steps of log₁₀, values at or
/// below 0 lie beyond the lower edge, and the samplers keep every value.
@Suite struct LogViewportTests {
    @Test func columnsAreEqualStepsOfTheLogarithm() throws {
        let viewport = try Viewport(
            width: 3, height: 2, x: Interval(1, 1000), y: Interval(0.01, 1), xAxisScale: .log, yAxisScale: .log)
        #expect(viewport.columnInterval(0) == Interval(1, viewport.x(atPixel: 1)))
        for (pixel, value) in [(0.0, 1.0), (1, 10), (2, 100), (3, 1000)] {
            #expect(Tolerance.isClose(viewport.x(atPixel: pixel), value, ulps: 4), "x at \(pixel)")
            #expect(Tolerance.isClose(viewport.pixelX(for: value), pixel, relative: 1e-12))
        }
        // Rows from the top: 1 at pixel 0, 0.1 at 1, 0.01 at 2.
        for (pixel, value) in [(0.0, 1.0), (1, 0.1), (2, 0.01)] {
            #expect(Tolerance.isClose(viewport.y(atPixel: pixel), value, ulps: 4), "y at \(pixel)")
            #expect(Tolerance.isClose(viewport.pixelY(for: value), pixel, relative: 1e-12))
        }
        // The ends read back exactly as given.
        #expect(viewport.xRange == Interval(1, 1000) && viewport.yRange == Interval(0.01, 1))
        #expect(viewport.x(atPixel: 3) == 1000 && viewport.y(atPixel: 2) == 0.01)
    }

    @Test(arguments: [0.0, -0.0, -5, -Double.infinity])
    func valuesAtOrBelowZeroLieBeyondTheLowerEdge(value: Double) throws {
        let viewport = try Viewport(
            width: 10, height: 10, x: Interval(1, 10), y: Interval(1, 10), xAxisScale: .log, yAxisScale: .log)
        #expect(viewport.pixelX(for: value) == -.infinity)
        #expect(viewport.pixelY(for: value) == .infinity)
        #expect(viewport.pixelX(for: .nan).isNaN && viewport.pixelY(for: .nan).isNaN)
    }

    @Test(arguments: [(-1.0, 10.0), (0, 10), (-10, -1)])
    func aLogRangeMustBePositive(lower: Double, upper: Double) {
        #expect(throws: GraphingError.logRangeNotPositive(axis: "x", lower: lower, upper: upper)) {
            try Viewport(
                width: 10, height: 10, left: lower, right: upper, bottom: 1, top: 2, xAxisScale: .log,
                yAxisScale: .linear)
        }
        #expect(
            GraphingError.logRangeNotPositive(axis: "y", lower: lower, upper: upper).description.contains(
                "reaches 0 or below"))
    }

    @Test func aLogRangeTooNarrowForItsPixelsIsRefused() {
        #expect(throws: GraphingError.rangeTooNarrow(axis: "x", lower: 1, upper: 1 + 1e-14)) {
            try Viewport(
                width: 800, height: 10, left: 1, right: 1 + 1e-14, bottom: 1, top: 2, xAxisScale: .log,
                yAxisScale: .linear)
        }
    }

    @Test func zoomAndPanActByRatios() throws {
        let viewport = try Viewport(
            width: 100, height: 100, x: Interval(1, 1e4), y: Interval(1, 1e4), xAxisScale: .log, yAxisScale: .log)
        // Zoom 2 about the middle (100) keeps it there and shows 10…1000.
        let zoomed = try viewport.zoomed(by: 2, aboutPixel: (x: 50, y: 50))
        #expect(
            Tolerance.isClose(zoomed.minimumX, 10, relative: 1e-12)
                && Tolerance.isClose(zoomed.maximumX, 1000, relative: 1e-12))
        #expect(
            Tolerance.isClose(zoomed.minimumY, 10, relative: 1e-12)
                && Tolerance.isClose(zoomed.maximumY, 1000, relative: 1e-12))
        #expect(zoomed.xAxisScale == .log && zoomed.yAxisScale == .log)
        // Dragging a decade (25 pixels) to the left shows values ten times larger.
        let panned = try viewport.panned(byPixels: -25, 0)
        #expect(
            Tolerance.isClose(panned.minimumX, 10, relative: 1e-12)
                && Tolerance.isClose(panned.maximumX, 1e5, relative: 1e-12))
        let dense = try viewport.withDensity(horizontal: 2, vertical: 4)
        #expect(dense.xAxisScale == .log && dense.xRange == viewport.xRange)
    }

    @Test func sizesNearAValueFollowTheAxis() throws {
        let viewport = try Viewport(
            width: 2, height: 2, x: Interval(1, 100), y: Interval(1, 100), xAxisScale: .log, yAxisScale: .log)
        // The narrowest column is the first (1…10, 9 wide); near 50 a column is 90 × (1 − 1/10).
        #expect(Tolerance.isClose(viewport.columnWidth, 9, relative: 1e-12))
        #expect(Tolerance.isClose(viewport.columnWidth(near: 50), 45, relative: 1e-12))
        #expect(Tolerance.isClose(viewport.rowHeight(near: 50), 45, relative: 1e-12))
        #expect(viewport.rowHeight(near: -1) == viewport.rowHeight)
        #expect(viewport.yBand.lower > 0 && viewport.yBand.upper > 100)
    }

    /// Every value of x^2 and of 1/x at the columns' edges lies in its column's pieces,
    /// and the pieces are tight (exact) for these smooth functions on log axes.
    @Test(arguments: ["x^2", "1/x", "sqrt(x)", "sin(x)+2"])
    func theColumnSamplerKeepsEveryValueOnLogAxes(expression: String) throws {
        let function = try ProgramFunction(program: Program(parsing: expression))
        let viewport = try Viewport(
            width: 60, height: 40, x: Interval(0.01, 100), y: Interval(1e-3, 1e4), xAxisScale: .log,
            yAxisScale: .log)
        let samples = ColumnSampler(function: function, viewport: viewport).sample()
        #expect(samples.count == 60)
        for sample in samples {
            let xs = (0...8).map { sample.x.lower + (sample.x.upper - sample.x.lower) * Double($0) / 8 }
            for (x, y) in zip(xs, function.values(at: xs)) where y.isFinite {
                #expect(sample.pieces.contains { $0.y.contains(y) }, "\(expression) at \(x) = \(y)")
            }
            #expect(sample.pieces.allSatisfy { $0.isExact }, "\(expression) in column \(sample.column)")
        }
    }

    @Test func theAutomaticRangeOfALogAxisIsByRatios() throws {
        let function = try ProgramFunction(program: Program(parsing: "x^2"))
        let range = AutomaticRange.yRange(
            for: function, x: Interval(0.1, 10), columns: 80, xAxisScale: .log, yAxisScale: .log)
        // 0.01…100 padded by 5% of its four decades each side.
        #expect(
            Tolerance.isClose(range.lower, 0.01 / pow(10, 0.2), relative: 1e-9)
                && Tolerance.isClose(range.upper, 100 * pow(10, 0.2), relative: 1e-9))
        let negative = try ProgramFunction(program: Program(parsing: "-x"))
        #expect(
            AutomaticRange.yRange(for: negative, x: Interval(1, 2), columns: 8, yAxisScale: .log) == Interval(0.1, 10))
    }

    /// `exp(x)` overflows beyond 709.8: the automatic top stops at 1e308, so the columns
    /// beyond the doubles lie wholly above the view and nothing is drawn there (not a
    /// faint row against the largest double).
    @Test func aFunctionThatOverflowsLeavesThroughTheTopOfALogAxis() throws {
        let function = try ProgramFunction(program: Program(parsing: "exp(x)"))
        let range = AutomaticRange.yRange(for: function, x: Interval(700, 720), columns: 60, yAxisScale: .log)
        #expect(range.upper == 1e308)
        let viewport = try Viewport(
            width: 60, height: 10, x: Interval(700, 720), y: range, xAxisScale: .linear, yAxisScale: .log)
        let columns = ColumnSampler(function: function, viewport: viewport).sample()
        let drawnBeyond = columns.filter { $0.x.lower > 709.8 && !$0.pieces.allSatisfy { $0.y.lower > range.upper } }
        #expect(drawnBeyond.isEmpty, "\(drawnBeyond.map(\.pieces))")
        #expect(columns.filter { $0.x.upper < 709 }.allSatisfy { $0.pieces.allSatisfy(\.isExact) })
    }
}
