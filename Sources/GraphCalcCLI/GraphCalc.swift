import CalculatorBrain
import GraphCalcSupport

/// The `graphcalc` command line: finds the verb, runs it, reports failures.
public enum GraphCalc {
    /// The version `graphcalc --version` prints.
    public static let version = "0.1.0"

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
            // A plain usage error gets the general hint; one with a usage line or a verb's
            // hint has its own.
            if case .usage = error { console.writeError("See 'graphcalc --help'.\n") }
            return error.exitStatus
        }
    }

    static func dispatch(_ arguments: [String], console: any Console) throws(GraphCalcError) {
        guard let verb = arguments.first else {
            throw .usageShowing("no command given", usage: "graphcalc COMMAND [ARGUMENTS]")
        }
        let rest = Array(arguments.dropFirst())
        switch verb {
        case "-h", "--help", "--version":
            guard rest.isEmpty else { throw .usage("\(verb) takes no arguments") }
            try console.write(verb == "--version" ? "graphcalc \(version)\n" : overview)
        case "help":
            guard rest.count <= 1 else { throw .usage("help takes at most one command name") }
            // help alone, or help about help: the overview.
            guard let name = rest.first, !["-h", "--help", "help"].contains(name) else {
                return try console.write(overview)
            }
            // The keys, as at the prompt (the overview lists them too).
            if name == "keys" { return try console.write(expressionHelp + "\n") }
            guard let entry = CommandTable.entry(named: name) else { throw unknownCommand(name) }
            try console.write(entry.help)
        default:
            guard let entry = CommandTable.entry(named: verb), let command = entry.verb else {
                throw unknownCommand(verb)
            }
            let options = rest.prefix { $0 != "--" }
            if options.contains("--help") || options.contains("-h") {
                return try console.write(command.help)
            }
            do {
                try command.make(rest, session: Session(), atPrompt: false).run(console: console)
            } catch .usage(let message) {
                throw .verbUsage(.usage(message), verb: verb)
            }
        }
    }

    private static func unknownCommand(_ name: String) -> GraphCalcError {
        if name.hasPrefix("-") {
            let near = ["--help", "--version"].filter { EditDistance.between($0, name) <= 2 }
            return .usage("unknown option '\(name)'" + (near.first.map { " — did you mean '\($0)'?" } ?? ""))
        }
        if let entry = CommandTable.entry(named: name), entry.scope == .prompt {
            return .usage("'\(name)' is a command of the interactive prompt: run graphcalc without arguments")
        }
        let suggestions = CommandTable.suggestions(for: name).filter {
            CommandTable.entry(named: $0)?.scope == .everywhere
        }
        // Not a word but an expression (`graphcalc 1+1`): say how to evaluate it.
        if suggestions.isEmpty, !name.allSatisfy(\.isLetter), (try? Program(parsing: name)) != nil {
            return .usage("unknown command '\(name)' — to evaluate it: graphcalc eval '\(name)'")
        }
        let hint =
            suggestions.isEmpty
            ? "" : " — did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "?"
        return .usage("unknown command '\(name)'\(hint)")
    }

    /// `graphcalc --help`.
    static var overview: String {
        let rows =
            CommandTable.entries.filter { $0.scope == .everywhere }.map { entry in
                (name: entry.name, summary: entry.summary)
            }
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
              -h, --help  Show this help (after a command: that command's help;
                          help COMMAND too, and help keys for the keys alone)
              --version   Show the version

            An argument ending in .plist is a program file, - is standard input (a program
            file, an expression, CSV or text); anything else is an infix expression. Quote
            expressions for the shell. --file FILE names a program file of any name.

            \(expressionHelp)

            Without a command, graphcalc is an interactive calculator (readline editing,
            history, TAB completion; type help there) with named functions (f(x) = x^2),
            ans, a view that zoom and pan redraw, and session files; or it runs a script
            from standard input: graphcalc < examples/tour.gcalc

            Shell completion: source <(graphcalc completions bash) (or zsh, fish).
            Manual page: graphcalc man > graphcalc.1; man -l graphcalc.1

            Exit status: 0 on success, 1 when there is no result, 2 for usage errors
            (options, option values, sizes and ranges), 130 when interrupted (Ctrl-C).

            """
    }

    /// The operators, functions and constants, as `--help` and the prompt's `help keys`
    /// list them.
    static let expressionHelp = """
        Expressions:
          + − × ÷ ^        also - * / ** ; ^ is right-associative: 2^3^2 = 512
          -x               unary minus binds looser than ^: -2^2 = -4
          x² x⁻¹ x! √x ∛x  postfix square, reciprocal and factorial; prefix roots
          sqrt sin cos tan asin acos atan ln log exp abs neg sq inv   f(x)
          sinh cosh tanh asinh acosh atanh cbrt log2 gamma (Γ) digamma (ψ)
          floor ceil round trunc sign   round takes halves away from zero
          min max atan2 mod nPr nCr log   f(a, b); mod(a, b) has b's sign;
                           log(b, x) is the logarithm of x to base b
          π pi e τ tau φ phi   constants; any other name is a variable (--set)
          2x 2(x+1) 3sin(x) 2π   implicit multiplication; 1e-3 is scientific notation
          < <= > >= = != (≤ ≥ ≠)   comparisons: 1 where true, 0 where false;
                           0<x<1 is 0<x and x<1
          and or not (∧ ∨ ¬)   logic; a false side decides and, a true side or
          if(c, a, b)      a where c is true (not 0), b where it is 0; no value
                           where c has none: if(x<0, -x, x^2)
          3+5, cos(x)      several expressions, side by side
        """

}
