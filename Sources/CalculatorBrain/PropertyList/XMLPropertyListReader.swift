/// Reads the array of an XML property list with a small scanner of its own.
///
/// Foundation's `XMLParser` on Linux refuses documents over 10 MB (a program of a few
/// hundred thousand ops), and its plist parser recurses on nesting, so this scanner
/// covers what property lists use — prolog, `DOCTYPE`, comments, elements, the five XML
/// entities and character references, CDATA — with an explicit element stack. Items
/// inside nested containers are skipped, not built, and custom entities are refused, so
/// hostile nesting or entity expansion costs nothing. Errors give the line and column.
struct XMLPropertyListReader {
    private let bytes: [UInt8]
    private var index = 0

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Reads the top array's items into `collector`, in order.
    static func read(_ bytes: [UInt8], into collector: inout OpCollector) throws(PropertyListReadError) {
        var reader = XMLPropertyListReader(bytes: bytes)
        try reader.readDocument(into: &collector)
    }

    // MARK: - Document structure

    private mutating func readDocument(into collector: inout OpCollector) throws(PropertyListReadError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw .malformed("UTF-16 XML is not supported; save the file as UTF-8")
        }
        var open: [String] = []
        /// The depth of the top value: 2 under `<plist>`, 1 without it.
        var valueDepth = 2
        var topElement: String?
        var text: [UInt8] = []
        var isRootClosed = false
        /// Whether text here belongs to a scalar item (`<string>`, `<real>`, …).
        var collectsText = false

        while index < bytes.count {
            let start = index
            if bytes[index] == UInt8(ascii: "<") {
                if skip("<!--") {
                    try skip(past: "-->", what: "comment", from: start)
                } else if skip("<![CDATA[") {
                    let content = try scan(until: "]]>", what: "CDATA section", from: start)
                    if collectsText {
                        text += content
                    } else if !Self.isWhitespace(content) || open.count <= valueDepth {
                        throw error("unexpected text", at: start)
                    }
                } else if skip("<?") {
                    try skip(past: "?>", what: "processing instruction", from: start)
                } else if skip("<!DOCTYPE") {
                    guard open.isEmpty, topElement == nil else { throw error("misplaced DOCTYPE", at: start) }
                    try skipDoctype(from: start)
                } else if skip("</") {
                    let name = try readName()
                    skipWhitespace()
                    guard skip(">") else { throw error("expected '>' to end </\(name)>", at: index) }
                    guard open.last == name else {
                        let expected = open.last.map { "</\($0)>" } ?? "no end tag"
                        throw error("found </\(name)> where \(expected) belongs", at: start)
                    }
                    if open.count == valueDepth + 1 {
                        guard collector.itemCount < Program.maximumOpsInFile else {
                            throw .tooManyItems(limit: Program.maximumOpsInFile)
                        }
                        collector.add(try Self.item(name, text: text))
                    }
                    open.removeLast()
                    isRootClosed = open.isEmpty
                    collectsText = false
                } else {
                    index += 1
                    let name = try readName()
                    let isEmptyElement = try skipAttributes(of: name, tagStart: start)
                    guard !isRootClosed else { throw error("content after the end of the document", at: start) }
                    if collectsText { throw error("unexpected <\(name)> inside <\(open[valueDepth])>", at: start) }
                    open.append(name)
                    if open.count == 1 && name != "plist" { valueDepth = 1 }
                    if open.count == valueDepth {
                        guard topElement == nil else { throw error("more than one top-level value", at: start) }
                        topElement = name
                        if name != "array" { throw .notAnArray(found: Self.kind(of: name)) }
                    } else if open.count == valueDepth + 1 {
                        text.removeAll(keepingCapacity: true)
                        collectsText = Self.isScalar(name)
                    }
                    if isEmptyElement {
                        if open.count == valueDepth + 1 {
                            guard collector.itemCount < Program.maximumOpsInFile else {
                                throw .tooManyItems(limit: Program.maximumOpsInFile)
                            }
                            collector.add(try Self.item(name, text: []))
                        }
                        open.removeLast()
                        isRootClosed = open.isEmpty
                        collectsText = false
                    }
                }
            } else {
                let content = try readText()
                if collectsText {
                    text += content
                } else if !Self.isWhitespace(content) && open.count <= valueDepth {
                    throw error("unexpected text", at: start)
                }
            }
        }
        if let unclosed = open.last { throw error("the document ends before </\(unclosed)>", at: bytes.count) }
        guard topElement != nil else { throw .malformed("no property-list value in the document") }
    }

    private static func isScalar(_ element: String) -> Bool {
        ["string", "real", "integer", "true", "false", "date", "data", "key"].contains(element)
    }

    private static func item(_ element: String, text: [UInt8]) throws(PropertyListReadError) -> PropertyListItem {
        let first = text.firstIndex { !isWhitespace($0) } ?? text.endIndex
        let last = text.lastIndex { !isWhitespace($0) } ?? first
        let trimmed = first < text.endIndex ? String(decoding: text[first...last], as: UTF8.self) : ""
        switch element {
        case "string":
            return .string(String(decoding: text, as: UTF8.self))
        case "real":
            guard let value = Double(trimmed) else { return .other("an unreadable <real> '\(trimmed)'") }
            return .number(value)
        case "integer":
            if let value = Int64(trimmed) { return .number(Double(value)) }
            if let value = UInt64(trimmed) { return .number(Double(value)) }
            return .other("an unreadable <integer> '\(trimmed)'")
        case "true":
            return .boolean(true)
        case "false":
            return .boolean(false)
        default:
            return .other(kind(of: element))
        }
    }

    /// An element's kind of value, as a message names it.
    private static func kind(of element: String) -> String {
        switch element {
        case "array": "an array"
        case "dict": "a dictionary"
        case "data": "data"
        case "date": "a date"
        case "string": "a string"
        case "real", "integer": "a number"
        case "true", "false": "a boolean"
        case "key": "a dictionary key"
        default: "an unknown element <\(element)>"
        }
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

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isWhitespace<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
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
    private func error(_ message: String, at offset: Int) -> PropertyListReadError {
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
