/// One step of a calculator program: pushing a value, or applying an operation to the
/// values on top of the stack.
///
/// A program is a list of ops in postfix order, as a stack calculator's keys are pressed:
/// `3 5 + √` is `[.operand(3), .operand(5), .binary(.addition), .unary(.squareRoot)]`.
public enum Op: Hashable, Sendable {
    /// A number.
    case operand(Double)
    /// A named constant (`π`, `e`).
    case constant(Constant)
    /// A variable whose value is looked up at evaluation time.
    case variable(String)
    /// An operation on the top value.
    case unary(UnaryOperation)
    /// An operation on the top two values.
    case binary(BinaryOperation)
    /// An operation on the top three values (`if`).
    case ternary(TernaryOperation)

    /// Reads a symbol as a stack calculator stores it: an operation, a constant, or a
    /// variable name. Accepts canonical and ASCII spellings.
    ///
    /// Numbers are not symbols; use ``operand(_:)`` for them.
    /// - Returns: `nil` when `symbol` is neither a known operation or constant nor a
    ///   valid variable name (see ``isValidVariableName(_:)``).
    public init?(symbol: String) {
        if let operation = UnaryOperation(symbol: symbol) {
            self = .unary(operation)
        } else if let operation = BinaryOperation(symbol: symbol) {
            self = .binary(operation)
        } else if let operation = TernaryOperation(symbol: symbol) {
            self = .ternary(operation)
        } else if let constant = Constant(symbol: symbol) {
            self = .constant(constant)
        } else if Op.isValidVariableName(symbol) {
            self = .variable(symbol)
        } else {
            return nil
        }
    }

    /// The canonical symbol of an operation, constant or variable; for an operand, its
    /// shortest round-trip decimal form.
    public var symbol: String {
        switch self {
        case .operand(let value): NumberFormat.plain(value)
        case .constant(let constant): constant.symbol
        case .variable(let name): name
        case .unary(let operation): operation.symbol
        case .binary(let operation): operation.symbol
        case .ternary(let operation): operation.symbol
        }
    }

    /// How many values the op takes from the stack.
    public var arity: Int {
        switch self {
        case .operand, .constant, .variable: 0
        case .unary: 1
        case .binary: 2
        case .ternary: 3
        }
    }

    /// Whether `name` can be a variable: a letter or `_` followed by letters, ASCII
    /// digits or `_`, and not the spelling of an operation or constant.
    ///
    /// `π` never belongs to a name (`πr` is `π×r`).
    public static func isValidVariableName(_ name: String) -> Bool {
        guard let first = name.first, ExpressionLexer.startsName(first) else { return false }
        guard name.allSatisfy(ExpressionLexer.continuesName) else { return false }
        return !isReservedWord(name)
    }

    /// Whether `word` names an operation or constant.
    static func isReservedWord(_ word: String) -> Bool {
        UnaryOperation(symbol: word) != nil || BinaryOperation(symbol: word) != nil
            || TernaryOperation(symbol: word) != nil || Constant(symbol: word) != nil
    }
}
