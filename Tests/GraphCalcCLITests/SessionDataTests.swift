import ChartData
import Foundation
import GraphCalcSupport
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Data in the interactive session: named data sets kept by reference, figures that keep
/// their data through redraws, and fits defined as functions.
@Suite struct SessionDataTests {
    private static func run(_ lines: [String]) -> (output: String, error: String, repl: REPL) {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        _ = repl.run(reader: ScriptedLineReader(lines: lines))
        return (console.output, console.error, repl)
    }

    /// y = 2 + 3x − 0.5x² at x = 0…9, exactly.
    static let parabola =
        "x,y\n"
        + (0..<10).map { "\($0),\(2 + 3 * Double($0) - 0.5 * Double($0 * $0))" }
        .joined(separator: "\n") + "\n"

    @Test func aDataSetIsNamedPlottedAndKeptThroughRedraws() throws {
        let directory = try temporaryDirectory("session-data", files: ["p.csv": Self.parabola])
        let path = directory.appendingPathComponent("p.csv").path
        let session = Self.run([
            "data p = \(path) --style points", "data", "plot p 'x' --size 40x10 --mode ascii", "zoom 2",
            "unset p", "plot --size 40x10 --mode ascii",
        ])
        #expect(session.error.isEmpty, "\(session.error)")
        #expect(session.output.hasPrefix("p = \(path): y, 10 rows\np = \(path) (style points)\n"), "\(session.output)")
        // The plot and the redraw after zoom both show the data beside the function.
        let legends = session.output.components(separatedBy: "\n").filter { $0.contains("* x") }
        #expect(legends.count == 3, "\(session.output)")
        #expect(legends.prefix(2).allSatisfy { $0.contains("+ y") }, "\(legends)")
        // Unset, the data set leaves the figure and the function stays.
        #expect(legends.last?.contains("+ y") == false, "\(legends)")
        #expect(session.repl.session.dataSets.isEmpty)
    }

    @Test func aFileThatChangesIsReadAgainAndOneThatDoesNotIsNot() throws {
        let directory = try temporaryDirectory("session-reread", files: ["p.csv": "x,y\n0,0\n1,1\n"])
        let path = directory.appendingPathComponent("p.csv").path
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        _ = repl.run(reader: ScriptedLineReader(lines: ["plot \(path) --size 30x8 --mode ascii"]))
        let reference = try #require(repl.session.figure?.data.first)
        let first = try DataOptions.layers(of: [reference], cache: repl.session.dataTables).layers
        #expect(first.first?.series.count == 2)
        try "x,y\n0,0\n1,1\n2,4\n".write(toFile: path, atomically: true, encoding: .utf8)
        let second = try DataOptions.layers(of: [reference], cache: repl.session.dataTables).layers
        #expect(second.first?.series.count == 3)
        // The same file again is the table kept, not a new read.
        let third = try DataOptions.layers(of: [reference], cache: repl.session.dataTables).layers
        #expect(
            third.first?.series.ys.withUnsafeBufferPointer { $0.baseAddress }
                == second.first?.series.ys.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test func aFitIsDefinedAsAFunctionToTheLastDigit() throws {
        let directory = try temporaryDirectory("session-fit", files: ["p.csv": Self.parabola])
        let path = directory.appendingPathComponent("p.csv").path
        let session = Self.run(["data p = \(path)", "fit p quadratic as g", "g(4)", "g(20)", "integrate g 0 1"])
        #expect(session.error.isEmpty, "\(session.error)")
        #expect(session.output.contains("quadratic fit of y, y = a + b·x + c·x², 10 points"), "\(session.output)")
        #expect(session.output.contains("defined g(x) = "), "\(session.output)")
        let lines = session.output.split(separator: "\n")
        let atFour = try #require(lines.firstIndex { $0.hasPrefix("defined g(x)") }.map { Double(lines[$0 + 1]) })
        let atTwenty = try #require(lines.firstIndex { $0.hasPrefix("defined g(x)") }.map { Double(lines[$0 + 2]) })
        // 2 + 12 − 8 and 2 + 60 − 200, to rounding.
        #expect(abs((atFour ?? .nan) - 6) < 1e-12 && abs((atTwenty ?? .nan) + 138) < 1e-10, "\(session.output)")
        #expect(session.repl.session.functions["g"] != nil)
    }

    static let refusals: [([String], String)] = [
        (["data 2p = FILE"], "error: line 1: '2p' is not a name for a data set"),
        (["f(x) = x", "data f = FILE"], "error: line 2: 'f' is a function; give the data set another name"),
        (["a = 1", "data a = FILE"], "error: line 2: 'a' is a variable; give the data set another name"),
        (
            ["data p = -"],
            "error: line 1: data at the prompt names a file, not standard input (which the prompt reads)"
        ),
        (
            ["data p FILE"],
            "error: line 1: data needs a name and a file: data d = FILE.csv [--columns x,y …], or data d off"
        ),
        (["data p off"], "error: line 1: no data set named p"),
        (["data p = FILE --style bars"], "error: line 1: --style takes points, lines or steps, not 'bars'"),
        (["data p = /nonexistent.csv"], "error: line 1: cannot read '/nonexistent.csv': no such file or directory"),
        (["data p = FILE", "fit p quadratic as p"], "error: line 2: 'p' is a data set; give the fit another name"),
        (["fit FILE cubic --model linear"], "error: line 1: give the model as a word or with --model, not both"),
        (["fit FILE quadratic as"], "error: line 1: fit … as needs a name for the function: as g"),
        (["data p = FILE", "p = 3"], "error: line 2: 'p' is a data set; unset p first to use the name for a variable"),
        (
            ["data p = FILE", "p(t) = t"],
            "error: line 2: 'p' is a data set; unset p first to use the name for a function"
        ),
        (["data x = FILE"], "error: line 1: 'x' is not a name for a data set"),
    ]

    @Test(arguments: refusals)
    func aBadLineIsRefused(lines: [String], message: String) throws {
        let directory = try temporaryDirectory("session-refusals", files: ["p.csv": Self.parabola])
        let path = directory.appendingPathComponent("p.csv").path
        let session = Self.run(lines.map { $0.replacingOccurrences(of: "FILE", with: path) })
        #expect(session.error.split(separator: "\n").last.map(String.init) == message, "\(session.error)")
    }
}
