import GraphCalcSupport

/// Counts the words of a text in one pass over its UTF-8 bytes, by the rules of
/// ``ChartData/words(in:)``, in memory that grows with the distinct words only.
///
/// `words(in:)` reads grapheme clusters, which is exact and slow. Most text is made of
/// scalars that are a grapheme cluster of their own whatever surrounds them — ASCII, the
/// letters of most alphabets, CJK — and those are classified here from a table built
/// with the very tests `words(in:)` applies, so a word ends where it would end there. A
/// scalar that can join its neighbours (a combining mark, a joiner, a Hangul jamo, a
/// variation selector, anything beyond the Basic Multilingual Plane) hands a stretch of
/// text to `words(in:)`: from where no word is open before it to an ASCII separator
/// between ASCII characters after it, both places where the two readings agree.
struct WordCounter {
    /// What a scalar is to the word rules, when it is a grapheme cluster of its own.
    private enum Kind: UInt8 {
        /// Ends a word.
        case separator
        /// A letter, mark or digit: part of a word.
        case letter
        /// A Han, Hiragana or Katakana character: a word of its own.
        case ideograph
        /// `'` or `’`: kept inside a word, dropped at its end.
        case apostrophe
        /// May join its neighbours into one grapheme cluster: read by `words(in:)`.
        case joining
    }

    private var table = WordTable()
    /// The kinds of the scalars U+0000–U+FFFF, 256 at a time as the text meets them.
    private var kindBlocks = [[Kind]?](repeating: nil, count: 256)

    /// The count of each word of `text`.
    ///
    /// Stops early when ``Cancellation`` is requested; the caller checks and discards
    /// the counts.
    static func counts(in text: String) -> [String: Int] {
        guard text.utf8.count < 1 << 30 else {
            return ChartData.words(in: text).reduce(into: [:]) { $0[$1, default: 0] += 1 }
        }
        var text = text
        text.makeContiguousUTF8()
        var counter = WordCounter()
        text.utf8.withContiguousStorageIfAvailable { counter.count($0) }
        return counter.table.counts()
    }

    private mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        let end = bytes.count
        var position = 0
        // The open word: where it starts, where its last letter ends, and where its first
        // byte beyond ASCII is (a word with one is lowercased as a string at the end).
        var wordStart = -1
        var wordEnd = 0
        var firstWide = Int.max
        var previousStart = -1
        // An ideograph is counted when the next scalar shows it does not join it.
        var pendingIdeograph = -1
        var nextCancellationCheck = 1 << 16
        while position < end {
            if position >= nextCancellationCheck {
                if Cancellation.isRequested { return }
                nextCancellationCheck = position + 1 << 16
            }
            let lead = bytes[position]
            if wordStart < 0 && Self.isASCIILetter(lead) {
                if pendingIdeograph >= 0 {
                    table.add(bytes, from: pendingIdeograph, to: position, form: .exact)
                    pendingIdeograph = -1
                }
                // A word starting with ASCII: read with its hash as far as it stays ASCII.
                let stop = Self.asciiRun(in: bytes, from: position)
                previousStart = stop - 1
                if stop == end || (bytes[stop] < 0x80 && bytes[stop] != UInt8(ascii: "'")) {
                    table.add(bytes, from: position, to: stop, form: .ascii)
                } else {
                    // Apostrophes, or a scalar beyond ASCII, that may continue the word.
                    wordStart = position
                    wordEnd = stop
                }
                position = stop
                continue
            }
            let length: Int
            let kind: Kind
            if lead < 0x80 {
                length = 1
                kind = Self.asciiKind(of: lead)
            } else if lead < 0xE0 {
                length = 2
                kind = self.kind(of: (UInt32(lead & 0x1F) << 6) | UInt32(bytes[position + 1] & 0x3F))
            } else if lead < 0xF0 {
                length = 3
                let value =
                    (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[position + 1] & 0x3F) << 6)
                    | UInt32(bytes[position + 2] & 0x3F)
                kind = self.kind(of: value)
            } else {
                length = 4
                kind = .joining
            }
            if pendingIdeograph >= 0 && kind != .joining {
                table.add(bytes, from: pendingIdeograph, to: position, form: .exact)
                pendingIdeograph = -1
            }
            switch kind {
            case .letter:
                if wordStart < 0 { wordStart = position }
                if length > 1 && firstWide == Int.max { firstWide = position }
                wordEnd = position + length
            case .apostrophe:
                if wordStart >= 0 && length > 1 && firstWide == Int.max { firstWide = position }
            case .ideograph:
                finishWord(bytes, start: &wordStart, end: wordEnd, firstWide: &firstWide)
                pendingIdeograph = position
            case .separator:
                finishWord(bytes, start: &wordStart, end: wordEnd, firstWide: &firstWide)
            case .joining:
                // The stretch starts where no word is open: at the open word, or at the
                // scalar before, which this one may join.
                let start = wordStart >= 0 ? wordStart : previousStart >= 0 ? previousStart : position
                let stop = Self.safeEnd(in: bytes, after: position + length)
                let stretch = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
                for word in ChartData.words(in: stretch) { table.add(word) }
                wordStart = -1
                firstWide = Int.max
                previousStart = -1
                pendingIdeograph = -1
                position = stop
                continue
            }
            previousStart = position
            position += length
        }
        if pendingIdeograph >= 0 {
            table.add(bytes, from: pendingIdeograph, to: end, form: .exact)
        }
        finishWord(bytes, start: &wordStart, end: wordEnd, firstWide: &firstWide)
    }

    /// Counts the open word, if any, without its trailing apostrophes, and closes it.
    private mutating func finishWord(
        _ bytes: UnsafeBufferPointer<UInt8>, start: inout Int, end: Int, firstWide: inout Int
    ) {
        guard start >= 0 else { return }
        table.add(bytes, from: start, to: end, form: firstWide >= end ? .ascii : .raw)
        start = -1
        firstWide = Int.max
    }

    /// Just past the first ASCII separator at or after `index` that is a grapheme cluster
    /// of its own with ASCII on both sides (so the next one starts a cluster and no word
    /// is open), or the end of the text.
    private static func safeEnd(in bytes: UnsafeBufferPointer<UInt8>, after index: Int) -> Int {
        var candidate = max(index, 1)
        while candidate < bytes.count {
            let byte = bytes[candidate]
            if byte < 0x80 && asciiKind(of: byte) == .separator && byte != 0x0D && bytes[candidate - 1] < 0x80
                && (candidate + 1 == bytes.count || bytes[candidate + 1] < 0x80)
            {
                return candidate + 1
            }
            candidate += 1
        }
        return bytes.count
    }

    /// The ASCII run of a word from its first letter: where it stops, just past its last
    /// letter or digit (at a byte that is neither, or at apostrophes not followed by one).
    private static func asciiRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if isASCIILetter(byte) {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "'") else { break }
            var after = index + 1
            while after < bytes.count && bytes[after] == UInt8(ascii: "'") { after += 1 }
            guard after < bytes.count && isASCIILetter(bytes[after]) else { break }
            index = after
        }
        return index
    }

    @inline(__always)
    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    /// ASCII: letters and digits, the apostrophe, and separators.
    @inline(__always)
    private static func asciiKind(of byte: UInt8) -> Kind {
        isASCIILetter(byte) ? .letter : byte == UInt8(ascii: "'") ? .apostrophe : .separator
    }

    private mutating func kind(of value: UInt32) -> Kind {
        let block = Int(value >> 8)
        if let kinds = kindBlocks[block] { return kinds[Int(value & 0xFF)] }
        let kinds = (0..<256).map { Self.kind(ofScalarValue: UInt32(block << 8 | $0)) }
        kindBlocks[block] = kinds
        return kinds[Int(value & 0xFF)]
    }

    /// The kind of one scalar, by the tests `words(in:)` applies to a cluster made of it.
    private static func kind(ofScalarValue value: UInt32) -> Kind {
        guard let scalar = Unicode.Scalar(value), standsAlone(scalar) else { return .joining }
        let character = Character(scalar)
        if scalar.properties.isIdeographic || (0x3040...0x30FF).contains(value) { return .ideograph }
        if character.isLetter || character.isNumber || scalar.properties.isAlphabetic { return .letter }
        if character == "'" || character == "’" { return .apostrophe }
        return .separator
    }

    /// Whether a scalar is a grapheme cluster of its own beside any other such scalar:
    /// it neither extends what comes before (marks, joiners, spacing marks) nor what
    /// comes after (prepended concatenation marks), and is not a Hangul jamo, which join
    /// each other. Asked of each scalar once, by Swift's own cluster rules.
    private static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return false
        default: break
        }
        var before = "a"
        before.unicodeScalars.append(scalar)
        var after = String(scalar)
        after.append("a")
        return before.count == 2 && after.count == 2
    }
}
