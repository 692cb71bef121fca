/// A set of named things with one canonical spelling each and, optionally, other
/// spellings accepted on input (`pi` for `π`, `*` for `×`).
public protocol Spelled: CaseIterable, RawRepresentable where RawValue == String {
    /// Other spellings accepted on input.
    var aliases: [String] { get }
}

extension Spelled {
    /// The canonical spelling, as stored in programs and shown in descriptions.
    public var symbol: String { rawValue }

    /// A table from every accepted spelling to its case.
    static func spellingTable() -> [String: Self] {
        var table: [String: Self] = [:]
        for item in allCases {
            table[item.rawValue] = item
            for alias in item.aliases { table[alias] = item }
        }
        return table
    }
}
