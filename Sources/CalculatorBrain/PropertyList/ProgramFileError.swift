/// Why a program could not be read from, or written to, a property list.
///
/// `file` is the name the user gave for the file, or `nil` for a property list in memory;
/// `index` counts the program array's items from 0.
public enum ProgramFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be opened or read.
    case cannotRead(file: String, reason: String)
    /// The bytes are neither an XML nor a binary property list, or are damaged.
    case notAPropertyList(file: String?, reason: String)
    /// The property list holds something other than an array (`found` says what).
    case notAnArray(file: String?, found: PropertyListKind)
    /// An item that is neither a number nor a string (`found` names it).
    case invalidItem(file: String?, index: Int, found: String)
    /// A string that is no operation, constant or variable name.
    case unknownSymbol(file: String?, index: Int, symbol: String)
    /// The file could not be written; any file already at that path is untouched.
    case cannotWrite(file: String, reason: String)
    /// The array holds more items than a program may: `limit`, far beyond any real one.
    case tooManyOps(file: String?, limit: Int)

    /// The message a user sees.
    public var description: String {
        switch self {
        case .cannotRead(let file, let reason):
            "cannot read '\(file)': \(reason)"
        case .notAPropertyList(let file, let reason):
            "\(Self.subject(file)) is not a property list: \(reason)"
        case .notAnArray(let file, let found):
            "\(Self.subject(file)) holds \(found), not a program (an array of numbers and symbols)"
        case .invalidItem(let file, let index, let found):
            "\(Self.place(file, index)): expected a number or a symbol, found \(found)"
        case .unknownSymbol(let file, let index, let symbol):
            "\(Self.place(file, index)): unknown symbol '\(symbol)'"
        case .cannotWrite(let file, let reason):
            "cannot write '\(file)': \(reason)"
        case .tooManyOps(let file, let limit):
            "\(Self.subject(file)) holds more than \(limit) items, more than a program may have"
        }
    }

    private static func subject(_ file: String?) -> String {
        file.map { "'\($0)'" } ?? "the property list"
    }

    private static func place(_ file: String?, _ index: Int) -> String {
        file.map { "'\($0)', item \(index)" } ?? "item \(index)"
    }
}
