/// Where a number typed as an expression came from: its errors are labelled with it, and
/// one from a command-line option is a usage error (exit status 2), as a bad option is.
enum ValueSource: Equatable {
    /// An option's value: `--x`, `--set r`.
    case option(String)
    /// A word typed at the prompt: `view x`, `zoom at`, `set M`.
    case prompt(String)

    /// How messages name it.
    var label: String {
        switch self {
        case .option(let name), .prompt(let name): name
        }
    }

    /// `error`, marked as an option's when it is one.
    func wrapping(_ error: GraphCalcError) -> GraphCalcError {
        if case .option = self { return .optionValue(error) }
        return error
    }
}
