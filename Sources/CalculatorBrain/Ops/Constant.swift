import CVectorMath

/// A named mathematical constant that a program can push.
public enum Constant: String, CaseIterable, Hashable, Sendable, Spelled {
    /// π, the ratio of a circle's circumference to its diameter; also spelled `pi`.
    case pi = "π"
    /// e, the base of the natural logarithm.
    case e = "e"
    /// τ = 2π, a whole turn; also spelled `tau`.
    case tau = "τ"
    /// φ = (1+√5)/2, the golden ratio; also spelled `phi`.
    case phi = "φ"

    /// Other spellings accepted on input.
    public var aliases: [String] {
        switch self {
        case .pi: ["pi"]
        case .e: []
        case .tau: ["tau"]
        case .phi: ["phi"]
        }
    }

    /// The constant's value as a `Double`.
    public var value: Double {
        switch self {
        case .pi: Double.pi
        case .e: M_E
        case .tau: 2 * Double.pi
        case .phi: 1.618033988749895
        }
    }

    /// Looks up a constant by its canonical spelling or one of its aliases.
    public init?(symbol: String) {
        guard let match = Self.bySpelling[symbol] else { return nil }
        self = match
    }

    private static let bySpelling = spellingTable()
}
