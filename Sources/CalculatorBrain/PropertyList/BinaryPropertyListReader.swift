/// Reads the array of a binary property list (`bplist00`).
///
/// Only the top array and its direct items are decoded; nested containers are named,
/// never entered, so nesting and reference cycles cost nothing. Every offset, count and
/// size is checked against the data before use.
struct BinaryPropertyListReader {
    private let bytes: [UInt8]
    private let offsetSize: Int
    private let referenceSize: Int
    private let objectCount: Int
    private let offsetTableStart: Int
    private let topObject: UInt64

    /// Reads the top array's items into `collector`, in order.
    static func read(_ bytes: [UInt8], into collector: inout OpCollector) throws(PropertyListReadError) {
        let reader = try BinaryPropertyListReader(bytes: bytes)
        try reader.readTopArray(into: &collector)
    }

    private init(bytes: [UInt8]) throws(PropertyListReadError) {
        self.bytes = bytes
        guard bytes.count >= 8 + 32, bytes.starts(with: Array("bplist00".utf8)) else {
            throw .malformed("not a bplist00 binary property list, or truncated")
        }
        let trailer = bytes.count - 32
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let table = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize),
            count > 0, count <= UInt64(bytes.count), table >= 8, table < UInt64(trailer),
            count.multipliedReportingOverflow(by: UInt64(offsetSize)).partialValue
                <= UInt64(trailer) - table
        else { throw .malformed("damaged trailer") }
        objectCount = Int(count)
        offsetTableStart = Int(table)
        topObject = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
    }

    private func readTopArray(into collector: inout OpCollector) throws(PropertyListReadError) {
        let start = try offset(ofObject: topObject)
        let marker = bytes[start]
        guard marker >> 4 == 0xA else { throw .notAnArray(found: kind(ofMarker: marker)) }
        let (count, referencesStart) = try lengthAndStart(at: start)
        guard count <= (offsetTableStart - referencesStart) / referenceSize else {
            throw .malformed("array runs past the object data")
        }
        // Shared objects let one byte stand for an item: bound the items, not just the bytes.
        guard count <= Program.maximumOpsInFile else { throw .tooManyItems(limit: Program.maximumOpsInFile) }
        collector.reserveCapacity(count)
        for index in 0..<count {
            let at = referencesStart + index * referenceSize
            let reference = Self.unsigned(bytes[at..<(at + referenceSize)])
            collector.add(try item(at: try offset(ofObject: reference)))
        }
    }

    private func offset(ofObject reference: UInt64) throws(PropertyListReadError) -> Int {
        guard reference < UInt64(objectCount) else { throw .malformed("object reference out of range") }
        let at = offsetTableStart + Int(reference) * offsetSize
        let offset = Self.unsigned(bytes[at..<(at + offsetSize)])
        guard offset >= 8, offset < UInt64(offsetTableStart) else { throw .malformed("object offset out of range") }
        return Int(offset)
    }

    private func item(at start: Int) throws(PropertyListReadError) -> PropertyListItem {
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .boolean(false)
        case 0x0 where marker == 0x09: return .boolean(true)
        case 0x1:
            let size = 1 << low
            let payload = try slice(start + 1, size)
            if size == 16 {
                // Python writes integers of 2^63 and above in 16 bytes; the high half is the sign.
                let high = Self.unsigned(payload.prefix(8)), low = Self.unsigned(payload.suffix(8))
                if high == 0 { return .number(Double(low)) }
                if high == UInt64.max { return .number(Double(Int64(bitPattern: low))) }
                return .other("an integer too large for a program")
            }
            guard size <= 8 else { throw .malformed("integer of \(size) bytes") }
            let value = Self.unsigned(payload)
            // 1, 2 and 4-byte integers are unsigned; 8-byte ones are signed.
            return .number(size == 8 ? Double(Int64(bitPattern: value)) : Double(value))
        case 0x2:
            let payload = try slice(start + 1, 1 << low)
            switch low {
            case 2: return .number(Double(Float(bitPattern: UInt32(Self.unsigned(payload)))))
            case 3: return .number(Double(bitPattern: Self.unsigned(payload)))
            default: throw .malformed("real of \(1 << low) bytes")
            }
        case 0x5:
            let (count, from) = try lengthAndStart(at: start)
            let payload = try slice(from, count)
            guard payload.allSatisfy({ $0 < 0x80 }) else { throw .malformed("non-ASCII byte in an ASCII string") }
            return .string(String(decoding: payload, as: UTF8.self))
        case 0x6:
            let (count, from) = try lengthAndStart(at: start)
            guard count <= bytes.count / 2 else { throw .malformed("string runs past the data") }
            let payload = try slice(from, count * 2)
            let units = stride(from: payload.startIndex, to: payload.endIndex, by: 2).map {
                UInt16(payload[$0]) << 8 | UInt16(payload[$0 + 1])
            }
            return .string(String(decoding: units, as: UTF16.self))
        default:
            return .other(kind(ofMarker: marker).description)
        }
    }

    /// The count stored in an object's marker (or in the integer after it) and where its
    /// payload starts.
    private func lengthAndStart(at start: Int) throws(PropertyListReadError) -> (Int, Int) {
        let low = Int(bytes[start] & 0x0F)
        guard low == 0x0F else { return (low, start + 1) }
        let marker = try slice(start + 1, 1)[start + 1]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else { throw .malformed("bad length marker") }
        let size = 1 << Int(marker & 0x0F)
        let count = Self.unsigned(try slice(start + 2, size))
        guard count <= UInt64(bytes.count) else { throw .malformed("length runs past the data") }
        return (Int(count), start + 2 + size)
    }

    private func slice(_ start: Int, _ count: Int) throws(PropertyListReadError) -> ArraySlice<UInt8> {
        guard count >= 0, start >= 0, start <= offsetTableStart, count <= offsetTableStart - start else {
            throw .malformed("object runs past the data")
        }
        return bytes[start..<(start + count)]
    }

    private func kind(ofMarker marker: UInt8) -> PropertyListKind {
        switch marker >> 4 {
        case 0x0: marker == 0x00 ? .null : .boolean
        case 0x1, 0x2: .number
        case 0x3: .date
        case 0x4: .data
        case 0x5, 0x6: .string
        case 0x8: .uid
        case 0xA: .array
        case 0xC: .set
        case 0xD: .dictionary
        default: .unknown("an unknown object (marker 0x\(String(marker, radix: 16)))")
        }
    }

    private static func unsigned(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
