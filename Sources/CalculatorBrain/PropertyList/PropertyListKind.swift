/// The kind of a property-list value where a program's array was expected: what a
/// ``ProgramFileError/notAnArray(file:found:)`` found, so a caller can tell a dictionary
/// (a graphcalc session file, say) from other files without reading the message.
public enum PropertyListKind: Equatable, Sendable, CustomStringConvertible {
    case array, dictionary, data, date, string, number, boolean, null, uid, set
    /// A `<key>` element out of place.
    case dictionaryKey
    /// An element or object the readers do not know, as the file names it.
    case unknown(String)

    /// The kind named for a message: "a dictionary", "an unknown element <foo>".
    public var description: String {
        switch self {
        case .array: "an array"
        case .dictionary: "a dictionary"
        case .data: "data"
        case .date: "a date"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "a null"
        case .uid: "a UID"
        case .set: "a set"
        case .dictionaryKey: "a dictionary key"
        case .unknown(let name): name
        }
    }
}
