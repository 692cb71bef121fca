import GraphCalcSupport

/// Counts the words of a text in one pass over its UTF-8 bytes, by the rules of
/// ``ChartData/words(in:)``, in memory that grows with the distinct words only.
///
/// `words(in:)` reads grapheme clusters, which is exact and slow. Most text is made of
/// scalars that are a grapheme cluster of their own whatever surrounds them — ASCII, the
/// letters of most alphabets, CJK — and of marks that join the cluster before them
/// (accents, Indic vowel signs); those are classified here from a table
/// (``ScalarClass``) built with the very tests `words(in:)` applies, so a word ends
/// where it would end there: a cluster is a letter, an apostrophe, an ideograph or a
/// separator as its first scalar is. A scalar that can join its neighbours otherwise (a
/// joiner, a Hangul jamo, a prepended mark, anything beyond the Basic Multilingual Plane)
/// hands a stretch of text to `words(in:)`: from where no word is open before it to just
/// after the next separator that nothing before or after can join, both places where the
/// two readings agree.
struct WordCounter {
    private let table = WordTable()
    /// The classes of the scalars U+0000–U+FFFF, 256 at a time as the text meets them.
    private var classBlocks = [[ScalarClass]?](repeating: nil, count: 256)
    private typealias Kind = ScalarClass.Kind

    /// The count of each word of `text`.
    ///
    /// Stops early when `Cancellation` is requested; the caller checks and discards
    /// the counts.
    static func counts(in text: String) -> [String: Int] {
        counted(text).counts
    }

    /// The counts, and the longest stretch (in bytes) handed to `words(in:)`: tests show
    /// that marks are read on the fast path and joiners handed over a word or two at a
    /// time.
    static func counted(_ text: String) -> (counts: [String: Int], longestStretch: Int) {
        // Offsets and lengths fit the table's 32-bit fields for any text under 256 MB
        // (the most graphcalc reads), even where lowercasing makes words longer.
        guard text.utf8.count < 1 << 28 else {
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
        // The open word: where it starts, where its last letter (or mark) ends, and where
        // its first byte beyond ASCII is (a word with one is lowercased as a string at
        // the end).
        var wordStart = -1
        var wordEnd = 0
        var firstWide = Int.max
        // The last cluster: where it starts, what its first scalar is, and whether a mark
        // may join it.
        var clusterStart = -1
        var clusterKind = Kind.separator
        var clusterTakesMarks = false
        // An ideograph is counted when the next cluster starts (its marks are its own).
        var pendingIdeograph = -1
        var nextCancellationCheck = 1 << 16
        while position < end {
            if position >= nextCancellationCheck {
                if Cancellation.isRequested { return }
                nextCancellationCheck = position + 1 << 16
            }
            let lead = bytes[position]
            if wordStart < 0 && ScalarClass.isASCIILetter(lead) {
                if pendingIdeograph >= 0 {
                    table.add(bytes, from: pendingIdeograph, to: position, form: .exact)
                    pendingIdeograph = -1
                }
                // A word starting with ASCII: read as far as it stays ASCII.
                let stop = Self.asciiRun(in: bytes, from: position)
                (clusterStart, clusterKind, clusterTakesMarks) = (stop - 1, .letter, true)
                if stop == end || (bytes[stop] < 0x80 && bytes[stop] != UInt8(ascii: "'")) {
                    table.add(bytes, from: position, to: stop, form: .ascii)
                } else {
                    // Apostrophes, a mark or a scalar beyond ASCII that may continue it.
                    wordStart = position
                    wordEnd = stop
                }
                position = stop
                continue
            }
            let (scalarClass, length) = classify(bytes, at: position)
            var kind = scalarClass.kind
            if kind == .extending {
                if clusterStart >= 0 && clusterTakesMarks {
                    // The mark joins the last cluster, which stays what it was.
                    switch clusterKind {
                    case .letter:
                        wordEnd = position + length
                        firstWide = min(firstWide, position)
                    case .apostrophe:
                        // An apostrophe with a mark is no apostrophe: the word ends.
                        finishWord(bytes, start: &wordStart, end: wordEnd, firstWide: &firstWide)
                        clusterKind = .separator
                    default:
                        break
                    }
                    position += length
                    continue
                }
                // At the start, or after a control: a cluster of its own, for words(in:).
                kind = .joining
            }
            if pendingIdeograph >= 0 && kind != .joining && kind != .joiningForward {
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
            case .joining, .joiningForward, .extending:
                // The stretch starts where no word is open: at the open word, or at the
                // last cluster, which this scalar may join.
                let start = wordStart >= 0 ? wordStart : clusterStart >= 0 ? clusterStart : position
                let stop = safeEnd(in: bytes, after: position + length, previous: kind, previousLength: length)
                longestStretch = max(longestStretch, stop - start)
                let stretch = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<stop]), as: UTF8.self)
                for word in ChartData.words(in: stretch) { table.add(word) }
                wordStart = -1
                firstWide = Int.max
                clusterStart = -1
                pendingIdeograph = -1
                position = stop
                continue
            }
            (clusterStart, clusterKind, clusterTakesMarks) = (position, kind, scalarClass.takesMarks)
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
            let (scalarClass, length) = classify(bytes, at: position)
            let next = position + length
            if scalarClass.kind == .separator && !previousMayJoinForward {
                if next == bytes.count || !classify(bytes, at: next).class.kind.joinsBackward { return next }
            }
            previousMayJoinForward = scalarClass.kind == .joiningForward || length == 4
            position = next
        }
        return bytes.count
    }

    /// The class and length in bytes of the scalar starting at `position`.
    private mutating func classify(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (
        class: ScalarClass, length: Int
    ) {
        let lead = bytes[position]
        if lead < 0x80 { return (ScalarClass.ascii(lead), 1) }
        if lead < 0xE0 { return (scalarClass(of: (UInt32(lead & 0x1F) << 6) | UInt32(bytes[position + 1] & 0x3F)), 2) }
        if lead < 0xF0 {
            let value =
                (UInt32(lead & 0x0F) << 12) | (UInt32(bytes[position + 1] & 0x3F) << 6)
                | UInt32(bytes[position + 2] & 0x3F)
            return (scalarClass(of: value), 3)
        }
        return (ScalarClass(kind: .joining, takesMarks: false), 4)
    }

    private mutating func scalarClass(of value: UInt32) -> ScalarClass {
        let block = Int(value >> 8)
        if let classes = classBlocks[block] { return classes[Int(value & 0xFF)] }
        let classes = (0..<256).map { ScalarClass.of(UInt32(block << 8 | $0)) }
        classBlocks[block] = classes
        return classes[Int(value & 0xFF)]
    }

    /// The ASCII run of a word from its first letter: where it stops, just past its last
    /// letter or digit (at a byte that is neither, or at apostrophes not followed by one).
    private static func asciiRun(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if ScalarClass.isASCIILetter(byte) {
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "'") else { break }
            var after = index + 1
            while after < bytes.count && bytes[after] == UInt8(ascii: "'") { after += 1 }
            guard after < bytes.count && ScalarClass.isASCIILetter(bytes[after]) else { break }
            index = after
        }
        return index
    }
}
