/// One lexical unit of an infix expression, with the character offset where it starts.
struct Token: Equatable {
    enum Kind: Equatable {
        case number(Double)
        case name(String)
        case pi
        case infinity
        case plus
        case minus
        case times
        case divide
        case power
        /// `√` or `∛`, which may be written without parentheses.
        case root(UnaryOperation)
        case plusMinus
        case postfix(UnaryOperation)
        /// A comparison, `and` or `or`.
        case infix(BinaryOperation)
        /// `not` or `¬`.
        case not
        case leftParenthesis
        case rightParenthesis
        /// `|`, which opens and closes an absolute value: `|x−1|`.
        case bar
        case comma
        case end
    }

    let kind: Kind
    let offset: Int
    /// The characters of the token as typed, for messages.
    let text: String

    /// How the token is named in an error message.
    var quoted: String { kind == .end ? Self.endDescription : "'\(text)'" }

    /// How the end of the input is named in an error message.
    static let endDescription = "the end of the expression"
}
