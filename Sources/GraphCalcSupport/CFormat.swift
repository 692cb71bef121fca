#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers formatted by C's `printf`, without Foundation's `String(format:)`, which would
/// link Foundation's internationalisation (and ICU) into every program that prints.
public enum CFormat {
    /// `value` formatted with one `printf` conversion for a double, such as `%.3f` or `%.15g`.
    public static func string(_ format: String, _ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let count = withVaList([value]) { arguments in
            buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, format, arguments) }
        }
        guard count >= 0 else { return "\(value)" }
        let length = min(Int(count), buffer.count - 1)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `value` in up to 6 significant digits, as a coordinate in a message or beside a
    /// mark: `1.5`, `1e+300`, and `0` for −0.
    public static func short(_ value: Double) -> String {
        let text = string("%.6g", value + 0)
        return text == "-0" ? "0" : text
    }
}
