import Foundation
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// `--xscale` and `--yscale` on the verbs that draw and sample, `set xscale` at the
/// prompt, explore's keys, and session files.
@Suite struct LogAxisCommandTests {
    private static func run(_ arguments: String...) -> CommandRun { CommandRun(arguments) }

    @Test func plotDrawsDecadesAndRefusesRangesThatReachZero() {
        let plot = Self.run(
            "plot", "x^2", "--x", "0.01:100", "--xscale", "log", "--yscale", "log", "--size", "60x14", "--mode",
            "ascii")
        #expect(plot.status == 0, "\(plot.error)")
        let axis = plot.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(axis.contains("0.01") && axis.contains("0.1") && axis.contains("100"), "\(plot.output)")
        let reaching = Self.run("plot", "x", "--x", "-1:10", "--xscale", "log")
        #expect(reaching.status == 2)
        #expect(
            reaching.error.hasPrefix(
                "error: --x -1:10 reaches 0 or below, which a log x axis cannot show; give a range above 0"))
        let y = Self.run("svg", "x", "--y", "0:1", "--yscale", "log", "-o", "-")
        #expect(y.status == 2 && y.error.contains("--y 0:1 reaches 0 or below, which a log y axis cannot show"))
        let bad = Self.run("plot", "x", "--xscale", "ln")
        #expect(bad.status == 2 && bad.error.hasPrefix("error: --xscale takes linear or log, not 'ln'"))
        let scaled = Self.run("plot", "x", "--xscale", "log", "--scale", "4", "--origin", "1,1")
        #expect(scaled.status == 2 && scaled.error.contains("cannot be used with a log axis"))
    }

    /// Values at or below 0 are off a log y axis: no error, nothing drawn for them.
    @Test func valuesAtOrBelowZeroAreOffALogAxis() {
        let plot = Self.run(
            "plot", "sin(x)", "--x", "0:10", "--yscale", "log", "--size", "50x10", "--mode", "ascii", "--no-legend")
        #expect(plot.status == 0 && plot.error.isEmpty, "\(plot.error)")
        let sampled = Self.run("sample", "x-5", "--x", "0:10", "--y", "0.1:10", "--yscale", "log", "--width", "2")
        let rows = sampled.output.split(separator: "\n").dropFirst().map { $0.split(separator: ",").map(String.init) }
        // Column 0 (x 0…5) holds -5…0 and nothing above 0; column 1 holds 0…5.
        #expect(rows.count == 2, "\(sampled.output)")
        #expect(rows.first?[3] == "-5" && rows.last?[4] == "5", "\(sampled.output)")
    }

    /// A function with nothing above 0 in view leaves a log y axis empty: said, not a puzzle.
    @Test func anEmptyLogAxisIsExplained() {
        let empty = Self.run("plot", "-x^2", "--yscale", "log", "--size", "40x8", "--mode", "ascii")
        #expect(empty.status == 0)
        #expect(
            empty.error
                == "note: −x^2 is at or below 0 wherever it was sampled in view; a log y axis shows values above 0 only\n"
        )
        let shown = Self.run("svg", "x^2", "-x^2", "--yscale", "log", "-o", "-")
        #expect(
            shown.status == 0 && shown.error.contains("−x^2 is at or below 0") && !shown.error.contains("note: x^2"))
        #expect(Self.run("plot", "x^2", "--yscale", "log", "--size", "40x8", "--mode", "ascii").error.isEmpty)
    }

    @Test func sampleAndTablePrintTheRealColumnEdgesAndRatios() {
        let sample = Self.run(
            "sample", "x", "--x", "1:1000", "--width", "3", "--y", "1:1000", "--height", "3", "--xscale", "log",
            "--yscale", "log")
        #expect(
            sample.output == """
                column,x0,x1,ymin,ymax,exact,wmin,wmax
                0,1,10,1,10,1,1,10
                1,10,100,10,100,1,10,100
                2,100,1000,100,1000,1,100,1000

                """, "\(sample.output)")
        let table = Self.run("table", "log(x)", "--x", "1:1e6", "--count", "7", "--xscale", "log")
        #expect(
            table.output == "x,y\n1,0\n10,1\n100,2\n1000,3\n10000,4\n100000,5\n1000000,6\n")
        let stepped = Self.run("table", "x", "--x", "2:2000", "--step", "10", "--xscale", "log")
        #expect(stepped.output == "x,y\n2,2\n20,20\n200,200\n2000,2000\n", "\(stepped.output)")
        let refused = Self.run("table", "x", "--x", "0:1", "--xscale", "log")
        #expect(refused.status == 2 && refused.error.contains("reaches 0 or below"))
        let shrinking = Self.run("table", "x", "--x", "1:10", "--step", "0.5", "--xscale", "log")
        #expect(
            shrinking.error.hasPrefix("error: --step with --xscale log multiplies x: give a factor above 1, not 0.5\n"))
        let tiny = Self.run("table", "x", "--x", "1:10", "--step", "1+1e-12", "--xscale", "log")
        #expect(tiny.error.hasPrefix("error: --step 1+1e-12 makes more than 10000000 rows; give a larger factor\n"))
    }

    @Test func setXscaleAtThePromptMovesTheViewAboveZeroAndSaysSo() throws {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        let directory = try temporaryDirectory("log-session")
        let file = directory.appendingPathComponent("s.plist").path
        _ = repl.run(
            reader: ScriptedLineReader(
                [
                    "set xscale log", "set yscale log", "view x 1:1000 y 0.01:100", "save session \(file)",
                    "set xscale linear", "load \(file)", "scale 4",
                ].map(LineInput.line)))
        #expect(console.output.contains("a log axis shows values above 0 only: the view moved to 0.1:10"))
        #expect(console.error.contains("scale sets a linear view; set xscale linear and set yscale linear first"))
        let view = repl.session.view
        #expect(view.xScale == .log && view.yScale == .log)
        #expect(view.x == Interval(1, 1000) && view.y == Interval(0.01, 100))
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("<key>xScale</key>") && text.contains("<string>log</string>"))
    }

    @Test func settingTyposAreNamedNotTakenForVariables() {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        _ = repl.run(
            reader: ScriptedLineReader(["set digit 6", "set angel deg", "set M 5", "set digits"].map(LineInput.line)))
        #expect(console.error.contains("unknown setting 'digit' — did you mean 'digits'?"))
        #expect(console.error.contains("unknown setting 'angel' — did you mean 'angle'?"))
        #expect(console.error.contains("set digits needs a value: digits is auto"))
        #expect(repl.session.brain.variableValues == ["M": 5])
        #expect(
            Setting.allCases.map(\.name) == [
                "angle", "digits", "mode", "grid", "markers", "theme", "size", "var", "xscale", "yscale",
            ])
    }

    @Test func exploreKeysSwitchAnAxisToLogAndZoomByRatios() throws {
        let functions = [ResolvedFunction(program: try .init(parsing: "x^2"), label: "x^2")]
        var state = ExploreState(
            functions: functions, variable: "x", values: [:], x: Interval(-10, 10), y: nil, columns: 80,
            rows: 25, mode: .ascii)
        _ = state.handle(.key(.character("x")))
        #expect(state.xScale == .log && state.x == Interval(0.1, 10))
        #expect(ExploreFrame.status(state).hasPrefix("x 0.1:10 log  y auto"))
        _ = state.handle(.key(.character("+")))
        // About the middle (1) by ratios: 10^-0.5 … 10^0.5.
        #expect(
            Tolerance.isClose(state.x.lower, pow(10, -0.5), relative: 1e-12)
                && Tolerance.isClose(state.x.upper, pow(10, 0.5), relative: 1e-12))
        _ = state.handle(.key(.character("0")))
        #expect(state.xScale == .linear && state.x == Interval(-10, 10))
        let frame = ExploreFrame(state)
        #expect(frame.lines.count == 25)
    }
}
