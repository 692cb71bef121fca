import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// `graphcalc chart` and `graphcalc words` end to end through the command table.
@Suite struct ChartCommandTests {
    private static func run(_ arguments: [String]) -> CommandRun { CommandRun(arguments) }

    /// A fresh directory holding `files`.
    private static func directory(_ files: [String: String]) throws -> URL {
        try temporaryDirectory("chart", files: files)
    }

    static let csv = "language,users,kind\nSwift,28,compiled\nPython,51,interpreted\n\"C, C++\",38,compiled\n"

    @Test func aChartThatDoesNotFitItsSizeIsAUsageError() throws {
        let directory = try temporaryDirectory(
            "fit", files: ["many.csv": (1...60).map { "r\($0),\($0)" }.joined(separator: "\n")])
        let path = directory.appendingPathComponent("many.csv").path
        let run = Self.run(["chart", "bar", path, "--size", "30x8", "--mode", "ascii"])
        #expect(run.status == 2)
        #expect(run.error.hasPrefix("error: 60 bars do not fit in 26 columns;"), "\(run.error)")
    }

    @Test func drawsABarChartInTheTerminal() throws {
        let path = try Self.directory(["d.csv": Self.csv]).appendingPathComponent("d.csv").path
        let run = Self.run([
            "chart", "bar", path, "--size", "40x10", "--mode", "ascii", "--values", "--select", "Python",
        ])
        #expect(run.status == 0 && run.error.isEmpty)
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 10 && lines.allSatisfy { $0.count == 40 })
        #expect(run.output.contains("[Python]") && run.output.contains("51") && run.output.contains("C, C++"))
    }

    @Test func countsAColumnAndWritesAPieAsSVG() throws {
        let directory = try Self.directory(["d.csv": Self.csv])
        let output = directory.appendingPathComponent("pie.svg").path
        let run = Self.run([
            "chart", "pie", directory.appendingPathComponent("d.csv").path, "--count", "kind", "-o", output,
        ])
        #expect(run.status == 0 && run.output.isEmpty && run.error.isEmpty)
        let svg = try String(contentsOfFile: output, encoding: .utf8)
        #expect(svg.contains("<title>compiled: 2</title>") && svg.contains("<title>interpreted: 1</title>"))
        #expect(svg.contains("compiled  66.7%") && svg.contains("interpreted  33.3%"))
    }

    /// A value follows its bar after one space, whatever the bar's last part cell (in
    /// ASCII `xxxx  13` had two, as a part cell under half is not drawn).
    @Test(arguments: ["ascii", "braille"])
    func aHorizontalBarsValueIsOneSpaceAfterIt(mode: String) throws {
        let path = try Self.directory(["d.csv": "a,28\nb,51\nc,38\nd,13\ne,62\nf,14\ng,9\nh,5\n"])
            .appendingPathComponent("d.csv").path
        for width in [40, 47, 53] {
            let run = Self.run([
                "chart", "bar", path, "--horizontal", "--values", "--size", "\(width)x10", "--mode", mode,
            ])
            let rows = run.output.split(separator: "\n").map { $0.drop { $0 != "|" && $0 != "│" }.dropFirst() }
            // The rows with a bar: a glyph, then one space, then the value.
            let barred = rows.filter { $0.first.map { $0 != " " } ?? false }
            #expect(barred.count == 8, "\(run.output)")
            for bar in barred {
                let digit = bar.firstIndex(where: \.isNumber) ?? bar.endIndex
                #expect(bar[..<digit].hasSuffix(" ") && !bar[..<digit].hasSuffix("  "), "\(width): \(bar)")
            }
        }
    }

    /// Values over vertical bars are whole, inside the canvas and apart: `1234567` at the
    /// right edge lost its last digit, and `0.00012345-98765.4321` ran two together.
    @Test func verticalBarValuesAreWholeAndApart() throws {
        let directory = try Self.directory([
            "v.csv": "apple,12\nbanana,345\nelderberry fruit long name,1234567\n",
            "w.csv": "a,0.000123456\nb,-98765.4321\n",
        ])
        let long = Self.run([
            "chart", "bar", directory.appendingPathComponent("v.csv").path, "--values", "--size", "30x10", "--mode",
            "ascii",
        ])
        #expect(long.output.contains("1234567") && long.output.split(separator: "\n").allSatisfy { $0.count <= 30 })
        let close = Self.run([
            "chart", "bar", directory.appendingPathComponent("w.csv").path, "--values", "--size", "30x8", "--mode",
            "ascii",
        ])
        let words = close.output.split(whereSeparator: \.isWhitespace)
        #expect(words.contains("0.000123456") && !close.output.contains("0.000123456-"), "\(close.output)")
    }

    /// A column number past the file's columns is no column (it was a short row, line 2).
    @Test func aColumnPastTheFileIsNoColumn() throws {
        let path = try Self.directory(["d.csv": Self.csv]).appendingPathComponent("d.csv").path
        let run = Self.run(["chart", "bar", path, "--value-column", "7", "--mode", "ascii"])
        #expect(run.status == 1 && run.error == "error: no column '7': the columns are language, users, kind\n")
    }

    @Test func picksColumnsByNameOrNumber() throws {
        let path = try Self.directory(["d.csv": "n,name,score\n1,ann,5\n2,bob,7\n"]).appendingPathComponent("d.csv")
            .path
        let byName = Self.run(["chart", "bar", path, "--label-column", "name", "--value-column", "score", "-o", "-"])
        let byNumber = Self.run(["chart", "bar", path, "--label-column", "2", "--value-column", "3", "-o", "-"])
        #expect(byName.status == 0 && byName.output.contains("<title>bob: 7</title>"))
        #expect(byName.output == byNumber.output)
    }

    @Test func countsWordsAsCSVOrAChart() throws {
        let directory = try Self.directory([
            "t.txt": "The cat and the hat. The end, \"quoted, word\"", "stop.txt": "the\nand",
        ])
        let text = directory.appendingPathComponent("t.txt").path
        let csv = Self.run(["words", text, "--top", "3"])
        #expect(csv.status == 0 && csv.output == "word,count\nthe,3\nand,1\ncat,1\n")
        let stopped = Self.run(["words", text, "--stop-words", directory.appendingPathComponent("stop.txt").path])
        #expect(stopped.output == "word,count\ncat,1\nend,1\nhat,1\nquoted,1\nword,1\n")
        let chart = Self.run(["words", text, "--chart", "bar", "--size", "40x10", "--mode", "ascii"])
        #expect(chart.status == 0 && chart.output.contains("the") && chart.output.split(separator: "\n").count == 10)
        #expect(WordsCommand.csvField("a,b") == "\"a,b\"" && WordsCommand.csvField("say \"x\"") == "\"say \"\"x\"\"\"")
    }

    @Test func theExampleDataCharts() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/data")
        let languages = data.appendingPathComponent("languages.csv").path
        for arguments in [
            ["chart", "bar", languages, "--values"], ["chart", "pie", languages, "--select", "Swift", "-o", "-"],
            ["chart", "bar", languages, "--count", "paradigm", "--horizontal"],
            ["words", data.appendingPathComponent("calculator.txt").path, "--top", "8", "--chart", "pie"],
        ] {
            let run = Self.run(arguments)
            #expect(run.status == 0 && run.error.isEmpty && !run.output.isEmpty, "\(arguments)")
        }
        let words = Self.run(["words", data.appendingPathComponent("calculator.txt").path, "--top", "2"])
        #expect(words.output == "word,count\nthe,11\na,9\n")
    }

    static let snapshots = GoldenFile.snapshots(besides: #filePath)

    /// 200 values of a linear congruential generator, summed in threes so they pile up
    /// in the middle, as a histogram's example data.
    static let piled: String = {
        var state: UInt64 = 7
        func next() -> Double {
            state = (1_103_515_245 * state + 12345) % 2_147_483_648
            return Double(state) / 2_147_483_648
        }
        return "value\n"
            + (0..<200).map { _ in "\(((next() + next() + next()) * 10).rounded() / 10)" }.joined(separator: "\n")
    }()

    @Test func drawsAHistogramWithItsNormalCurve() throws {
        let path = try Self.directory(["piled.csv": Self.piled]).appendingPathComponent("piled.csv").path
        let ascii = Self.run(["chart", "hist", path, "--normal", "--size", "60x16", "--mode", "ascii"])
        #expect(ascii.status == 0, "\(ascii.error)")
        #expect(ascii.errorLines.first?.hasPrefix("note: 13 bins of width 0.2") == true, "\(ascii.error)")
        #expect(ascii.errorLines.last?.hasPrefix("note: normal curve, mean 1.5") == true, "\(ascii.error)")
        GoldenFile.expectMatch(ascii.output, name: "histogram-ascii.txt", directory: Self.snapshots)
        let braille = Self.run([
            "chart", "hist", path, "--bins", "8", "--density", "--size", "60x16", "--mode", "braille",
        ])
        #expect(braille.status == 0 && braille.error.isEmpty, "\(braille.error)")
        GoldenFile.expectMatch(braille.output, name: "histogram-braille.txt", directory: Self.snapshots)
        let svg = Self.run(["chart", "hist", path, "--normal", "-o", "-"])
        #expect(svg.status == 0, "\(svg.error)")
        // The background and thirteen bars, each a tooltip naming its bin (numpy's "fd"
        // makes 13 too); the curve with its own.
        #expect(svg.output.components(separatedBy: "<rect ").count - 1 == 1 + 13)
        #expect(
            svg.output.contains("<title>[") && svg.output.contains("<g class=\"overlay\"><title>normal curve, mean 1.5")
        )
        GoldenFile.expectMatch(svg.output, name: "histogram.svg", directory: Self.snapshots)
    }

    static let failures: [([String], Int32, String)] = [
        (["chart", "bar"], 2, "error: chart needs bar, pie or hist and a CSV file; usage: \(ChartCommand.usage)"),
        (["chart", "line", "d.csv"], 2, "error: chart draws bar, pie or hist, not 'line'"),
        (
            ["chart", "hist", "DIR/good.csv", "--bins", "0"], 2,
            "error: --bins takes a whole number from 1 to 100000 or auto, not '0'"
        ),
        (
            ["chart", "hist", "DIR/good.csv", "--bins", "many"], 2,
            "error: --bins takes a whole number from 1 to 100000 or auto, not 'many'"
        ),
        (["chart", "hist", "DIR/good.csv", "--horizontal"], 2, "error: --horizontal does not apply to a histogram"),
        (["chart", "hist", "DIR/good.csv", "--count", "1"], 2, "error: --count does not apply to a histogram"),
        (["chart", "bar", "DIR/good.csv", "--normal"], 2, "error: --normal applies to chart hist, not a bar chart"),
        (
            ["chart", "hist", "DIR/same.csv", "--normal"], 1,
            "error: --normal needs two values or more that differ: 'value' has a standard deviation of 0"
        ),
        (
            ["chart", "hist", "DIR/header.csv"], 1,
            "error: 'DIR/header.csv' has no rows of data"
        ),
        (
            ["chart", "hist", "DIR/good.csv", "--column", "weight"], 2,
            "error: --columns: no column 'weight' (the file has no header)"
        ),
        (
            ["chart", "hist", "DIR/bad.csv"], 1,
            "error: DIR/bad.csv:3: 'many' in column value is not a number (--skip-bad skips rows that are not data)"
        ),
        (
            ["chart", "bar", "d.csv", "--count", "1", "--value-column", "2"], 2,
            "error: --count goes without --label-column and --value-column"
        ),
        (["chart", "bar", "/nonexistent.csv"], 1, "error: cannot read '/nonexistent.csv': no such file or directory"),
        (["chart", "bar", "DIR/bad.csv"], 1, "error: DIR/bad.csv:3: 'many' in column 2 is not a number"),
        (["chart", "pie", "DIR/negative.csv"], 1, "error: a pie needs positive values: 'b' is -2"),
        (
            ["chart", "bar", "DIR/good.csv", "--select", "z"], 2,
            "error: --select: no record labelled 'z' (there are 'a', 'b')"
        ),
        (
            ["chart", "bar", "DIR/good.csv", "--value-column", "size"], 1,
            "error: no column 'size' (the file has no header)"
        ),
        // A number beyond the doubles is a number: the header is line 1, the row line 2,
        // and a file of that one row has a record (which cannot be charted), not a header.
        (
            ["chart", "bar", "DIR/huge.csv"], 1,
            "error: DIR/huge.csv:2: '1e400' in column 2 is beyond the largest number (about 1.8e308)"
        ),
        (
            ["chart", "bar", "DIR/huge-alone.csv"], 1,
            "error: DIR/huge-alone.csv:1: '1e400' in column 2 is beyond the largest number (about 1.8e308)"
        ),
        (
            ["chart", "pie", "DIR/good.csv", "--direction", "up"], 2,
            "error: --direction takes clockwise or counterclockwise, not 'up'"
        ),
        (
            ["chart", "pie", "DIR/good.csv", "--min-share", "120"], 2,
            "error: --min-share must be a percentage from 0 to 100"
        ),
        (["chart", "bar", "DIR/binary.csv"], 1, "error: 'DIR/binary.csv' is not UTF-8 text"),
        (["words", "DIR/good.csv", "--top", "0"], 2, "error: --top needs a whole number from 1, not '0'"),
        (["words", "DIR/good.csv", "--chart", "line"], 2, "error: --chart must be bar or pie, not 'line'"),
        (
            ["words", "DIR/good.csv", "-o", "w.svg"], 2,
            "error: -o writes a chart: add --chart bar or --chart pie (the CSV goes to standard output)"
        ),
        (["words", "DIR/empty.txt", "--chart", "pie"], 1, "error: 'DIR/empty.txt' has no words to chart"),
        // A header and no records once said 'value' was not a number.
        (["chart", "bar", "DIR/header.csv"], 1, "error: 'DIR/header.csv' has no records to chart"),
    ]

    @Test(arguments: failures)
    func badInputIsAClearOneLineError(arguments: [String], status: Int32, message: String) throws {
        let directory = try Self.directory([
            "bad.csv": "label,value\na,1\nb,many\n", "negative.csv": "a,1\nb,-2\n", "good.csv": "a,1\nb,2\n",
            "empty.txt": "  ... ", "binary.csv": "a,\u{1}", "header.csv": "label,value\n",
            "huge.csv": "label,value\nx,1e400\n", "huge-alone.csv": "x,1e400\n", "same.csv": "value\n3\n3\n",

        ])
        try Data([0x61, 0x2C, 0xFF, 0x0A]).write(to: directory.appendingPathComponent("binary.csv"))
        let arguments = arguments.map { $0.replacingOccurrences(of: "DIR", with: directory.path) }
        let run = Self.run(arguments)
        #expect(run.status == status)
        #expect(run.errorLines == [Substring(message.replacingOccurrences(of: "DIR", with: directory.path))])
    }
}
