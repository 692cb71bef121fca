/// One verb of the `graphcalc` command line, which the prompt runs too.
///
/// A verb is a typed request: `init` reads the arguments once, taking defaults from the
/// session (its variables, functions, view and display settings; a fresh session on the
/// command line), and `run` works on the values read.
protocol Command {
    /// The verb as typed: `eval`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The synopsis: `graphcalc eval EXPR|FILE.plist [--set NAME=VALUE]...`.
    static var usage: String { get }
    /// Paragraphs after the option list in `graphcalc help VERB`.
    static var discussion: String { get }
    /// The options of its own, which no other verb takes.
    static var ownOptions: [OptionSpecification] { get }
    /// The shared option groups it takes.
    static var optionGroups: [OptionGroup] { get }
    /// What its positional arguments are, for completion.
    static var positionals: PositionalKind { get }

    /// Reads the verb's arguments, with defaults from `session`.
    /// - Throws: ``GraphCalcError/usage(_:)`` when they are wrong.
    init(_ arguments: ParsedArguments, session: Session, atPrompt: Bool) throws(GraphCalcError)

    /// Does the work, writing results and nothing else to `console`.
    func run(console: any Console) throws(GraphCalcError)
}

extension Command {
    /// Every option the verb accepts: its own, then its groups'.
    static var options: [OptionSpecification] { ownOptions + optionGroups.flatMap(\.options) }

    /// The full help text: synopsis, summary, options, discussion.
    static var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        let all = options
        if !all.isEmpty {
            lines += ["", "Options:"]
            let width = all.map(\.synopsis.count).max() ?? 0
            for option in all {
                let padding = String(repeating: " ", count: width - option.synopsis.count)
                lines.append("  \(option.synopsis)\(padding)  \(option.help)")
            }
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Parses `arguments` and makes the request.
    static func make(_ arguments: [String], session: Session, atPrompt: Bool) throws(GraphCalcError) -> Self {
        let parsed = try ParsedArguments(arguments, command: name, options: options)
        return try Self(parsed, session: session, atPrompt: atPrompt)
    }
}
