import TestSupport
import Testing

@testable import GraphCalcCLI

@Suite struct PlotCommandTests {
    private static func run(_ arguments: [String], terminal: TerminalEnvironment = .pipe) -> CommandRun {
        CommandRun(arguments, terminal: terminal)
    }

    @Test func aProgramOfTwoExpressionsDrawsBoth() {
        // Its legend named both, but only the top of the stack was drawn.
        let file = GraphCalcProcess.packageRoot.appendingPathComponent("examples/programs/two-expressions.plist").path
        let run = CommandRun(["plot", file, "--size", "40x8", "--mode", "ascii"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("   * 3+5   + cos(x)"), "\(run.output)")
        let twice = CommandRun(["plot", "--file", "-", "-"])
        #expect(twice.status == 2 && twice.errorLines == ["error: standard input (-) can be read once; name it once"])
    }

    /// A legend label shortened to fit leaves out a balanced middle: every parenthesis it
    /// shows open is shown closed, at every width.
    @Test(arguments: [
        "sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(sqrt(x))))))))", "sin(x)+cos(x)+tan(x)+sin(2x)+cos(2x)+tan(3x)+x^2",
        "exp(-((x-0.3)*1e4)^2)+log(2, abs(x)+1)*max(sin(x), cos(x))",
    ])
    func aShortenedLegendKeepsItsParenthesesBalanced(expression: String) {
        for width in stride(from: 20, through: 60, by: 3) {
            let run = CommandRun(["plot", expression, "--size", "\(width)x6", "--mode", "ascii"])
            let legend = run.output.split(separator: "\n").first.map(String.init) ?? ""
            let open = legend.count { $0 == "(" }, closed = legend.count { $0 == ")" }
            #expect(open == closed, "\(width): \(legend)")
            #expect(legend.contains("...") || legend.contains(expression.prefix(8)), "\(width): \(legend)")
        }
    }

    /// No tick mark sits against a frame corner (`┌┬`, `++`), at any size or range.
    @Test(arguments: ["ascii", "braille"])
    func noTickMarkTouchesAFrameCorner(mode: String) {
        for (width, range) in [(40, "-10:10"), (64, "-3:3"), (33, "0:1"), (71, "-pi:pi")] {
            let run = CommandRun([
                "plot", "sin(x)", "--x", range, "--size", "\(width)x10", "--mode", mode, "--no-legend",
            ])
            let frame = run.output.split(separator: "\n").filter { $0.contains("──") || $0.contains("--") }
            for line in frame {
                let edges = line.trimmingCharacters(in: .whitespaces)
                #expect(
                    !["┌┬", "└┴", "++"].contains(where: edges.hasPrefix)
                        && !["┬┐", "┴┘", "++"].contains(where: edges.hasSuffix), "\(width) \(range): \(line)")
            }
        }
    }

    /// Each y label has a row of its own, read top down in falling order: two ticks on
    /// one row were written over each other, and `-1` over `0` read `-0`.
    @Test(arguments: ["14,1", "13,2", "10,0", "15,3"])
    func yLabelsNeverShareARow(origin: String) throws {
        for size in ["30x5", "30x6", "30x7", "30x9"] {
            let run = CommandRun([
                "plot", "sin(x)", "--size", size, "--scale", "2", "--origin", origin, "--mode", "ascii",
            ])
            #expect(run.status == 0)
            let values = run.output.split(separator: "\n").compactMap { line -> Double? in
                guard line.contains("+"), !line.contains("-+-") else { return nil }
                return Double(line.prefix { $0 != "+" }.trimmingCharacters(in: .whitespaces))
            }
            #expect(!values.isEmpty && values == values.sorted(by: >), "\(size) \(origin): \(run.output)")
            #expect(!run.output.contains("-0 "), "\(size) \(origin): \(run.output)")
        }
    }

    @Test func theIssuesMinusZeroReadsZero() {
        let issue = CommandRun([
            "plot", "sin(x)", "--size", "30x6", "--scale", "2", "--origin", "14,1", "--mode", "ascii",
        ])
        #expect(issue.output.split(separator: "\n").map { $0.prefix(3) }.dropFirst(2).prefix(2) == [" 1 ", " 0 "])
    }

    /// In ASCII a point a function takes at a discontinuity is drawn in that function's
    /// glyph: (−2)^x's points are `+` beside a first function's `*`.
    @Test func aMarkedPointHasItsFunctionsGlyph() {
        let run = CommandRun([
            "plot", "sin(x)+5", "(-2)^x", "--x", "-3:3", "--y", "-9:9", "--size", "50x20", "--mode", "ascii",
            "--no-legend",
        ])
        let rows = run.output.split(separator: "\n").map { String($0.dropFirst(4).dropLast()) }
        // sin(x)+5 stays above 3: rows in the lower half hold only (−2)^x's points.
        let lower = rows[11..<19]
        #expect(lower.joined().contains("+") && !lower.joined().contains("*"), "\(run.output)")
    }

    /// A function with no value in view beside others is in the legend and draws nothing:
    /// a note says why (alone, it is an error).
    @Test func aFunctionWithNoValueBesideOthersIsNoted() {
        let run = CommandRun(["plot", "sin(x)", "sqrt(-1-x^2)", "--size", "40x8", "--mode", "ascii"])
        #expect(run.status == 0 && run.error == "note: √(−1−x^2) has no value anywhere on -10…10\n")
        let alone = CommandRun(["plot", "sqrt(-1-x^2)", "--size", "40x8", "--mode", "ascii"])
        #expect(alone.status == 1 && alone.error.hasPrefix("error: √(−1−x^2) has no value anywhere on -10…10"))
        let both = CommandRun(["plot", "sin(x)", "ln(x)", "--x", "-5:-1", "--size", "40x8", "--mode", "ascii"])
        #expect(both.error == "note: ln(x) has no value anywhere on -5…-1\n")
    }

    /// The x-axis in ASCII is drawn in the row that holds 0, the last row too (it was
    /// taken for the frame and left out); every labelled row has its tick mark.
    @Test func theASCIIAxisAndEveryLabelledTickAreDrawn() throws {
        let axis = CommandRun(["plot", "x", "--x", "-3:3", "--y", "-1:5", "--size", "30x8", "--mode", "ascii"])
        let zeroRow = try #require(axis.output.split(separator: "\n").first { $0.hasPrefix("0 +") })
        #expect(zeroRow.filter { $0 == "-" }.count > 10, "\(axis.output)")
        let extreme = CommandRun([
            "plot", "sin(x)", "--scale", "1e-300", "--origin", "1,1", "--size", "40x10", "--mode", "ascii",
        ])
        // A labelled row: digits before the frame, which is its tick mark `+` there.
        let rows = extreme.output.split(separator: "\n").dropFirst(2).dropLast(2)
        let labelled = rows.filter { $0.prefix { $0 != "+" && $0 != "|" }.contains { $0.isNumber } }
        #expect(labelled.count >= 2, "\(extreme.output)")
        for row in labelled {
            #expect(row.first { $0 == "+" || $0 == "|" } == "+", "\(row)")
        }
    }

    @Test func aTraceThatMarksNothingSaysWhy() {
        let outside = CommandRun(["plot", "x", "--trace", "100", "--size", "30x6", "--mode", "ascii"])
        #expect(outside.status == 0 && outside.error == "note: --trace 100 is outside the view (x -10:10)\n")
        let missing = CommandRun(["plot", "sqrt(x)", "x", "--trace", "-4", "--size", "30x6", "--mode", "ascii"])
        #expect(missing.status == 0 && missing.error == "note: √(x) has no value at x = -4\n", "\(missing.error)")
    }

    @Test func bareOutputIsExactlyTheRequestedCells() {
        let run = Self.run(["plot", "sin(x)", "--size", "40x10", "--no-axes", "--no-legend", "--mode", "ascii"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 10 && lines.allSatisfy { $0.count == 40 })
        #expect(run.output.contains("*"))
    }

    @Test func defaultsFollowTheTerminal() {
        let pipe = Self.run(["plot", "x"])
        let lines = pipe.output.split(separator: "\n")
        #expect(lines.count == 24 && lines[0].count == 80)
        #expect(pipe.output.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(!pipe.output.contains("\u{1B}["))

        let terminal = TerminalEnvironment(isTerminal: true, size: (100, 30), isUTF8: true, forbidsColor: false)
        let colored = Self.run(["plot", "x"], terminal: terminal)
        #expect(colored.output.split(separator: "\n").count == 29)
        #expect(colored.output.contains("\u{1B}[38;5;25m"))
        #expect(colored.output.contains("┌"))

        let noColor = TerminalEnvironment(isTerminal: true, size: (100, 30), isUTF8: true, forbidsColor: true)
        #expect(!Self.run(["plot", "x"], terminal: noColor).output.contains("\u{1B}["))
        #expect(Self.run(["plot", "x", "--color", "always"]).output.contains("\u{1B}[38;5;25m"))
        #expect(!Self.run(["plot", "x", "--color", "never"], terminal: terminal).output.contains("\u{1B}["))
    }

    @Test func severalFunctionsGetALegendEach() {
        let run = Self.run(["plot", "sin(x)", "x^2/20", "--mode", "ascii", "--size", "60x15"])
        #expect(run.output.split(separator: "\n").first?.hasPrefix("   * sin(x)   + x^2/20") == true)
        #expect(run.output.contains("+"))
    }

    static let failures: [([String], Int32, String)] = [
        (["plot"], 2, "error: missing EXPR or FILE.plist; usage: \(PlotCommand.usage)\n"),
        (["plot", "x", "--size", "0x10"], 2, "error: size 0x10 is outside 1…1000 by 1…500 cells\n"),
        (
            ["plot", "x", "--size", "1000000x24"], 2,
            "error: size 1000000x24 is outside 1…1000 by 1…500 cells\n"
        ),
        (["plot", "x", "--size", "80"], 2, "error: --size needs WxH, such as 80x24, not '80'\n"),
        (
            ["plot", "x", "--size", "8x3"], 2,
            "error: size 8x3 leaves no room for the plot; make it larger or use --no-axes and --no-legend\n"
        ),
        (["plot", "x", "--mode", "fancy"], 2, "error: --mode takes ascii, braille or auto, not 'fancy'\n"),
        (["plot", "x", "--color", "yes"], 2, "error: --color takes auto, always or never, not 'yes'\n"),
        (["plot", "x", "--scale", "2"], 2, "error: --scale and --origin go together\n"),
        (
            ["plot", "x", "--scale", "-2", "--origin", "1,1"], 2,
            "error: scale -2 is not a usable number of cells per unit (positive, and large enough for the view to stay within the doubles)\n"
        ),
        (
            ["plot", "x", "--scale", "1e-320", "--origin", "1,1"], 2,
            "error: scale 1e-320 is not a usable number of cells per unit (positive, and large enough for the view to stay within the doubles)\n"
        ),
        (
            ["plot", "x", "--scale", "2", "--origin", "1,1", "--x", "0:1"], 2,
            "error: give --x and --y, or --scale and --origin, not both: a scale and origin set the ranges\n"
        ),
        (["plot", "x", "--origin", "1", "--scale", "2"], 2, "error: --origin needs X,Y, not '1'\n"),
        (["plot", "x", "--x", "3:3"], 2, "error: --x 3:3: the range is empty; the first number must be the smaller\n"),
        (["plot", "frob(x)"], 1, "error: unknown function 'frob' at 1\n  frob(x)\n  ^\n"),
        (
            ["plot", "x", "--y", "1e6:1e6+1e-9"], 2,
            "error: y range 1000000:1000000.000000001 is too narrow to tell its pixels apart\n"
        ),
    ]

    @Test(arguments: failures)
    func badInputIsAClearError(arguments: [String], status: Int32, message: String) {
        let run = Self.run(arguments)
        #expect(run.status == status)
        #expect(run.errorLines.joined(separator: "\n") + "\n" == message)
        #expect(run.output.isEmpty)
    }
}
