import CalculatorBrain

/// TAB completion for the REPL, read from the `CommandTable`: commands first on the
/// line; then, for the command's arguments, file names where it takes files, its words
/// (`chart bar|pie`), option names after `-`, option values from their lists (`--mode
/// ascii|braille`), and elsewhere function names, the session's functions, constants and
/// the variables set.
public enum REPLCompleter {
    /// The completion of `word`, the text before the cursor back to a word break, on a
    /// line that reads `line` up to the cursor.
    public static func complete(
        _ word: String, line: String, variables: [String], functions: [String] = []
    ) -> REPLCompletion {
        let before = line.dropLast(word.count)
        let previousWords = before.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let expressionWords =
            functionNames + Constant.allCases.flatMap { [$0.symbol] + $0.aliases } + variables
            + functions + [Session.ansName]
        guard let command = previousWords.first else {
            return .words(matching(word, CommandTable.names + expressionWords))
        }
        guard let entry = CommandTable.entry(named: command) else { return .words(matching(word, expressionWords)) }
        if let previous = previousWords.last, previousWords.count > 1,
            let option = entry.options.first(where: { $0.names.contains(previous) }), option.valueName != nil
        {
            if option.completesFiles { return .fileNames }
            if !option.choices.isEmpty { return .words(matching(word, option.choices)) }
            return .words(matching(word, expressionWords))
        }
        if word.hasPrefix("-") { return .words(matching(word, entry.options.flatMap(\.names))) }
        let position = previousWords.dropFirst().filter { !$0.hasPrefix("-") }.count
        if entry.name == "set" {
            if position == 0 { return .words(matching(word, Setting.allCases.map(\.name) + variables)) }
            if position == 1, let values = Setting(named: previousWords[1])?.suggestedValues {
                return .words(matching(word, values.isEmpty ? expressionWords : values))
            }
            return .words(matching(word, expressionWords))
        }
        switch entry.positionals {
        case .files: return .fileNames
        case .words(let words) where position == 0: return .words(matching(word, words))
        case .words: return .words([])
        case .commands: return .words(matching(word, CommandTable.names))
        case .wordThenFile(let words): return position == 0 ? .words(matching(word, words)) : .fileNames
        case .expressions, .none: return .words(matching(word, expressionWords))
        }
    }

    private static func matching(_ word: String, _ candidates: [String]) -> [String] {
        Array(Set(candidates.filter { $0.hasPrefix(word) })).sorted()
    }

    private static let functionNames: [String] =
        UnaryOperation.allCases.flatMap { [$0.symbol] + $0.aliases }.filter {
            $0.first?.isLetter == true && $0.allSatisfy { $0.isLetter || $0.isNumber }
        }
        + BinaryOperation.allCases.filter { ($0.precedence == nil && $0 != .point) || $0.isLogical }.map(\.symbol)
        + TernaryOperation.allCases.map(\.symbol)
}
