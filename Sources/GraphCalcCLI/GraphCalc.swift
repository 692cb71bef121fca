/// The `graphcalc` command line: finds the verb, runs it, reports failures.
public enum GraphCalc {
    /// The version `graphcalc --version` prints.
    public static let version = "0.1.0"

    /// The verbs, in the order help lists them.
    static var commands: [any Command.Type] {
        [
            EvalCommand.self, DescribeCommand.self, CompileCommand.self, SampleCommand.self, TableCommand.self,
            PlotCommand.self, SVGCommand.self, ChartCommand.self, WordsCommand.self,
        ]
    }

    /// Runs a command line (without the program name) and returns the exit status.
    ///
    /// Results go to `console`'s output; failures go to its error stream as
    /// `error: <message>` (with the expression and a caret under the spot for expression
    /// errors). The status is 0 on success, 1 when the work failed, 2 for usage errors.
    public static func run(arguments: [String], console: any Console = StandardConsole()) -> Int32 {
        do {
            try dispatch(arguments, console: console)
            return 0
        } catch {
            console.writeError("error: \(error)\n")
            for line in error.caretLines { console.writeError(line + "\n") }
            if case .usage = error, !error.description.contains("usage:") {
                console.writeError("See 'graphcalc --help'.\n")
            }
            return error.exitStatus
        }
    }

    static func dispatch(_ arguments: [String], console: any Console) throws(GraphCalcError) {
        guard let verb = arguments.first else {
            throw .usage("no command given; usage: graphcalc COMMAND [ARGUMENTS]")
        }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "-h", "--help":
            try console.write(overview)
        case "--version":
            try console.write("graphcalc \(version)\n")
        case "help":
            guard rest.count <= 1 else { throw .usage("help takes at most one command name") }
            guard let name = rest.first else { return try console.write(overview) }
            guard let command = command(named: name) else { throw unknownCommand(name) }
            try console.write(command.help)
        default:
            guard let command = command(named: verb) else { throw unknownCommand(verb) }
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                return try console.write(command.help)
            }
            let parsed = try ParsedArguments(rest, command: verb, options: command.options)
            try command.init(parsed).run(console: console)
        }
    }

    private static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }

    private static func unknownCommand(_ name: String) -> GraphCalcError {
        let hint = name.hasPrefix("-") ? "unknown option '\(name)'" : "unknown command '\(name)'"
        return .usage(hint)
    }

    /// `graphcalc --help`.
    static var overview: String {
        let rows =
            commands.map { command in (name: command.name, summary: command.summary) } + [
                (name: "help", summary: "Show help for a command: graphcalc help COMMAND")
            ]
        let width = rows.map { row in row.name.count }.max() ?? 0
        let list = rows.map { row in
            "  " + row.name + String(repeating: " ", count: width - row.name.count) + "  " + row.summary
        }
        return """
            graphcalc \(version) — an expression graphing calculator.

            Usage: graphcalc COMMAND [ARGUMENTS]

            Commands:
            \(list.joined(separator: "\n"))

            Options:
              -h, --help  Show this help (after a command: that command's help)
              --version   Show the version

            An argument ending in .plist, or naming an existing file, is a program file;
            anything else is an infix expression. Quote expressions for the shell.

            Expressions:
              + − × ÷ ^        also - * / ** ; ^ is right-associative: 2^3^2 = 512
              -x               unary minus binds looser than ^: -2^2 = -4
              x² x⁻¹ √x        postfix square and reciprocal, prefix square root
              sqrt sin cos tan asin acos atan ln log exp abs neg sq inv   f(x)
              min max atan2    f(a, b)
              π pi e           constants; any other name is a variable (set with --set)
              2x 2(x+1) 3sin(x) 2π   implicit multiplication; 1e-3 is scientific notation

            Without a command, graphcalc is an interactive calculator (readline editing,
            history, TAB completion; type help there), or runs a script from standard
            input: graphcalc < examples/tour.gcalc

            Exit status: 0 on success, 1 when there is no result, 2 for usage errors.

            """
    }
}
