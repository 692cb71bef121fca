import GraphCalcSupport

/// Lines from a list, for tests and for driving the REPL from code.
package final class ScriptedLineReader: LineReader {
    private var inputs: [LineInput]
    /// The prompts asked for, in order.
    package private(set) var prompts: [String] = []

    /// A reader that gives `inputs` and then the end.
    package init(_ inputs: [LineInput]) {
        self.inputs = inputs
    }

    /// A reader that gives `lines` and then the end.
    package convenience init(lines: [String]) {
        self.init(lines.map(LineInput.line))
    }

    /// The next input, or the end.
    package func readLine(prompt: String) -> LineInput {
        prompts.append(prompt)
        return inputs.isEmpty ? .end : inputs.removeFirst()
    }
}
