import CalculatorBrain

/// What TAB completes a word with.
public enum REPLCompletion: Equatable, Sendable {
    /// These words, which start with the word typed.
    case words([String])
    /// File names, after `load`, `save`, `export` and `words`, and after `chart bar|pie`.
    case fileNames
}

/// TAB completion for the REPL: commands first on the line, file names after `load`,
/// `save`, `export`, `words` and `chart bar|pie`, option names after `--`, and everywhere function names,
/// constants and the variables set.
public enum REPLCompleter {
    /// The completion of `word`, the text before the cursor back to a word break, on a
    /// line that reads `line` up to the cursor.
    public static func complete(_ word: String, line: String, variables: [String]) -> REPLCompletion {
        let before = line.dropLast(word.count)
        let previousWords = before.split(whereSeparator: { $0 == " " || $0 == "\t" })
        if let command = previousWords.first, previousWords.count == 1,
            ["load", "save", "export", "words"].contains(String(command))
        {
            return .fileNames
        }
        if previousWords.first == "chart" && !word.hasPrefix("-") {
            if previousWords.count == 1 { return .words(["bar", "pie"].filter { $0.hasPrefix(word) }) }
            if previousWords.count == 2 { return .fileNames }
        }
        var candidates: [String]
        if word.hasPrefix("-") {
            candidates = optionNames(for: previousWords.first.map(String.init))
        } else {
            candidates = functionNames + Constant.allCases.flatMap { [$0.symbol] + $0.aliases } + variables
            if previousWords.isEmpty { candidates = REPL.commandNames + candidates }
        }
        return .words(Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted())
    }

    private static let functionNames: [String] =
        UnaryOperation.allCases.flatMap { [$0.symbol] + $0.aliases }.filter { $0.allSatisfy(\.isLetter) }
        + BinaryOperation.allCases.filter { $0.precedence == nil }.map(\.symbol)

    /// The options of the command a line starts with (`export` takes `svg`'s).
    private static func optionNames(for command: String?) -> [String] {
        let name = command == "export" ? "svg" : command
        if let verb = GraphCalc.commands.first(where: { $0.name == name }) { return verb.options.flatMap(\.names) }
        return GraphCalc.commands.flatMap { $0.options.flatMap(\.names) }
    }
}
