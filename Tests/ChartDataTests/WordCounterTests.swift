import GraphCalcSupport
import TestSupport
import Testing

@testable import ChartData

/// The byte-level counter against `words(in:)`, which reads grapheme clusters: the same
/// counts on any text.
@Suite struct WordCounterTests {
    /// `words(in:)` counted one by one: what the counter must give.
    static func referenceCounts(_ text: String) -> [String: Int] {
        ChartData.words(in: text).reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }

    /// Pieces of text that stress where words and clusters end: ASCII, apostrophes, line
    /// ends, precomposed and combining accents, cased scripts (final sigma, dotted İ),
    /// ideographs and kana, Hangul syllables and jamo, emoji with joiners and selectors,
    /// flags, prepended marks, Indic conjuncts, Thai, digits and numerals of other
    /// scripts, spaces and format characters, and scalars beyond the BMP.
    static let pieces: [String] = [
        "a", "B", "z", "Q", "0", "7", "don", "T", "'", "''", "’", " ", ",", ".", "\n", "\r\n", "\r", "-", "\t",
        "é", "e\u{301}", "\u{301}", "\u{308}", "ß", "İ", "Σ", "ς", "σ", "ΟΔΟΣ", "Привет", "ё", "東", "京", "ひ",
        "カ", "ー", "한", "\u{1100}", "\u{1161}", "\u{11A8}", "👍", "👩\u{200D}💻", "\u{200D}", "\u{FE0F}", "🇫🇷",
        "\u{1F1E9}", "\u{0600}", "\u{0D4E}", "क", "\u{94D}", "ष", "\u{0E33}", "ก", "٣", "Ⅻ", "½", "ª", "\u{00A0}",
        "\u{200B}", "\u{2028}", "«", "\u{0345}", "ǅ", "𝐀", "\u{E000}", "\u{FFFD}", "ﬁ", "Ǆ", "ŉ", "\u{1E9E}",
        "ℹ", "☺", "©", "\u{200D}☺", "नमस्ते", "दुनिया", "\u{0947}", " \u{0301}", "\u{1F3FB}", "\u{0085}",
        "\u{200C}", "\u{FE0F}", "ِ", "ّ", "ع", "\u{0E31}", "\u{0345}\u{0301}", "'\u{0301}", "’\u{0301}",
    ]

    @Test func agreesWithTheClusterReadingOnRandomText() {
        var generator = SeededGenerator(seed: 18)
        for _ in 0..<4000 {
            let length = Int.random(in: 0...40, using: &generator)
            var text = ""
            for _ in 0..<length { text += Self.pieces.randomElement(using: &generator) ?? "" }
            let counts = WordCounter.counts(in: text)
            let expected = Self.referenceCounts(text)
            #expect(counts == expected, "text: \(text.unicodeScalars.map { String($0.value, radix: 16) })")
            if counts != expected { return }
        }
    }

    /// Long ASCII stretches between the rarer pieces, as real text has: the fast path
    /// and the hand-over to `words(in:)` meet at many places.
    @Test func agreesOnMostlyASCIIText() {
        var generator = SeededGenerator(seed: 7)
        let common = ["the ", "cat's ", "Don't ", "it''s ", "x2, ", "end.\n", "rock'n'roll ", "'quoted' ", "A-B "]
        var text = ""
        for _ in 0..<20000 {
            text +=
                Int.random(in: 0..<10, using: &generator) == 0
                ? Self.pieces.randomElement(using: &generator) ?? ""
                : common.randomElement(using: &generator) ?? ""
        }
        let counts = WordCounter.counts(in: text)
        let expected = Self.referenceCounts(text)
        let differing = Set(counts.keys).union(expected.keys).filter { counts[$0] != expected[$0] }
        #expect(differing.isEmpty, "counted differently: \(differing.sorted().prefix(10))")
    }

    /// Marks that join the cluster before them (Hindi's vowel signs and virama, combining
    /// accents) are read by the fast path; joiners and jamo are handed to `words(in:)` a
    /// word or two at a time, between the spaces, not from the first to the end of the
    /// text: memory for the distinct words only.
    @Test func readsMarksAndHandsOverJoinersAWordAtATime() {
        let marked = ["नमस्ते", "दुनिया", "कैसे", "हो", "cafe\u{301}", "ΟΔΟΣ", "ไทย", "ภาษา", "عَرَبِيّ"]
        let markedText = (0..<3000).map { marked[$0 * 7 % marked.count] }.joined(separator: " ")
        let (markedCounts, markedStretch) = WordCounter.counted(markedText)
        #expect(markedCounts == Self.referenceCounts(markedText))
        #expect(markedStretch == 0, "\(markedStretch) bytes handed over at once")

        let joined = ["👩\u{200D}💻", "한국어", "\u{1100}\u{1161}", "नमस्ते", "word"]
        let joinedText = (0..<3000).map { joined[$0 * 3 % joined.count] }.joined(separator: " ")
        let (joinedCounts, joinedStretch) = WordCounter.counted(joinedText)
        #expect(joinedCounts == Self.referenceCounts(joinedText))
        #expect(joinedStretch > 0 && joinedStretch < 40, "\(joinedStretch) bytes handed over at once")
    }

    static let examples: [(String, [String: Int])] = [
        ("", [:]),
        ("The the THE tHe", ["the": 4]),
        ("don't don’t don''t' 'x'", ["don't": 1, "don’t": 1, "don''t": 1, "x": 1]),
        ("café CAFÉ cafe\u{301}", ["café": 3]),  // canonically equivalent spellings are one key
        ("東京は東京", ["東": 2, "京": 2, "は": 1]),
        ("a\u{301}b \u{301}c", ["a\u{301}b": 1, "c": 1]),
        ("\r\nword\r\n", ["word": 1]),
        // A letter that is an emoji joined by a joiner to one that is not: one cluster,
        // starting with a letter, so one word with what follows.
        ("ℹ\u{200D}☺a b", ["ℹ\u{200D}☺a": 1, "b": 1]),
        // An apostrophe with a mark on it ends the word; a mark after a line end is a
        // cluster of its own (this one a letter: U+0345 is alphabetic).
        ("don'\u{301}t", ["don": 1, "t": 1]), ("a\n\u{0345}b", ["a": 1, "\u{0345}b": 1]),
        ("東\u{301}京", ["東\u{301}": 1, "京": 1]),
    ]

    @Test(arguments: examples)
    func countsKnownTexts(text: String, expected: [String: Int]) {
        #expect(WordCounter.counts(in: text) == expected)
        #expect(Self.referenceCounts(text) == expected)
    }

    /// Of two spellings Swift holds equal, the word is the one met first, as when
    /// counting word by word.
    @Test func keepsTheFirstSpelling() {
        for text in ["cafe\u{301} café", "café cafe\u{301}", "\u{F900} \u{8C48}", "\u{8C48} \u{F900}"] {
            let key = WordCounter.counts(in: text).keys.first
            let first = ChartData.words(in: text).first
            #expect(key.map { Array($0.unicodeScalars) } == first.map { Array($0.unicodeScalars) }, "\(text)")
        }
    }

    /// Every distinct word is kept once however often it occurs, and the table grows
    /// past its first size.
    @Test func countsManyDistinctWords() {
        let words = (0..<50000).map { "w\($0)" }
        let text = (words + words.reversed() + ["W7"]).joined(separator: " ")
        let counts = WordCounter.counts(in: text)
        #expect(counts.count == 50000)
        #expect(counts.values.allSatisfy { $0 == 2 || $0 == 3 })
        #expect(counts["w7"] == 3)
    }
}
