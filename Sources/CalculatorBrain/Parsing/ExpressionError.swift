import GraphCalcSupport

/// A problem found while reading an expression or a calculator key, with the position
/// of the first offending character.
///
/// Offsets count characters (grapheme clusters) from 0, so a caret can be printed under
/// the spot; messages give the 1-based column.
public enum ExpressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The expression has no tokens.
    case empty
    /// A character that starts no token.
    case unexpectedCharacter(Character, offset: Int)
    /// A number that does not read as a finite `Double`.
    case invalidNumber(String, offset: Int)
    /// A number, name or `(` was needed; `found` names what was there.
    case expectedOperand(found: String, offset: Int)
    /// An operator was needed between two values (`3 4`).
    case expectedOperator(found: String, offset: Int)
    /// An opening parenthesis was never closed.
    case expectedClosingParenthesis(offset: Int)
    /// A `)` with no `(` before it.
    case unmatchedClosingParenthesis(offset: Int)
    /// A function name not followed by `(`.
    case expectedArgumentList(function: String, offset: Int)
    /// A call with too few or too many arguments.
    case wrongArgumentCount(function: String, expected: Int, found: Int, offset: Int)
    /// A `,` outside a two-argument call.
    case unexpectedComma(offset: Int)
    /// A `|` that opens an absolute value with no `|` to close it (`|x`, `(|x)|`).
    case unclosedBar(offset: Int)
    /// A name used as a function that is not one (`foo(2)`).
    case unknownFunction(String, offset: Int)
    /// A calculator key that is no number, operation, constant or variable name.
    case unknownKey(String)
    /// Expanding a call of a user-defined function would make a program too large to keep
    /// (functions nested in each other many times over).
    case expansionTooLarge(function: String, offset: Int)
    /// `f'` of a function with no derivative (`f(x) = gamma(x)`).
    case noDerivative(function: String, reason: DerivativeError, offset: Int)
    /// A called function uses a variable from outside it that the caller binds itself:
    /// `g(x) = f(x)` where `f(t) = t + x` (the `x` in f is the session's, the one in g is
    /// g's parameter), or `f(x)` plotted along x while the session's x is not set.
    case capturedVariable(function: String, variable: String, isParameter: Bool, offset: Int)
    /// A point `(x, y)` used as a number (`(1, 2)+3`, `sin((t, t))`): it has two
    /// coordinates, so it must be a whole expression.
    case pointInsideExpression(offset: Int)

    /// Where the problem starts, in characters from 0; `nil` when there is no single spot.
    public var offset: Int? {
        switch self {
        case .empty, .unknownKey: nil
        case .unexpectedCharacter(_, let offset), .invalidNumber(_, let offset),
            .expectedOperand(_, let offset), .expectedOperator(_, let offset),
            .expectedClosingParenthesis(let offset), .unmatchedClosingParenthesis(let offset),
            .expectedArgumentList(_, let offset), .wrongArgumentCount(_, _, _, let offset),
            .unexpectedComma(let offset), .unclosedBar(let offset), .unknownFunction(_, let offset),
            .expansionTooLarge(_, let offset),
            .noDerivative(_, _, let offset), .capturedVariable(_, _, _, let offset),
            .pointInsideExpression(let offset):
            offset
        }
    }

    /// The message a user sees.
    public var description: String {
        let at = offset.map { " at \($0 + 1)" } ?? ""
        switch self {
        case .empty:
            return "empty expression"
        case .unexpectedCharacter(let character, _):
            return "unexpected character '\(character)'\(at)"
        case .invalidNumber(let text, _):
            return "number '\(text)' is out of range\(at)"
        case .expectedOperand(let found, _) where found == Token.endDescription:
            return "unexpected end of expression\(at): expected a number, name or '('"
        case .expectedOperand(let found, _):
            return "expected a number, name or '('\(at), found \(found)"
        case .expectedOperator(let found, _):
            return "expected an operator before \(found)\(at)"
        case .expectedClosingParenthesis:
            return "expected ')'\(at)"
        case .unmatchedClosingParenthesis:
            return "unmatched ')'\(at)"
        case .expectedArgumentList(let function, _):
            return "expected '(' after \(function)\(at)"
        case .wrongArgumentCount(let function, let expected, let found, _):
            let arguments = expected == 1 ? "1 argument" : "\(expected) arguments"
            return "\(function) takes \(arguments), not \(found)\(at)"
        case .unexpectedComma:
            return "unexpected ','\(at)"
        case .unclosedBar:
            return "'|'\(at) opens an absolute value that no '|' closes"
        case .unknownFunction(let name, _):
            let near = EditDistance.nearest(to: name, among: Self.functionNames, maximum: name.count > 3 ? 2 : 1)
            let hint = near.isEmpty ? "" : " — did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
            return "unknown function '\(name)'\(at)\(hint)"
        case .unknownKey(let key):
            return "'\(key)' is not a number, operation, constant or variable name"
        case .noDerivative(let function, let reason, _):
            return "\(function)\(at) has no derivative: \(reason)"
        case .capturedVariable(let function, let variable, true, _):
            return
                "\(function)\(at) uses the variable '\(variable)' from outside it, but here '\(variable)' is the parameter; name the parameter otherwise"
        case .capturedVariable(let function, let variable, false, _):
            return
                "\(function)\(at) uses the variable '\(variable)' from outside it, which is not set ('\(variable)' here is the variable the graph runs along)"
        case .pointInsideExpression:
            return "a point (x, y)\(at) has two coordinates, so it must be a whole expression, not an operand"
        case .expansionTooLarge(let function, _):
            return
                "expanding \(function)(…)\(at) would make a program of over \(ExpressionParser.maximumExpandedCount) ops"
        }
    }

    /// The names written as functions, `name(…)`: what a mistyped function name is
    /// compared with.
    static let functionNames: [String] = {
        let unary = UnaryOperation.allCases.filter { operation in
            if case .function = operation.notation { return true }
            return false
        }
        .map(\.symbol)
        let binary = BinaryOperation.allCases.filter { $0.precedence == nil && $0 != .point }.map(\.functionName)
        return (unary + binary).filter { $0.allSatisfy(ExpressionLexer.continuesName) }
    }()
}
