/// Splits a command line into words the way a shell does: on blanks, with '…' and "…"
/// quoting and backslash escapes, so `plot 'sin(x) + 1' --x -pi:pi` has three words. A `'`
/// right after a name's letter, digit, `_` or prime is a prime, not a quote: `plot f f'`.
enum ShellWords {
    /// The words of `line`.
    /// - Throws: ``GraphCalcError/usage(_:)`` for an unterminated quote.
    static func split(_ line: String) throws(GraphCalcError) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quote != "'" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'", let last = current.last, inWord,
                last.isLetter || last.isNumber || last == "_" || last == "'"
            {
                current.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if let quote { throw .usage("unterminated \(quote) quote") }
        if inWord { words.append(current) }
        return words
    }
}
