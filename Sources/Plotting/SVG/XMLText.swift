/// Text made safe for XML content and attribute values.
enum XMLText {
    /// `text` with `& < > " '` written as entities, and characters XML 1.0 forbids
    /// (control characters other than tab, newline and return) dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                guard value >= 0x20, value != 0xFFFE, value != 0xFFFF else { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
