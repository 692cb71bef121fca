/// Reads the array of an XML property list from ``XMLScanner``'s events.
///
/// Foundation's `XMLParser` on Linux refuses documents over 10 MB (a program of a few
/// hundred thousand ops), and its plist parser recurses on nesting, so this reader takes
/// the scanner's stream: items inside nested containers are skipped, not built, and the
/// scanner bounds the nesting, so hostile nesting or entity expansion costs nothing.
/// Errors give the line and column.
struct XMLPropertyListReader {
    /// How deeply a program file's elements may nest: a program needs 3 (`plist`, `array`,
    /// an item); deeper containers are items to refuse, not to walk without end.
    static let maximumDepth = 256

    /// Reads the top array's items into `collector`, in order.
    static func read(_ bytes: [UInt8], into collector: inout OpCollector) throws(PropertyListReadError) {
        var scanner = try XMLScanner(bytes: bytes, maximumDepth: maximumDepth)
        /// The depth of the top value: 2 under `<plist>`, 1 without it.
        var valueDepth = 2
        var topElement: String?
        var text: [UInt8] = []
        /// Whether text here belongs to a scalar item (`<string>`, `<real>`, …).
        var collectsText = false
        while let event = try scanner.next() {
            switch event {
            case .start(let name, let isEmpty, let offset):
                let depth = scanner.open.count + (isEmpty ? 1 : 0)
                if collectsText {
                    throw scanner.error("unexpected <\(name)> inside <\(scanner.open[valueDepth])>", at: offset)
                }
                if depth == 1 && name != "plist" { valueDepth = 1 }
                if depth == valueDepth {
                    guard topElement == nil else { throw scanner.error("more than one top-level value", at: offset) }
                    topElement = name
                    if name != "array" { throw .notAnArray(found: Self.kind(of: name)) }
                } else if depth == valueDepth + 1 {
                    text.removeAll(keepingCapacity: true)
                    collectsText = Self.isScalar(name) && !isEmpty
                    if isEmpty { try add(name, text: [], to: &collector) }
                }
            case .end(let name, _):
                if scanner.open.count + 1 == valueDepth + 1 { try add(name, text: text, to: &collector) }
                collectsText = false
            case .text(let content, let isCDATA, let offset):
                if collectsText {
                    text += content
                } else if isCDATA
                    ? !XMLScanner.isWhitespace(content) || scanner.open.count <= valueDepth
                    : !XMLScanner.isWhitespace(content) && scanner.open.count <= valueDepth
                {
                    throw scanner.error("unexpected text", at: offset)
                }
            }
        }
        guard topElement != nil else { throw .malformed("no property-list value in the document") }
    }

    private static func add(_ name: String, text: [UInt8], to collector: inout OpCollector)
        throws(PropertyListReadError)
    {
        guard collector.itemCount < Program.maximumOpsInFile else {
            throw .tooManyItems(limit: Program.maximumOpsInFile)
        }
        collector.add(try item(name, text: text))
    }

    private static func isScalar(_ element: String) -> Bool {
        ["string", "real", "integer", "true", "false", "date", "data", "key"].contains(element)
    }

    private static func item(_ element: String, text: [UInt8]) throws(PropertyListReadError) -> PropertyListItem {
        let first = text.firstIndex { !XMLScanner.isWhitespace($0) } ?? text.endIndex
        let last = text.lastIndex { !XMLScanner.isWhitespace($0) } ?? first
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
            return .other(kind(of: element).description)
        }
    }

    /// An element's kind of value, as a message names it.
    private static func kind(of element: String) -> PropertyListKind {
        switch element {
        case "array": .array
        case "dict": .dictionary
        case "data": .data
        case "date": .date
        case "string": .string
        case "real", "integer": .number
        case "true", "false": .boolean
        case "key": .dictionaryKey
        default: .unknown("an unknown element <\(element)>")
        }
    }
}
