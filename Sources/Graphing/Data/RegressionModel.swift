/// A model a regression fits: a polynomial (linear least squares), or one of the
/// curves a calculator's regressions offer.
public enum RegressionModel: Sendable, Equatable, CustomStringConvertible {
    /// y = a + b·x + c·x² + …, of a degree from 1 (a line) to ``maximumDegree``.
    case polynomial(degree: Int)
    /// y = a·e^(b·x), fitted to y (not to ln y); y must be above 0 to start from.
    case exponential
    /// y = a + b·ln(x); x must be above 0.
    case logarithmic
    /// y = a·x^b; x and y must be above 0.
    case power
    /// y = c / (1 + a·e^(−b·x)); y must be above 0 to start from.
    case logistic

    /// The highest polynomial degree fitted.
    public static let maximumDegree = 10

    /// The model a name gives (`linear`, `quadratic`, `cubic`, `exp`, `log`, `power`,
    /// `logistic`; `poly` with `degree`), or `nil`.
    public init?(name: String, degree: Int? = nil) {
        switch name {
        case "linear": self = .polynomial(degree: 1)
        case "quadratic": self = .polynomial(degree: 2)
        case "cubic": self = .polynomial(degree: 3)
        case "poly":
            guard let degree, (1...Self.maximumDegree).contains(degree) else { return nil }
            self = .polynomial(degree: degree)
        case "exp", "exponential": self = .exponential
        case "log", "logarithmic": self = .logarithmic
        case "power": self = .power
        case "logistic": self = .logistic
        default: return nil
        }
    }

    /// The model's name: `linear`, `quadratic`, `cubic`, `degree-4 polynomial`, ….
    public var description: String {
        switch self {
        case .polynomial(1): "linear"
        case .polynomial(2): "quadratic"
        case .polynomial(3): "cubic"
        case .polynomial(let degree): "degree-\(degree) polynomial"
        case .exponential: "exponential"
        case .logarithmic: "logarithmic"
        case .power: "power"
        case .logistic: "logistic"
        }
    }

    /// The coefficients' names, in the order they are given: a, b, c, ….
    public var coefficientNames: [String] {
        let letters = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"]
        switch self {
        case .polynomial(let degree): return Array(letters.prefix(degree + 1))
        case .exponential, .logarithmic, .power: return ["a", "b"]
        case .logistic: return ["a", "b", "c"]
        }
    }

    /// The model's formula in its coefficients' names: `y = a + b·x + c·x²`.
    public var template: String {
        switch self {
        case .polynomial(let degree):
            let names = coefficientNames
            return "y = "
                + (0...degree).map { power in
                    power == 0 ? names[0] : names[power] + "·" + Regression.power(of: "x", power)
                }.joined(separator: " + ")
        case .exponential: return "y = a·e^(b·x)"
        case .logarithmic: return "y = a + b·ln(x)"
        case .power: return "y = a·x^b"
        case .logistic: return "y = c / (1 + a·e^(−b·x))"
        }
    }
}
