#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a command needs to know about where its output goes: whether it is a terminal,
/// how large, whether the locale is UTF-8 and whether colour is switched off.
public struct TerminalEnvironment: Sendable {
    /// Whether standard output is a terminal.
    public var isTerminal: Bool
    /// The terminal's size in cells, when it is one and reports it.
    public var size: (columns: Int, rows: Int)?
    /// Whether the locale's character set is UTF-8 (`LC_ALL`, `LC_CTYPE` or `LANG`).
    public var isUTF8: Bool
    /// Whether `NO_COLOR` is set to something (https://no-color.org), or `TERM` is `dumb`.
    public var forbidsColor: Bool

    /// Creates an environment.
    public init(isTerminal: Bool, size: (columns: Int, rows: Int)?, isUTF8: Bool, forbidsColor: Bool) {
        self.isTerminal = isTerminal
        self.size = size
        self.isUTF8 = isUTF8
        self.forbidsColor = forbidsColor
    }

    /// Not a terminal, no size, ASCII, colour allowed: what tests and pipes see.
    public static let pipe = TerminalEnvironment(isTerminal: false, size: nil, isUTF8: false, forbidsColor: false)

    /// This process's standard output and environment variables.
    public static func current() -> TerminalEnvironment {
        // getenv rather than ProcessInfo: Foundation's process information costs a third of
        // a millisecond at start-up, a tenth of what a plot takes.
        func variable(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
        let isTerminal = isatty(STDOUT_FILENO) == 1
        var size: (columns: Int, rows: Int)?
        var window = winsize()
        if isTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 {
            size = (Int(window.ws_col), Int(window.ws_row))
        }
        let locale =
            [variable("LC_ALL"), variable("LC_CTYPE"), variable("LANG")]
            .compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let isUTF8 = locale.lowercased().filter { $0 != "-" }.contains("utf8")
        let forbidsColor = !(variable("NO_COLOR") ?? "").isEmpty || variable("TERM") == "dumb"
        return TerminalEnvironment(isTerminal: isTerminal, size: size, isUTF8: isUTF8, forbidsColor: forbidsColor)
    }
}
