extension REPL {
    /// `help`: every command with its synopsis; `help NAME`: one command's help.
    func help(_ arguments: [String]) throws(GraphCalcError) {
        if let name = arguments.first {
            guard let entry = CommandTable.entry(named: name) else {
                throw .usage("no command '\(name)'; type help for the list")
            }
            return try console.write(entry.help)
        }
        let prompt = CommandTable.entries.filter { $0.scope == .prompt }
        let verbs = CommandTable.entries.filter { $0.scope == .everywhere }
        let rows =
            [
                ("EXPR", "Evaluate an expression; ans is the last value"),
                ("NAME = EXPR", "Set a variable, as set NAME = EXPR does"),
                ("f(x) = EXPR", "Define a function, then f(2), plot f, funcs, unset f"),
            ]
            + prompt.map { entry in
                (([entry.synopsis] + entry.aliases.filter { $0 != "→" }).joined(separator: ", "), entry.summary)
            }
        let width = 24
        for (synopsis, summary) in rows {
            if synopsis.count > width {
                say("  " + synopsis)
                say("  " + String(repeating: " ", count: width) + "  " + summary)
            } else {
                say("  " + synopsis + String(repeating: " ", count: width - synopsis.count) + "  " + summary)
            }
        }
        say("")
        say("Commands of the command line, with the session's variables, functions and view:")
        let verbWidth = verbs.map(\.name.count).max() ?? 0
        for entry in verbs {
            say("  " + entry.name + String(repeating: " ", count: verbWidth - entry.name.count) + "  " + entry.summary)
        }
        say("")
        say("help COMMAND shows one command's help and options.")
    }
}
