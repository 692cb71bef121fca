import CVectorMath

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
    /// The remainder with the divisor's sign: `mod(−7, 3)` = 2, `mod(7, −3)` = −2.
    case modulo = "mod"
    /// `log(b, x)`: the logarithm of x to the base b, written as a two-argument `log`.
    case logarithm = "logb"
    /// Permutations: n!/(n−r)! for whole 0 ≤ r ≤ n.
    case permutations = "nPr"
    /// Combinations: n!/(r!(n−r)!) for whole 0 ≤ r ≤ n.
    case combinations = "nCr"
    /// 1 where the left is less than the right, else 0; no value where either has none.
    case less = "<"
    /// 1 where the left is at most the right, else 0.
    case lessOrEqual = "≤"
    /// 1 where the left is greater than the right, else 0.
    case greater = ">"
    /// 1 where the left is at least the right, else 0.
    case greaterOrEqual = "≥"
    /// 1 where the two are equal, else 0.
    case equal = "="
    /// 1 where the two differ, else 0.
    case notEqual = "≠"
    /// 1 where both are true (not 0), 0 where either is false (0) — even if the other
    /// has no value — and no value otherwise.
    case conjunction = "and"
    /// 1 where either is true (not 0) — even if the other has no value — 0 where both
    /// are false, and no value otherwise.
    case disjunction = "or"
    /// A point of the plane, `(x, y)`: a parametric curve's two coordinates, written in
    /// parentheses (`(cos(t), sin(t))`). It has two values, not one, so it stands only as
    /// a whole expression, never as an operand; evaluating it as a number is an error.
    case point = "point"

    /// Other spellings accepted on input.
    public var aliases: [String] {
        switch self {
        case .subtraction: ["-"]
        case .multiplication: ["*"]
        case .division: ["/"]
        case .power: ["**"]
        case .lessOrEqual: ["<="]
        case .greaterOrEqual: [">="]
        case .equal: ["=="]
        case .notEqual: ["!=", "<>"]
        case .conjunction: ["∧"]
        case .disjunction: ["∨"]
        default: []
        }
    }

    /// How tightly an infix operation binds; `nil` for function-call operations.
    public var precedence: Int? {
        switch self {
        case .addition, .subtraction: Precedence.additive
        case .multiplication, .division: Precedence.multiplicative
        case .power: Precedence.power
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual: Precedence.comparison
        case .conjunction: Precedence.conjunction
        case .disjunction: Precedence.disjunction
        case .minimum, .maximum, .arctangent2, .modulo, .logarithm, .permutations, .combinations, .point: nil
        }
    }

    /// The name a call is written with: `log(2, x)` for ``logarithm``, nothing for a
    /// ``point`` (`(x, y)`), else the symbol.
    public var functionName: String {
        switch self {
        case .logarithm: "log"
        case .point: ""
        default: symbol
        }
    }

    /// Whether `a op b op c` groups as `a op (b op c)`; only `^` does.
    public var isRightAssociative: Bool { self == .power }

    /// Whether it compares two numbers (`<` `≤` `>` `≥` `=` `≠`): its value is 1 (true)
    /// or 0 (false), as TI calculators give it.
    public var isComparison: Bool {
        switch self {
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual: true
        default: false
        }
    }

    /// Whether it combines truth values (`and`, `or`), any number but 0 counting as true.
    public var isLogical: Bool { self == .conjunction || self == .disjunction }

    /// How an infix operation is written between its operands: words with spaces
    /// around them (`a and b`), symbols without (`a<b`).
    public var infixText: String { isLogical ? " \(symbol) " : symbol }

    /// The comparison that holds exactly where this one fails (`<` for `≥`); `nil` for
    /// operations that are not comparisons.
    public var negatedComparison: BinaryOperation? {
        switch self {
        case .less: .greaterOrEqual
        case .lessOrEqual: .greater
        case .greater: .lessOrEqual
        case .greaterOrEqual: .less
        case .equal: .notEqual
        case .notEqual: .equal
        default: nil
        }
    }

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
        case .modulo: Self.modulo(x, y)
        case .logarithm: Self.logarithm(base: x, y)
        case .permutations: Self.permutations(x, y)
        case .combinations: Self.combinations(x, y)
        case .less: Self.truth(x, y) { $0 < $1 }
        case .lessOrEqual: Self.truth(x, y) { $0 <= $1 }
        case .greater: Self.truth(x, y) { $0 > $1 }
        case .greaterOrEqual: Self.truth(x, y) { $0 >= $1 }
        case .equal: Self.truth(x, y) { $0 == $1 }
        case .notEqual: Self.truth(x, y) { $0 != $1 }
        // Kleene's logic: a false side decides `and`, a true side decides `or`, even
        // when the other side has no value (NaN).
        case .conjunction: x == 0 || y == 0 ? 0 : x.isNaN || y.isNaN ? .nan : 1
        case .disjunction: (!x.isNaN && x != 0) || (!y.isNaN && y != 0) ? 1 : x.isNaN || y.isNaN ? .nan : 0
        case .point: .nan
        }
    }

    /// 1 or 0 as `holds` says, NaN when either operand is NaN.
    private static func truth(_ x: Double, _ y: Double, _ holds: (Double, Double) -> Bool) -> Double {
        x.isNaN || y.isNaN ? .nan : holds(x, y) ? 1 : 0
    }

    /// `a mod b` with the divisor's sign: fmod's exact remainder, moved by b when the
    /// signs differ.
    static func modulo(_ a: Double, _ b: Double) -> Double {
        let remainder = fmod(a, b)
        guard remainder != 0, (remainder < 0) != (b < 0) else { return remainder == 0 ? 0 : remainder }
        return remainder + b
    }

    /// The logarithm of `x` to `base`, exact where the base is 2, 10 or e and x its power.
    static func logarithm(base: Double, _ x: Double) -> Double {
        switch base {
        case 2: log2(x)
        case 10: log10(x)
        case M_E: log(x)
        default: log2(x) / log2(base)
        }
    }

    /// Whether `n` and `r` are whole with 0 ≤ r ≤ n.
    static func isChoice(_ n: Double, _ r: Double) -> Bool {
        n.isFinite && n == n.rounded() && r == r.rounded() && r >= 0 && r <= n
    }

    /// n(n−1)…(n−r+1), exact while below 2⁵³; +∞ once it overflows (after at most about
    /// 170 factors, so any n and r are quick); NaN unless 0 ≤ r ≤ n are whole.
    static func permutations(_ n: Double, _ r: Double) -> Double {
        guard isChoice(n, r) else { return .nan }
        var product = 1.0
        var factor = n
        var remaining = r
        while remaining > 0, product.isFinite {
            product *= factor
            factor -= 1
            remaining -= 1
        }
        return product
    }

    /// C(n, r) by the product C(n−k+i, i), exact while its products stay below 2⁵³; +∞
    /// once it overflows (C(n, k) ≥ 2ᵏ, so at most about 1,100 steps); NaN unless
    /// 0 ≤ r ≤ n are whole.
    static func combinations(_ n: Double, _ r: Double) -> Double {
        guard isChoice(n, r) else { return .nan }
        let k = min(r, n - r)
        var result = 1.0
        var i = 1.0
        while i <= k, result.isFinite {
            result = result * (n - k + i) / i
            i += 1
        }
        return result.isFinite ? result.rounded() : result
    }

    /// Looks up an operation by its canonical spelling or one of its aliases.
    public init?(symbol: String) {
        guard let match = Self.bySpelling[symbol] else { return nil }
        self = match
    }

    private static let bySpelling = spellingTable()
}
