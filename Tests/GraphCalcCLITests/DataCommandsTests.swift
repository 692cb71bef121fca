import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Data series through the verbs: files and columns, styles, mixed with functions,
/// bad rows, and the errors a user meets.
@Suite struct DataCommandsTests {
    static let snapshots = GoldenFile.snapshots(besides: #filePath)

    private static func run(_ arguments: [String]) -> CommandRun { CommandRun(arguments) }

    /// A file in a fresh directory, its path.
    static func file(_ name: String, _ text: String) throws -> String {
        try temporaryDirectory("data", files: [name: text]).appendingPathComponent(name).path
    }

    static let squares = "x,y,half\n" + (0...20).map { "\($0),\($0 * $0),\(Double($0) / 2)" }.joined(separator: "\n")

    @Test func plotDrawsDataBesideAFunctionOverTheDatasRange() throws {
        let path = try Self.file("squares.csv", Self.squares)
        let run = Self.run([
            "plot", path, "--columns", "x,y", "--style", "points", "x^2/2", "--size", "60x16", "--mode", "ascii",
        ])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.isEmpty, "\(run.error)")
        GoldenFile.expectMatch(run.output, name: "data-ascii.txt", directory: Self.snapshots)
    }

    @Test func svgMarksPointsAndDrawsLines() throws {
        let path = try Self.file("squares.csv", Self.squares)
        let points = Self.run(["svg", "--data", path, "--columns", "x,y", "--style", "points", "-o", "-"])
        #expect(points.status == 0, "\(points.error)")
        let (marks, legend) = Self.splitAtLegend(points.output)
        #expect(marks.components(separatedBy: "<circle ").count - 1 == 21)
        // The legend shows dots for points, a stroke for lines.
        #expect(legend.components(separatedBy: "<circle ").count - 1 == 3 && !legend.contains("<path "))
        let lines = Self.run(["svg", path, "-o", "-"])
        #expect(lines.status == 0, "\(lines.error)")
        #expect(!Self.splitAtLegend(lines.output).legend.contains("<circle "))
        #expect(lines.output.contains("<title>y</title>") && lines.output.contains("<title>half</title>"))
        #expect(!lines.output.contains("<g class=\"data\""))
    }

    /// A data file where a verb takes an expression says what it is and which verbs read
    /// it, not that its dot is an unexpected character.
    @Test(arguments: ["table", "eval", "zeros"])
    func aDataFileWhereAnExpressionGoesSaysSo(verb: String) throws {
        let path = try Self.file("squares.csv", Self.squares)
        let run = Self.run([verb, path])
        #expect(run.status != 0)
        #expect(
            run.error.hasPrefix(
                "error: '\(path)' is a data file, not an expression or a program: plot, svg and explore draw data, "
                    + "stats and fit summarise it\n"), "\(run.error)")
    }

    /// `--trace` on data marks what is drawn: a point at exactly x, a line's or a step's
    /// y between two points; a scatter between its points has no value there, and says
    /// so in its own words.
    @Test(
        arguments: [
            ("lines", "2.5", "(2.5, 3.5)", nil),
            ("steps", "2.5", "(2.5, 4)", nil),
            ("points", "2", "(2, 4)", nil),
            (
                "points", "2.5", nil,
                "note: y has no point at x = 2.5 (data drawn as points has values at its points only)"
            ),
            ("lines", "4", nil, "note: y has no value at x = 4"),
        ] as [(String, String, String?, String?)])
    func traceMarksWhatTheDataDraws(style: String, x: String, marked: String?, note: String?) throws {
        let path = try Self.file("d.csv", "x,y\n1,2\n2,4\n3,3\n3.5,\n5,7\n")
        let run = Self.run(["plot", path, "--style", style, "--trace", x, "--size", "50x12", "--mode", "ascii"])
        #expect(run.status == 0, "\(run.error)")
        if let marked { #expect(run.output.contains(marked), "\(run.output)") }
        #expect(run.error == note.map { $0 + "\n" } ?? "")
    }

    @Test func oneColumnIsPlottedAgainstTheRowNumber() throws {
        let path = try Self.file("load.csv", "load\n3\n1\n4\n1\n5\n")
        let run = Self.run(["svg", path, "-o", "-", "--style", "points"])
        #expect(run.status == 0, "\(run.error)")
        // Rows 1…5 widened by a twentieth: the x axis runs from 0.8 to 5.2.
        #expect(Self.splitAtLegend(run.output).marks.components(separatedBy: "<circle ").count - 1 == 5)
    }

    /// An SVG's text before its legend (the marks) and the legend's group.
    static func splitAtLegend(_ svg: String) -> (marks: String, legend: String) {
        guard let start = svg.range(of: "<g class=\"legend\">") else { return (svg, "") }
        let rest = svg[start.lowerBound...]
        let end = rest.range(of: "</g>")?.upperBound ?? rest.endIndex
        return (String(svg[..<start.lowerBound]) + String(rest[end...]), String(rest[..<end]))
    }

    @Test func skippedRowsAreCountedInANote() throws {
        let path = try Self.file("bad.csv", "x,y\n1,2\nn/a?,3\n2,3\n\n3,?\n")
        let stopped = Self.run(["plot", path, "--size", "40x10"])
        #expect(stopped.status != 0)
        #expect(
            stopped.error
                == "error: \(path):3: 'n/a?' in column x is not a number (--skip-bad skips rows that are not data)\n")
        let skipped = Self.run(["plot", path, "--size", "40x10", "--skip-bad"])
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(
            skipped.error
                == "note: \(path): skipped 2 rows that are not data, the first on line 3: 'n/a?' in column x is not a number\n"
        )
    }

    @Test(arguments: [
        (["--columns", "x,z"], "error: --columns: no column 'z': the columns are x, y, half"),
        (["--columns", "x,,y"], "error: --columns needs column names or numbers separated by commas, not 'x,,y'"),
        (["--delimiter", "pipe"], "error: --delimiter takes comma, tab, semicolon or whitespace, not 'pipe'"),
        (["--style", "bars"], "error: --style takes points, lines or steps, not 'bars'"),
        (["--header", "maybe"], "error: --header takes yes or no, not 'maybe'"),
        (["--window", "5"], "error: --window goes with --follow"),
        (["--follow", "--window", "1"], "error: --window takes a whole number of rows from 2 to 10000000, not '1'"),
        (["--follow", "--data", "-"], "error: --follow follows one data file or standard input (--data -), not 2"),
    ])
    func badOptionsSayWhatIsWrong(options: [String], message: String) throws {
        let path = try Self.file("squares.csv", Self.squares)
        let run = Self.run(["plot", path] + options)
        #expect(run.status == 2)
        #expect(run.error == message + "\nSee 'graphcalc help plot'.\n")
    }

    /// `--time unix` with one column (drawn against its row number) has no x to read as
    /// seconds: it says so, where it was ignored.
    @Test func unixTimeNeedsAnXColumn() throws {
        let path = try Self.file("squares.csv", Self.squares)
        let run = Self.run(["plot", path, "--columns", "y", "--time", "unix", "--size", "40x10"])
        #expect(run.status == 1)
        #expect(
            run.error
                == "error: --time unix reads x as Unix seconds, but '\(path)' gives one column, which is drawn "
                + "against its row number: name an x column and a y column with --columns\n")
    }

    /// A stream through a FIFO (a pipe with a name), written by another thread: followed
    /// to its end, the last rows in the window, a line that is not data skipped; away
    /// from a terminal only the last frame is written.
    @Test func followsAStreamToItsEnd() throws {
        let directory = try temporaryDirectory("follow")
        let fifo = directory.appendingPathComponent("stream").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let writer = Thread {
            guard let handle = FileHandle(forWritingAtPath: fifo) else { return }
            handle.write(Data("x,load\n1,5\nnot data\n".utf8))
            Thread.sleep(forTimeInterval: 0.1)
            handle.write(Data((2...12).map { "\($0),\($0 % 4)\n" }.joined().utf8))
            try? handle.close()
        }
        writer.start()
        let run = Self.run(["plot", "--data", fifo, "--follow", "--window", "5", "--size", "50x8", "--mode", "ascii"])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 8 && lines.last == "12 rows, last 5, 1 skipped (line 3), ended", "\(run.output)")
        // x over the last five rows, 8…12.
        #expect(lines[lines.count - 2].contains("8") && lines[lines.count - 2].contains("12"), "\(run.output)")
        #expect(!lines[lines.count - 2].contains(" 2 "), "\(run.output)")
        #expect(run.error.hasPrefix("note: \(fifo): skipped 1 row that is not data, the first on line 3"))
    }

    @Test func thirtySecondsOf2024AreShownAsThirtySeconds() throws {
        let path = try Self.file(
            "s.csv", "d,v\n2024-03-01T10:00:00Z,1\n2024-03-01T10:00:30Z,2\n2024-03-01T10:01:10Z,3\n")
        let run = Self.run(["plot", path, "--mode", "ascii", "--size", "60x8"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("Mar 1 10:00:00") && run.output.contains("10:01:00"), "\(run.output)")
    }

    @Test func filesThatAreNotDataSaySo() throws {
        let text = try Self.file("names.csv", "a,b\nc,d\n")
        #expect(Self.run(["plot", text]).error == "error: '\(text)' has no column of numbers or dates\n")
        let empty = try Self.file("empty.csv", "# nothing yet\n")
        #expect(Self.run(["plot", empty]).error == "error: '\(empty)' has no rows of data\n")
        let gaps = try Self.file("gaps.csv", "x,y\n1,\n2,NaN\n")
        #expect(Self.run(["plot", gaps]).error == "error: y has no point with both an x and a y value\n")
        let missing = Self.run(["plot", "/nonexistent/d.csv"])
        #expect(missing.error == "error: cannot read '/nonexistent/d.csv': no such file or directory\n")
        let zeros = Self.run(["zeros", text])
        #expect(zeros.status == 2)
        #expect(zeros.error.contains("is a data file"), "\(zeros.error)")
    }
}

/// `stats` and `fit` through the command table.
@Suite struct StatsAndFitCommandsTests {
    private static func run(_ arguments: [String]) -> CommandRun { CommandRun(arguments) }

    @Test func statsSummarisesEachColumnAndPairsThem() throws {
        let path = try DataCommandsTests.file("s.csv", "x,y\n1,2\n2,4\n3,6.5\n4,\n")
        let run = Self.run(["stats", path])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        // Python's statistics: stdev 1.2909944487358056 and 2.254624876411447, pstdev
        // of y 1.8408935028645435, quantiles (inclusive) of y 3, 4, 5.25; numpy's
        // corrcoef 0.9979487157886733 and cov 2.25 over the three rows with both.
        #expect(
            lines == [
                "                               x            y",
                "n                              4            3",
                "mean                         2.5  4.166666667",
                "sd (sample, Sx)      1.290994449  2.254624876",
                "sd (population, σx)  1.118033989  1.840893503",
                "min                            1            2",
                "Q1                          1.75            3",
                "median                       2.5            4",
                "Q3                          3.25         5.25",
                "max                            4          6.5",
                "sum                           10         12.5",
                "",
                "      n             r  covariance",
                "x, y  3  0.9979487158        2.25",
                "",
            ])
    }

    @Test func fitPrintsTheFormulaErrorsAndRSquared() throws {
        let path = try DataCommandsTests.file(
            "a.csv",
            "x,y\n" + zip(RegressionFixture.x, RegressionFixture.y).map { "\($0),\($1)" }.joined(separator: "\n"))
        let run = Self.run(["fit", path, "--digits", "6"])
        #expect(run.status == 0, "\(run.error)")
        #expect(
            run.output == """
                y = 3.00009 + 0.500091x
                linear fit of y, y = a + b·x, 11 points, least squares by QR

                   estimate  standard error
                a   3.00009         1.12475
                b  0.500091        0.117906

                r²  0.666542
                residual standard error  1.2366 on 9 degrees of freedom

                """)
    }

    @Test(arguments: [
        (
            ["--model", "cubicle"], 2,
            "error: --model takes linear, quadratic, cubic, poly N, exp, log, power or logistic, not 'cubicle'"
        ),
        (["--model", "poly 11"], 2, "error: --model poly 11: give poly N with N a whole number from 1 to 10"),
        (["--model", "exp", "--columns", "x,z"], 2, "error: --columns: no column 'z': the columns are x, y"),
        (
            ["--model", "power", "--columns", "y,x"], 1,
            "error: a power fit needs every x above 0, and the data has x = -1"
        ),
        (["--model", "exp"], 1, "error: an exponential fit needs every y above 0, and the data has y = -1"),
    ])
    func fitSaysWhatIsWrong(options: [String], status: Int32, message: String) throws {
        let path = try DataCommandsTests.file("n.csv", "x,y\n1,-1\n2,-2\n3,5\n4,7\n")
        let run = Self.run(["fit", path] + options)
        #expect(run.status == status)
        #expect(run.error.hasPrefix(message + "\n"), "\(run.error)")
    }

    @Test func fitPlotsTheDataAndTheCurve() throws {
        let path = try DataCommandsTests.file(
            "a.csv",
            "x,y\n" + zip(RegressionFixture.x, RegressionFixture.y).map { "\($0),\($1)" }.joined(separator: "\n"))
        let run = Self.run(["fit", path, "--plot", "--size", "50x12", "--mode", "ascii"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("* y   + y = 3 + 0.5001x"), "\(run.output)")
    }
}

/// Anscombe's first set.
enum RegressionFixture {
    static let x: [Double] = [10, 8, 13, 9, 11, 14, 6, 4, 12, 7, 5]
    static let y: [Double] = [8.04, 6.95, 7.58, 8.81, 8.33, 9.96, 7.24, 4.26, 10.84, 4.82, 5.68]
}
