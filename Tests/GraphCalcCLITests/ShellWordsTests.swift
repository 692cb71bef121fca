import Testing

@testable import GraphCalcCLI

@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("plot 'sin(x) + 1' --x -pi:pi", ["plot", "sin(x) + 1", "--x", "-pi:pi"]),
        ("a \"b c\" d\\ e", ["a", "b c", "d e"]),
        ("  spaced   out  ", ["spaced", "out"]),
        ("'' x", ["", "x"]),
        ("plot 'sin(x)", nil),
        // A ' right after a name is a prime (f', the derivative), not a quote.
        ("plot f f' f''", ["plot", "f", "f'", "f''"]),
        ("plot f' 'g(x)'", ["plot", "f'", "g(x)"]),
    ])
    func splitsLikeAShell(line: String, words: [String]?) throws {
        if let words {
            #expect(try ShellWords.split(line) == words)
        } else {
            #expect(throws: GraphCalcError.self) { try ShellWords.split(line) }
        }
    }
}
