/// Counts of words in an open-addressing hash table, the bytes of each distinct word
/// kept once in one buffer: what ``WordCounter`` counts into.
///
/// Words are hashed and compared eight bytes at a time. A word is added in one of three
/// forms (``Form``); its stored bytes are final for the first two, and ``counts()``
/// lowercases the third as a string once per distinct spelling. A class that owns its
/// memory, so that counting a word touches no reference count.
final class WordTable {
    /// How a word's bytes become the word `words(in:)` gives.
    enum Form: UInt32 {
        /// ASCII letters, digits and apostrophes: lowercased by setting bit 5 of each byte
        /// (which only changes capitals).
        case ascii
        /// Already final (an ideograph, or a word `words(in:)` gave).
        case exact
        /// Lowercased as a string at the end.
        case raw
    }

    /// A distinct word: its hash, length and form, where its bytes are and how often it
    /// occurred. Sixteen bytes; ``WordCounter`` only counts texts under 256 MB here, so
    /// offsets fit 32 bits and lengths 30.
    private struct Slot {
        var hash: UInt32 = 0
        /// The length in bytes, with the form in the top two bits.
        var lengthAndForm: UInt32 = 0
        var start: UInt32 = 0
        /// 0 for an empty slot.
        var count: UInt32 = 0

        var length: Int { Int(lengthAndForm & 0x3FFF_FFFF) }
        var form: Form { Form(rawValue: lengthAndForm >> 30) ?? .raw }
    }

    /// The distinct words' bytes, one after another: `byteCount` of `byteCapacity`.
    private var bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    private var byteCount = 0
    private var byteCapacity = 1 << 16
    /// `slotCount` slots, a power of two, at least twice the distinct words.
    private var slots = UnsafeMutablePointer<Slot>.allocate(capacity: 1 << 12)
    private var slotCount = 1 << 12
    private var distinctWords = 0

    init() {
        slots.initialize(repeating: Slot(), count: slotCount)
    }

    deinit {
        bytes.deallocate()
        slots.deallocate()
    }

    /// Counts one occurrence of the word `text[start..<end]` in `form`. Bytes of `text`
    /// past `end` may be read, never changed.
    func add(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, form: Form) {
        let word = text.baseAddress.unsafelyUnwrapped + start
        let length = end - start
        let available = text.count - start
        let hash = Self.hash(word, length: length, available: available, form: form)
        let shortHash = UInt32(truncatingIfNeeded: hash >> 32)
        let lengthAndForm = UInt32(truncatingIfNeeded: length) | form.rawValue << 30
        let mask = slotCount - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while slots[index].count != 0 {
            let slot = slots[index]
            if slot.hash == shortHash && slot.lengthAndForm == lengthAndForm
                && Self.matches(
                    word, available: available, stored: bytes + Int(slot.start),
                    storedAvailable: byteCount - Int(slot.start), length: length, form: form)
            {
                slots[index].count += 1
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(
            hash: shortHash, lengthAndForm: lengthAndForm, start: UInt32(truncatingIfNeeded: byteCount), count: 1)
        if byteCount + length > byteCapacity {
            let capacity = max(byteCapacity * 2, byteCount + length)
            let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            larger.initialize(from: bytes, count: byteCount)
            bytes.deallocate()
            (bytes, byteCapacity) = (larger, capacity)
        }
        let lowercasing: UInt8 = form == .ascii ? 0x20 : 0
        for offset in 0..<length { bytes[byteCount + offset] = word[offset] | lowercasing }
        byteCount += length
        distinctWords += 1
        if distinctWords * 2 > slotCount { grow() }
    }

    /// Counts one occurrence of a word already in its final form.
    func add(_ word: String) {
        var word = word
        word.withUTF8 { add($0, from: 0, to: $0.count, form: .exact) }
    }

    /// Eight bytes of a word from `word`, little-endian: `length` of them at most (zero
    /// beyond), read in one load when `available` bytes may be read; with bit 5 set in
    /// each for the ASCII form.
    @inline(__always)
    private static func chunk(_ word: UnsafePointer<UInt8>, length: Int, available: Int, form: Form) -> UInt64 {
        var value: UInt64 = 0
        if available >= 8 {
            value = UnsafeRawPointer(word).loadUnaligned(as: UInt64.self)
            if length < 8 { value &= (1 << (UInt64(length) * 8)) &- 1 }
        } else {
            for offset in 0..<min(length, 8) { value |= UInt64(word[offset]) << (offset * 8) }
        }
        if form == .ascii {
            let lowercasing: UInt64 = 0x2020_2020_2020_2020
            value |= length >= 8 ? lowercasing : lowercasing & ((1 << (UInt64(length) * 8)) &- 1)
        }
        return value
    }

    /// The hash of a word's final bytes (its form mixed in), eight bytes at a time.
    @inline(__always)
    private static func hash(_ word: UnsafePointer<UInt8>, length: Int, available: Int, form: Form) -> UInt64 {
        var hash = 0x9E37_79B9_7F4A_7C15 &* UInt64(truncatingIfNeeded: length &* 4 &+ Int(form.rawValue))
        var offset = 0
        repeat {
            let value = chunk(word + offset, length: length - offset, available: available - offset, form: form)
            hash = (hash ^ value) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            offset += 8
        } while offset < length
        return (hash &* 0xC4CE_B9FE_1A85_EC53) ^ (hash >> 29)
    }

    /// Whether a word is the stored one, eight bytes at a time.
    @inline(__always)
    private static func matches(
        _ word: UnsafePointer<UInt8>, available: Int, stored: UnsafePointer<UInt8>, storedAvailable: Int,
        length: Int, form: Form
    ) -> Bool {
        var offset = 0
        repeat {
            let remaining = length - offset
            if chunk(word + offset, length: remaining, available: available - offset, form: form)
                != chunk(stored + offset, length: remaining, available: storedAvailable - offset, form: .exact)
            {
                return false
            }
            offset += 8
        } while offset < length
        return true
    }

    /// Doubles the slots and places every word again, by its hash recomputed from its
    /// stored bytes (which are final for the ASCII form too, so hash as themselves).
    private func grow() {
        let old = UnsafeBufferPointer(start: slots, count: slotCount)
        defer { old.deallocate() }
        slotCount *= 2
        slots = UnsafeMutablePointer<Slot>.allocate(capacity: slotCount)
        slots.initialize(repeating: Slot(), count: slotCount)
        let mask = slotCount - 1
        for slot in old where slot.count != 0 {
            let hash = Self.hash(
                bytes + Int(slot.start), length: slot.length, available: byteCount - Int(slot.start), form: slot.form)
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index].count != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }

    /// The counts by word, raw words lowercased (spellings that end up equal add up).
    /// Words are taken in the order they first occurred, so of two spellings Swift holds
    /// equal (`café` precomposed or not), the key is the first, as when counting word by
    /// word.
    func counts() -> [String: Int] {
        var counts: [String: Int] = [:]
        counts.reserveCapacity(distinctWords)
        let occupied = UnsafeBufferPointer(start: slots, count: slotCount).filter { $0.count != 0 }
        for slot in occupied.sorted(by: { $0.start < $1.start }) {
            let text = String(
                decoding: UnsafeBufferPointer(start: bytes + Int(slot.start), count: slot.length), as: UTF8.self)
            counts[slot.form == .raw ? text.lowercased() : text, default: 0] += Int(slot.count)
        }
        return counts
    }
}
