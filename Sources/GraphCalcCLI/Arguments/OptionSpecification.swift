/// One option a command accepts.
struct OptionSpecification {
    /// Spellings, long first: `["--output", "-o"]`.
    let names: [String]
    /// The placeholder for its value in help (`FILE`), or `nil` for a flag.
    let valueName: String?
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
}
