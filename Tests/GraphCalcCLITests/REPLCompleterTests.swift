import Testing

@testable import GraphCalcCLI

/// TAB completion at the prompt, from the command table.
@Suite struct REPLCompleterTests {
    @Test func completesCommandsFunctionsConstantsAndVariables() {
        #expect(
            REPLCompleter.complete("co", line: "co", variables: [])
                == .words(["compile", "completions", "cos", "cosh"]))
        #expect(REPLCompleter.complete("b", line: "plot x --mode b", variables: []) == .words(["braille"]))
        #expect(REPLCompleter.complete("", line: "svg x -o ", variables: []) == .fileNames)
        #expect(
            REPLCompleter.complete("g", line: "plot g", variables: [], functions: ["f", "g"]) == .words(["g", "gamma"]))
        #expect(REPLCompleter.complete("di", line: "set di", variables: []) == .words(["digits"]))
        #expect(REPLCompleter.complete("", line: "set mode ", variables: []) == .words(["ascii", "auto", "braille"]))
        #expect(REPLCompleter.complete("", line: "completions ", variables: []) == .words(["bash", "fish", "zsh"]))
        #expect(REPLCompleter.complete("ra", line: "2*ra", variables: ["rate"]) == .words(["rate"]))
        #expect(REPLCompleter.complete("se", line: "save se", variables: []) == .words(["session"]))
        #expect(REPLCompleter.complete("", line: "save session ", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("p", line: "chart p", variables: []) == .words(["pie"]))
        #expect(REPLCompleter.complete("da", line: "chart bar da", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("t", line: "words t", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("co", line: "plot co", variables: []) == .words(["cos", "cosh"]))
        #expect(
            REPLCompleter.complete("lo", line: "plot lo", variables: []) == .words(["log", "log10", "log2", "logb"]))
        #expect(REPLCompleter.complete("M", line: "2*M", variables: ["Mass", "x"]) == .words(["Mass"]))
        #expect(REPLCompleter.complete("p", line: "set x = p", variables: []) == .words(["phi", "pi"]))
        #expect(
            REPLCompleter.complete("--s", line: "plot sin(x) --s", variables: [])
                == .words(["--scale", "--set", "--size", "--skip-bad", "--style"]))
        #expect(REPLCompleter.complete("ex", line: "load ex", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("", line: "export ", variables: []) == .fileNames)
        #expect(REPLCompleter.complete("zz", line: "zz", variables: []) == .words([]))
    }
}
