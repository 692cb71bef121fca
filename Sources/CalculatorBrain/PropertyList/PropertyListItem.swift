/// One item of a property-list array, typed exactly as the file stores it.
///
/// Foundation on Linux bridges plist numbers loosely (a `<real>` passes `as? Int`, 0 and
/// 1 pass `is Bool`), so the readers decide an item's type from the file's own markers.
enum PropertyListItem: Equatable {
    case number(Double)
    case string(String)
    case boolean(Bool)
    /// Any other kind of value, named for messages: "an array", "a dictionary", "a date".
    case other(String)

    /// The item named for an error message.
    var kindDescription: String {
        switch self {
        case .number(let value): "the number \(NumberFormat.plain(value))"
        case .string(let string): "the string '\(string)'"
        case .boolean(let value): "a boolean (\(value))"
        case .other(let kind): kind
        }
    }
}
