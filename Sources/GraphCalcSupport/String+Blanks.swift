extension String {
    /// The string without leading and trailing spaces and tabs; shared within the package
    /// by the REPL's line handling and the CSV reader.
    package func trimmingBlanks() -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
