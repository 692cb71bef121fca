import CalculatorBrain

/// Decodes a `Decodable` type from a ``PropertyListValue`` read with bounded nesting, so
/// a session file is checked without Foundation's property-list reader, which recurses
/// once per level and so could be sent off the end of the stack by a hostile file.
///
/// Errors are `DecodingError`s with coding paths, as `PropertyListDecoder`'s are.
/// Numbers decode as `Double` exactly, and as integer types only when whole and in range.
enum PropertyListValueDecoder {
    static func decode<T: Decodable>(_ type: T.Type, from value: PropertyListValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: []))
    }
}

/// A `CodingKey` for an array's index.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct ValueDecoder: Decoder {
    let value: PropertyListValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .dictionary(let entries) = value else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath, debugDescription: ""))
        }
        return KeyedDecodingContainer(KeyedValues<Key>(entries, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: ""))
        }
        return UnkeyedValues(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleValue(value, codingPath) }
}

/// One value: the primitives, each checked for its kind.
private struct SingleValue: SingleValueDecodingContainer {
    let value: PropertyListValue
    let codingPath: [any CodingKey]

    init(_ value: PropertyListValue, _ codingPath: [any CodingKey]) {
        self.value = value
        self.codingPath = codingPath
    }

    private func mismatch(_ type: Any.Type) -> DecodingError {
        .typeMismatch(type, .init(codingPath: codingPath, debugDescription: ""))
    }

    private func number() throws -> Double {
        guard case .number(let number) = value else { throw mismatch(Double.self) }
        return number
    }

    private func integer<I: FixedWidthInteger>() throws -> I {
        let number = try number()
        guard let integer = I(exactly: number) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "\(number) is not a whole number in range"))
        }
        return integer
    }

    func decodeNil() -> Bool { false }
    func decode(_: Bool.Type) throws -> Bool {
        guard case .boolean(let flag) = value else { throw mismatch(Bool.self) }
        return flag
    }
    func decode(_: String.Type) throws -> String {
        guard case .string(let text) = value else { throw mismatch(String.self) }
        return text
    }
    func decode(_: Double.Type) throws -> Double { try number() }
    func decode(_: Float.Type) throws -> Float { Float(try number()) }
    func decode(_: Int.Type) throws -> Int { try integer() }
    func decode(_: Int8.Type) throws -> Int8 { try integer() }
    func decode(_: Int16.Type) throws -> Int16 { try integer() }
    func decode(_: Int32.Type) throws -> Int32 { try integer() }
    func decode(_: Int64.Type) throws -> Int64 { try integer() }
    func decode(_: UInt.Type) throws -> UInt { try integer() }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_: T.Type) throws -> T { try T(from: ValueDecoder(value: value, codingPath: codingPath)) }
}

/// A dictionary's values by key.
private struct KeyedValues<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let entries: [(key: String, value: PropertyListValue)]
    /// Each key's value, looked up in constant time (a dictionary of variables may hold
    /// many thousands; the reader refused keys written twice).
    let values: [String: PropertyListValue]
    let codingPath: [any CodingKey]

    init(_ entries: [(key: String, value: PropertyListValue)], codingPath: [any CodingKey]) {
        self.entries = entries
        values = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        self.codingPath = codingPath
    }

    var allKeys: [Key] { entries.compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { values[key.stringValue] != nil }

    private func value(_ key: Key) throws -> SingleValue {
        guard let value = values[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: ""))
        }
        return SingleValue(value, codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try value(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try value(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try value(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try value(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try value(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try value(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try value(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try value(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try value(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try value(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try value(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try value(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try value(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try value(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try value(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let nested = try value(key)
        return try ValueDecoder(value: nested.value, codingPath: nested.codingPath).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let nested = try value(key)
        return try ValueDecoder(value: nested.value, codingPath: nested.codingPath).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: .dictionary(entries), codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let nested = try value(key)
        return ValueDecoder(value: nested.value, codingPath: nested.codingPath)
    }
}

/// An array's items in order.
private struct UnkeyedValues: UnkeyedDecodingContainer {
    let items: [PropertyListValue]
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(items: [PropertyListValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next<T>(_ type: T.Type) throws -> SingleValue {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "no more items"))
        }
        defer { currentIndex += 1 }
        return SingleValue(items[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let nested = try next([String: Any].self)
        return try ValueDecoder(value: nested.value, codingPath: nested.codingPath).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let nested = try next([Any].self)
        return try ValueDecoder(value: nested.value, codingPath: nested.codingPath).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let nested = try next(Any.self)
        return ValueDecoder(value: nested.value, codingPath: nested.codingPath)
    }
}
