import Foundation
import Plotting
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The one command table: every verb and option reaches help, TAB completion, the shell
/// completion scripts and the man page; the scripts and the page are well formed.
@Suite struct CommandTableTests {
    static var verbs: [CommandTable.Entry] { CommandTable.entries.filter { $0.scope == .everywhere } }

    @Test func everyVerbAndOptionIsInHelpCompletionAndTheManPage() throws {
        let overview = GraphCalc.overview
        let scripts = ShellCompletions.Shell.allCases.map { ($0, ShellCompletions.script(for: $0)) }
        let man = ManPage.roff
        for entry in Self.verbs {
            #expect(overview.contains("\n  \(entry.name) "), "\(entry.name) is not in --help")
            #expect(man.contains(".SS \"\(ManPage.escaped(entry.name))"), "\(entry.name) is not in the man page")
            for (shell, script) in scripts { #expect(script.contains(entry.name), "\(entry.name) is not in \(shell)") }
            #expect(
                REPLCompleter.complete(entry.name, line: entry.name, variables: []) != .words([]),
                "\(entry.name) does not complete at the prompt")
            for option in entry.options {
                #expect(entry.help.contains(option.synopsis), "\(entry.name) help lacks \(option.name)")
                #expect(man.contains(ManPage.escaped(option.name)), "man page lacks \(entry.name) \(option.name)")
                let line = "\(entry.name) x \(option.name)"
                #expect(
                    REPLCompleter.complete(option.name, line: line, variables: []) == .words([option.name])
                        || entry.options.contains { $0.name != option.name && $0.name.hasPrefix(option.name) },
                    "\(option.name) does not complete after \(entry.name)")
                for (shell, script) in scripts {
                    let spelling = shell == .fish ? "-l \(option.name.dropFirst(2))" : option.name
                    #expect(script.contains(spelling), "\(shell) lacks \(entry.name) \(option.name)")
                }
                for choice in option.choices {
                    for (shell, script) in scripts { #expect(script.contains(choice), "\(shell) lacks \(choice)") }
                }
            }
        }
        for entry in CommandTable.entries where entry.scope == .prompt {
            #expect(man.contains(ManPage.escaped(entry.synopsis)), "man page lacks the prompt's \(entry.name)")
            let help = CommandRun(["help", entry.name])
            #expect(help.output == entry.help)
        }
    }

    @Test func optionValuesAndFilesComplete() {
        let bash = ShellCompletions.script(for: .bash)
        #expect(bash.contains("\"plot --mode\") COMPREPLY=($(compgen -W 'ascii braille auto'"))
        #expect(bash.contains("\"svg --output\"|\"svg -o\") COMPREPLY=($(compgen -f"))
        let zsh = ShellCompletions.script(for: .zsh)
        #expect(
            zsh.contains(
                "--mode[Cells drawn (auto, the default\\: braille in a UTF-8 locale)]:ascii|braille|auto:(ascii braille auto)"
            ))
        let fish = ShellCompletions.script(for: .fish)
        #expect(fish.contains("-l mode -x -a 'ascii braille auto'"))
    }

    /// Runs `shell` with `arguments` on `script`; returns its status and standard error.
    private static func check(_ shell: String, _ arguments: [String], script: String) throws -> (Int32, String)? {
        guard FileManager.default.isExecutableFile(atPath: shell) else { return nil }
        let file = try temporaryDirectory("completion").appendingPathComponent("script")
        try Data(script.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments + [file.path]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    @Test(arguments: [
        (ShellCompletions.Shell.bash, "/bin/bash", ["-n"]), (.zsh, "/usr/bin/zsh", ["-n"]),
        (.fish, "/usr/bin/fish", ["--no-execute"]),
    ])
    func scriptsParse(shell: ShellCompletions.Shell, path: String, arguments: [String]) throws {
        // .ci/run installs zsh and fish; a missing shell fails here rather than passing unseen.
        let result = try Self.check(path, arguments, script: ShellCompletions.script(for: shell))
        #expect(result?.0 == 0, "\(shell): \(result?.1 ?? "not installed")")
        #expect(result?.1.isEmpty == true)
    }

    @Test func bashCompletesLikeAUser() throws {
        // Source the script and ask it, as bash's programmable completion would.
        let script =
            ShellCompletions.script(for: .bash) + """

                complete_line() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _graphcalc; echo "${COMPREPLY[*]}"; }
                complete_line graphcalc pl
                complete_line graphcalc plot x --mode ''
                complete_line graphcalc chart ''
                complete_line graphcalc svg --them
                """
        let directory = try temporaryDirectory("bash")
        let file = directory.appendingPathComponent("test.sh")
        try Data(script.utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "plot\nascii braille auto\nbar pie hist\n--theme\n")
    }

    @Test func theManPageRendersWithoutWarnings() throws {
        guard
            let (status, errors) = try Self.check(
                "/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-z"], script: ManPage.roff)
        else {
            Issue.record("groff is not installed (.ci/run installs it)")
            return
        }
        #expect(status == 0)
        #expect(errors.isEmpty, "\(errors)")
    }

    @Test(arguments: [
        ("plto", ["plot"]), ("zom", ["zoom"]), ("tabel", ["table"]), ("expot", ["export", "exit"]), ("xyzzy", []),
    ])
    func mistypedCommandsGetSuggestions(typed: String, suggested: [String]) {
        #expect(CommandTable.suggestions(for: typed) == suggested)
    }
}

/// Usage lines are generated from the declarations: every option once, required ones
/// without brackets, help's copy wrapped at 80 columns.
@Suite struct UsageLineTests {
    @Test(arguments: CommandTable.verbs.map { $0.name })
    func theUsageLineNamesEveryOptionOnce(verb: String) throws {
        let command = try #require(CommandTable.entry(named: verb)?.verb)
        let words = command.usage.split { $0 == " " || $0 == "|" }.map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]."))
        }
        for option in command.options {
            let shown = option.names.map { name in words.filter { $0 == name }.count }.reduce(0, +)
            #expect(shown == 1, "\(verb)'s usage shows \(option.name) \(shown) times: \(command.usage)")
        }
        for option in command.requiredOptions {
            let spelling = try #require(option.names.min { $0.count < $1.count })
            #expect(command.usage.contains(" \(spelling) ") && !command.usage.contains("[\(spelling) "))
        }
    }

    @Test(arguments: CommandTable.verbs.map { $0.name })
    func helpWrapsTheUsageLineAt80Columns(verb: String) throws {
        let command = try #require(CommandTable.entry(named: verb)?.verb)
        let usageLines = command.help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
        #expect(usageLines.allSatisfy { $0.count <= 80 }, "\(usageLines)")
        let joined = usageLines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined == "Usage: " + command.usage)
    }

    @Test func aRepeatableOptionIsShownWithDotsAndARequiredOneWithoutBrackets() {
        #expect(OptionGroup.file.usage(isRequired: false) == "[--file FILE]...")
        #expect(OptionGroup.outputOption.usage(isRequired: true) == "-o FILE")
        #expect(OptionGroup.grid.usage(isRequired: false) == "[--grid]")
        #expect(
            SVGCommand.usage.hasPrefix(
                "graphcalc svg EXPR|FILE.plist|DATA.csv... -o OUT.svg [--file FILE]... [--data FILE]..."))
        #expect(EvalCommand.usage.hasPrefix("graphcalc eval EXPR|FILE.plist|--file FILE [--set NAME=VALUE]..."))
    }
}

/// Each option group is read by one type, the same way for every verb that declares it.
@Suite struct OptionGroupReaderTests {
    private func parsed(_ arguments: [String], _ group: OptionGroup) throws -> ParsedArguments {
        try ParsedArguments(arguments, command: "test", options: group.options)
    }

    @Test func furnitureFlagsChangeOnlyWhatTheyName() throws {
        var base = PlotStyle()
        base.showsGrid = true
        let none = FurnitureOptions(try parsed([], FurnitureOptions.group)).applied(to: base)
        #expect(none == base)
        let all = FurnitureOptions(
            try parsed(["--no-axes", "--no-legend", "--grid", "--no-markers", "--points"], FurnitureOptions.group)
        ).applied(to: PlotStyle())
        #expect(!all.showsAxes && !all.showsLegend && all.showsGrid && !all.marksDiscontinuities && all.marksPoints)
    }

    @Test func chartStyleSaysWhichOptionsAChartKindCannotUse() throws {
        let style = try ChartStyleOptions(
            try parsed(
                ["--horizontal", "--direction", "counterclockwise", "--min-share", "5"], ChartStyleOptions.group))
        #expect(style.inapplicableOptions(for: .bar).map(\.name) == ["--direction", "--min-share"])
        #expect(style.inapplicableOptions(for: .pie).map(\.name) == ["--horizontal"])
        #expect(style.minimumShare == 0.05)
        #expect(style.applied(to: ChartOptions(kind: .pie)).direction == .counterclockwise)
    }

    @Test(arguments: [
        (["--direction", "left"], "--direction takes clockwise or counterclockwise, not 'left'"),
        (["--min-share", "120"], "--min-share must be a percentage from 0 to 100"),
    ])
    func chartStyleValuesAreChecked(arguments: [String], message: String) throws {
        #expect(throws: GraphCalcError.usage(message)) {
            try ChartStyleOptions(try parsed(arguments, ChartStyleOptions.group))
        }
    }

    @Test func documentAndAxisScalesAreTyped() throws {
        let document = try DocumentOptions(try parsed(["--title", "T", "--theme", "dark"], DocumentOptions.group))
        #expect(document.title == "T" && document.theme == .dark)
        let scales = try AxisScaleOptions(try parsed(["--yscale", "log"], AxisScaleOptions.group))
        #expect(scales.x == nil && scales.y == .log && scales.isGiven)
        #expect(throws: GraphCalcError.usage("--xscale takes linear or log, not 'ln'")) {
            try AxisScaleOptions(try parsed(["--xscale", "ln"], AxisScaleOptions.group))
        }
    }

    @Test func chartColumnsRefuseCountWithLabelOrValueColumns() throws {
        #expect(throws: GraphCalcError.usage("--count goes without --label-column and --value-column")) {
            try ChartColumns(try parsed(["--count", "a", "--label-column", "b"], ChartColumns.group))
        }
        let columns = try ChartColumns(
            try parsed(["--label-column", "name", "--value-column", "2"], ChartColumns.group))
        #expect(columns.names == ["name"])
    }
}
