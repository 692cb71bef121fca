/// How a terminal drawing makes its cells: plots, charts and the live view alike.
public enum TerminalMode: String, CaseIterable, Sendable {
    /// 7-bit ASCII only: any terminal, log file or e-mail.
    case ascii
    /// Unicode braille dots and box-drawing frames.
    case braille
}
