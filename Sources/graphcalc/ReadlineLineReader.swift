@preconcurrency import CReadline
import GraphCalcCLI
import GraphCalcSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The REPL's lines from GNU readline: editing, history kept in a file between sessions
/// (bounded, without consecutive duplicates), TAB completion, and Ctrl-C that abandons
/// the line. The only type that talks to readline.
final class ReadlineLineReader: LineReader {
    /// The most lines the history file keeps.
    static let historyLength: Int32 = 1000

    private let historyPath: String

    /// A reader keeping its history in `historyPath` and completing with `completer`.
    init(historyPath: String, completer: @escaping @Sendable (String, String) -> REPLCompletion) {
        self.historyPath = historyPath
        ReadlineCompletion.completer = completer
        rl_readline_name = UnsafePointer(strdup("graphcalc"))
        rl_attempted_completion_function = { text, _, _ in ReadlineCompletion.matches(for: text) }
        // Names are completed after operators too (2*ra → 2*rate); not after '-', which
        // starts the options that are completed whole (--mode).
        rl_completer_word_break_characters = UnsafePointer(ReadlineCompletion.expressionBreaks)
        // A file name is one word, slashes and all (load examples/ses → examples/sessions/).
        rl_completion_word_break_hook = { ReadlineCompletion.wordBreakCharacters() }
        // One TAB lists the choices when there are several (co → compile cos).
        rl_variable_bind("show-all-if-ambiguous", "on")
        using_history()
        stifle_history(Self.historyLength)
        _ = read_history(historyPath)
    }

    /// The history file: `GRAPHCALC_HISTORY`, or `~/.graphcalc_history`.
    static func defaultHistoryPath() -> String {
        if let path = getenv("GRAPHCALC_HISTORY"), path.pointee != 0 { return String(cString: path) }
        let home = getenv("HOME").map { String(cString: $0) } ?? "."
        return home + "/.graphcalc_history"
    }

    /// The next line. While it is typed, Ctrl-C abandons it; once it is read, Ctrl-C asks
    /// the command it runs to stop (``Cancellation``).
    func readLine(prompt: String) -> LineInput {
        graphcalc_readline_install_interrupt_handler()
        let pointer = readline(prompt)
        signal(SIGINT) { _ in Cancellation.request() }
        guard let pointer else {
            // Ctrl-D: leave the prompt's line tidy.
            print("")
            return .end
        }
        defer { free(pointer) }
        let line = String(cString: pointer)
        remember(line)
        return .line(line)
    }

    /// Adds a line to the history and its file, unless blank or the same as the last.
    private func remember(_ line: String) {
        guard line.contains(where: { $0 != " " && $0 != "\t" }) else { return }
        if history_length > 0, let last = history_get(history_base + history_length - 1), let text = last.pointee.line,
            String(cString: text) == line
        {
            return
        }
        add_history(line)
        if access(historyPath, F_OK) != 0 {
            _ = write_history(historyPath)
        } else {
            _ = append_history(1, historyPath)
            _ = history_truncate_file(historyPath, Self.historyLength)
        }
    }
}

/// The completion callback's state: readline calls plain C functions, which cannot
/// capture, so the completer and the current matches live here.
enum ReadlineCompletion {
    nonisolated(unsafe) static var completer: (@Sendable (String, String) -> REPLCompletion)?
    nonisolated(unsafe) static var candidates: [String] = []

    /// Where a word to complete starts in an expression: after blanks and operators.
    nonisolated(unsafe) static let expressionBreaks = strdup(" \t\n\"'`@$><=;|&{(+*/^,)")
    /// Where a file name to complete starts: after blanks and quotes only.
    nonisolated(unsafe) static let fileBreaks = strdup(" \t\n\"'`")

    /// The characters that end the word before the cursor: a file name's where the
    /// command takes one there, an expression's otherwise.
    static func wordBreakCharacters() -> UnsafeMutablePointer<CChar>? {
        guard let completer else { return expressionBreaks }
        let line = rl_line_buffer.map { String(String(cString: $0).utf8.prefix(Int(rl_point))) ?? "" } ?? ""
        let word = line.split(separator: " ", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        if case .fileNames = completer(word, line) { return fileBreaks }
        return expressionBreaks
    }

    static func matches(for text: UnsafePointer<CChar>?) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let text, let completer else { return nil }
        let word = String(cString: text)
        let line = rl_line_buffer.map { String(String(cString: $0).utf8.prefix(Int(rl_point))) ?? "" } ?? ""
        switch completer(word, line) {
        case .fileNames:
            return rl_completion_matches(text, rl_filename_completion_function)
        case .words(let words):
            rl_attempted_completion_over = 1
            guard !words.isEmpty else { return nil }
            candidates = words
            return rl_completion_matches(text) { _, state in
                if state == 0 { ReadlineCompletion.index = 0 }
                guard ReadlineCompletion.index < ReadlineCompletion.candidates.count else { return nil }
                defer { ReadlineCompletion.index += 1 }
                return strdup(ReadlineCompletion.candidates[ReadlineCompletion.index])
            }
        }
    }

    nonisolated(unsafe) static var index = 0
}
