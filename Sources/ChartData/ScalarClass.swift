/// What a Unicode scalar is to the word rules of ``ChartData/words(in:)`` where it meets
/// neighbours that stand alone too, found with the very tests `words(in:)` applies to a
/// grapheme cluster made of it, and asked of Swift's own cluster rules once per scalar:
/// what ``WordCounter`` reads text by.
struct ScalarClass: Equatable {
    /// How a scalar takes part in grapheme clusters and words.
    enum Kind: UInt8 {
        /// A cluster of its own that ends a word.
        case separator
        /// A cluster of its own that is part of a word: a letter, digit or alphabetic mark.
        case letter
        /// A Han, Hiragana or Katakana character: a word of its own.
        case ideograph
        /// `'` or `’`: kept inside a word, dropped at its end.
        case apostrophe
        /// Joins the cluster before it and nothing after it (a combining or spacing mark,
        /// a variation selector), unless what is before is a control.
        case extending
        /// May join what comes before it in other ways (a Hangul jamo), or is beyond the
        /// Basic Multilingual Plane and not looked up: left to `words(in:)`.
        case joining
        /// May join what comes after it (a prepended concatenation mark, the zero-width
        /// joiner before an emoji): left to `words(in:)`.
        case joiningForward

        /// Whether it may join the cluster before it.
        var joinsBackward: Bool { self == .extending || self == .joining }
    }

    let kind: Kind
    /// Whether a mark after it joins its cluster (false for controls, line ends
    /// included, after which every cluster breaks).
    let takesMarks: Bool

    /// The class of an ASCII byte: letters and digits, the apostrophe, and separators;
    /// the controls take no marks.
    @inline(__always)
    static func ascii(_ byte: UInt8) -> ScalarClass {
        let kind: Kind = isASCIILetter(byte) ? .letter : byte == UInt8(ascii: "'") ? .apostrophe : .separator
        return ScalarClass(kind: kind, takesMarks: byte >= 0x20 && byte != 0x7F)
    }

    /// Whether an ASCII byte is a letter or digit.
    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// The class of any scalar of the Basic Multilingual Plane.
    static func of(_ value: UInt32) -> ScalarClass {
        guard let scalar = Unicode.Scalar(value) else { return ScalarClass(kind: .joining, takesMarks: false) }
        let takesMarks = clusters(scalar, "\u{0301}") == 1
        switch value {
        // Hangul jamo join each other, whatever stands around them.
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF:
            return ScalarClass(kind: .joining, takesMarks: takesMarks)
        default: break
        }
        let joinsLetterBefore = clusters("a", scalar) == 1
        let joinsLetterAfter = clusters(scalar, "a") == 1
        if joinsLetterAfter || value == 0x200D { return ScalarClass(kind: .joiningForward, takesMarks: takesMarks) }
        if joinsLetterBefore {
            // A mark joins a separator, an apostrophe or an ideograph as it joins a letter.
            let joinsAll = ["a", " ", "'", "東", "☺"].allSatisfy { clusters($0, scalar) == 1 }
            return ScalarClass(kind: joinsAll ? .extending : .joining, takesMarks: takesMarks)
        }
        let character = Character(scalar)
        let kind: Kind
        if scalar.properties.isIdeographic || (0x3040...0x30FF).contains(value) {
            kind = .ideograph
        } else if character.isLetter || character.isNumber || scalar.properties.isAlphabetic {
            kind = .letter
        } else if character == "'" || character == "’" {
            kind = .apostrophe
        } else {
            kind = .separator
        }
        return ScalarClass(kind: kind, takesMarks: takesMarks)
    }

    /// How many grapheme clusters two pieces of text make side by side.
    private static func clusters(_ first: String, _ second: Unicode.Scalar) -> Int {
        var text = first
        text.unicodeScalars.append(second)
        return text.count
    }

    private static func clusters(_ first: Unicode.Scalar, _ second: String) -> Int {
        var text = String(first)
        text.append(second)
        return text.count
    }
}
