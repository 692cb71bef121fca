/// One line of a data file split into fields, for the reader's first look at a file
/// (delimiter, header, columns); the rows after it are split in place without copies.
enum DataLine {
    /// The fields of `line` split by `delimiter` (`nil`: the whole line is one field), a
    /// field in double quotes unquoted (`""` inside is a quote, and a delimiter inside is
    /// text), blanks around each field trimmed; split at blanks, a date and its time of
    /// day one space apart are one field.
    static func fields(of line: ArraySlice<UInt8>, delimiter: DataDelimiter?) -> [ArraySlice<UInt8>] {
        var fields: [ArraySlice<UInt8>] = []
        let bytes = Array(line)
        var index = 0
        let count = bytes.count
        func isSeparator(_ byte: UInt8) -> Bool {
            switch delimiter {
            case .none: false
            case .whitespace: byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
            case .some(let delimiter): byte == delimiter.byte
            }
        }
        if delimiter == .whitespace {
            while index < count && isSeparator(bytes[index]) { index += 1 }
        }
        while true {
            while index < count && bytes[index] == UInt8(ascii: " ") && delimiter != .whitespace { index += 1 }
            var field: [UInt8] = []
            if index < count && bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < count {
                    if bytes[index] == UInt8(ascii: "\"") {
                        if index + 1 < count && bytes[index + 1] == UInt8(ascii: "\"") {
                            field.append(UInt8(ascii: "\""))
                            index += 2
                            continue
                        }
                        index += 1
                        break
                    }
                    field.append(bytes[index])
                    index += 1
                }
                while index < count && !isSeparator(bytes[index]) { index += 1 }
            } else {
                let fieldStart = index
                while index < count && !isSeparator(bytes[index]) { index += 1 }
                if delimiter == .whitespace {
                    // A date and its time apart (`2024-03-01 14:30`) are one field.
                    let fieldEnd = index
                    index = bytes.withUnsafeBufferPointer { buffer in
                        buffer.baseAddress.map {
                            ISODate.endOfDateTime($0, count: count, fieldStart: fieldStart, fieldEnd: fieldEnd)
                        } ?? fieldEnd
                    }
                }
                field.append(contentsOf: bytes[fieldStart..<index])
            }
            while let last = field.last, DecimalNumber.isBlank(last) { field.removeLast() }
            fields.append(field[...])
            if delimiter == .whitespace {
                while index < count && isSeparator(bytes[index]) { index += 1 }
                if index >= count { break }
            } else {
                if index >= count { break }
                index += 1
            }
        }
        return fields
    }

    /// Lines split at blanks whose first (a header) has one name more than the line
    /// below it, which has a date-time written with a space (`date time value` over
    /// `2024-03-01 14:30 5`): that column's two names joined (`date time`), so that the
    /// names stay over their columns.
    static func joinDateAndTimeNames(_ split: inout [[ArraySlice<UInt8>]]) {
        guard split.count >= 2, split[0].count == split[1].count + 1,
            let joined = split[1].firstIndex(where: {
                $0.contains(UInt8(ascii: " ")) && DataLine.kind(of: $0) == .date
            }),
            DataLine.kind(of: split[0][joined]) == .text, DataLine.kind(of: split[0][joined + 1]) == .text
        else { return }
        var header = split[0]
        header[joined] = (Array(header[joined]) + [UInt8(ascii: " ")] + Array(header[joined + 1]))[...]
        header.remove(at: joined + 1)
        split[0] = header
    }

    /// What a field holds, as the first look at a file tells a header from data.
    enum Kind: Equatable {
        /// A decimal number.
        case number
        /// An ISO 8601 date or date-time.
        case date
        /// Nothing: empty, `NaN`, `NA`.
        case missing
        /// Any other text.
        case text
    }

    /// What `field` holds.
    static func kind(of field: ArraySlice<UInt8>, decimalComma: Bool = false) -> Kind {
        field.withUnsafeBufferPointer { buffer -> Kind in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return .missing }
            if DecimalNumber.value(base, count: buffer.count, decimalComma: decimalComma) != nil { return .number }
            if ISODate.seconds(base, count: buffer.count) != nil { return .date }
            if DecimalNumber.isMissing(base, count: buffer.count) { return .missing }
            return .text
        }
    }

    /// `field` as text (bytes that are not UTF-8 replaced).
    static func text(_ field: ArraySlice<UInt8>) -> String {
        String(decoding: field, as: UTF8.self)
    }
}
