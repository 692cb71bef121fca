/// Why bytes could not be read as a property list.
enum PropertyListReadError: Error, Equatable {
    /// Damaged or unrecognised bytes.
    case malformed(String)
    /// A well-formed property list whose top value is not an array.
    case notAnArray(found: PropertyListKind)
    /// An array with more items than a program may have.
    case tooManyItems(limit: Int)
}
