/// Binding strengths shared by the parser and the description, loosest first.
enum Precedence {
    static let additive = 1
    static let multiplicative = 2
    /// Unary minus, and negative number literals.
    static let prefix = 3
    static let power = 4
    /// `x²`, `x⁻¹`.
    static let postfix = 5
    /// Numbers, names, function calls, parenthesised expressions.
    static let atom = 6
}
