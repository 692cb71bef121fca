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
/// text to `words(in:)`: from where no word is open before it to just after the next
/// separator that nothing before or after can join (a space between Hindi words
/// will do), both places where the two readings agree.
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
        /// May join what comes before it into one grapheme cluster (a combining or
        /// spacing mark, a Hangul jamo, a variation selector): read by `words(in:)`.
        case joining
        /// May join what comes after it (a prepended concatenation mark, the zero-width
        /// joiner before an emoji): read by `words(in:)`.
        case joiningForward

        /// Whether the fast path leaves it to `words(in:)`.
        var joins: Bool { self == .joining || self == .joiningForward }
    }

    private var table = WordTable()
    /// The kinds of the scalars U+0000–U+FFFF, 256 at a time as the text meets them.
    private var kindBlocks = [[Kind]?](repeating: nil, count: 256)

    /// The count of each word of `text`.
    ///
    /// Stops early when ``Cancellation`` is requested; the caller checks and discards
    /// the counts.
    static func counts(in text: String) -> [String: Int] {
        counted(text).counts
    }

    /// The counts, and the longest stretch (in bytes) handed to `words(in:)`: tests show
    /// that text in scripts with combining marks is handed over a word or two at a time.
    static func counted(_ text: String) -> (counts: [String: Int], longestStretch: Int) {
        guard text.utf8.count < 1 << 30 else {
            return (ChartData.words(in: text).reduce(into: [:]) { $0[$1, default: 0] += 1 }, text.utf8.count)
        }
        var text = text
        text.makeContiguousUTF8()
        var counter = WordCounter()
        text.utf8.withContiguousStorageIfAvailable { counter.count($0) }
        return (counter.table.counts(), counter.longestStretch)
    }

    /// The longest stretch handed to `words(in:)` so far, in bytes.
    private var longestStretch = 0

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
            let (kind, length) = scalarKind(in: bytes, at: position)
            if pendingIdeograph >= 0 && !kind.joins {
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
            case .joining, .joiningForward:
                // The stretch starts where no word is open: at the open word, or at the
                // scalar before, which this one may join.
                let start = wordStart >= 0 ? wordStart : previousStart >= 0 ? previousStart : position
                let stop = safeEnd(in: bytes, after: position + length, previous: kind, previousLength: length)
                longestStretch = max(longestStretch, stop - start)
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

    /// Just past the first separator at or after `index` that both readings agree ends a
    /// cluster with no word open, or the end of the text: a separator that stands alone,
    /// after a scalar that cannot join it (a prepended mark or a joiner could; a scalar
    /// beyond the BMP is not looked up, so is taken to) and before one that does not join
    /// it (a combining mark would).
    private mutating func safeEnd(
        in bytes: UnsafeBufferPointer<UInt8>, after index: Int, previous: Kind, previousLength: Int
    ) -> Int {
        var position = index
        var previousMayJoinForward = previous == .joiningForward || previousLength == 4
        while position < bytes.count {
            let (kind, length) = scalarKind(in: bytes, at: position)
            let next = position + length
            if kind == .separator && !previousMayJoinForward {
                if next == bytes.count || !scalarKind(in: bytes, at: next).kind.joins { return next }
            }
            previousMayJoinForward = kind == .joiningForward || length == 4
            position = next
        }
        return bytes.count
    }

    /// The kind and length in bytes of the scalar starting at `position`.
    private mutating func scalarKind(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (
        kind: Kind, length: Int
    ) {
        let lead = bytes[position]
        if lead < 0x80 { return (Self.asciiKind(of: lead), 1) }
        if lead < 0xE0 { return (kind(of: (UInt32(lead & 0x1F) << 6) | UInt32(bytes[position + 1] & 0x3F)), 2) }
        if lead < 0xF0 {
            let value =
                (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[position + 1] & 0x3F) << 6)
                | UInt32(bytes[position + 2] & 0x3F)
            return (kind(of: value), 3)
        }
        return (.joining, 4)
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
        guard let scalar = Unicode.Scalar(value) else { return .joining }
        guard standsAlone(scalar) else {
            var after = String(scalar)
            after.append("a")
            return after.count == 1 || value == 0x200D ? .joiningForward : .joining
        }
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
