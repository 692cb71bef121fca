/// When a terminal plot is coloured: `--color auto|always|never`.
public enum ColorChoice: String, CaseIterable, Equatable, Sendable {
    /// When output is a terminal and `NO_COLOR` is unset.
    case auto
    /// Always, with ANSI codes.
    case always
    /// Never.
    case never
}
