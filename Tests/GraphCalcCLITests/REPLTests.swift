import Foundation
import GraphCalcSupport
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The REPL driven through its line protocol.
@Suite struct REPLTests {
    private struct Session {
        let status: Int32
        let output: String
        let error: String
        let repl: REPL
        let prompts: [String]
    }

    private static func run(_ lines: [String], interactive: Bool = false) -> Session {
        run(lines.map(LineInput.line), interactive: interactive)
    }

    private static func run(_ inputs: [LineInput], interactive: Bool = false) -> Session {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: interactive)
        let reader = ScriptedLineReader(inputs)
        let status = repl.run(reader: reader)
        return Session(
            status: status, output: console.output, error: console.error, repl: repl, prompts: reader.prompts)
    }

    @Test func aViewAtTheEndsOfTheDoublesRedrawsWithoutTrapping() {
        // This view once trapped in NiceTicks.label (an infinite tick step).
        let session = Self.run(["plot x --size 30x8 --mode ascii", "view x 0:1 y 0:1.5e308", "view x -1e308:1e308"])
        #expect(session.output.contains("view: x 0:1, y 0:1.5e+308"), "\(session.output)")
        #expect(session.error == "error: line 3: x range -1e+308:1e+308 is wider than a double can hold\n")
    }

    /// A function of two variables: defined, called, drawn as a relation of it, saved and
    /// loaded with its parameters; plotting it by its name says how to draw it.
    @Test func aFunctionOfTwoVariables() throws {
        let path = try temporaryDirectory("two-variables").appendingPathComponent("session.plist").path
        let session = Self.run([
            "f(x, y) = x^2 + y^2", "f(1, 2)", "plot 'f(x, y) = 4' --size 30x8 --mode ascii", "plot f",
            "save session \(path)", "unset f", "load \(path)", "f(2, 3)",
        ])
        // A called function's own y is the session's, not the relation's (found by review).
        let captured = Self.run(["y = 2", "g(t) = t*y", "sample 'g(x)=1' --x 0:1 --width 4 --height 1"])
        #expect(captured.output.hasSuffix("# 2 proved, 0 undecided, 2 excluded\n"), "\(captured.output)")
        // `==` at the prompt compares (found by review: it was read as an assignment).
        let compared = Self.run(["x = 1", "x == 1", "x == 2"])
        #expect(compared.output == "x = 1\n1\n0\n" && compared.error.isEmpty, "\(compared.output)\(compared.error)")
        let traced = Self.run(["plot 'x^2+y^2=1' sin(x) --size 30x8", "trace 0.5"])
        #expect(traced.output.contains("x^2+y^2=1 is a relation: trace follows functions of x\nsin(x) at x = 0.5: "))
        #expect(session.output.hasPrefix("f(x, y) = x^2 + y^2\n5\n"), "\(session.output)")
        #expect(session.output.contains("* x^2+y^2=4"))
        #expect(session.output.hasSuffix("1 function, 0 variables\n13\n"), "\(session.output)")
        #expect(
            session.error
                == "error: line 4: f is a function of 2 variables; plot a relation of it, such as 'f(x, y) = 1'\n")
    }

    @Test func pushShowsTheDescriptionAndValue() {
        let session = Self.run(["push 3 5 + √", "push 2 ×", "undo", "describe", "program", "clear", "describe"])
        #expect(session.status == 0)
        #expect(
            session.output == """
                √(3+5) = 2.8284271247461903
                √(3+5)×2 = 5.656854249492381
                √(3+5), 2 = 2
                √(3+5), 2
                [3.0, 5.0, "+", "√", 2.0]
                cleared
                (empty)

                """)
    }

    @Test func missingOperandsAreAStateNotAnError() {
        let session = Self.run(["push 3 +"])
        #expect(session.status == 0)
        #expect(session.output == "?+3 has no value: not enough operands for +\n")
    }

    @Test func variables() {
        let session = Self.run([
            "set M = 2", "set x 2*pi", "M*4", "→K", "store L", "vars", "unset K L", "vars", "push M x ×",
        ])
        #expect(session.status == 0)
        #expect(
            session.output == """
                M = 2
                x = 6.283185307179586
                8
                K = 8
                L = 8
                K = 8
                L = 8
                M = 2
                x = 6.283185307179586
                ans = 8
                M = 2
                x = 6.283185307179586
                ans = 8
                M×x = 12.566370614359172

                """)
        #expect(session.repl.brain.variableValues == ["M": 2, "x": 2 * .pi])
    }

    @Test func scriptsNameTheLineOfEachErrorAndGoOn() {
        let session = Self.run(["1+1", "2+", "3+3", "1/0", "set 2x = 1", "frob 3"])
        #expect(session.status == 1)
        #expect(session.output == "2\n6\n")
        #expect(
            session.error == """
                error: line 2: unexpected end of expression at 3: expected a number, name or '('
                  2+
                    ^
                error: line 4: division by zero in ÷
                error: line 5: '2x' is not a valid variable name
                error: line 6: unknown command 'frob'; type help for the commands

                """)
        #expect(session.prompts.allSatisfy { $0.isEmpty })
    }

    @Test func interactiveSessionsPromptAndNeverFail() {
        let session = Self.run(
            [.line("1+"), .interrupted, .line("2*3"), .line("quit"), .line("never read")], interactive: true)
        #expect(session.status == 0)
        #expect(session.output.hasPrefix("graphcalc 0.1.0"))
        #expect(session.output.hasSuffix("6\n"))
        #expect(session.error.hasPrefix("error: unexpected end of expression"))
        #expect(session.prompts == ["graphcalc> ", "graphcalc> ", "graphcalc> ", "graphcalc> "])
    }

    @Test func commandLineVerbsWorkAtThePrompt() {
        let session = Self.run(["eval 1+1", "describe '2*(x+1)'", "table x^2 --x 0:1 --count 2", "eval"])
        #expect(session.output == "2\n2×(x+1)\nx,y\n0,0\n1,1\n")
        #expect(session.error.hasPrefix("error: line 4: missing EXPR or FILE.plist"))
    }

    @Test func plotsTheProgramOrTheExpressionsGiven() {
        let program = Self.run(["push x sin x cos", "plot --size 40x10 --mode ascii --no-axes --no-legend"])
        let lines = program.output.split(separator: "\n").dropFirst()
        #expect(lines.count == 10 && lines.allSatisfy { $0.count == 40 })
        #expect(program.output.contains("*") && program.output.contains("+"))
        let given = Self.run(["plot 'x^2' --size 40x10 --mode ascii"])
        #expect(given.output.contains("* x^2"))
        let nothing = Self.run(["plot"])
        #expect(nothing.error.hasPrefix("error: line 1: nothing to plot"))
    }

    @Test func theViewPersistsBetweenPlotsAndRedraws() throws {
        let session = Self.run([
            "view x 0:4 y -1:3", "plot x --size 40x8 --mode ascii", "zoom 2", "pan 1 0", "zoom 2 at 0,0", "view y auto",
            "scale 8", "origin 2,3", "view", "reset", "pan 0 1",
        ])
        #expect(session.error.isEmpty)
        #expect(session.output.contains("view: x 0:4, y -1:3"))
        #expect(session.output.contains("\n   0                 2                4 \n"))
        // The y axis at x = 0 is the frame's left edge: no second line beside it.
        #expect(!session.output.contains("||"))
        #expect(session.output.contains("view: x 1:3, y 0:2"))
        #expect(session.output.contains("view: x 2:4, y 0:2"))
        #expect(session.output.contains("view: x 1:2, y 0:1"))
        #expect(session.output.contains("view: x 1:2, y automatic"))
        #expect(session.output.contains("(8 columns per unit)"))
        #expect(session.output.contains("(8 columns per unit, origin at cell 2,3)"))
        #expect(session.output.contains("view reset to x -10:10, y automatic"))
        // Every view change redrew the plot, at the size and mode it was drawn in.
        let frames = session.output.components(separatedBy: "   * x").count - 1
        #expect(frames == 9)
        // Panning in y fixes the automatic y range where it was drawn.
        let view = session.repl.session.view
        #expect(!view.isYAutomatic)
        #expect(view.x == Interval(-10, 10))
    }

    /// The bugs the session model fixed, as a user typed them: after scale and origin,
    /// zoom zooms that view (not the old -10…10) and pan moves it.
    @Test func zoomAndPanActOnTheViewShown() throws {
        let session = Self.run(["scale 10", "origin 5,5", "zoom 2", "pan 1 0"])
        #expect(session.error.isEmpty)
        let view = session.repl.session.view
        // 72 × 19 cells: scale 10 with (0,0) at cell (5,5) shows x -0.5…6.7, y -2.8…1;
        // zoom 2 about the middle (3.1, -0.9) halves that; pan 1 0 moves it a unit right.
        let expected: [(Double, Double)] = [
            (view.x.lower, 2.3), (view.x.upper, 5.9), (view.viewport.yRange.lower, -1.85),
            (view.viewport.yRange.upper, 0.05), (view.columnsPerUnit ?? 0, 20),
        ]
        for (actual, wanted) in expected {
            #expect(Tolerance.isClose(actual, wanted, relative: 1e-9), "\(actual) is not \(wanted)")
        }
        #expect(view.fit == .scaleAboutOrigin)
    }

    /// view y C:D after a scale keeps the x the scale showed; export writes that view.
    @Test func viewYAfterAScaleKeepsXAndExportUsesTheView() throws {
        let directory = try temporaryDirectory("export")
        let svg = directory.appendingPathComponent("v.svg").path
        let session = Self.run(["scale 36", "plot x --size 80x24 --mode ascii", "view y 0:1", "export \(svg)"])
        #expect(session.error.isEmpty)
        let view = session.repl.session.view
        #expect(view.fit == .ranges && view.y == Interval(0, 1))
        // The x that the scale showed in the plot drawn.
        let scaled = Self.run(["scale 36", "plot x --size 80x24 --mode ascii"]).repl.session.view
        #expect(scaled.fit == .scaleAboutCenter && abs(scaled.x.upper - 1) < 0.05)
        #expect(view.x == scaled.x)
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        // The ticks of x from -1 to 1, not of the default -10…10.
        #expect(document.contains(">0.5<") && !document.contains(">10<"))
    }

    @Test func aScaleWithoutAnOriginCentresTheOriginInThePlotDrawn() throws {
        let session = Self.run(["scale 10", "plot sin(x) --size 60x8 --mode ascii --no-legend"])
        #expect(session.error.isEmpty)
        let lines = session.output.split(separator: "\n").map(String.init)
        // The x axis tick 0 sits under the middle of the plot area, and the curve is drawn.
        #expect(lines.last?.contains(" 0 ") == true)
        #expect(session.output.contains("*"))
        let view = session.repl.session.view.viewport
        #expect(Tolerance.isClose(view.pixelX(for: 0), Double(view.width) / 2, relative: 1e-9))
        #expect(Tolerance.isClose(view.pixelY(for: 0), Double(view.height) / 2, relative: 1e-9))
    }

    @Test func traceMarksThePoint() {
        let session = Self.run([
            "plot sin(x) --size 50x12 --mode ascii", "trace pi/2", "trace 0", "trace 20",
        ])
        #expect(session.output.contains("sin(x) at x = 1.5707963267948966: 1"))
        #expect(session.output.contains("(1.5708, 1)"))
        #expect(session.output.contains("sin(x) at x = 0: 0"))
        #expect(session.output.contains("x = 20 is outside the view (x from -10 to 10)"))
        // Redrawn in the plot's own size and mode.
        #expect(session.output.components(separatedBy: "* sin(x)").count - 1 == 4)
        #expect(session.repl.session.ans == sin(20.0))
    }

    /// What the trial of a new user found: redraws, trace and export show the last plot
    /// (not the program), with the plot's own --set, and mark every function's point.
    @Test func redrawsKeepTheLastPlotItsValuesAndItsStyle() throws {
        let directory = try temporaryDirectory("redraw")
        let svg = directory.appendingPathComponent("e.svg").path
        let session = Self.run([
            "r = 1", "push x sin", "plot 'r*x' sqrt(x) --set r=10 --y -20:20 --size 40x10 --mode ascii", "zoom 1",
            "trace 1", "trace -1", "export \(svg)", "set mode braille", "zoom 1",
        ])
        #expect(session.error.isEmpty)
        // Every redraw drew r×x and √x, never the program's sin(x).
        #expect(!session.output.contains("* sin(x)") && !session.output.contains("── sin(x)"))
        #expect(session.output.contains("r×x at x = 1: 10"))
        #expect(session.output.contains("√(x) has no value at x = -1"))
        #expect(session.output.contains("(1, 10)") && session.output.contains("(1, 1)"))
        #expect(session.output.contains("(-1, -10)"))
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.contains("r×x") && !document.contains("sin(x)"))
        // set mode changes the redraw too.
        #expect(session.output.contains("── r×x"))
    }

    /// Redraw, trace and export render the session's one figure: a value only the plot's
    /// own `--set` gave is there for each of them (export once said "variable 'a' is not set").
    @Test func exportAfterSetRendersTheFigureWithItsValues() throws {
        let directory = try temporaryDirectory("export-set")
        let svg = directory.appendingPathComponent("a.svg").path
        let session = Self.run([
            "plot a*x --set a=2 --x 0:1 --y 0:3 --size 40x10 --mode ascii --points", "trace 1", "zoom 1",
            "export \(svg)",
        ])
        #expect(session.error.isEmpty, "\(session.error)")
        #expect(session.output.contains("a×x at x = 1: 2"))
        #expect(session.output.contains("exported \(svg)"))
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.contains("a×x"))
        // The figure's --points came along: the zero at the origin is marked.
        #expect(document.contains("zero of a×x: (0, 0)"))
        #expect(session.repl.session.figure?.overrides == ["a": 2])
    }

    @Test func traceWorksOnFilesNamedFunctionsAndThePlottingVariable() throws {
        let directory = try temporaryDirectory("trace")
        let file = directory.appendingPathComponent("m.plist").path
        let session = Self.run([
            "compile 'M^2' -o \(file)", "plot \(file) --var M --size 40x8 --mode ascii", "trace 3",
            "f(t) = 1/t", "plot f 'sin(x)' --var x --size 40x8 --mode ascii", "trace 0", "plot f 'sin(x)'",
        ])
        #expect(session.output.contains("M^2 at M = 3: 9"))
        #expect(session.output.contains("f(t) = 1÷t has no value at x = 0: division by zero in ÷"))
        #expect(session.output.contains("sin(x) at x = 0: 0"))
        // The plotting variable stays what the last plot used.
        #expect(session.error.isEmpty)
        #expect(session.repl.session.plottingVariable == "x")
    }

    @Test func savesLoadsAndExports() throws {
        let directory = try temporaryDirectory("repl")
        let program = directory.appendingPathComponent("p.plist").path,
            svg = directory.appendingPathComponent("p.svg").path
        let session = Self.run([
            "push 3 x ×", "save \(program)", "clear", "load \(program)", "export \(svg) --title 'Three x'",
            "load /nonexistent.plist",
        ])
        #expect(session.output.contains("saved 3 ops to \(program)"))
        #expect(session.output.contains("3×x has no value: variable 'x' is not set"))
        #expect(session.output.contains("exported \(svg)"))
        let exported = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(exported.contains("Three x"))
        #expect(session.error == "error: line 6: cannot read '/nonexistent.plist': no such file or directory\n")
    }

    /// f' is the derivative of a defined f, in expressions and by name in plot.
    @Test func primesAreDerivativesOfNamedFunctions() {
        let session = Self.run([
            "f(x) = x^3 - 2x", "f'(2)", "f''(2)", "plot f f' --size 40x8 --mode ascii", "g(t) = digamma(t)", "g'(1)",
            "h'(1)", "derive f'(x)",
        ])
        #expect(session.output.contains("10\n12\n"), "\(session.output)")
        #expect(session.output.contains("+ f'(x) = 3*x^2-2"), "\(session.output)")
        #expect(session.output.hasSuffix("6×x\n"), "\(session.output)")
        #expect(session.error.contains("error: line 6: g' at 1 has no derivative: ψ has no derivative here"))
        #expect(session.error.contains("error: line 7: unknown function 'h'' at 1"))
    }

    /// Found by trying it: a setting redrew the last plot at the session's size and mode,
    /// not its own; f' in degrees gave a slope off by π/180.
    @Test func settingsRedrawKeepThePlotsOwnStyleAndPrimesNeedRadians() {
        let session = Self.run([
            "plot sin(x) --size 40x8 --mode ascii", "set angle deg", "g(x) = sin(x)", "g'(0)", "deriv sin(x) --at 0",
        ])
        let plots = session.output.components(separatedBy: "* sin(x)")
        #expect(plots.count == 3 && plots[2].split(separator: "\n").first?.count ?? 0 <= 40, "\(session.output)")
        #expect(session.output.hasSuffix("0.017453292519943295\n"))
        #expect(session.error.contains("error: line 4: f' gives slopes in radians; set angle rad to use it"))
    }

    @Test func theAngleUnitIsASetting() {
        let session = Self.run([
            "set angle deg", "sin(30)", "acos(0)", "set angle grad", "asin(1)", "set angle turn", "set",
        ])
        #expect(session.output.hasPrefix("angle deg\n0.5\n90\nangle grad\n100\nangle grad\n"), "\(session.output)")
        #expect(session.error == "error: line 6: set angle takes rad, deg or grad, not 'turn'\n")
        #expect(session.repl.session.display.angle == .gradians)
    }

    @Test func settingsChangeTheSessionAndShow() {
        let session = Self.run([
            "set digits 4", "pi", "set mode ascii", "set grid on", "set markers off", "set theme dark", "set size 30x8",
            "set var t", "set", "set digits 0", "set mode crayon", "set size 0x0", "set var 2t", "set markers maybe",
            "set digits auto", "pi",
        ])
        let display = session.repl.session.display
        #expect(display.digits == nil && display.mode == .ascii && display.showsGrid && display.theme == .dark)
        #expect(!display.marksDiscontinuities)
        #expect(display.size == DisplaySettings.CellSize(width: 30, height: 8))
        #expect(session.repl.session.plottingVariable == "t")
        #expect(session.output.contains("3.142\n"))
        #expect(session.output.contains("digits 4\nmode ascii\ngrid on\nmarkers off\ntheme dark\nsize 30x8\nvar t\n"))
        #expect(session.output.hasSuffix("3.141592653589793\n"))
        #expect(
            session.error == """
                error: line 10: set digits must be a whole number from 1 to 17, not '0'
                error: line 11: set mode takes ascii, braille or auto, not 'crayon'
                error: line 12: set size takes WxH up to 1000x500, or auto
                error: line 13: set var: '2t' is not a variable name
                error: line 14: set markers takes on or off, not 'maybe'

                """)
    }

    @Test(arguments: [
        (7.199999999999999, "7.2"), (-0.3999999999999999, "-0.4"), (4, "4"), (-0.0, "0"), (1e-300, "1e-300"),
        (190.53794879999998, "190.5379488"),
    ])
    func viewNumbersHaveNoArithmeticNoise(value: Double, shown: String) {
        #expect(REPL.viewNumber(value) == shown)
    }

    /// A zoom or pan past what doubles can show says so and keeps the view; program and
    /// session files are named .plist, as a program argument is recognised by it.
    /// What a view change says is the view drawn: `view` after it says the same (the
    /// x range of a scaled view was said before the labels fixed the plot's width).
    @Test func aChangedViewSaysTheViewDrawn() {
        let session = Self.run([
            "plot x^2 --size 40x10 --mode ascii", "origin 5,5", "view", "zoom 1e-300", "view", "scale 2", "view",
        ])
        let views = session.output.split(separator: "\n").filter { $0.hasPrefix("view: ") }
        #expect(views.count == 6, "\(session.output)")
        for pair in stride(from: 0, to: views.count - 1, by: 2) {
            #expect(views[pair] == views[pair + 1])
        }
        #expect(views.first == "view: x -1.25:7.75, y -0.5:2.5 (4 columns per unit, origin at cell 5,5)")
        // A view where the plot has nothing to draw is said too, beside the error.
        let empty = Self.run(["plot sqrt(x) --size 30x6 --mode ascii", "view x -5:-1"])
        #expect(empty.output.hasSuffix("view: x -5:-1, y automatic\n"), "\(empty.output)")
        #expect(empty.error == "error: line 2: √(x) has no value anywhere on -5…-1\n")
    }

    /// A defined function's bare name is the function for derive, as for plot and deriv.
    @Test func deriveTakesAFunctionsName() {
        let session = Self.run(["f(x) = x^3 - 2x", "derive f", "derive f'", "g(t) = sin(t)", "derive g"])
        #expect(session.error.isEmpty, "\(session.error)")
        #expect(session.output.split(separator: "\n").suffix(4) == ["3×x^2−2", "6×x", "g(t) = sin(t)", "cos(x)"])
    }

    /// `deriv` alone at the prompt says the prompt's form, not the command line's `--at`.
    @Test func derivAloneSaysThePromptsForm() {
        let session = Self.run(["deriv"])
        #expect(
            session.error
                == "error: line 1: deriv needs an x value: deriv 2 (the functions shown), deriv F 2 or deriv EXPR --at 2\n"
        )
    }

    @Test func theFirstFiveMinutesMessages() {
        let session = Self.run([
            "plot x --size 30x6 --mode ascii", "view x -10:10 y 2:3.55", "zoom 1e300", "pan 1e308", "view",
            "save prog.txt", "save session s.txt", "integrate x 2 2",
        ])
        let beyond = "goes past what doubles can show; the view stays x -10:10, y 2:3.55"
        let naming = "program files end in .plist, which is how eval and plot know one"
        #expect(
            session.error.split(separator: "\n") == [
                "error: line 3: zoom 1e300 \(beyond)", "error: line 4: pan 1e308 \(beyond)",
                "error: line 6: prog.txt: \(naming); name it prog.plist",
                "error: line 7: s.txt: \(naming); name it s.plist",
                "error: line 8: integrate from 2 to 2: the range is empty",
            ])
        #expect(session.output.hasSuffix("view: x -10:10, y 2:3.55\n"))
    }

    /// The smaller things a new user's trial found, each as typed.
    @Test func promptDetails() throws {
        let session = Self.run([
            "table --help", "zoom -h", "save session", "f(x, x) = x+y", "k() = 1", "help plto", "ans = 5",
            "view x 0:1", "origin 10,5",
        ])
        #expect(session.output.hasPrefix(TableCommand.help + "Usage (at the prompt): zoom F [at X,Y]\n"))
        #expect(session.output.contains("view: x 0:1, y automatic"))
        // No arithmetic noise in the view shown.
        #expect(
            session.output.contains("view: x -2.5:15.5, y -7:2.5 (4 columns per unit, origin at cell 10,5)"))
        #expect(
            session.error == """
                error: line 3: save session needs a file name: save session FILE.plist
                error: line 4: f names the parameter 'x' twice; give each its own name
                error: line 5: k() needs a parameter: k(x) = …
                error: line 6: no command 'plto' — did you mean 'plot'?
                error: line 7: ans is the last value shown; it cannot be set

                """)
    }

    @Test func help() {
        let session = Self.run(["help", "help push", "help plot", "help frob", "help keys"])
        #expect(session.output.contains("  push KEYS...") && session.output.contains("  quit, exit"))
        #expect(session.output.contains("help keys lists the operators"))
        #expect(session.output.contains("\nExpressions:\n") && session.output.contains("floor ceil round trunc sign"))
        #expect(session.output.contains("  f(x) = EXPR"))
        #expect(session.output.contains("Usage (at the prompt): push KEYS...\n\nPress calculator keys"))
        #expect(
            session.output.contains("Usage: graphcalc plot EXPR|FILE.plist|DATA.csv... [--trace X] [--file FILE]..."))
        #expect(session.error == "error: line 4: no command 'frob'; type help for the list\n")
    }

    /// Seeded random lines: each either prints or reports one error naming its line, and
    /// the status says whether any failed.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomLinesAreEachAnsweredOnce(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pieces = [
            "push", "plot", "set", "=", "→", "zoom", "pan", "view", "x", "y", "0:1", "1e308", "-", "(", ")", "'", "\"",
            "sqrt", "trace", "√", "store", "undo", "f(x)", "f", "ans", "--size", "0x0", "--x", "3:1", "help",
            "describe",
            "at", "scale", "origin", "reset", "unset", "funcs", "vars", "2", "digits", "mode",
        ]
        let lines = (0..<200).map { _ in
            (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
        }.filter { !$0.hasPrefix("export") && !$0.contains("save") }
        let session = Self.run(lines)
        let errors = session.error.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(session.status == (errors.isEmpty ? 0 : 1))
        var lastLine = 0
        for error in errors {
            let number = Int(error.dropFirst("error: line ".count).prefix { $0.isNumber }) ?? 0
            #expect(number > lastLine, "errors out of order or not naming their line: \(error)")
            lastLine = number
        }
        #expect(session.repl.session.view.viewport.width >= 1)
    }
}
