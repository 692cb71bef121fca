/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
    /// A line, without its newline.
    case line(String)
    /// The user abandoned the line (Ctrl-C).
    case interrupted
    /// No more input (Ctrl-D on an empty line, or the end of a script).
    case end
}

/// Where the REPL gets its lines: a terminal with line editing, standard input, or a
/// list of lines in tests.
public protocol LineReader: AnyObject {
    /// The next line, shown after `prompt` where there is a prompt.
    func readLine(prompt: String) -> LineInput
}

/// Lines from standard input, for scripts: no prompt, no editing, no history.
public final class StandardInputReader: LineReader {
    /// Creates a reader of standard input.
    public init() {}

    /// The next line of standard input, or the end.
    public func readLine(prompt: String) -> LineInput {
        Swift.readLine(strippingNewline: true).map(LineInput.line) ?? .end
    }
}

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
