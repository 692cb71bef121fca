/// An operation that takes three operands from the stack, written as a call of three
/// arguments: the one pushed first is the first argument.
public enum TernaryOperation: String, CaseIterable, Hashable, Sendable, Spelled {
    /// `if(c, a, b)`: a where the condition c is true (not 0), b where it is false (0).
    /// Where c has no value, neither has the result; the branch not taken may have none.
    case conditional = "if"

    /// Other spellings accepted on input: none.
    public var aliases: [String] { [] }

    /// The name a call is written with.
    public var functionName: String { symbol }

    /// The operation applied to plain `Double`s, NaN standing for "no value": the
    /// condition's NaN gives NaN, and the branch not taken is not looked at.
    public func apply(_ condition: Double, _ whenTrue: Double, _ whenFalse: Double) -> Double {
        switch self {
        case .conditional: condition.isNaN ? .nan : condition != 0 ? whenTrue : whenFalse
        }
    }

    /// Looks up an operation by its spelling.
    public init?(symbol: String) {
        guard let match = Self.bySpelling[symbol] else { return nil }
        self = match
    }

    private static let bySpelling = spellingTable()
}
