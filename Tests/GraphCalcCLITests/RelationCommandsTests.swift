import Foundation
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Relations through the verbs: `sample`'s cells, `plot` and `svg` with relations and
/// functions in one figure, the note under a plot with undecided cells, and the errors.
@Suite struct RelationCommandsTests {
    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    @Test func sampleListsTheCellsNotExcludedAndTheTotals() {
        let point = Self.run("sample", "x^2+y^2=0", "--x", "-1:1", "--width", "3", "--height", "3")
        #expect(point.status == 0)
        #expect(
            point.output == """
                column,row,x0,x1,y0,y1,status
                1,1,-0.33333333333333337,0.33333333333333326,-0.33333333333333326,0.33333333333333337,proved
                # 1 proved, 0 undecided, 8 excluded

                """)
        // Rows counted from the top, as drawn: the region below y = sin(x) is at the bottom.
        let below = Self.run("sample", "y<sin(x)", "--x", "-3:3", "--width", "4", "--y", "-2:2", "--height", "2")
        #expect(below.output.hasSuffix("# 6 proved, 0 undecided, 2 excluded\n"), "\(below.output)")
        #expect(below.output.contains("\n0,1,-3,-1.5,-2,0,proved\n"))
    }

    @Test func plotDrawsRelationsAndFunctionsInOneFigure() {
        let run = Self.run(
            "plot", "x^2+y^2<4 and y>0", "sin(x)", "x*y=1", "--x", "-3:3", "--y", "-3:3", "--size", "50x14",
            "--mode", "ascii")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines[0].contains("* x^2+y^2<4 and y>0") && lines[0].contains("+ sin(x)") && lines[0].contains("x*y=1"))
    }

    @Test func aPlotWithUndecidedCellsSaysHowMuchWasDecided() {
        let run = Self.run("plot", "x^y=y^x", "--x", "0:5", "--size", "60x18", "--mode", "ascii")
        #expect(run.status == 0)
        #expect(run.error.contains("note: x^y=y^x: ") && run.error.contains("% of the cells decided"))
    }

    @Test func svgDrawsMergedCells() throws {
        let path = try temporaryDirectory("relation-svg").appendingPathComponent("circle.svg").path
        let run = Self.run("svg", "x^2+y^2=1", "y<x", "--x", "-2:2", "-o", path)
        #expect(run.status == 0, "\(run.error)")
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("<title>x²+y²=1</title>") && svg.contains("<title>y&lt;x</title>"))
        #expect(svg.utf8.count < 100_000)
    }

    @Test(arguments: [
        (
            ["sample", "x^2+y^2=r"],
            "variable 'r' is not set; give it a value with --set r=VALUE (a relation is drawn in x and y)"
        ),
        (["plot", "x<1 and z>2"], "variable 'z' is not set"),
        (["sample", "x<y", "--width", "4096", "--height", "4096"], "more cells than a relation is sampled on"),
    ])
    func aFreeVariableInARelationIsSaid(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status != 0)
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.error.split(separator: "\n").count <= 2)
    }

    /// explore draws relations beside functions, says what share is decided when not
    /// all is, and its trace names a relation rather than evaluating it.
    @Test func exploreDrawsRelations() throws {
        let frames = try Explore.frames(
            of: ["x^y=y^x", "sin(x)"], columns: 60, rows: 18, mode: .ascii, keys: "+t", x: Interval(0, 5))
        #expect(frames[0].lines.last?.contains("% decided") == true, "\(frames[0].lines.last ?? "")")
        #expect(frames[0].lines.joined().contains("*"))
        let traced = frames[2].lines.last ?? ""
        // The trace starts on the function, not the relation.
        #expect(traced.hasPrefix("x = ") && traced.contains(">sin(x) = "), "\(traced)")
        let circle = try Explore.frames(of: ["x^2+y^2=1"], columns: 60, rows: 18, mode: .braille, keys: "t")
        #expect(circle[0].lines.last?.contains("decided") == false)
        #expect(circle[1].lines.last?.contains("x^2+y^2=1: a relation, no single value") == true)
    }

    /// --trace names a relation as one (it has no single value at x), and the jumps of
    /// `if` are marked as floor's are.
    @Test func traceAndMarksWithRelationsAndIf() {
        let traced = Self.run("plot", "x^2+y^2=1", "sin(x)", "--trace", "0.5", "--size", "40x10")
        #expect(traced.error == "note: x²+y²=1 is a relation: --trace marks functions of x\n", "\(traced.error)")
        let steps = Self.run("plot", "if(x<1, 0, 1)", "--x", "-2:3", "--size", "50x12", "--mode", "braille")
        #expect(steps.output.contains("○") && steps.output.contains("●"), "\(steps.output)")
    }

    /// What a relation leaves unused is said: a value given to x or y, and --points.
    @Test func unusedValuesAndPointsAreSaid() {
        let run = Self.run("plot", "x^2+y^2=1", "--set", "y=3", "--points", "--size", "30x8")
        #expect(run.status == 0)
        #expect(
            run.error == """
                note: the value of y is not used by a relation, which is drawn in x and y
                note: --points marks the zeros, extrema and crossings of functions of x, not of relations

                """)
        #expect(Self.run("plot", "sin(x)", "--set", "y=3", "--points", "--size", "30x8").error.isEmpty)
    }

    /// A value of y set in the session is not taken for the relation's y (at y = 5,
    /// y = x would hold in neither cell).
    @Test func aRelationKeepsItsOwnY() {
        let run = Self.run("sample", "y=x", "--x", "-1:1", "--width", "2", "--height", "1", "--set", "y=5")
        #expect(run.output.hasSuffix("# 2 proved, 0 undecided, 0 excluded\n"), "\(run.output)")
    }
}
