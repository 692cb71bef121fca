import GraphCalcSupport

/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
    /// A line, without its newline.
    case line(String)
    /// The user abandoned the line (Ctrl-C).
    case interrupted
    /// No more input (Ctrl-D on an empty line, or the end of a script).
    case end
}
