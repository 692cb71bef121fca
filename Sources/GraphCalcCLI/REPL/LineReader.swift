import GraphCalcSupport

/// Where the REPL gets its lines: a terminal with line editing, standard input, or a
/// list of lines in tests.
public protocol LineReader: AnyObject {
    /// The next line, shown after `prompt` where there is a prompt.
    func readLine(prompt: String) -> LineInput
}
