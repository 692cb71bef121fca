import GraphCalcSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Program {
    /// The most ops a program file may hold: 4 million, four times the largest program
    /// the tests evaluate, so that a hostile file (a binary property list whose one-byte
    /// references all name one object) cannot make memory grow past its size.
    public static let maximumOpsInFile = 4_000_000

    /// The program as a stack calculator stores it: an array whose items are `Double`
    /// operands and `String` symbols (canonical spellings), such as `[3.0, 5.0, "+", "√"]`.
    public var propertyList: [Any] {
        ops.map { op -> Any in
            if case .operand(let value) = op { return value }
            return op.symbol
        }
    }

    /// Reads a program from a property-list value in memory, such as one read with
    /// `PropertyListSerialization` or kept in user defaults.
    ///
    /// Numbers (`Double`, `Int`, and `NSNumber`s, which bridge to them) are operands;
    /// strings are operations, constants (canonical or ASCII spelling) or variable names.
    /// Booleans are refused: on Linux a plist boolean can pass `as? Double`, so a value
    /// whose dynamic type is `Bool` (as `PropertyListSerialization` reads `<true/>`) is
    /// checked first.
    /// - Throws: ``ProgramFileError`` naming the first bad item's index.
    public init(propertyList: Any) throws(ProgramFileError) {
        guard let array = propertyList as? [Any] else {
            throw .notAnArray(file: nil, found: Self.kind(of: propertyList))
        }
        var collector = OpCollector(file: nil)
        collector.reserveCapacity(array.count)
        for value in array { collector.add(Self.item(from: value)) }
        try self.init(collected: collector)
    }

    /// Reads a program from the bytes of an XML or binary property list.
    ///
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - file: the name to give in error messages, or `nil`.
    /// - Throws: ``ProgramFileError`` saying what is wrong and, for a bad item, where.
    public init(propertyListData data: Data, file: String? = nil) throws(ProgramFileError) {
        try self.init(propertyListBytes: [UInt8](data), file: file)
    }

    /// Reads a program from the bytes of a property list, which the readers index.
    private init(propertyListBytes bytes: [UInt8], file: String?) throws(ProgramFileError) {
        var collector = OpCollector(file: file)
        do {
            try Self.read(bytes, into: &collector)
        } catch {
            switch error {
            case .notAnArray(let found): throw .notAnArray(file: file, found: found)
            case .malformed(let reason): throw .notAPropertyList(file: file, reason: reason)
            case .tooManyItems(let limit): throw .tooManyOps(file: file, limit: limit)
            }
        }
        try self.init(collected: collector)
    }

    /// Reads a program file (XML or binary property list).
    ///
    /// - Throws: ``ProgramFileError`` naming the file and, for a bad item, its index.
    public init(contentsOfFile path: String) throws(ProgramFileError) {
        let bytes: [UInt8]
        do {
            bytes = try FileSystem.readBytes(path)
        } catch {
            throw .cannotRead(file: path, reason: error.reason)
        }
        try self.init(propertyListBytes: bytes, file: path)
    }

    /// Why the program cannot be saved, if it cannot: an operand that is not finite (`∞`),
    /// which program files do not hold (as they hold no NaN).
    public var unwritableOperand: String? {
        for (index, op) in ops.enumerated() {
            if case .operand(let value) = op, !value.isFinite {
                return "item \(index) is \(value), and a program file holds finite numbers only"
            }
        }
        return nil
    }

    /// The program encoded as a property list.
    ///
    /// Operands are written as reals (`−0.0` keeps its sign), symbols as strings.
    public func propertyListData(format: ProgramFileFormat = .xml) -> Data {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = format == .xml ? .xml : .binary
        // Encoding an array of numbers and strings cannot fail.
        return (try? encoder.encode(EncodedProgram(ops: ops))) ?? Data()
    }

    /// Saves the program to a file, writing a temporary file and renaming it into place,
    /// so a failed save leaves any existing file as it was.
    ///
    /// - Throws: ``ProgramFileError/cannotWrite(file:reason:)``, also for an operand that
    ///   is not finite (`∞`), which a program file does not hold.
    public func write(toFile path: String, format: ProgramFileFormat = .xml) throws(ProgramFileError) {
        if let problem = unwritableOperand { throw .cannotWrite(file: path, reason: problem) }
        do {
            try FileSystem.writeAtomically(propertyListData(format: format), to: path)
        } catch {
            throw .cannotWrite(file: path, reason: error.reason)
        }
    }

    private init(collected collector: OpCollector) throws(ProgramFileError) {
        if let error = collector.firstError { throw error }
        self.init(collector.ops)
    }

    private static func read(_ bytes: [UInt8], into collector: inout OpCollector) throws(PropertyListReadError) {
        if bytes.isEmpty { throw .malformed("the file is empty") }
        if bytes.starts(with: Array("bplist".utf8)) {
            return try BinaryPropertyListReader.read(bytes, into: &collector)
        }
        let start = bytes.prefix(64).drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 <= 0x20 }
        guard start.first == UInt8(ascii: "<") else {
            throw .malformed("neither an XML nor a binary property list")
        }
        try XMLPropertyListReader.read(bytes, into: &collector)
    }

    private static func item(from value: Any) -> PropertyListItem {
        switch value {
        case let string as String:
            return .string(string)
        case let boolean as Bool where type(of: value) == Bool.self:
            return .boolean(boolean)
        case let number as Double:
            return .number(number)
        case let number as Int:
            return .number(Double(number))
        default:
            return .other(kind(of: value).description)
        }
    }

    private static func kind(of value: Any) -> PropertyListKind {
        switch value {
        case is [Any]: .array
        case is [AnyHashable: Any]: .dictionary
        case is Data: .data
        case is Date: .date
        case is String: .string
        case is Double, is Int: .number
        default: .unknown("a \(type(of: value))")
        }
    }
}

/// Encodes a program's ops as the flat plist array, operands before symbols.
private struct EncodedProgram: Encodable {
    let ops: OpList

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for op in ops {
            if case .operand(let value) = op {
                try container.encode(value)
            } else {
                try container.encode(op.symbol)
            }
        }
    }
}
