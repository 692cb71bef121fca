extension REPL {
    /// `help`: every command with its synopsis; `help NAME`: one command's help; `help
    /// keys`: the operators, functions and constants.
    func help(_ arguments: [String]) throws(GraphCalcError) {
        if arguments.first == "keys" {
            return try console.write(GraphCalc.expressionHelp + "\n")
        }
        if let name = arguments.first {
            guard let entry = CommandTable.entry(named: name) else {
                let suggestions = CommandTable.suggestions(for: name)
                let hint =
                    suggestions.isEmpty
                    ? "; type help for the list"
                    : " — did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
                throw .usage("no command '\(name)'\(hint)")
            }
            return try console.write(entry.help)
        }
        let prompt = CommandTable.entries.filter { $0.scope == .prompt }
        let verbs = CommandTable.entries.filter { $0.scope == .everywhere }
        let rows =
            [
                ("EXPR", "Evaluate an expression; ans is the last value"),
                ("NAME = EXPR", "Set a variable, as set NAME = EXPR does"),
                ("f(x) = EXPR", "Define a function: f(2), plot f, funcs, unset f"),
                ("g(x, y) = EXPR", "A function of several variables: g(1, 2), plot 'g(x, y) = 1'"),
            ]
            + prompt.map { entry in
                (([entry.synopsis] + entry.aliases.filter { $0 != "→" }).joined(separator: ", "), entry.summary)
            }
        say("At the prompt:")
        let width = 24
        let indent = String(repeating: " ", count: width + 4)
        for (synopsis, summary) in rows {
            let lines = Self.wrapped(summary, width: 78 - indent.count)
            if synopsis.count > width {
                say("  " + synopsis)
                say(indent + (lines.first ?? ""))
            } else {
                say(
                    "  " + synopsis + String(repeating: " ", count: width - synopsis.count) + "  " + (lines.first ?? "")
                )
            }
            for line in lines.dropFirst() { say(indent + line) }
        }
        say("")
        say("Commands of the command line, with the session's variables, functions and view:")
        let verbWidth = verbs.map(\.name.count).max() ?? 0
        for entry in verbs {
            say("  " + entry.name + String(repeating: " ", count: verbWidth - entry.name.count) + "  " + entry.summary)
        }
        say("")
        say("help COMMAND shows one command's help and options; help keys lists the operators,")
        say("functions and constants.")
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word
    /// stays whole).
    static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
