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

    /// A label for a `<title>`, shortened (``titleText(_:)``) and isolated (``isolated(_:)``).
    static func title(_ text: String) -> String {
        isolated(titleText(text))
    }

    /// A label of over ``longestTitle`` bytes and more than 960 characters (a million-op
    /// program's description, megabytes) cut to its first 640 and last 320 characters
    /// around an ellipsis, as a tooltip can show; a shorter one as it is.
    static func titleText(_ text: String) -> String {
        guard text.utf8.count > longestTitle else { return text }
        let start = text.prefix(640), end = text.suffix(320)
        // Characters of several bytes: the two ends may meet, and the label is kept.
        guard start.endIndex < end.startIndex else { return text }
        return String(start) + "…" + String(end)
    }

    /// The most bytes a `<title>` label keeps whole.
    static let longestTitle = 1024

    /// `text` escaped, and set apart from what surrounds it by FIRST STRONG ISOLATE …
    /// POP DIRECTIONAL ISOLATE when it holds right-to-left letters, so that a Hebrew or
    /// Arabic label keeps its own direction and the number beside it stays beside it
    /// (`عربي  12%`, not `12 عربي%`). Left-to-right text is left as it is.
    static func isolated(_ text: String) -> String {
        let escaped = escaped(text)
        return text.unicodeScalars.contains(where: isRightToLeft) ? "\u{2068}" + escaped + "\u{2069}" : escaped
    }

    /// Whether a scalar is a letter of a right-to-left script (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko, Samaritan, Mandaic and their presentation forms).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}
