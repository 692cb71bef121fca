import CalculatorBrain
import Foundation
import GraphCalcSupport
import Graphing
import TestSupport
import Testing

@testable import Plotting

/// Relations drawn as figure layers: golden terminal plots of the hard cases, the SVG's
/// merged rectangles, and relations mixed with functions in one figure. Record the
/// goldens deliberately with `GRAPHCALC_RECORD=1 swift test --filter RelationPlotTests`
/// (which fails), and read the diff.
@Suite struct RelationPlotTests {
    private static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    /// A figure of each expression: a relation layer for a relation, else a function.
    static func figure(_ expressions: [String], x: Interval, y: Interval? = nil) throws -> Figure {
        let layers: [any FigureLayer] = try expressions.map { expression in
            let program = try Program(parsing: expression)
            if Relation.isRelation(program) {
                return RelationLayer(try Relation(program: program), label: program.description)
            }
            return FunctionLayer(try ProgramFunction(program: program), label: program.description)
        }
        return Figure(layers: layers, x: x, y: y)
    }

    static let cases: [(String, [String], TerminalPlot.Mode, Interval, Interval)] = [
        ("relation-circle-braille", ["x^2+y^2=1"], .braille, Interval(-2, 2), Interval(-1.5, 1.5)),
        ("relation-heart-braille", ["(x^2+y^2-1)^3=x^2*y^3"], .braille, Interval(-1.5, 1.5), Interval(-1.2, 1.5)),
        ("relation-crossing-braille", ["sin(x)=cos(y)"], .braille, Interval(-7, 7), Interval(-5, 5)),
        ("relation-below-sine-ascii", ["y<sin(x)"], .ascii, Interval(-7, 7), Interval(-2, 2)),
        ("relation-half-disc-ascii", ["x^2+y^2<4 and y>0", "sin(x)"], .ascii, Interval(-3, 3), Interval(-3, 3)),
        ("relation-steps-ascii", ["floor(x)=floor(y)"], .ascii, Interval(-3, 3), Interval(-3, 3)),
        ("relation-x-pow-y-braille", ["x^y=y^x"], .braille, Interval(0, 5), Interval(0, 5)),
        ("relation-hyperbola-ascii", ["x*y=1", "x^2=y^2"], .ascii, Interval(-3, 3), Interval(-3, 3)),
    ]

    @Test(arguments: cases)
    func matchesItsGoldenFile(
        name: String, expressions: [String], mode: TerminalPlot.Mode, x: Interval, y: Interval
    ) throws {
        let lines = try TerminalPlot(mode: mode, isColored: false, width: 64, height: 20)
            .render(Self.figure(expressions, x: x, y: y))
        GoldenFile.expectMatch(lines.joined(separator: "\n") + "\n", name: name + ".txt", directory: Self.snapshots)
        if mode == .ascii { #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }) }
    }

    /// An SVG of relations against its golden file: merged rectangles, a lighter path
    /// for undecided cells, and the `<desc>` that says how much was decided.
    @Test func anSVGOfRelationsMatchesItsGoldenFile() throws {
        let program = try Program(parsing: "x^y=y^x")
        var figure = try Self.figure(["x^2+y^2<4 and y>0", "x*y=1"], x: Interval(-3, 3), y: Interval(-3, 3))
        var partial = RelationLayer(try Relation(program: program), label: program.description)
        partial.budget = 3_000
        figure.layers.append(partial)
        let svg = try SVGPlot(width: 240, height: 180).render(figure)
        GoldenFile.expectMatch(svg, name: "relation-figure.svg", directory: Self.snapshots)
        #expect(svg.contains("<desc>x^y=y^x: ") && svg.contains("class=\"undecided\" fill-opacity=\"0.35\""))
    }

    /// One point: the ASCII cell holding (0, 0) and nothing else, legend `x²+y²=0`.
    @Test func aSinglePointIsOneCell() throws {
        var figure = try Self.figure(["x^2+y^2=0"], x: Interval(-1, 1), y: Interval(-1, 1))
        figure.showsAxes = false
        let lines = try TerminalPlot(mode: .ascii, isColored: false, width: 21, height: 12).render(figure)
        #expect(lines[0].contains("x^2+y^2=0"))
        let plot = lines.dropFirst().joined()
        #expect(plot.count { $0 == "*" } == 1, "\(lines.joined(separator: "\n"))")
        let braille = try TerminalPlot(mode: .braille, isColored: false, width: 21, height: 12).render(figure)
        #expect(braille[0].contains("x²+y²=0"))
    }

    /// Undecided cells are faint: `:` on every other cell in ASCII.
    @Test func undecidedCellsAreFaint() throws {
        let program = try Program(parsing: "sin(x^2+y^2)=0")
        var layer = RelationLayer(try Relation(program: program), label: program.description)
        layer.budget = 2_000
        var figure = Figure(layers: [layer], x: Interval(-10, 10), y: Interval(-10, 10))
        figure.showsAxes = false
        figure.showsLegend = false
        let plot = TerminalPlot(mode: .ascii, isColored: false, width: 40, height: 12)
        let drawing = try plot.renderWithView(figure)
        #expect(drawing.lines.joined().contains(":"))
        #expect(drawing.undecided.count == 1 && drawing.undecided[0].decided < 1)
    }

    /// Proved cells become merged rectangles: a circle's graph stays small.
    @Test func anSVGOfACircleIsSmallAndMergesItsCells() throws {
        let figure = try Self.figure(["x^2+y^2=1"], x: Interval(-2, 2), y: Interval(-2, 2))
        let svg = try SVGPlot(width: 800, height: 500).render(figure)
        #expect(svg.utf8.count < 100_000, "\(svg.utf8.count) bytes")
        #expect(svg.contains("<g class=\"relation\"") && svg.contains("<title>x²+y²=1</title>"))
        #expect(svg.contains("class=\"proved\"") && !svg.contains("class=\"undecided\""))
        #expect(!svg.contains("<desc>"))
        // A disc: far fewer rectangles than cells.
        let disc = try SVGPlot(width: 800, height: 500).render(
            Self.figure(["x^2+y^2<1"], x: Interval(-2, 2), y: Interval(-2, 2)))
        #expect(disc.components(separatedBy: "z").count < 1_000)
    }

    @Test func rectanglesCoverExactlyTheCells() {
        let statuses: [CellStatus] = [
            .proved, .proved, .excluded, .proved,
            .proved, .proved, .excluded, .undecided,
            .excluded, .proved, .proved, .proved,
        ]
        let sample = CellSample(columns: 4, rows: 3, statuses: statuses)
        let rectangles = SVGPlot.Document.rectangles(of: sample, where: .proved)
        var covered = Set<Int>()
        for rectangle in rectangles {
            for row in rectangle.top..<(rectangle.top + rectangle.height) {
                for column in rectangle.left..<(rectangle.left + rectangle.width) {
                    #expect(covered.insert(row * 4 + column).inserted, "cell \(column),\(row) twice")
                }
            }
        }
        #expect(covered == Set(statuses.indices.filter { statuses[$0] == .proved }))
        #expect(rectangles.count == 3)
    }

    @Test func theLegendWritesSmallPowersAsSuperscripts() {
        #expect(RelationLayer.superscripted("x^2+y^3=1") == "x²+y³=1")
        #expect(RelationLayer.superscripted("x^2.5=y^23") == "x^2.5=y^23")
        #expect(RelationLayer.superscripted("(x+1)^2<y^2") == "(x+1)²<y²")
    }

    @Test func aRelationAsksForAsMuchUpAsAcross() throws {
        var figure = try Self.figure(["x^2+y^2=1"], x: Interval(-3, 3))
        #expect(figure.yRange(columns: 80) == Interval(-3, 3))
        // On a log x axis too (found by a new user's trial: y was −1…1).
        figure.x = Interval(0.1, 10)
        figure.xScale = .log
        #expect(figure.yRange(columns: 80) == Interval(0.1, 10))
        figure.yScale = .log
        #expect(figure.yRange(columns: 80) == Interval(0.1, 10))
    }

    /// A layer of fixed cells, for drawing tests.
    private struct FixedCells: FigureLayer {
        let label = "fixed"
        let statuses: @Sendable (Int, Int) -> CellStatus
        func automaticYRange(x: Interval, columns: Int, xScale: AxisScale, yScale: AxisScale) -> Interval? { nil }
        func mayHaveValue(x: Interval, columns: Int, xScale: AxisScale) -> Bool { true }
        func drawn(
            in viewport: Viewport, as geometry: Scene.Geometry, style: Palette.Style, marksDiscontinuities: Bool
        ) -> Scene.Layer {
            let cells = (0..<viewport.height).flatMap { row in (0..<viewport.width).map { statuses($0, row) } }
            return Scene.Layer(
                label: label, style: style,
                geometry: .cells(CellSample(columns: viewport.width, rows: viewport.height, statuses: cells)),
                marks: [])
        }
        func value(at x: Double) -> Double? { nil }
    }

    /// An undecided cell alone is drawn whatever its place in the faint pattern (found by
    /// a new user's trial: one at an odd place vanished); in a run, every other one is.
    @Test(arguments: [(3, 2), (4, 2)])
    func aLoneUndecidedCellIsDrawn(column: Int, row: Int) throws {
        var figure = Figure(
            layers: [FixedCells { $0 == column && $1 == row ? .undecided : ($1 == 0 ? .undecided : .excluded) }],
            x: Interval(0, 1), y: Interval(0, 1))
        figure.showsAxes = false
        figure.showsLegend = false
        let lines = try TerminalPlot(mode: .ascii, isColored: false, width: 8, height: 4).render(figure)
        #expect(Array(lines[row])[column] == ":", "\(lines)")
        #expect(lines[0] == ": : : : ", "\(lines)")
    }

    /// Relations are drawn before functions, so a region never hides a curve.
    @Test func aRegionDoesNotHideACurve() throws {
        var figure = try Self.figure(["sin(x)", "y<2"], x: Interval(-3, 3), y: Interval(-3, 3))
        figure.showsAxes = false
        figure.showsLegend = false
        let lines = try TerminalPlot(mode: .ascii, isColored: false, width: 30, height: 10).render(figure)
        #expect(lines.joined().contains("*") && lines.joined().contains("+"), "\(lines.joined(separator: "\n"))")
        let svg = try SVGPlot(width: 300, height: 200).render(figure)
        let region = try #require(svg.range(of: "class=\"relation\"")),
            curve = try #require(svg.range(of: "class=\"curve\""))
        #expect(region.lowerBound < curve.lowerBound)
    }

    /// ASCII legends spell the comparisons out: `x<=y`, not `x?y`.
    @Test func asciiLegendsSpellComparisons() throws {
        let lines = try TerminalPlot(mode: .ascii, isColored: false, width: 60, height: 8).render(
            Self.figure(["x<=y", "x!=y", "x^3>=y"], x: Interval(-1, 1)))
        #expect(lines[0].contains("x<=y") && lines[0].contains("x!=y") && lines[0].contains("x^3>=y"), "\(lines[0])")
    }
}
