/// Decimal numbers read straight from bytes, as fast as a data file's millions of fields
/// need, and exactly: the double nearest the decimal, as `Double("…")` gives.
///
/// Up to 19 significant digits with a power of ten up to 22 either way is one exact
/// multiplication or division of two doubles (Clinger's fast path), correctly rounded;
/// anything longer goes to the standard library's correctly rounded reader.
enum DecimalNumber {
    /// The powers of ten that are exact doubles.
    private static let powersOfTen: [Double] = (0...22).map { power in
        (0..<power).reduce(1.0) { value, _ in value * 10 }
    }

    /// The value of `bytes` as a decimal numeral (optional sign, digits with an optional
    /// point, optional exponent; blanks around allowed), ±∞ beyond the doubles; `nil`
    /// for anything else, the empty field included (`0x10`, `nan` and `inf` are text).
    static func value(of bytes: ArraySlice<UInt8>) -> Double? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return value(base, count: buffer.count)
        }
    }

    /// The value of the `count` bytes at `start` as a decimal numeral, as ``value(of:)``.
    static func value(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
        var lower = 0, upper = count
        while lower < upper && isBlank(start[lower]) { lower += 1 }
        while upper > lower && isBlank(start[upper - 1]) { upper -= 1 }
        guard lower < upper else { return nil }
        var index = lower
        var isNegative = false
        if start[index] == UInt8(ascii: "-") || start[index] == UInt8(ascii: "+") {
            isNegative = start[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0, exponent = 0
        var sawDigit = false, isLong = false
        func digit(_ byte: UInt8) -> UInt64? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? UInt64(byte - UInt8(ascii: "0")) : nil
        }
        while index < upper, let d = digit(start[index]) {
            sawDigit = true
            if significant < 19 {
                mantissa = mantissa * 10 + d
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
                if d != 0 { isLong = true }
            }
            index += 1
        }
        if index < upper && start[index] == UInt8(ascii: ".") {
            index += 1
            while index < upper, let d = digit(start[index]) {
                sawDigit = true
                if significant < 19 {
                    mantissa = mantissa * 10 + d
                    if mantissa != 0 { significant += 1 }
                    exponent -= 1
                } else if d != 0 {
                    isLong = true
                }
                index += 1
            }
        }
        guard sawDigit else { return nil }
        if index < upper && (start[index] == UInt8(ascii: "e") || start[index] == UInt8(ascii: "E")) {
            index += 1
            var isNegativeExponent = false
            if index < upper && (start[index] == UInt8(ascii: "-") || start[index] == UInt8(ascii: "+")) {
                isNegativeExponent = start[index] == UInt8(ascii: "-")
                index += 1
            }
            var written = 0, sawExponentDigit = false
            while index < upper, let d = digit(start[index]) {
                sawExponentDigit = true
                if written < 100_000 { written = written * 10 + Int(d) }
                index += 1
            }
            guard sawExponentDigit else { return nil }
            exponent += isNegativeExponent ? -written : written
        }
        guard index == upper else { return nil }
        if !isLong && mantissa <= 1 << 53 && abs(exponent) <= 22 {
            let magnitude =
                exponent < 0 ? Double(mantissa) / powersOfTen[-exponent] : Double(mantissa) * powersOfTen[exponent]
            return isNegative ? -magnitude : magnitude
        }
        let text = String(decoding: UnsafeBufferPointer(start: start + lower, count: upper - lower), as: UTF8.self)
        return Double(text)
    }

    /// Whether `byte` is a space, a tab or a carriage return.
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Whether `bytes` (blanks around allowed) stands for a missing value: empty, `NaN`,
    /// `NA` or `N/A` in any case, or `null`.
    static func isMissing(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        var lower = 0, upper = count
        while lower < upper && isBlank(start[lower]) { lower += 1 }
        while upper > lower && isBlank(start[upper - 1]) { upper -= 1 }
        let length = upper - lower
        guard length > 0 else { return true }
        guard length <= 4 else { return false }
        var word = ""
        for index in lower..<upper { word.unicodeScalars.append(Unicode.Scalar(start[index] | 0x20)) }
        return word == "nan" || word == "na" || word == "n/a" || word == "null"
    }
}
