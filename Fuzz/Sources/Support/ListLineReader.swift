import GraphCalcCLI

/// Lines from a list, then the end.
public final class ListLineReader: LineReader {
    private var lines: [String]

    /// A reader that gives `lines` and then the end.
    public init(_ lines: [String]) {
        self.lines = lines
    }

    /// The next line, or the end.
    public func readLine(prompt: String) -> LineInput {
        lines.isEmpty ? .end : .line(lines.removeFirst())
    }
}
