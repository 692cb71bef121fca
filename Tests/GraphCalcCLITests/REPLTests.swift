import Foundation
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

    @Test func pushShowsTheDescriptionAndValue() {
        let session = Self.run(["push 3 5 + √", "push 2 ×", "undo", "describe", "program", "clear", "describe"])
        #expect(session.status == 0)
        #expect(
            session.output == """
                √(3+5) = 2.8284271247461903
                √(3+5)×2 = 5.656854249492381
                √(3+5), 2 = 2.0
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
                M = 2.0
                x = 6.283185307179586
                8.0
                K = 8.0
                L = 8.0
                K = 8.0
                L = 8.0
                M = 2.0
                x = 6.283185307179586
                M = 2.0
                x = 6.283185307179586
                M×x = 12.566370614359172

                """)
        #expect(session.repl.brain.variableValues == ["M": 2, "x": 2 * .pi])
    }

    @Test func scriptsNameTheLineOfEachErrorAndGoOn() {
        let session = Self.run(["1+1", "2+", "3+3", "1/0", "set 2x = 1", "frob 3"])
        #expect(session.status == 1)
        #expect(session.output == "2.0\n6.0\n")
        #expect(
            session.error == """
                error: line 2: unexpected end of expression at 3: expected a number, name or '('
                  2+
                    ^
                error: line 4: division by zero in ÷
                error: line 5: '2x' is not a valid variable name
                error: line 6: expected an operator before '3' at 6
                  frob 3
                       ^

                """)
        #expect(session.prompts.allSatisfy { $0.isEmpty })
    }

    @Test func interactiveSessionsPromptAndNeverFail() {
        let session = Self.run(
            [.line("1+"), .interrupted, .line("2*3"), .line("quit"), .line("never read")], interactive: true)
        #expect(session.status == 0)
        #expect(session.output.hasPrefix("graphcalc 0.1.0"))
        #expect(session.output.hasSuffix("6.0\n"))
        #expect(session.error.hasPrefix("error: unexpected end of expression"))
        #expect(session.prompts == ["graphcalc> ", "graphcalc> ", "graphcalc> ", "graphcalc> "])
    }

    @Test func commandLineVerbsWorkAtThePrompt() {
        let session = Self.run(["eval 1+1", "describe '2*(x+1)'", "table x^2 --x 0:1 --count 2", "eval"])
        #expect(session.output == "2.0\n2×(x+1)\nx,y\n0.0,0.0\n1.0,1.0\n")
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

    @Test func theViewPersistsBetweenPlots() {
        let session = Self.run([
            "view x 0:4 y -1:3", "plot x --size 40x8 --mode ascii", "zoom 2", "pan 1 0", "zoom 2 at 0,0", "view y auto",
            "scale 8", "origin 2,3", "view", "reset", "pan 0 1",
        ])
        #expect(session.output.contains("view: x 0.0:4.0, y -1.0:3.0"))
        #expect(session.output.contains("\n   0                 2                4 \n"))
        // The y axis at x = 0 is the frame's left edge: no second line beside it.
        #expect(!session.output.contains("||"))
        #expect(session.output.contains("view: x 1.0:3.0, y 0.0:2.0"))
        #expect(session.output.contains("view: x 2.0:4.0, y 0.0:2.0"))
        #expect(session.output.contains("view: x 1.0:2.0, y 0.0:1.0"))
        #expect(session.output.contains("view: x 1.0:2.0, y automatic"))
        #expect(session.output.contains("view: scale 8.0 columns per unit, origin in the middle"))
        #expect(session.output.contains("view: scale 8.0 columns per unit, origin at cell 2.0,3.0"))
        #expect(session.output.contains("view reset to x -10:10, y automatic"))
        #expect(session.error.contains("line 11: the y range is automatic"))
    }

    @Test func traceMarksThePoint() {
        let session = Self.run([
            "plot sin(x) --size 50x12 --mode ascii", "trace pi/2", "trace 0", "push 1 x ÷", "trace 0",
        ])
        #expect(session.output.contains("sin(x) at x = 1.5707963267948966: 1.0"))
        #expect(session.output.contains("O*(1.5708, 1)") || session.output.contains("(1.5708, 1)"))
        #expect(session.output.contains("sin(x) at x = 0.0: 0.0"))
        #expect(session.output.contains("sin(x) at x = 0.0: 0.0"))
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

    @Test func help() {
        let session = Self.run(["help", "help push", "help plot", "help frob"])
        #expect(session.output.contains("  push KEYS...") && session.output.contains("  quit, exit"))
        #expect(session.output.contains("push KEYS...    press calculator keys"))
        #expect(session.output.contains("Usage: graphcalc plot EXPR|FILE..."))
        #expect(session.error == "error: line 4: no command 'frob'; type help for the list\n")
    }

    @Test func nothingTypedCrashesTheSession() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [
            "push", "plot", "set", "=", "→", "zoom", "pan", "view", "x", "y", "0:1", "1e308", "-", "(", ")", "'", "\"",
            "sqrt", "trace", "√", "store", "undo", "export", "--size", "0x0", "--x", "3:1", "help", "describe", "at",
        ]
        let lines = (0..<300).map { _ in
            (0..<Int.random(in: 1...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }
                .joined(separator: " ")
        }.filter { !$0.hasPrefix("export") && !$0.contains("save") }
        let session = Self.run(lines)
        #expect(session.status == 0 || session.status == 1)
    }
}

@Suite struct REPLCompleterTests {
    @Test func completesCommandsFunctionsConstantsAndVariables() {
        #expect(REPLCompleter.complete("co", line: "co", variables: []) == .words(["compile", "cos"]))
        #expect(REPLCompleter.complete("p", line: "chart p", variables: []) == .words(["pie"]))
        #expect(REPLCompleter.complete("da", line: "chart bar da", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("t", line: "words t", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("co", line: "plot co", variables: []) == .words(["cos"]))
        #expect(REPLCompleter.complete("M", line: "2*M", variables: ["Mass", "x"]) == .words(["Mass"]))
        #expect(REPLCompleter.complete("p", line: "set x = p", variables: []) == .words(["pi"]))
        #expect(
            REPLCompleter.complete("--s", line: "plot sin(x) --s", variables: [])
                == .words(["--scale", "--set", "--size"]))
        #expect(REPLCompleter.complete("ex", line: "load ex", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("", line: "export ", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("zz", line: "zz", variables: []) == .words([]))
    }
}

@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("plot 'sin(x) + 1' --x -pi:pi", ["plot", "sin(x) + 1", "--x", "-pi:pi"]),
        ("a \"b c\" d\\ e", ["a", "b c", "d e"]),
        ("  spaced   out  ", ["spaced", "out"]),
        ("'' x", ["", "x"]),
        ("it's", nil),
    ])
    func splitsLikeAShell(line: String, words: [String]?) throws {
        if let words {
            #expect(try ShellWords.split(line) == words)
        } else {
            #expect(throws: GraphCalcError.self) { try ShellWords.split(line) }
        }
    }
}
