/// One option a command accepts.
struct OptionSpecification {
    /// Spellings, long first: `["--output", "-o"]`.
    let names: [String]
    /// The placeholder for its value in help (`FILE`), or `nil` for a flag.
    private(set) var valueName: String?
    /// One line of help.
    let help: String
    /// Whether it may be given more than once (each value is kept).
    var isRepeatable = false
    /// The values it accepts, when they are a fixed list (`ascii`, `braille`), for
    /// completion.
    var choices: [String] = []
    /// Whether its value is a file name, for completion.
    var completesFiles = false

    /// The canonical name, by which parsed values are looked up.
    var name: String { names[0] }

    /// The option as help lists it: `-o, --output FILE`.
    var synopsis: String {
        let spellings = names.sorted { $0.count < $1.count }.joined(separator: ", ")
        return valueName.map { "\(spellings) \($0)" } ?? spellings
    }

    /// The same option with another placeholder: `-o OUT.svg` where a verb writes SVG.
    func showing(valueName: String) -> OptionSpecification {
        var option = self
        option.valueName = valueName
        return option
    }

    /// The option as a usage line shows it: `[--x A:B]`, `[--set NAME=VALUE]...` for a
    /// repeatable one, `-o FILE` when the verb requires it. The shortest spelling is shown.
    func usage(isRequired: Bool) -> String {
        let spelling = names.min { $0.count < $1.count } ?? name
        let option = valueName.map { "\(spelling) \($0)" } ?? spelling
        let shown = isRequired ? option : "[\(option)]"
        return isRepeatable ? shown + "..." : shown
    }
}
