/// Numbers as graphcalc shows them to people.
public enum NumberText {
    /// The shortest digits that read back as `value`, as a calculator shows them: no
    /// `.0` on a whole number (`14`, `-0.5`, `1e+16`, `inf`).
    public static func shortest(_ value: Double) -> String {
        // −0 reads 0, as on a calculator (round(−0.4), trace at −0).
        let text = "\(value == 0 ? 0 : value)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
