import GraphCalcCLI

#if canImport(Glibc)
    import Glibc
#endif

// With arguments: one command. Without: the REPL, with readline at a terminal, or reading
// a script from standard input.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.isEmpty {
    let console = StandardConsole()
    if isatty(STDIN_FILENO) == 1 {
        let repl = REPL(console: console, isInteractive: true)
        // Completion runs on this thread, inside readline: the session is not shared.
        nonisolated(unsafe) let session = repl
        let reader = ReadlineLineReader(historyPath: ReadlineLineReader.defaultHistoryPath()) { word, line in
            REPLCompleter.complete(word, line: line, variables: Array(session.brain.variableValues.keys))
        }
        exit(repl.run(reader: reader))
    }
    exit(REPL(console: console, isInteractive: false).run(reader: StandardInputReader()))
}
exit(GraphCalc.run(arguments: arguments))
