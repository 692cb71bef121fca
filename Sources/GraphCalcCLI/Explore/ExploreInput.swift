/// Turns the bytes a terminal in raw mode sends into events: keys (arrows in both the
/// normal `ESC [ A` and the application `ESC O A` forms) and SGR mouse reports
/// (`ESC [ < b ; x ; y M`, `m` on release). A sequence cut in two by a read is kept until
/// the rest arrives; a lone Escape at the end of a read is the Escape key.
struct ExploreInput {
    private var pending: [UInt8] = []

    /// The events in `bytes`, read at `time` seconds.
    mutating func events(from bytes: [UInt8], time: Double) -> [ExploreEvent] {
        pending += bytes
        var events: [ExploreEvent] = []
        var index = 0
        parsing: while index < pending.count {
            let byte = pending[index]
            switch byte {
            case 0x1B:
                guard index + 1 < pending.count else {
                    events.append(.key(.escape))
                    index += 1
                    continue
                }
                let next = pending[index + 1]
                if next == UInt8(ascii: "[") || next == UInt8(ascii: "O") {
                    guard let (event, length) = Self.sequence(pending[(index + 2)...], introducer: next, time: time)
                    else { break parsing }  // Incomplete: wait for the rest.
                    if let event { events.append(event) }
                    index += 2 + length
                } else if (0x20...0x7E).contains(next) {
                    // Alt with a key (ESC x): nothing here uses it, so it is not Escape.
                    index += 2
                } else {
                    events.append(.key(.escape))
                    index += 1
                }
            case 0x03:
                events.append(.key(.interrupt))
                index += 1
            case 0x09:
                events.append(.key(.tab))
                index += 1
            case 0x20...0x7E:
                events.append(.key(.character(Character(UnicodeScalar(byte)))))
                index += 1
            default:
                index += 1
            }
        }
        pending.removeFirst(index)
        // Nothing real is ever this long: a stuck partial sequence is dropped.
        if pending.count > 64 { pending.removeAll() }
        return events
    }

    /// What is left of a sequence that never finished, given up when no more bytes came
    /// for a while: a lone Escape is the Escape key, the rest is dropped.
    mutating func flush() -> [ExploreEvent] {
        defer { pending.removeAll() }
        return pending == [0x1B] ? [.key(.escape)] : []
    }

    /// The largest column or row a mouse report is taken to give: beyond any terminal.
    static let largestCoordinate = 65_535

    /// Whether bytes of an unfinished sequence are waiting.
    var isWaiting: Bool { !pending.isEmpty }

    /// The event a control sequence after `ESC [` or `ESC O` stands for (nil for one not
    /// understood) and its length; nil when the sequence is not complete yet. A byte that
    /// cannot belong to the sequence ends it there, unread, so a cut-off report never
    /// swallows the keys after it.
    private static func sequence(
        _ bytes: ArraySlice<UInt8>, introducer: UInt8, time: Double
    ) -> (ExploreEvent?, Int)? {
        guard let first = bytes.first else { return nil }
        let arrows: [UInt8: ExploreEvent.Key] = [
            UInt8(ascii: "A"): .up, UInt8(ascii: "B"): .down, UInt8(ascii: "C"): .right, UInt8(ascii: "D"): .left,
        ]
        if let arrow = arrows[first] { return (.key(arrow), 1) }
        if introducer == UInt8(ascii: "[") && first == UInt8(ascii: "<") {
            // SGR mouse: < b ; x ; y M|m, with only digits and ';' between.
            let isField: (UInt8) -> Bool = { (0x30...0x39).contains($0) || $0 == UInt8(ascii: ";") }
            let body = bytes.dropFirst()
            guard let end = body.firstIndex(where: { !isField($0) }) else {
                return bytes.count > 32 ? (nil, bytes.count) : nil
            }
            guard bytes[end] == UInt8(ascii: "M") || bytes[end] == UInt8(ascii: "m") else {
                return (nil, end - bytes.startIndex)
            }
            let fields = bytes[bytes.index(after: bytes.startIndex)..<end].split(separator: UInt8(ascii: ";"))
                .map { Int(String(decoding: $0, as: UTF8.self)) }
            let length = end - bytes.startIndex + 1
            guard fields.count == 3, let button = fields[0], var column = fields[1], var row = fields[2] else {
                return (nil, length)
            }
            // A position past any terminal is the terminal's edge, so the state's arithmetic
            // on cells cannot overflow.
            column = min(column, Self.largestCoordinate)
            row = min(row, Self.largestCoordinate)
            let isRelease = bytes[end] == UInt8(ascii: "m")
            let mouse: ExploreEvent.Mouse?
            switch (button & ~0b111100, button & 32 != 0, isRelease) {
            case (64, _, false): mouse = .wheelUp
            case (65, _, false): mouse = .wheelDown
            case (0, true, false): mouse = .drag
            case (0, false, false): mouse = .press
            case (0, _, true): mouse = .release
            default: mouse = nil
            }
            return (mouse.map { .mouse($0, column: column, row: row, time: time) }, length)
        }
        // Another CSI sequence: parameters and intermediates (0x20-0x3F), then a final byte
        // from @ to ~; anything else ends it unread.
        guard let end = bytes.firstIndex(where: { !(0x20...0x3F).contains($0) }) else {
            return bytes.count > 32 ? (nil, bytes.count) : nil
        }
        guard (0x40...0x7E).contains(bytes[end]) else { return (nil, end - bytes.startIndex) }
        return (nil, end - bytes.startIndex + 1)
    }
}
