/// One verb of the `graphcalc` command line.
protocol Command {
    /// The verb as typed: `eval`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The synopsis: `graphcalc eval EXPR|FILE.plist [--set NAME=VALUE]...`.
    static var usage: String { get }
    /// Paragraphs after the option list in `graphcalc help VERB`.
    static var discussion: String { get }
    /// The options the verb accepts.
    static var options: [OptionSpecification] { get }

    /// Reads the verb's arguments.
    /// - Throws: ``GraphCalcError/usage(_:)`` when they are wrong.
    init(_ arguments: ParsedArguments) throws(GraphCalcError)

    /// Does the work, writing results and nothing else to `console`.
    func run(console: any Console) throws(GraphCalcError)
}

extension Command {
    /// The full help text: synopsis, summary, options, discussion.
    static var help: String {
        var lines = ["Usage: \(usage)", "", summary]
        if !options.isEmpty {
            lines += ["", "Options:"]
            let width = options.map(\.synopsis.count).max() ?? 0
            for option in options {
                let padding = String(repeating: " ", count: width - option.synopsis.count)
                lines.append("  \(option.synopsis)\(padding)  \(option.help)")
            }
        }
        if !discussion.isEmpty { lines += ["", discussion] }
        return lines.joined(separator: "\n") + "\n"
    }
}
