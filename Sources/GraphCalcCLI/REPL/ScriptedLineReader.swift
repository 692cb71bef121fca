import GraphCalcSupport
import Graphing

#if canImport(Glibc)
    import Glibc
#endif

/// Lines from a list, for tests and for driving the REPL from code.
public final class ScriptedLineReader: LineReader {
    private var inputs: [LineInput]
    /// The prompts asked for, in order.
    public private(set) var prompts: [String] = []

    /// A reader that gives `inputs` and then the end.
    public init(_ inputs: [LineInput]) {
        self.inputs = inputs
    }

    /// A reader that gives `lines` and then the end.
    public convenience init(lines: [String]) {
        self.init(lines.map(LineInput.line))
    }

    /// The next input, or the end.
    public func readLine(prompt: String) -> LineInput {
        prompts.append(prompt)
        return inputs.isEmpty ? .end : inputs.removeFirst()
    }
}
