import CReadline
import GraphCalcCLI
import GraphCalcSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// With arguments: one command. Without: the REPL, with readline at a terminal, or reading
// a script from standard input.
//
// Ctrl-C asks running work to stop (``Cancellation``): samplers, tables, word counts and
// exports check the request, and the command ends with status 130 leaving no file
// half-written. Outside the interactive prompt a second Ctrl-C ends the process at once,
// for work that does not check; at the prompt, readline takes Ctrl-C while a line is typed.
let arguments = Array(CommandLine.arguments.dropFirst())
// A large block freed is returned at once: the million-op program's plot peaks at 45 MB,
// where glibc's moving threshold made the same allocations peak at 48–53 MB depending on
// what came before them.
graphcalc_fix_mmap_threshold()
_ = Cancellation.isRequested
// A write to a FIFO whose reader left fails with a message rather than killing graphcalc;
// standard output still ends quietly (StandardConsole).
signal(SIGPIPE, SIG_IGN)
// A parent may have left SIGINT blocked (signal masks survive exec): unblock it.
var interrupt = sigset_t()
sigemptyset(&interrupt)
sigaddset(&interrupt, SIGINT)
sigprocmask(SIG_UNBLOCK, &interrupt, nil)
if arguments.isEmpty, isatty(STDIN_FILENO) == 1 {
    signal(SIGINT) { _ in Cancellation.request() }
    let repl = REPL(console: StandardConsole(), isInteractive: true)
    // Completion runs on this thread, inside readline: the session is not shared.
    nonisolated(unsafe) let session = repl
    let reader = ReadlineLineReader(historyPath: ReadlineLineReader.defaultHistoryPath()) { word, line in
        REPLCompleter.complete(
            word, line: line, variables: Array(session.session.brain.variableValues.keys),
            functions: session.session.functions.names)
    }
    exit(repl.run(reader: reader))
}
// Without SA_RESTART, so that a script waiting for its next line stops waiting.
var action = sigaction()
action.__sigaction_handler.sa_handler = { _ in
    if Cancellation.request() { _exit(130) }
}
sigemptyset(&action.sa_mask)
action.sa_flags = 0
sigaction(SIGINT, &action, nil)
if arguments.isEmpty {
    exit(REPL(console: StandardConsole(), isInteractive: false).run(reader: StandardInputReader()))
}
exit(GraphCalc.run(arguments: arguments))
