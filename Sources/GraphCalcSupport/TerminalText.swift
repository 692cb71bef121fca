/// Text in a terminal: the calculator's Unicode symbols spelled in ASCII for 7-bit
/// terminals, and the cells text takes.
public enum TerminalText {
    private static let spellings: [Character: String] = [
        "×": "*", "÷": "/", "−": "-", "√": "sqrt", "π": "pi", "²": "^2", "⁻": "^-", "¹": "1", "∞": "inf",
        "±": "-", "…": "...", "▸": ">", "³": "^3", "≤": "<=", "≥": ">=", "≠": "!=", "∧": " and ", "∨": " or ",
        "¬": "not ", "∛": "cbrt",
        // Typographic punctuation, as word processors and spreadsheets write it.
        "’": "'", "‘": "'", "‚": ",", "“": "\"", "”": "\"", "„": "\"", "–": "-", "—": "-", "‐": "-", "‑": "-",
        "•": "*", "·": ".", "\u{00A0}": " ", "«": "<<", "»": ">>", "°": "deg",
    ]

    /// Latin letters with accents (Latin-1 and Latin Extended-A) as their base letters:
    /// é → e, Ł → L, ß → ss, Œ → OE.
    private static let latin: [Character: String] = [
        "À": "A", "Á": "A", "Â": "A", "Ã": "A", "Ä": "A", "Å": "A", "Æ": "AE", "Ç": "C", "È": "E", "É": "E", "Ê": "E",
        "Ë": "E", "Ì": "I", "Í": "I", "Î": "I", "Ï": "I", "Ð": "D", "Ñ": "N", "Ò": "O", "Ó": "O", "Ô": "O", "Õ": "O",
        "Ö": "O", "Ø": "O", "Ù": "U", "Ú": "U", "Û": "U", "Ü": "U", "Ý": "Y", "Þ": "Th", "ß": "ss", "à": "a",
        "á": "a", "â": "a", "ã": "a", "ä": "a", "å": "a", "æ": "ae", "ç": "c", "è": "e", "é": "e", "ê": "e", "ë": "e",
        "ì": "i", "í": "i", "î": "i", "ï": "i", "ð": "d", "ñ": "n", "ò": "o", "ó": "o", "ô": "o", "õ": "o", "ö": "o",
        "ø": "o", "ù": "u", "ú": "u", "û": "u", "ü": "u", "ý": "y", "þ": "th", "ÿ": "y", "Ā": "A", "ā": "a", "Ă": "A",
        "ă": "a", "Ą": "A", "ą": "a", "Ć": "C", "ć": "c", "Ĉ": "C", "ĉ": "c", "Ċ": "C", "ċ": "c", "Č": "C", "č": "c",
        "Ď": "D", "ď": "d", "Đ": "D", "đ": "d", "Ē": "E", "ē": "e", "Ĕ": "E", "ĕ": "e", "Ė": "E", "ė": "e", "Ę": "E",
        "ę": "e", "Ě": "E", "ě": "e", "Ĝ": "G", "ĝ": "g", "Ğ": "G", "ğ": "g", "Ġ": "G", "ġ": "g", "Ģ": "G", "ģ": "g",
        "Ĥ": "H", "ĥ": "h", "Ħ": "H", "ħ": "h", "Ĩ": "I", "ĩ": "i", "Ī": "I", "ī": "i", "Ĭ": "I", "ĭ": "i", "Į": "I",
        "į": "i", "İ": "I", "ı": "i", "Ĳ": "IJ", "ĳ": "ij", "Ĵ": "J", "ĵ": "j", "Ķ": "K", "ķ": "k", "ĸ": "k",
        "Ĺ": "L", "ĺ": "l", "Ļ": "L", "ļ": "l", "Ľ": "L", "ľ": "l", "Ŀ": "L", "ŀ": "l", "Ł": "L", "ł": "l", "Ń": "N",
        "ń": "n", "Ņ": "N", "ņ": "n", "Ň": "N", "ň": "n", "ŉ": "'n", "Ŋ": "N", "ŋ": "n", "Ō": "O", "ō": "o", "Ŏ": "O",
        "ŏ": "o", "Ő": "O", "ő": "o", "Œ": "OE", "œ": "oe", "Ŕ": "R", "ŕ": "r", "Ŗ": "R", "ŗ": "r", "Ř": "R",
        "ř": "r", "Ś": "S", "ś": "s", "Ŝ": "S", "ŝ": "s", "Ş": "S", "ş": "s", "Š": "S", "š": "s", "Ţ": "T", "ţ": "t",
        "Ť": "T", "ť": "t", "Ŧ": "T", "ŧ": "t", "Ũ": "U", "ũ": "u", "Ū": "U", "ū": "u", "Ŭ": "U", "ŭ": "u", "Ů": "U",
        "ů": "u", "Ű": "U", "ű": "u", "Ų": "U", "ų": "u", "Ŵ": "W", "ŵ": "w", "Ŷ": "Y", "ŷ": "y", "Ÿ": "Y", "Ź": "Z",
        "ź": "z", "Ż": "Z", "ż": "z", "Ž": "Z", "ž": "z", "ſ": "s",
    ]

    /// Greek letters: in a Greek word, transliterated (ELOT 743's simple form: Ελλάδα →
    /// Ellada); standing alone, as in mathematics, by name (θ → theta, Δx → Deltax).
    private static let greek: [Character: (letter: String, name: String)] = [
        "α": ("a", "alpha"), "Α": ("A", "Alpha"), "β": ("v", "beta"), "Β": ("V", "Beta"), "γ": ("g", "gamma"),
        "Γ": ("G", "Gamma"), "δ": ("d", "delta"), "Δ": ("D", "Delta"), "ε": ("e", "epsilon"), "Ε": ("E", "Epsilon"),
        "ζ": ("z", "zeta"), "Ζ": ("Z", "Zeta"), "η": ("i", "eta"), "Η": ("I", "Eta"), "θ": ("th", "theta"),
        "Θ": ("Th", "Theta"), "ι": ("i", "iota"), "Ι": ("I", "Iota"), "κ": ("k", "kappa"), "Κ": ("K", "Kappa"),
        "λ": ("l", "lambda"), "Λ": ("L", "Lambda"), "μ": ("m", "mu"), "Μ": ("M", "Mu"), "ν": ("n", "nu"),
        "Ν": ("N", "Nu"), "ξ": ("x", "xi"), "Ξ": ("X", "Xi"), "ο": ("o", "omicron"), "Ο": ("O", "Omicron"),
        "π": ("p", "pi"), "Π": ("P", "Pi"), "ρ": ("r", "rho"), "Ρ": ("R", "Rho"), "σ": ("s", "sigma"),
        "Σ": ("S", "Sigma"), "ς": ("s", "sigma"), "τ": ("t", "tau"), "Τ": ("T", "Tau"), "υ": ("y", "upsilon"),
        "Υ": ("Y", "Upsilon"), "φ": ("f", "phi"), "Φ": ("F", "Phi"), "χ": ("ch", "chi"), "Χ": ("Ch", "Chi"),
        "ψ": ("ps", "psi"), "Ψ": ("Ps", "Psi"), "ω": ("o", "omega"), "Ω": ("O", "Omega"), "ά": ("a", "alpha"),
        "έ": ("e", "epsilon"), "ή": ("i", "eta"), "ί": ("i", "iota"), "ό": ("o", "omicron"), "ύ": ("y", "upsilon"),
        "ώ": ("o", "omega"), "ϊ": ("i", "iota"), "ϋ": ("y", "upsilon"), "ΐ": ("i", "iota"), "ΰ": ("y", "upsilon"),
        "Ά": ("A", "Alpha"), "Έ": ("E", "Epsilon"), "Ή": ("I", "Eta"), "Ί": ("I", "Iota"), "Ό": ("O", "Omicron"),
        "Ύ": ("Y", "Upsilon"), "Ώ": ("O", "Omega"), "Ϊ": ("I", "Iota"), "Ϋ": ("Y", "Upsilon"),
    ]

    /// Cyrillic letters (Russian, Ukrainian, Belarusian), transliterated as English
    /// texts do: Россия → Rossiya, Жёлтый → Zhyoltyy; hard and soft signs dropped.
    private static let cyrillic: [Character: String] = [
        "а": "a", "А": "A", "б": "b", "Б": "B", "в": "v", "В": "V", "г": "g", "Г": "G", "д": "d", "Д": "D", "е": "e",
        "Е": "E", "ё": "yo", "Ё": "Yo", "ж": "zh", "Ж": "Zh", "з": "z", "З": "Z", "и": "i", "И": "I", "й": "y",
        "Й": "Y", "к": "k", "К": "K", "л": "l", "Л": "L", "м": "m", "М": "M", "н": "n", "Н": "N", "о": "o", "О": "O",
        "п": "p", "П": "P", "р": "r", "Р": "R", "с": "s", "С": "S", "т": "t", "Т": "T", "у": "u", "У": "U", "ф": "f",
        "Ф": "F", "х": "kh", "Х": "Kh", "ц": "ts", "Ц": "Ts", "ч": "ch", "Ч": "Ch", "ш": "sh", "Ш": "Sh",
        "щ": "shch", "Щ": "Shch", "ъ": "", "Ъ": "", "ы": "y", "Ы": "Y", "ь": "", "Ь": "", "э": "e", "Э": "E",
        "ю": "yu", "Ю": "Yu", "я": "ya", "Я": "Ya", "і": "i", "І": "I", "ї": "yi", "Ї": "Yi", "є": "ye", "Є": "Ye",
        "ґ": "g", "Ґ": "G", "ў": "u", "Ў": "U",
    ]

    /// `text` with every character outside 7-bit ASCII spelled in ASCII: the calculator's
    /// symbols by name, accented Latin letters as their base letters (`é` → `e`, also when
    /// written as a letter and combining marks), Greek and Cyrillic transliterated (a
    /// Greek letter standing alone by its name: `θ` → `theta`), typographic quotes and
    /// dashes as `'` `"` `-`; a letter of a script with no Latin spelling as its code
    /// point (`漢` → `u6f22`), so that labels in it stay distinct; anything else as `?`.
    public static func ascii(_ text: String) -> String {
        // ASCII already: the text itself, its storage shared, not copied.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        // One character of look-behind and one of look-ahead, not an array of them all
        // (16 bytes a character: a million-op program's label would take 57 MB).
        var result = ""
        var characters = text.makeIterator()
        var previous: Character?
        var current = characters.next()
        while let character = current {
            let next = characters.next()
            defer {
                previous = character
                current = next
            }
            if character.isASCII {
                result.append(character)
            } else if let spelling = spellings[character] ?? latin[character] ?? cyrillic[character] {
                result += spelling
            } else if let letter = greek[character] {
                let isInWord = previous.map { greek[$0] != nil } == true || next.map { greek[$0] != nil } == true
                result += isInWord ? letter.letter : letter.name
            } else if let first = character.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic {
                // A letter followed by combining marks (e + ́ ): the letter.
                result.unicodeScalars.append(first)
            } else if let first = character.unicodeScalars.first, first.properties.isAlphabetic {
                // A letter with no Latin spelling (漢, ب): its code point, distinct per letter.
                result += "u" + String(first.value, radix: 16)
            } else {
                result += "?"
            }
        }
        return result
    }

    /// The cells a character takes in a terminal: 2 for East Asian wide and fullwidth
    /// characters and emoji shown as pictures, 0 for a cluster that is only combining
    /// marks, 1 for the rest.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return 0
        default: break
        }
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && character.unicodeScalars.contains("\u{FE0F}"))
        {
            return 2
        }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// The cells `text` takes in a terminal.
    public static func width(of text: String) -> Int {
        // Printable ASCII, a cell a byte, without taking the text apart into characters
        // (a million-op program's description is millions of them).
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The longest start of `text` that takes at most `width` cells.
    public static func prefix(_ text: String, width: Int) -> String {
        var result = "", used = 0
        for character in text {
            let cells = self.width(of: character)
            guard used + cells <= width else { break }
            result.append(character)
            used += cells
        }
        return result
    }
}
