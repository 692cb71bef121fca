/// Text for 7-bit terminals: the calculator's Unicode symbols spelled in ASCII.
enum TerminalText {
    private static let spellings: [Character: String] = [
        "×": "*", "÷": "/", "−": "-", "√": "sqrt", "π": "pi", "²": "^2", "⁻": "^-", "¹": "1", "∞": "inf",
        "±": "-", "…": "...", "θ": "theta",
    ]

    /// `text` with every character outside 7-bit ASCII spelled in ASCII, or `?`.
    static func ascii(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.isASCII {
                result.append(character)
            } else {
                result += spellings[character] ?? "?"
            }
        }
        return result
    }
}
