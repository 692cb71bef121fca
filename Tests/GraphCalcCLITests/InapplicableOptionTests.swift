import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// An option that does not apply to what a verb draws is a usage error naming it, never
/// silently ignored; `help --help` is help, not an unknown option.
@Suite struct InapplicableOptionTests {
    static let cases: [([String], String)] = [
        (["chart", "pie", "d.csv", "--horizontal"], "error: --horizontal does not apply to a pie chart"),
        (["chart", "pie", "d.csv", "--values"], "error: --values does not apply to a pie chart"),
        (["chart", "bar", "d.csv", "--start-angle", "90"], "error: --start-angle does not apply to a bar chart"),
        (["chart", "bar", "d.csv", "--min-share", "5"], "error: --min-share does not apply to a bar chart"),
        (
            ["words", "t.txt", "--values"],
            "error: --values does not apply to the CSV words prints; add --chart bar or --chart pie to draw"
        ),
        (["words", "t.txt", "--size", "40x10"], "error: --size does not apply to the CSV words prints"),
    ]

    @Test(arguments: cases)
    func anOptionThatDoesNotApplyIsAUsageError(arguments: [String], message: String) throws {
        let directory = try temporaryDirectory("inapplicable", files: ["d.csv": "a,1\nb,2\n", "t.txt": "a b a\n"])
        let run = CommandRun(
            arguments.map { ["d.csv", "t.txt"].contains($0) ? directory.appendingPathComponent($0).path : $0 })
        #expect(run.status == 2, "\(run.error)")
        #expect(run.error.hasPrefix(message), "\(run.error)")
    }

    @Test func theOptionsThatApplyStillWork() throws {
        let directory = try temporaryDirectory("applicable", files: ["d.csv": "a,1\nb,2\n", "t.txt": "a b a\n"])
        let csv = directory.appendingPathComponent("d.csv").path
        let text = directory.appendingPathComponent("t.txt").path
        #expect(CommandRun(["chart", "bar", csv, "--horizontal", "--values", "--size", "40x8"]).status == 0)
        #expect(CommandRun(["chart", "pie", csv, "--start-angle", "90", "--size", "40x12"]).status == 0)
        #expect(CommandRun(["words", text, "--chart", "bar", "--values", "--size", "40x8"]).status == 0)
        #expect(CommandRun(["words", text]).output == "word,count\na,2\nb,1\n")
    }

    @Test(arguments: [["help", "--help"], ["help", "-h"], ["help", "help"]])
    func helpAboutHelpIsTheOverview(arguments: [String]) {
        let run = CommandRun(arguments)
        #expect(run.status == 0 && run.error.isEmpty, "\(run.error)")
        #expect(run.output == CommandRun(["--help"]).output)
    }
}
