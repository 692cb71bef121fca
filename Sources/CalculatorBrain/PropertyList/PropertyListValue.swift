/// A value of an XML property list, read with nesting bounded: the form a document such as
/// a saved session is checked in before anything is built from it.
///
/// Unlike Foundation's property-list readers, which recurse once per level of nesting and
/// so can be driven off the end of the stack by a hostile file, the reader keeps its own
/// bounded stack (``init(xml:maximumDepth:file:)``), and a value is never deeper than it.
public enum PropertyListValue: Equatable, Sendable {
    /// `<array>`: the items in order.
    case array([PropertyListValue])
    /// `<dict>`: the keys and values in the order written (a key written twice is refused).
    case dictionary([(key: String, value: PropertyListValue)])
    /// `<string>`, with entities decoded.
    case string(String)
    /// `<real>` or `<integer>`; `<real>` takes `inf`, `+infinity`, `-infinity` and `nan`.
    case number(Double)
    /// `<true/>` or `<false/>`.
    case boolean(Bool)
    /// `<date>` or `<data>`, kept as the text written.
    case other(kind: String, text: String)

    /// Reads the value of an XML property list.
    ///
    /// - Parameters:
    ///   - bytes: the document, UTF-8.
    ///   - maximumDepth: how deeply elements may nest, `<plist>` included; deeper is an error.
    ///   - file: the name to give in errors.
    /// - Throws: ``ProgramFileError/notAPropertyList(file:reason:)`` with the line and
    ///   column of what is wrong.
    public init(xml bytes: [UInt8], maximumDepth: Int = 64, file: String? = nil) throws(ProgramFileError) {
        do {
            self = try Self.read(bytes, maximumDepth: maximumDepth)
        } catch {
            switch error {
            case .malformed(let reason): throw .notAPropertyList(file: file, reason: reason)
            case .notAnArray(let found): throw .notAnArray(file: file, found: found)
            case .tooManyItems(let limit): throw .tooManyOps(file: file, limit: limit)
            }
        }
    }

    /// A value under construction: a container's items so far, or a scalar's text.
    private struct Open {
        let name: String
        let offset: Int
        var items: [PropertyListValue] = []
        var keys: [String] = []
        /// The keys so far, to refuse one written twice in constant time.
        var keySet: Set<String> = []
        var text: [UInt8] = []
    }

    private static func read(_ bytes: [UInt8], maximumDepth: Int) throws(PropertyListReadError) -> PropertyListValue {
        var scanner = try XMLScanner(bytes: bytes, maximumDepth: maximumDepth)
        var stack: [Open] = []
        var result: PropertyListValue?
        while let event = try scanner.next() {
            switch event {
            case .start(let name, let isEmpty, let offset):
                if stack.isEmpty && name == "plist" && result == nil {
                    if isEmpty { throw .malformed("no property-list value in the document") }
                    continue
                }
                if let parent = stack.last, !isContainer(parent.name) {
                    throw scanner.error("unexpected <\(name)> inside <\(parent.name)>", at: offset)
                }
                guard
                    ["array", "dict", "string", "real", "integer", "true", "false", "date", "data", "key"]
                        .contains(name)
                else { throw scanner.error("<\(name)> is not a property-list element", at: offset) }
                stack.append(Open(name: name, offset: offset))
                if isEmpty { try close(&stack, into: &result, scanner: scanner) }
            case .end(let name, _):
                if name == "plist" && stack.isEmpty { continue }
                try close(&stack, into: &result, scanner: scanner)
            case .text(let content, _, let offset):
                if let top = stack.indices.last, !isContainer(stack[top].name) {
                    stack[top].text += content
                } else if !XMLScanner.isWhitespace(content) {
                    throw scanner.error("unexpected text", at: offset)
                }
            }
        }
        guard let result else { throw .malformed("no property-list value in the document") }
        return result
    }

    private static func isContainer(_ name: String) -> Bool { name == "array" || name == "dict" }

    /// Ends the innermost open element: its value joins its parent, or is the result.
    private static func close(_ stack: inout [Open], into result: inout PropertyListValue?, scanner: XMLScanner)
        throws(PropertyListReadError)
    {
        guard let element = stack.popLast() else { return }
        let value: PropertyListValue
        switch element.name {
        case "array":
            value = .array(element.items)
        case "dict":
            guard element.keys.count == element.items.count else {
                throw scanner.error("<dict> ends after a <key> with no value", at: element.offset)
            }
            value = .dictionary(Array(zip(element.keys, element.items).map { (key: $0, value: $1) }))
        case "key":
            guard let parent = stack.indices.last, stack[parent].name == "dict",
                stack[parent].keys.count == stack[parent].items.count
            else { throw scanner.error("a <key> belongs in a <dict>, before its value", at: element.offset) }
            let key = String(decoding: element.text, as: UTF8.self)
            guard stack[parent].keySet.insert(key).inserted else {
                throw scanner.error("the key '\(key)' is written twice", at: element.offset)
            }
            stack[parent].keys.append(key)
            return
        default:
            value = try scalar(element, scanner: scanner)
        }
        guard let parent = stack.indices.last else {
            guard result == nil else { throw scanner.error("more than one top-level value", at: element.offset) }
            result = value
            return
        }
        if stack[parent].name == "dict" && stack[parent].keys.count != stack[parent].items.count + 1 {
            throw scanner.error("a value in a <dict> needs a <key> before it", at: element.offset)
        }
        stack[parent].items.append(value)
    }

    private static func scalar(_ element: Open, scanner: XMLScanner) throws(PropertyListReadError) -> PropertyListValue
    {
        let text = String(decoding: element.text, as: UTF8.self)
        let trimmed = String(
            decoding: element.text.drop(while: XMLScanner.isWhitespace).reversed().drop(while: XMLScanner.isWhitespace)
                .reversed(), as: UTF8.self)
        switch element.name {
        case "string":
            return .string(text)
        case "real":
            guard let value = Double(trimmed) else {
                throw scanner.error("an unreadable <real> '\(trimmed)'", at: element.offset)
            }
            return .number(value)
        case "integer":
            if let value = Int64(trimmed) { return .number(Double(value)) }
            if let value = UInt64(trimmed) { return .number(Double(value)) }
            throw scanner.error("an unreadable <integer> '\(trimmed)'", at: element.offset)
        case "true":
            return .boolean(true)
        case "false":
            return .boolean(false)
        default:
            return .other(kind: element.name, text: trimmed)
        }
    }

    /// Equal when of one kind with equal contents; dictionaries compare in order.
    public static func == (left: PropertyListValue, right: PropertyListValue) -> Bool {
        switch (left, right) {
        case (.array(let a), .array(let b)): a == b
        case (.dictionary(let a), .dictionary(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.string(let a), .string(let b)): a == b
        case (.number(let a), .number(let b)): a == b || (a.isNaN && b.isNaN)
        case (.boolean(let a), .boolean(let b)): a == b
        case (.other(let kind, let text), .other(let otherKind, let otherText)): kind == otherKind && text == otherText
        default: false
        }
    }
}
