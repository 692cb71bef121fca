import CalculatorBrain
import TestSupport
import Testing

@testable import Graphing

@Suite struct ViewportTests {
    @Test func rangesAndPixelsConvertBothWays() throws {
        let viewport = try Viewport(width: 80, height: 24, x: Interval(-10, 10), y: Interval(-1.5, 1.5))
        #expect(viewport.columnWidth == 0.25 && viewport.rowHeight == 0.125)
        #expect(viewport.x(atPixel: 0) == -10 && viewport.x(atPixel: 80) == 10)
        #expect(viewport.y(atPixel: 0) == 1.5 && viewport.y(atPixel: 24) == -1.5)
        #expect(viewport.pixelX(for: 0) == 40 && viewport.pixelY(for: 0) == 12)
        #expect(viewport.origin == (40, 12))
        #expect(viewport.columnInterval(79) == Interval(9.75, 10))
        #expect(viewport.xRange == Interval(-10, 10) && viewport.yRange == Interval(-1.5, 1.5))
        #expect(viewport.xScale == 4 && viewport.yScale == 8)
        for pixel in stride(from: 0.0, through: 80, by: 0.5) {
            #expect(Tolerance.isClose(viewport.pixelX(for: viewport.x(atPixel: pixel)), pixel, relative: 1e-12))
        }
    }

    @Test func scaleAndOriginAsInAGraphView() throws {
        let viewport = try Viewport(width: 200, height: 100, scale: 50, origin: (x: 100, y: 50))
        #expect(viewport.xRange == Interval(-2, 2) && viewport.yRange == Interval(-1, 1))
        #expect(viewport.origin == (100, 50))
        let offCentre = try Viewport(width: 100, height: 100, scale: 10, origin: (x: -50, y: 0))
        #expect(offCentre.xRange == Interval(5, 15) && offCentre.yRange == Interval(-10, 0))
    }

    @Test func densityKeepsTheRegion() throws {
        let cells = try Viewport(width: 80, height: 24, x: Interval(-10, 10), y: Interval(-2, 2))
        let dots = try cells.withDensity(horizontal: 2, vertical: 4)
        #expect(dots.width == 160 && dots.height == 96)
        #expect(dots.xRange == cells.xRange && dots.yRange == cells.yRange)
        #expect(dots.columnWidth == cells.columnWidth / 2)
        #expect(throws: GraphingError.invalidDensity(horizontal: 0, vertical: 1)) {
            try cells.withDensity(horizontal: 0, vertical: 1)
        }
        #expect(throws: GraphingError.invalidDensity(horizontal: 1000, vertical: 1)) {
            try cells.withDensity(horizontal: 1000, vertical: 1)
        }
    }

    @Test func zoomKeepsThePointUnderThePixel() throws {
        let viewport = try Viewport(width: 100, height: 100, x: Interval(0, 10), y: Interval(0, 10))
        let zoomed = try viewport.zoomed(by: 2, aboutPixel: (x: 20, y: 50))
        #expect(zoomed.x(atPixel: 20) == viewport.x(atPixel: 20))
        #expect(zoomed.y(atPixel: 50) == viewport.y(atPixel: 50))
        #expect(zoomed.xRange == Interval(1, 6) && zoomed.yRange == Interval(2.5, 7.5))
        let out = try viewport.zoomed(by: 0.5, aboutPixel: (x: 50, y: 50))
        #expect(out.xRange == Interval(-5, 15))
        #expect(throws: GraphingError.invalidZoom(0)) { try viewport.zoomed(by: 0, aboutPixel: (x: 0, y: 0)) }
        #expect(throws: GraphingError.self) { try viewport.zoomed(by: .nan, aboutPixel: (x: 0, y: 0)) }
        #expect(throws: GraphingError.self) { try viewport.zoomed(by: 1e300, aboutPixel: (x: 0, y: 0)) }
    }

    @Test func panMovesTheContentWithTheDrag() throws {
        let viewport = try Viewport(width: 100, height: 50, x: Interval(0, 10), y: Interval(0, 5))
        let panned = try viewport.panned(byPixels: 10, 5)
        #expect(panned.xRange == Interval(-1, 9) && panned.yRange == Interval(0.5, 5.5))
        #expect(throws: GraphingError.self) {
            try Viewport(width: 10, height: 10, x: Interval(0, 1e308), y: Interval(0, 1)).panned(byPixels: -1e10, 0)
        }
    }

    static let invalid: [(Int, Int, Double, Double, Double, Double, GraphingError)] = [
        (0, 10, 0, 1, 0, 1, .invalidSize(width: 0, height: 10)),
        (10, -1, 0, 1, 0, 1, .invalidSize(width: 10, height: -1)),
        (1_000_000, 10, 0, 1, 0, 1, .invalidSize(width: 1_000_000, height: 10)),
        (10, 10, 1, 1, 0, 1, .invalidRange(axis: "x", lower: 1, upper: 1)),
        (10, 10, 2, 1, 0, 1, .invalidRange(axis: "x", lower: 2, upper: 1)),
        (10, 10, 0, 1, -.infinity, 1, .invalidRange(axis: "y", lower: -.infinity, upper: 1)),
        (10, 10, -1e308, 1e308, 0, 1, .rangeTooWide(axis: "x", lower: -1e308, upper: 1e308)),
        (80, 10, 1e6, 1e6 + 1e-9, 0, 1, .rangeTooNarrow(axis: "x", lower: 1e6, upper: 1e6 + 1e-9)),
    ]

    @Test(arguments: invalid)
    func degenerateViewportsAreErrors(
        width: Int, height: Int, x0: Double, x1: Double, y0: Double, y1: Double, error: GraphingError
    ) {
        #expect(throws: error) { try Viewport(width: width, height: height, left: x0, right: x1, bottom: y0, top: y1) }
    }

    /// A column may hold a single double (issue 26): `sin(x)` on 1e15…1e15+100 at 800
    /// columns (an ulp of 0.125 each) is a viewport, and samples, each column exact.
    @Test func aColumnMayHoldOneDouble() throws {
        let viewport = try Viewport(width: 800, height: 500, x: Interval(1e15, 1e15 + 100), y: Interval(-1.2, 1.2))
        #expect(viewport.columnInterval(1).lower == 1e15 + 0.125)
        let function = try ProgramFunction(program: Program(parsing: "sin(x)"))
        let columns = ColumnSampler(function: function, viewport: viewport).sample()
        #expect(columns.count == 800 && columns.allSatisfy { $0.pieces.allSatisfy(\.isExact) })
        // Less than an ulp a pixel is still refused.
        #expect(throws: GraphingError.rangeTooNarrow(axis: "x", lower: 1e15, upper: 1e15 + 50)) {
            try Viewport(width: 800, height: 500, x: Interval(1e15, 1e15 + 50), y: Interval(-1.2, 1.2))
        }
    }

    @Test func notANumberIsAnError() {
        #expect(throws: GraphingError.self) {
            try Viewport(width: 10, height: 10, left: 0, right: 1, bottom: .nan, top: 1)
        }
        #expect(throws: GraphingError.self) { try Viewport(width: 10, height: 10, scale: .nan, origin: (0, 0)) }
    }

    @Test func badScalesAndOriginsAreErrors() {
        #expect(throws: GraphingError.invalidScale(0)) { try Viewport(width: 10, height: 10, scale: 0, origin: (0, 0)) }
        #expect(throws: GraphingError.invalidScale(-2)) {
            try Viewport(width: 10, height: 10, scale: -2, origin: (0, 0))
        }
        #expect(throws: GraphingError.invalidOrigin(x: .infinity, y: 0)) {
            try Viewport(width: 10, height: 10, scale: 1, origin: (.infinity, 0))
        }
    }

    @Test func messages() {
        #expect(
            GraphingError.invalidSize(width: 0, height: 24).description
                == "size 0×24 is outside 1…65536 pixels on each side")
        #expect(
            GraphingError.invalidRange(axis: "x", lower: 2, upper: 1).description
                == "x range 2:1 is empty or not finite; the first number must be the smaller")
        #expect(
            GraphingError.variableNotSet("M", plotting: "x").description
                == "variable 'M' has no value and is not the one plotted ('x')"
        )
    }
}
