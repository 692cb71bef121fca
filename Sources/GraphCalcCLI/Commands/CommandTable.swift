import GraphCalcSupport

/// Every command graphcalc knows, once: the verbs of the command line (which the prompt
/// runs too) and the commands of the prompt. Dispatch, `help`, TAB completion, the shell
/// completion scripts and the man page are all read from here.
enum CommandTable {
    /// Where a command can be typed.
    enum Scope: Equatable {
        /// On the command line and at the prompt.
        case everywhere
        /// At the prompt only.
        case prompt
    }

    /// What a command of the prompt does: given the REPL, the words after its name and
    /// the rest of the line as typed, it acts and says whether the session goes on.
    typealias PromptAction = (REPL, _ words: [String], _ rest: String) throws(GraphCalcError) -> REPL.Outcome

    /// One command.
    struct Entry {
        /// The name typed: `zoom`.
        let name: String
        /// Other spellings: `exit` for `quit`.
        let aliases: [String]
        /// One line saying what it does.
        let summary: String
        /// Where it can be typed.
        let scope: Scope
        /// What its positional arguments complete to.
        let positionals: PositionalKind
        /// The verb that runs it, for commands of the command line.
        let verb: (any Command.Type)?
        /// What it does at the prompt, where that is not running the verb.
        let action: PromptAction?
        /// The arguments and options, made when asked for: running a verb needs neither
        /// (a verb's synopsis is made from all its options, a part of every start).
        private let makeArguments: () -> String
        private let makeOptions: () -> [OptionSpecification]

        /// The arguments, as help shows them after the name: `F [at X,Y]`.
        var arguments: String { makeArguments() }
        /// Its options.
        var options: [OptionSpecification] { makeOptions() }

        init(
            name: String, aliases: [String] = [], arguments: @autoclosure @escaping () -> String, summary: String,
            scope: Scope, positionals: PositionalKind = .none,
            options: @autoclosure @escaping () -> [OptionSpecification] = [], verb: (any Command.Type)? = nil,
            action: PromptAction? = nil
        ) {
            self.name = name
            self.aliases = aliases
            self.summary = summary
            self.scope = scope
            self.positionals = positionals
            self.verb = verb
            self.action = action
            makeArguments = arguments
            makeOptions = options
        }

        /// `zoom F [at X,Y]`.
        var synopsis: String { arguments.isEmpty ? name : name + " " + arguments }

        /// The full help: the verb's, or the synopsis and summary.
        var help: String {
            if let verb { return verb.help }
            let spellings = ([name] + aliases).joined(separator: ", ")
            let usage = arguments.isEmpty ? spellings : synopsis
            if scope == .everywhere { return "Usage: graphcalc \(usage)\n\n\(summary)\n" }
            return "Usage (at the prompt): \(usage)\n\n\(summary)\n"
        }
    }

    /// The verbs, in the order help lists them.
    static var verbs: [any Command.Type] {
        [
            EvalCommand.self, DescribeCommand.self, DeriveCommand.self, DerivCommand.self, ZerosCommand.self,
            IntersectCommand.self, ExtremaCommand.self, IntegrateCommand.self,
            CompileCommand.self,
            SampleCommand.self, TableCommand.self,
            PlotCommand.self, ExploreCommand.self, SVGCommand.self, ChartCommand.self, WordsCommand.self,
            StatsCommand.self, FitCommand.self,
            CompletionsCommand.self,
            ManCommand.self,
        ]
    }

    /// Every command, verbs first, then the prompt's own.
    static var entries: [Entry] {
        verbs.map(entry(for:)) + [
            Entry(
                name: "help", arguments: "[COMMAND]", summary: "List the commands, or show one command's help",
                scope: .everywhere, positionals: .commands,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.help(words); return .proceed
                }),
            Entry(
                name: "push", arguments: "KEYS...",
                summary: "Press calculator keys: push 3 5 + √ shows √(3+5) = 2.8284271247461903", scope: .prompt,
                positionals: .expressions,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.push(words); return .proceed
                }),
            Entry(
                name: "undo", arguments: "", summary: "Remove the last key pressed", scope: .prompt,
                action: { repl, _, _ in
                    repl.undo(); return .proceed
                }),
            Entry(
                name: "clear", arguments: "", summary: "Empty the program (variables and functions stay)",
                scope: .prompt,
                action: { repl, _, _ in
                    repl.clear(); return .proceed
                }),
            Entry(
                name: "program", arguments: "", summary: "Show the program as its property-list array", scope: .prompt,
                action: { repl, _, _ in
                    repl.showPropertyList(); return .proceed
                }),
            Entry(
                name: "set", arguments: "[NAME = EXPR | SETTING VALUE]",
                summary:
                    "Give a variable a value, or change a setting: "
                    + Setting.allCases.map { "\($0.name) \($0.valueSyntax)" }.joined(separator: ", ")
                    + " (var: the plotting variable); set alone lists the settings",
                scope: .prompt, positionals: .words(Setting.allCases.map(\.name)),
                action: { repl, _, rest throws(GraphCalcError) in
                    try repl.set(rest); return .proceed
                }),
            Entry(
                name: "store", aliases: ["→"], arguments: "NAME",
                summary: "Keep the value last shown in a variable, as the memory key does (→NAME too)", scope: .prompt,
                action: { repl, _, rest throws(GraphCalcError) in
                    try repl.store(rest); return .proceed
                }),
            Entry(
                name: "vars", arguments: "", summary: "List the variables and ans", scope: .prompt,
                action: { repl, _, _ in
                    repl.listVariables(); return .proceed
                }),
            Entry(
                name: "funcs", arguments: "", summary: "List the functions defined with f(x) = EXPR", scope: .prompt,
                action: { repl, _, _ in
                    repl.listFunctions(); return .proceed
                }),
            Entry(
                name: "unset", arguments: "NAME...", summary: "Forget variables or functions", scope: .prompt,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.unset(words); return .proceed
                }),
            Entry(
                name: "trace", arguments: "X",
                summary: "Each plotted function's value at X, and the plot redrawn with the point marked",
                scope: .prompt, positionals: .expressions,
                action: { repl, _, rest throws(GraphCalcError) in
                    try repl.trace(rest); return .proceed
                }),
            Entry(
                name: "slider", arguments: "[NAME A:B[:STEP]|NAME off]",
                summary: "Add a variable for explore to move with [ and ]; alone, list them", scope: .prompt,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.slider(words); return .proceed
                }),
            Entry(
                name: "data", arguments: "[NAME = FILE [data options]|NAME off]",
                summary: "Name a data file for plot, explore, fit and stats, kept by reference; alone, list them",
                scope: .prompt, positionals: .files, options: REPL.dataSetOptions,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.data(words); return .proceed
                }),
            Entry(
                name: "view", arguments: "[x A:B] [y C:D|auto]",
                summary: "Show or set the region plots show; y auto chooses y for each plot", scope: .prompt,
                positionals: .words(["x", "y", "auto"]),
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.setView(words); return .proceed
                }),
            Entry(
                name: "zoom", arguments: "F [at X,Y]",
                summary: "Zoom in F times (F < 1 out) about a point, by default the middle", scope: .prompt,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.zoom(words); return .proceed
                }),
            Entry(
                name: "pan", arguments: "DX [DY]", summary: "Move the view by DX and DY units", scope: .prompt,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.pan(words); return .proceed
                }),
            Entry(
                name: "scale", arguments: "S",
                summary: "S columns per unit (S/2 rows), keeping the middle, or the origin if one was set",
                scope: .prompt,
                action: { repl, _, rest throws(GraphCalcError) in
                    try repl.setScale(rest); return .proceed
                }),
            Entry(
                name: "origin", arguments: "X,Y", summary: "Put (0,0) at plot-area cell X,Y", scope: .prompt,
                action: { repl, _, rest throws(GraphCalcError) in
                    try repl.setOrigin(rest); return .proceed
                }),
            Entry(
                name: "reset", arguments: "", summary: "The view back to x -10:10, y automatic", scope: .prompt,
                action: { repl, _, _ throws(GraphCalcError) in
                    try repl.resetView(); return .proceed
                }),
            Entry(
                name: "save", arguments: "[session] FILE.plist",
                summary: "Save the program (save session FILE: the whole session)", scope: .prompt,
                positionals: .wordThenFile(["session"]),
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.save(words); return .proceed
                }),
            Entry(
                name: "load", arguments: "FILE.plist",
                summary: "Load a program file, or a whole session file", scope: .prompt, positionals: .files,
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.load(words); return .proceed
                }),
            Entry(
                name: "export", arguments: "FILE.svg [svg options]",
                summary: "Write what was plotted last as SVG, in the session's view", scope: .prompt,
                positionals: .files, options: SVGCommand.options.filter { !$0.names.contains("-o") },
                action: { repl, words, _ throws(GraphCalcError) in
                    try repl.export(words); return .proceed
                }),
            Entry(
                name: "quit", aliases: ["exit"], arguments: "",
                summary: "Leave (Ctrl-D does too; Ctrl-C abandons a line or stops a command)", scope: .prompt,
                action: { _, _, _ in .quit }),
        ]
    }

    /// What the verbs that act on the session do at the prompt (the others run as on the
    /// command line).
    private static var promptActions: [String: PromptAction] {
        [
            "plot": { repl, words, _ throws(GraphCalcError) in
                try repl.plot(words)
                return .proceed
            },
            "explore": { repl, words, _ throws(GraphCalcError) in
                try repl.explore(words)
                return .proceed
            },
            "fit": { repl, words, _ throws(GraphCalcError) in
                try repl.fit(words)
                return .proceed
            },
            "eval": { repl, words, _ throws(GraphCalcError) in
                try repl.eval(words)
                return .proceed
            },
        ]
    }

    /// Every name and alias, for completion and suggestions.
    static var names: [String] { entries.flatMap { [$0.name] + $0.aliases }.filter { $0 != "→" } }

    /// The command named `name`, by name or alias.
    static func entry(named name: String) -> Entry? {
        // A verb (the command line's every lookup) without every verb's synopsis made:
        // verbs come first in `entries` and have no aliases.
        if let verb = verbs.first(where: { $0.name == name }) { return entry(for: verb) }
        return entries.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The entry of a verb.
    private static func entry(for verb: any Command.Type) -> Entry {
        Entry(
            name: verb.name, arguments: verb.arguments, summary: verb.summary, scope: .everywhere,
            positionals: verb.positionals, options: verb.options, verb: verb, action: promptActions[verb.name])
    }

    /// Up to three names within two edits of `name`, nearest first: what a mistyped
    /// command probably meant.
    static func suggestions(for name: String) -> [String] {
        EditDistance.nearest(to: name, among: names, maximum: max(1, min(2, name.count / 2)))
    }
}
