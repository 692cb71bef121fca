import Foundation
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Parametric and polar curves through the verbs, the prompt and the live view, and the
/// sliders that move a variable.
@Suite struct CurveCommandsTests {
    static let snapshots = GoldenFile.snapshots(besides: #filePath)

    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    private static func prompt(_ lines: [String]) -> (status: Int32, output: String, error: String) {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        let status = repl.run(reader: ScriptedLineReader(lines.map(LineInput.line)))
        return (status, console.output, console.error)
    }

    @Test func plotDrawsCurvesWholeWithEqualUnits() {
        let run = Self.run(
            "plot", "(sin(3t), sin(4t))", "r = 1+cos(θ)", "--aspect", "equal", "--size", "60x20", "--mode", "ascii")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        GoldenFile.expectMatch(run.output, name: "curves-ascii.txt", directory: Self.snapshots)
    }

    @Test func svgDrawsCurvesAsPathsBrokenAtPoles() throws {
        let run = Self.run("svg", "(t, tan(t))", "--y", "-5:5", "-o", "-")
        #expect(run.status == 0)
        // Three branches of tan over one turn: three paths, none joining across a pole.
        let paths = run.output.components(separatedBy: "<path d=\"").dropFirst()
        let curve = try #require(paths.first { $0.contains("L") }?.prefix { $0 != "\"" })
        #expect(curve.components(separatedBy: "M").count - 1 == 3, "\(curve.prefix(300))")
    }

    @Test func sampleEnclosesTheCurveOverEachInterval() throws {
        let run = Self.run("sample", "(cos(t), sin(t))", "--width", "8", "--height", "8")
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n")
        #expect(lines.first == "t0,t1,xmin,xmax,ymin,ymax")
        #expect(lines.last?.hasPrefix("# ") == true && lines.last?.contains("intervals; cells:") == true)
        // Every row encloses the circle at its interval's middle.
        for line in lines.dropFirst().dropLast() {
            let numbers = line.split(separator: ",").compactMap { Double($0) }
            try #require(numbers.count == 6)
            let t = (numbers[0] + numbers[1]) / 2
            #expect(numbers[2] <= cos(t) && cos(t) <= numbers[3] && numbers[4] <= sin(t) && sin(t) <= numbers[5])
        }
        #expect(lines.count > 8)
    }

    @Test(arguments: [
        (["plot", "(cos(s), sin(s))"], "variable 's' is not set; give it a value with --set s=VALUE"),
        (["plot", "(cos(t), sin(t))", "--t", "2:1"], "--t 2:1: the range is empty"),
        (["plot", "r = θ", "--theta", "0:x"], "--theta"),
        (["plot", "(cos(t), sin(t))", "--t", "-1e308:1e308"], "--t -1e308:1e308: the range must be finite"),
        (["plot", "(cos(t), sin(t))", "--aspect", "round"], "--aspect takes equal or auto, not 'round'"),
        (["plot", "(sqrt(-1-t^2), t)"], "(√(−1−t²), t) has no point for t from 0 to 6.28319"),
        (["plot", "(1, 2)+3"], "a point (x, y) at 1 has two coordinates, so it must be a whole expression"),
        (["explore", "a*sin(x)", "--slider", "a=5:0"], "--slider a=5:0: the range is empty"),
        (["explore", "a*sin(x)", "--slider", "a=0:5:9"], "the step must be above 0 and at most the range's width"),
        (["explore", "a*sin(x)", "--slider", "2a=0:5"], "'2a' is not a valid variable name"),
    ])
    func badCurvesAndSlidersAreSaid(arguments: [String], message: String) {
        let run = CommandRun(arguments)
        #expect(run.status != 0)
        #expect(run.error.contains(message), "\(run.error)")
        // The message, and for an expression the text and a caret under the place.
        #expect(run.error.split(separator: "\n").count <= 3, "\(run.error)")
    }

    @Test func evalGivesAPointsCoordinates() {
        #expect(Self.run("eval", "(cos(t), 2t)", "--set", "t=0").output == "(1, 0)\n")
    }

    @Test func namedCurvesTraceSaveAndLoad() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curves-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("s.plist").path
        let result = Self.prompt([
            "c(t) = (cos(t), 2sin(t))", "c(0)", "plot c --size 40x10 --mode ascii", "trace t=0", "trace 1",
            "slider a 0:5:0.5", "save session \(file)", "clear", "unset c", "slider a off", "load \(file)", "c(pi)",
            "slider",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("(1, 0)\n"))
        #expect(
            result.output.contains("c(t) = (cos(t), 2×sin(t)) at t = 0: (1, 0), tangent (0, 2)"), "\(result.output)")
        #expect(result.output.contains("is a curve: trace it along its parameter"))
        #expect(result.output.contains("(-1, 2.4492935982947064e-16)"))
        #expect(result.output.contains("a 0:5 step 0.5, at 0"), "\(result.output)")
    }

    // MARK: - The live view

    @Test func slidersMoveAVariableAndRedraw() throws {
        let slider = Slider(name: "a", range: Interval(0, 3), step: 1, value: 1)
        let frames = try Explore.frames(
            of: ["a*sin(x)"], columns: 60, rows: 14, mode: .ascii, keys: "]]][", x: Interval(-4, 4), sliders: [slider])
        let status = frames.map { $0.lines.last ?? "" }
        #expect(status[0].hasPrefix("a=1  x -4:4"), "\(status[0])")
        #expect(status[1].hasPrefix("a=2  ") && status[2].hasPrefix("a=3  ") && status[3].hasPrefix("a=3  "))
        #expect(status[4].hasPrefix("a=2  "))
        GoldenFile.expectMatch(
            frames[0].lines.joined(separator: "\n") + "\n", name: "explore-slider-start.txt", directory: Self.snapshots)
        GoldenFile.expectMatch(
            frames[2].lines.joined(separator: "\n") + "\n", name: "explore-slider-moved.txt", directory: Self.snapshots)
        // The graph itself changed with a.
        #expect(frames[0].lines.dropLast() != frames[2].lines.dropLast())
    }

    @Test func keysChooseTheSliderAndSpacePlaysIt() throws {
        let sliders = [Slider(name: "a", range: Interval(0, 1), step: 0.25), Slider(name: "b", range: Interval(1, 3))]
        let chosen = try Explore.frames(
            of: ["a*x+b"], columns: 60, rows: 10, mode: .ascii, keys: "2]", sliders: sliders)
        #expect(chosen[2].lines.last?.hasPrefix("a=0 >b=1.04  ") == true, "\(chosen[2].lines.last ?? "")")
        // Five frames of 1/30 s at a step a frame: 0.25 up each, bouncing at 1.
        let played = try Explore.frames(
            of: ["a*x+b"], columns: 60, rows: 10, mode: .ascii, keys: " ", sliders: sliders, ticks: 6)
        let values = played.compactMap { $0.lines.last?.split(separator: " ").first.map(String.init) }
        #expect(values == [">a=0", ">a=0", ">a=0", ">a=0.25", ">a=0.5", ">a=0.75", ">a=1", ">a=0.75"], "\(values)")
        #expect(played.last?.lines.last?.contains("b=1 playing  ") == true)
    }

    @Test func theTraceWalksACurveAlongT() throws {
        let frames = try Explore.frames(
            of: ["(cos(t), sin(t))"], columns: 60, rows: 14, mode: .ascii, keys: "t\u{1B}[C", x: Interval(-2, 2))
        let started = frames[1].lines.last ?? "", moved = frames[2].lines.last ?? ""
        #expect(started.hasPrefix("t = 3.14159  (cos(t), sin(t)) = (-1, 1.22465e-16)  tangent"), "\(started)")
        #expect(moved.hasPrefix("t = 3.17301  "), "\(moved)")
        // The marker's label is drawn on the curve's point.
        #expect(frames[2].lines.joined().contains("(-0.999507, -0.0314108)"))
    }
}
