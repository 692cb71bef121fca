import GraphCalcSupport

/// A command line split into positional arguments, option values and flags.
///
/// `--name value`, `--name=value` and `-o value` are accepted. `--` ends the options.
/// An argument that starts with `-` but is not shaped like an option name (`-2+x`,
/// `-x^2`, `-sin(x)`) is positional, so most negative expressions need no `--`.
struct ParsedArguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` for the command `command`, which accepts `options`.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for an unknown option, a missing value or a
    ///   repeated single option.
    init(_ arguments: [String], command: String, options: [OptionSpecification]) throws(GraphCalcError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                positionals.append(contentsOf: remaining)
                break
            }
            guard Self.isShapedLikeOption(argument) else {
                positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                var message = "unknown option '\(name)' for \(command)"
                let near = options.flatMap(\.names).filter { $0.count > 2 && EditDistance.between($0, name) <= 2 }
                if let nearest = near.min(by: {
                    EditDistance.between($0, name) < EditDistance.between($1, name)
                }) {
                    message += " — did you mean '\(nearest)'?"
                } else if argument.count == 2 {
                    message += "; put -- before an expression that starts with '-'"
                }
                throw .usage(message)
            }
            if option.valueName == nil {
                guard inlineValue == nil else { throw .usage("option \(name) takes no value") }
                flags.insert(option.name)
                continue
            }
            // The next argument is the value, unless it is one of the command's options:
            // `--xscale --no-axes` forgot the value (`--title=--no-axes` gives it).
            let nextIsOption =
                remaining.first.map { next in
                    Self.isShapedLikeOption(next) && options.contains { $0.names.contains(Self.split(next).0) }
                } ?? false
            guard let value = inlineValue ?? (nextIsOption ? nil : remaining.popFirst()) else {
                throw .usage("option \(name) needs a value (\(option.synopsis))")
            }
            if !option.isRepeatable, values[option.name] != nil {
                throw .usage("option \(name) is given more than once")
            }
            values[option.name, default: []].append(value)
        }
    }

    /// The value of a single option, if given.
    func value(_ option: OptionSpecification) -> String? {
        values[option.name]?.last
    }

    /// Every value of a repeatable option, in order.
    func allValues(_ option: OptionSpecification) -> [String] {
        values[option.name] ?? []
    }

    /// The `-o` file, if given.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` for an empty name.
    func outputFile() throws(GraphCalcError) -> String? {
        guard let file = value(OptionGroup.outputOption) else { return nil }
        guard !file.isEmpty else { throw .usage("-o needs a file name (- for standard output)") }
        return file
    }

    /// Whether a flag was given.
    func contains(_ option: OptionSpecification) -> Bool {
        flags.contains(option.name)
    }

    /// Whether `option` was given at all: as a flag, or with a value.
    func isGiven(_ option: OptionSpecification) -> Bool {
        flags.contains(option.name) || values[option.name] != nil
    }

    /// Refuses the options of `options` that were given: they do not apply to `what`.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` naming the first such option and `what`.
    func refuse(_ options: [OptionSpecification], for what: String) throws(GraphCalcError) {
        guard let given = options.first(where: isGiven) else { return }
        throw .usage("\(given.names[0]) does not apply to \(what)")
    }

    /// The single positional argument a command takes.
    ///
    /// - Throws: ``GraphCalcError/usage(_:)`` when there is none or more than one.
    func singlePositional(named placeholder: String, usage: String) throws(GraphCalcError) -> String {
        guard positionals.count == 1 else {
            let problem = positionals.isEmpty ? "missing \(placeholder)" : "too many arguments"
            throw .usageShowing("\(problem)", usage: usage)
        }
        return positionals[0]
    }

    /// `-x` or `--name`, `--name=value`: letters (and dashes after the first) only.
    private static func isShapedLikeOption(_ argument: String) -> Bool {
        if argument.hasPrefix("--") {
            let name = argument.dropFirst(2).prefix { $0 != "=" }
            return name.first?.isLetter == true && name.allSatisfy { $0.isLetter || $0 == "-" }
        }
        return argument.count == 2 && argument.first == "-" && argument.last?.isLetter == true
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
