/// Binding strengths shared by the parser and the description, loosest first.
enum Precedence {
    /// `a or b`.
    static let disjunction = 1
    /// `a and b`.
    static let conjunction = 2
    /// `not a`.
    static let negation = 3
    /// `<` `≤` `>` `≥` `=` `≠`: not associative, so `a<b<c` is a chain (`a<b and b<c`).
    static let comparison = 4
    static let additive = 5
    static let multiplicative = 6
    /// Unary minus, and negative number literals.
    static let prefix = 7
    static let power = 8
    /// `x²`, `x⁻¹`.
    static let postfix = 9
    /// Numbers, names, function calls, parenthesised expressions.
    static let atom = 10
}
