extension REPL {
    /// One line of help per command, in the order `help` lists them.
    static let commandHelp: [(command: String, text: String)] = [
        ("EXPR", "evaluate an infix expression with the variables set: 2x+1"),
        ("push KEYS...", "press calculator keys: push 3 5 + √ shows √(3+5) = 2.8284271247461903"),
        ("undo", "remove the last key"),
        ("clear", "empty the program (variables stay)"),
        ("program", "show the program as its property-list array"),
        ("describe", "show the program in infix form"),
        ("set NAME = EXPR", "give a variable a value: set M = 5, set x = 2*pi"),
        ("store NAME, →NAME", "keep the value last shown in a variable, as the memory key does"),
        ("vars", "list the variables"),
        ("unset NAME", "forget a variable"),
        (
            "plot [EXPR...] [options]",
            "plot the program's expressions, or the expressions given (options as graphcalc plot)"
        ),
        ("trace X", "the value at X, and the plot redrawn with the point marked"),
        ("view x A:B y C:D", "the region plots show (y auto for automatic)"),
        ("zoom F [at X,Y]", "zoom in F times (F < 1 out), about a point"),
        ("pan DX DY", "move the view"),
        ("scale S", "S columns per unit, as a graph view (with origin)"),
        ("origin X,Y", "the plot-area cell of (0,0)"),
        ("reset", "the view back to x -10:10, y automatic"),
        ("save FILE.plist", "save the program"),
        ("load FILE.plist", "load a program"),
        ("export FILE.svg [options]", "the plotted functions as SVG (options as graphcalc svg)"),
        ("COMMAND ARGUMENTS...", "a graphcalc command: eval describe compile sample table svg chart words"),
        ("help [COMMAND]", "this list, or one command's help"),
        ("quit, exit", "leave (Ctrl-D does too; Ctrl-C abandons a line)"),
    ]

    func help(_ arguments: [String]) throws(GraphCalcError) {
        if let name = arguments.first {
            if let command = GraphCalc.commands.first(where: { $0.name == name }) {
                return try console.write(command.help)
            }
            let matches = Self.commandHelp.filter { $0.command.split(separator: " ").first.map(String.init) == name }
            guard !matches.isEmpty else { throw .usage("no command '\(name)'; type help for the list") }
            for match in matches { say("\(match.command)    \(match.text)") }
            return
        }
        let width = Self.commandHelp.map(\.command.count).max() ?? 0
        for entry in Self.commandHelp {
            say("  " + entry.command + String(repeating: " ", count: width - entry.command.count) + "  " + entry.text)
        }
    }
}
