/// Decimal numbers read straight from bytes, as fast as a data file's millions of fields
/// need, and exactly: the double nearest the decimal, as `Double("…")` gives.
///
/// Up to 19 significant digits with a power of ten up to 22 either way is one exact
/// multiplication or division of two doubles (Clinger's fast path), correctly rounded;
/// anything longer goes to the standard library's correctly rounded reader.
enum DecimalNumber {
    /// 10^`power` for 0 ≤ `power` ≤ 22: the powers of ten that are exact doubles (a
    /// table in the function, not a global, so the hot loop has no lazy initialisation).
    @inline(__always) private static func powerOfTen(_ power: Int) -> Double {
        switch power {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The value of `bytes` as a decimal numeral (optional sign, digits with an optional
    /// point, optional exponent; blanks around allowed), ±∞ beyond the doubles; `nil`
    /// for anything else, the empty field included (`0x10`, `nan` and `inf` are text).
    /// With `decimalComma` (a semicolon-separated file, as spreadsheets in much of Europe
    /// write them), a comma is a decimal point too: `2,5` is 2.5.
    static func value(of bytes: ArraySlice<UInt8>, decimalComma: Bool = false) -> Double? {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return nil }
            return value(base, count: buffer.count, decimalComma: decimalComma)
        }
    }

    /// The value of the `count` bytes at `start` as a decimal numeral, as ``value(of:decimalComma:)``.
    static func value(_ start: UnsafePointer<UInt8>, count: Int, decimalComma: Bool = false) -> Double? {
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
        while index < upper, let d = digit(start[index]) {
            sawDigit = true
            if significant < 19 {
                mantissa = mantissa &* 10 &+ d
                if mantissa != 0 { significant += 1 }
            } else {
                exponent += 1
                if d != 0 { isLong = true }
            }
            index += 1
        }
        if index < upper && (start[index] == UInt8(ascii: ".") || (decimalComma && start[index] == UInt8(ascii: ","))) {
            index += 1
            while index < upper, let d = digit(start[index]) {
                sawDigit = true
                if significant < 19 {
                    mantissa = mantissa &* 10 &+ d
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
                exponent < 0 ? Double(mantissa) / powerOfTen(-exponent) : Double(mantissa) * powerOfTen(exponent)
            return isNegative ? -magnitude : magnitude
        }
        let bytes = UnsafeBufferPointer(start: start + lower, count: upper - lower)
        let text = String(decoding: bytes.map { $0 == UInt8(ascii: ",") ? UInt8(ascii: ".") : $0 }, as: UTF8.self)
        return Double(text)
    }

    /// The value of a decimal digit, or `nil` for any other byte.
    @inline(__always) private static func digit(_ byte: UInt8) -> UInt64? {
        let value = byte &- UInt8(ascii: "0")
        return value < 10 ? UInt64(value) : nil
    }

    /// Whether `byte` is a space, a tab or a carriage return.
    @inline(__always) static func isBlank(_ byte: UInt8) -> Bool {
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
