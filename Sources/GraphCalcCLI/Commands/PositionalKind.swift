/// What a command's positional arguments are, for completion.
enum PositionalKind: Equatable {
    /// None.
    case none
    /// Expressions or program files.
    case expressions
    /// File names.
    case files
    /// A word from a list, then a file name (`chart bar FILE`).
    case wordThenFile([String])
    /// A word from a list.
    case words([String])
    /// A command's name.
    case commands
}
