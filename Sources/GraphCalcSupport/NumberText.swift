/// Numbers as graphcalc shows them to people.
public enum NumberText {
    /// The shortest digits that read back as `value`, as a calculator shows them: no
    /// `.0` on a whole number (`14`, `-0.5`, `1e+16`, `inf`).
    public static func shortest(_ value: Double) -> String {
        let text = "\(value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
