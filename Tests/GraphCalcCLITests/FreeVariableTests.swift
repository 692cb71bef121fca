import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// `x = 5`, `f(t) = t + x`: f's x is the session's variable in every verb, never the
/// variable a graph runs along (issue 26's first reproduction).
@Suite struct FreeVariableTests {
    private static func prompt(_ lines: [String]) -> (status: Int32, output: String, error: String) {
        let console = CapturingConsole()
        let repl = REPL(console: console, isInteractive: false)
        let status = repl.run(reader: ScriptedLineReader(lines.map(LineInput.line)))
        return (status, console.output, console.error)
    }

    static let setUp = ["x = 5", "f(t) = t + x"]

    /// Each verb, and a line of what it must print with f(x) = x + 5.
    @Test(arguments: [
        ("f(1)", "6\n"),
        ("plot f --size 40x8 --mode ascii", "f(t) = t+x"),
        ("table f --x 0:2 --count 3", "1,6\n"),
        ("zeros f", "-5,-5,-5,proved,"),
        ("integrate f 0 1", "5.5,5.5,5.5,proved,"),
        ("deriv f 1", "slope of f(t) = t+x at x = 1: 1"),
        ("sample f --x 0:1 --width 1 --height 4", "0,1,5,6"),
        ("extrema f --x 0:1", "global max,1,6,"),
        ("intersect f 6", "1,6,6,1,1,proved,"),
        ("plot 'f(x)*2' --size 40x8 --mode ascii", "* (x+5)*2"),
        ("derive 'f(x)'", "1\n"),
    ])
    func everyVerbReadsTheSessionsVariable(line: String, expected: String) {
        let run = Self.prompt(Self.setUp + [line])
        #expect(run.error.isEmpty, "\(run.error)")
        #expect(run.output.contains(expected), "\(line): \(run.output)")
    }

    @Test func traceAndRedrawKeepTheMeaning() {
        let run = Self.prompt(Self.setUp + ["plot f --size 40x8 --mode ascii", "trace 1", "x = 7", "trace 1"])
        #expect(run.output.contains("f(t) = t+x at x = 1: 6, slope 1"), "\(run.output)")
        // Live: the session's x changed, and so did f.
        #expect(run.output.contains("f(t) = t+x at x = 1: 8, slope 1"), "\(run.output)")
    }

    @Test func anExportedGraphAndASavedSessionKeepTheMeaning() throws {
        let directory = try temporaryDirectory("free-variables")
        let svg = directory.appendingPathComponent("f.svg").path
        let saved = directory.appendingPathComponent("s.plist").path
        let run = Self.prompt(
            Self.setUp + [
                "svg f --x 0:1 -o \(svg)", "save session \(saved)", "clear", "unset f x", "load \(saved)", "f(1)",
                "zeros f",
            ])
        #expect(run.error.isEmpty, "\(run.error)")
        let document = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(document.contains("f(t) = t+x"))
        // The y axis runs over f's values, 5 to 6, not x + x's 0 to 2.
        #expect(document.contains(">5.4</text>"), "\(document)")
        #expect(run.output.hasSuffix("6\nx,lo,hi,status,reason\n-5,-5,-5,proved,\n# 1 proved, 0 possible\n"))
    }

    @Test func whatCannotMeanTheSessionsVariableIsRefused() {
        let unset = Self.prompt(["f(t) = t + x", "plot f"])
        #expect(
            unset.error
                == "error: line 2: f uses the variable 'x' from outside it, not the graph's: variable 'x' is not set\n")
        let parameter = Self.prompt(Self.setUp + ["g(x) = f(x)", "g(u) = f(u)", "g(1)"])
        #expect(parameter.error.contains("f at 1 uses the variable 'x' from outside it, but here 'x' is the parameter"))
        #expect(parameter.output.hasSuffix("6\n"))
    }
}
