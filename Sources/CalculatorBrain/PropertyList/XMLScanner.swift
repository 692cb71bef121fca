/// The XML that property lists use, as a stream of start tags, end tags and text, checked
/// for well-formedness as it goes: tags that match, one top element, nothing after it, a
/// `DOCTYPE` only before it, and nesting no deeper than ``maximumDepth``.
///
/// It covers the prolog, `DOCTYPE` (an internal subset is skipped), comments, processing
/// instructions, elements with attributes, the five XML entities and character
/// references, and CDATA; custom entities are refused, so entity expansion costs nothing.
/// Its own stack of open elements is an array, and bounded, so no document — however
/// deep — can exhaust the call stack of the scanner or of a reader built on it. Errors
/// give the line and column.
struct XMLScanner {
    /// What comes next in the document.
    enum Event {
        /// A start tag (`isEmpty` for `<name/>`), at `offset`.
        case start(name: String, isEmpty: Bool, offset: Int)
        /// An end tag, matching the innermost open element; for `<name/>` none follows.
        case end(name: String, offset: Int)
        /// Character data with references decoded, or a CDATA section's content.
        case text(ArraySlice<UInt8>, isCDATA: Bool, offset: Int)
    }

    private let bytes: [UInt8]
    private var index = 0
    /// The elements open now, outermost first.
    private(set) var open: [String] = []
    private var hasRoot = false
    private var isRootClosed = false
    /// How deeply elements may nest.
    let maximumDepth: Int

    /// A scanner of `bytes` that refuses nesting deeper than `maximumDepth` elements.
    init(bytes: [UInt8], maximumDepth: Int) throws(PropertyListReadError) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw .malformed("UTF-16 XML is not supported; save the file as UTF-8")
        }
    }

    /// The next start tag, end tag or text, or `nil` at the end of a complete document.
    mutating func next() throws(PropertyListReadError) -> Event? {
        while index < bytes.count {
            let start = index
            guard bytes[index] == UInt8(ascii: "<") else {
                let content = try readText()
                return .text(content, isCDATA: false, offset: start)
            }
            if skip("<!--") {
                try skip(past: "-->", what: "comment", from: start)
            } else if skip("<![CDATA[") {
                let content = try scan(until: "]]>", what: "CDATA section", from: start)
                return .text(content, isCDATA: true, offset: start)
            } else if skip("<?") {
                try skip(past: "?>", what: "processing instruction", from: start)
            } else if skip("<!DOCTYPE") {
                guard open.isEmpty, !hasRoot else { throw error("misplaced DOCTYPE", at: start) }
                try skipDoctype(from: start)
            } else if skip("</") {
                let name = try readName()
                skipWhitespace()
                guard skip(">") else { throw error("expected '>' to end </\(name)>", at: index) }
                guard open.last == name else {
                    let expected = open.last.map { "</\($0)>" } ?? "no end tag"
                    throw error("found </\(name)> where \(expected) belongs", at: start)
                }
                open.removeLast()
                isRootClosed = open.isEmpty
                return .end(name: name, offset: start)
            } else {
                index += 1
                let name = try readName()
                let isEmpty = try skipAttributes(of: name, tagStart: start)
                guard !isRootClosed else { throw error("content after the end of the document", at: start) }
                guard open.count < maximumDepth else {
                    throw error("elements nest deeper than \(maximumDepth)", at: start)
                }
                if isEmpty {
                    isRootClosed = open.isEmpty
                } else {
                    open.append(name)
                }
                hasRoot = true
                return .start(name: name, isEmpty: isEmpty, offset: start)
            }
        }
        if let unclosed = open.last { throw error("the document ends before </\(unclosed)>", at: bytes.count) }
        return nil
    }

    // MARK: - Lexical pieces

    private mutating func skip(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        let matches = literal.withUTF8Buffer { buffer in
            buffer.indices.allSatisfy { bytes[index + $0] == buffer[$0] }
        }
        if matches { index += count }
        return matches
    }

    /// Returns the bytes before `terminator` and moves past it.
    private mutating func scan(until terminator: StaticString, what: String, from start: Int)
        throws(PropertyListReadError) -> ArraySlice<UInt8>
    {
        let contentStart = index
        while index < bytes.count {
            let here = index
            if skip(terminator) { return bytes[contentStart..<here] }
            index += 1
        }
        throw error("unterminated \(what)", at: start)
    }

    private mutating func skip(past terminator: StaticString, what: String, from start: Int)
        throws(PropertyListReadError)
    {
        _ = try scan(until: terminator, what: what, from: start)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private mutating func readName() throws(PropertyListReadError) -> String {
        let start = index
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw error("expected an element name", at: start) }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Skips attributes up to `>`; returns whether the element was empty (`/>`).
    private mutating func skipAttributes(of name: String, tagStart: Int) throws(PropertyListReadError) -> Bool {
        let start = index
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index - 2 >= start && bytes[index - 2] == UInt8(ascii: "/")
            } else if byte == UInt8(ascii: "<") {
                break
            }
        }
        throw error("unterminated start tag <\(name)>", at: tagStart)
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset in brackets.
    private mutating func skipDoctype(from start: Int) throws(PropertyListReadError) {
        var quote: UInt8?
        var brackets = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                brackets += 1
            } else if byte == UInt8(ascii: "]") {
                brackets -= 1
            } else if byte == UInt8(ascii: ">") && brackets <= 0 {
                return
            }
        }
        throw error("unterminated DOCTYPE", at: start)
    }

    /// Reads character data up to the next `<`, decoding entity and character references.
    private mutating func readText() throws(PropertyListReadError) -> ArraySlice<UInt8> {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<"), bytes[index] != UInt8(ascii: "&") { index += 1 }
        if index == bytes.count || bytes[index] == UInt8(ascii: "<") { return bytes[start..<index] }
        var text = Array(bytes[start..<index])
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") {
            if bytes[index] == UInt8(ascii: "&") {
                text += try readReference()
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        return text[...]
    }

    private mutating func readReference() throws(PropertyListReadError) -> [UInt8] {
        let start = index
        index += 1
        let nameStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: ";"), index - nameStart < 16 { index += 1 }
        guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
            throw error("unterminated '&' reference", at: start)
        }
        let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
        index += 1
        switch name {
        case "lt": return [UInt8(ascii: "<")]
        case "gt": return [UInt8(ascii: ">")]
        case "amp": return [UInt8(ascii: "&")]
        case "quot": return [UInt8(ascii: "\"")]
        case "apos": return [UInt8(ascii: "'")]
        default:
            let isHex = name.hasPrefix("#x") || name.hasPrefix("#X")
            let digits = name.dropFirst(isHex ? 2 : 1)
            guard name.hasPrefix("#"), let code = UInt32(digits, radix: isHex ? 16 : 10),
                let scalar = Unicode.Scalar(code)
            else { throw error("unknown entity &\(name);", at: start) }
            return Array(String(Character(scalar)).utf8)
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    static func isWhitespace<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        bytes.allSatisfy(isWhitespace)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
            UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }

    /// A malformed-document error with the line and column of `offset`.
    func error(_ message: String, at offset: Int) -> PropertyListReadError {
        let end = min(offset, bytes.count)
        var line = 1
        var lineStart = 0
        for position in 0..<end where bytes[position] == 0x0A {
            line += 1
            lineStart = position + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return .malformed("line \(line), column \(column): \(message)")
    }
}
