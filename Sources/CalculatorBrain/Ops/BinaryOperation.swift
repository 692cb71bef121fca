#if canImport(Glibc)
    import Glibc
#endif

/// An operation that takes two operands from the stack: the one pushed first is the left.
public enum BinaryOperation: String, CaseIterable, Hashable, Sendable, Spelled {
    case addition = "+"
    case subtraction = "−"
    case multiplication = "×"
    case division = "÷"
    case power = "^"
    case minimum = "min"
    case maximum = "max"
    case arctangent2 = "atan2"

    /// Other spellings accepted on input.
    public var aliases: [String] {
        switch self {
        case .subtraction: ["-"]
        case .multiplication: ["*"]
        case .division: ["/"]
        case .power: ["**"]
        default: []
        }
    }

    /// How tightly an infix operation binds; `nil` for function-call operations.
    public var precedence: Int? {
        switch self {
        case .addition, .subtraction: Precedence.additive
        case .multiplication, .division: Precedence.multiplicative
        case .power: Precedence.power
        case .minimum, .maximum, .arctangent2: nil
        }
    }

    /// Whether `a op b op c` groups as `a op (b op c)`; only `^` does.
    public var isRightAssociative: Bool { self == .power }

    /// The operation applied to plain `Double`s, with IEEE 754 results for arguments
    /// outside the domain; evaluation turns those into reasons. `min` and `max` of NaN
    /// are NaN (Swift's `min` and `max` would drop it).
    public func apply(_ x: Double, _ y: Double) -> Double {
        switch self {
        case .addition: x + y
        case .subtraction: x - y
        case .multiplication: x * y
        case .division: x / y
        case .power: pow(x, y)
        case .minimum: x.isNaN || y.isNaN ? .nan : Swift.min(x, y)
        case .maximum: x.isNaN || y.isNaN ? .nan : Swift.max(x, y)
        case .arctangent2: atan2(x, y)
        }
    }

    /// Looks up an operation by its canonical spelling or one of its aliases.
    public init?(symbol: String) {
        guard let match = Self.bySpelling[symbol] else { return nil }
        self = match
    }

    private static let bySpelling = spellingTable()
}
