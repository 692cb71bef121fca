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
    /// What comes after the verb before its options, as the usage line shows it:
    /// `EXPR|FILE.plist|--file FILE`. An option named here is not listed again.
    static var operands: String { get }
    /// The options it cannot run without (`svg`'s `-o`): shown without brackets, with the
    /// value name given here (`-o OUT.svg`).
    static var requiredOptions: [OptionSpecification] { get }
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

    /// None, unless the verb says.
    static var requiredOptions: [OptionSpecification] { [] }

    /// The synopsis, generated from the declarations so that it lists every option:
    /// `graphcalc eval EXPR|FILE.plist|--file FILE [--digits N] [--angle rad|deg|grad] ...`.
    static var usage: String { "graphcalc \(name)" + (arguments.isEmpty ? "" : " " + arguments) }

    /// The synopsis after `graphcalc VERB`: the operands, then each option once, in the
    /// order help lists them, required ones first.
    static var arguments: String { argumentParts.joined(separator: " ") }

    /// The parts of the synopsis after `graphcalc VERB`, each kept whole when help wraps it.
    private static var argumentParts: [String] {
        let operandWords = Set(operands.split { " |[]".contains($0) }.map(String.init))
        let listed = options.filter { option in !option.names.contains(where: operandWords.contains) }
        let requiredNames = Set(requiredOptions.map(\.name))
        let required = requiredOptions.map { $0.usage(isRequired: true) }
        let optional = listed.filter { !requiredNames.contains($0.name) }.map { $0.usage(isRequired: false) }
        return ([operands] + required + optional).filter { !$0.isEmpty }
    }

    /// `Usage: graphcalc VERB …` wrapped at 80 columns, continued lines indented.
    private static var wrappedUsage: [String] {
        var lines = ["Usage: graphcalc \(name)"]
        for part in argumentParts {
            if lines[lines.count - 1].count + 1 + part.count > 80 {
                lines.append("    " + part)
            } else {
                lines[lines.count - 1] += " " + part
            }
        }
        return lines
    }

    /// The full help text: synopsis, summary, options, discussion.
    static var help: String {
        var lines = wrappedUsage + ["", summary]
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
