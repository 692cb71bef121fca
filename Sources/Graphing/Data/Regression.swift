import CVectorMath
import GraphCalcSupport

/// A model fitted to data by least squares in y: the coefficients with their standard
/// errors, r² and the residual standard error.
///
/// Polynomials (and `a + b·ln(x)`) are linear least squares, solved by QR with Givens
/// rotations on x centred and scaled to [−1, 1] (stable for badly scaled x, such as
/// 10⁹ plus small steps), the coefficients then expanded back in x. The exponential,
/// power and logistic models are fitted by Levenberg–Marquardt from the fit of their
/// linearised form, each step solved by QR; it stops when a step lowers the residual sum
/// of squares by less than a relative 10⁻¹⁴ or moves no coefficient by more than a
/// relative 10⁻¹², or when no step lowers it (a minimum to double precision), and fails
/// after ``maximumIterations``. Standard errors are s·√((JᵀJ)⁻¹)ᵢᵢ with s² the
/// residual sum of squares over n − p, as `scipy.optimize.curve_fit` gives them.
public struct Regression: Sendable {
    /// The model fitted.
    public let model: RegressionModel
    /// The coefficients, in ``RegressionModel/coefficientNames`` order.
    public let coefficients: [Double]
    /// Each coefficient's standard error.
    public let standardErrors: [Double]
    /// The number of points fitted (gaps left out).
    public let count: Int
    /// 1 − (residual sum of squares) / (total sum of squares about the mean).
    public let rSquared: Double
    /// √(residual sum of squares / (n − p)).
    public let residualStandardError: Double
    /// The iterations an iterative fit took (0 for linear least squares).
    public let iterations: Int
    /// For a polynomial (in ln x for `log`): the coefficients in u = (x − centre) /
    /// halfWidth, from which values are taken (those in x cancel for x far from 0).
    let centred: (centre: Double, halfWidth: Double, coefficients: [Double])?

    /// The most iterations of an iterative fit.
    public static let maximumIterations = 500

    /// The residual degrees of freedom: points less coefficients.
    public var degreesOfFreedom: Int { count - coefficients.count }

    /// Fits `model` to the points of `series` with both values.
    ///
    /// - Throws: ``FitError`` for too few points, data a model cannot take (x ≤ 0 for
    ///   `log` and `power`, y ≤ 0 for `exp`, `power` and `logistic`), a coefficient the
    ///   data leaves undetermined, or an iterative fit that does not converge.
    public init(fitting model: RegressionModel, to series: DataSeries) throws(FitError) {
        let (xs, ys) = Self.finitePoints(of: series)
        let p = model.coefficientNames.count
        guard xs.count > p else { throw .tooFewPoints(model: model.description, needed: p + 1, found: xs.count) }
        let name = model.description
        func positive(_ values: [Double], _ variable: String) throws(FitError) {
            if let bad = values.first(where: { $0 <= 0 }) {
                throw .needsPositive(model: name, variable: variable, value: bad)
            }
        }
        let fit: Fit
        switch model {
        case .polynomial(let degree):
            fit = try Self.polynomial(degree: degree, xs, ys, name: name)
        case .logarithmic:
            try positive(xs, "x")
            fit = try Self.polynomial(degree: 1, xs.map { log($0) }, ys, name: name)
        case .exponential, .power, .logistic:
            if model == .power { try positive(xs, "x") }
            try positive(ys, "y")
            fit = try Self.nonlinear(model, xs, ys)
        }
        guard fit.coefficients.allSatisfy(\.isFinite), fit.residualSquares.isFinite else {
            throw .outOfRange(model: name)
        }
        self.model = model
        coefficients = fit.coefficients
        standardErrors = fit.standardErrors
        count = xs.count
        let total = fit.totalSquares ?? Self.totalSquares(ys)
        rSquared = total > 0 ? 1 - fit.residualSquares / total : .nan
        residualStandardError = (fit.residualSquares / Double(xs.count - p)).squareRoot()
        iterations = fit.iterations
        centred = fit.centred
    }

    /// The fitted model's y at `x`.
    public func value(at x: Double) -> Double {
        let c = coefficients
        switch model {
        case .polynomial, .logarithmic:
            // From the centred form, which keeps its digits where those in x cancel.
            guard let centred else { return .nan }
            let u = ((model == .logarithmic ? log(x) : x) - centred.centre) / centred.halfWidth
            return centred.coefficients.reversed().reduce(0) { $0 * u + $1 }
        case .exponential: return c[0] * exp(c[1] * x)
        case .power: return c[0] * pow(x, c[1])
        case .logistic: return c[2] / (1 + c[0] * exp(-c[1] * x))
        }
    }

    // MARK: - Text

    /// The fitted formula with its coefficients to `digits` significant digits:
    /// `y = 1.25 + 2.5x − 0.1x²`.
    public func formula(digits: Int = 6) -> String {
        let c = coefficients.map { CFormat.string("%.\(digits)g", $0) }
        func signed(_ text: String) -> String { text.hasPrefix("-") ? " − " + text.dropFirst() : " + " + text }
        switch model {
        case .polynomial(let degree):
            var text = "y = " + c[0]
            for power in 1...degree { text += signed(c[power]) + Self.power(of: "x", power) }
            return text
        case .exponential: return "y = \(c[0])·e^(\(Self.minus(c[1]))x)"
        case .logarithmic: return "y = \(c[0])" + signed(c[1]) + "·ln(x)"
        case .power: return "y = \(c[0])·x^\(Self.minus(c[1]))"
        case .logistic:
            // e^(−bx), its sign folded in: a negative b reads e^(0.8x), not e^(−-0.8x).
            let exponent = c[1].hasPrefix("-") ? String(c[1].dropFirst()) : "−" + c[1]
            return "y = \(c[2]) / (1 + \(c[0])·e^(\(exponent)x))"
        }
    }

    /// The fitted model as an expression in `variable` that the calculator's parser
    /// reads, every coefficient written in full (the shortest decimal that reads back
    /// as the same double).
    public func expression(in variable: String = "x") -> String {
        let c = coefficients.map { "(" + Self.decimal($0) + ")" }
        switch model {
        case .polynomial, .logarithmic:
            // The centred form, which keeps its digits where the coefficients in x cancel.
            guard let centred else { return "nan" }
            let argument = model == .logarithmic ? "ln(\(variable))" : variable
            let u = "((\(argument) - (\(Self.decimal(centred.centre))))/\(Self.decimal(centred.halfWidth)))"
            return centred.coefficients.enumerated().map { power, coefficient in
                let value = "(" + Self.decimal(coefficient) + ")"
                return power == 0 ? value : power == 1 ? "\(value)*\(u)" : "\(value)*\(u)^\(power)"
            }.joined(separator: " + ")
        case .exponential: return "\(c[0])*exp(\(c[1])*\(variable))"
        case .power: return "\(c[0])*\(variable)^\(c[1])"
        case .logistic: return "\(c[2])/(1 + \(c[0])*exp(-\(c[1])*\(variable)))"
        }
    }

    /// A formatted number with a typographic minus sign.
    static func minus(_ text: String) -> String { text.hasPrefix("-") ? "−" + text.dropFirst() : text }

    /// `x`, `x²`, `x³`, … for a power.
    static func power(of variable: String, _ power: Int) -> String {
        guard power > 1 else { return variable }
        let superscripts: [Character] = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return variable + String(String(power).compactMap { $0.wholeNumberValue.map { superscripts[$0] } })
    }

    /// The shortest decimal that reads back as `value`.
    static func decimal(_ value: Double) -> String {
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    // MARK: - Sums

    /// Σ(y − ȳ)², two passes, compensated.
    static func totalSquares(_ ys: [Double]) -> Double {
        ys.withUnsafeBufferPointer { ys in
            var count = 0, sum = 0.0, least = 0.0, greatest = 0.0, squares = 0.0, deviations = 0.0
            gcvm_column_sums(ys.baseAddress, ys.count, &count, &sum, &least, &greatest)
            gcvm_deviation_sums(ys.baseAddress, ys.count, sum / Double(ys.count), &squares, &deviations)
            return squares
        }
    }

    /// The points of `series` with both values finite, as two arrays: the series' own
    /// when every point is (no copy of 10⁷ values), or copies without the others.
    static func finitePoints(of series: DataSeries) -> (xs: [Double], ys: [Double]) {
        let allFinite = series.ys.withUnsafeBufferPointer { ys in
            guard let xs = series.xs else { return ys.allSatisfy { $0 - $0 == 0 } }
            return xs.withUnsafeBufferPointer { xs in
                var finite = true
                for index in 0..<ys.count { finite = finite && (xs[index] - xs[index]) + (ys[index] - ys[index]) == 0 }
                return finite
            }
        }
        if allFinite {
            return (series.xs ?? (1...max(1, series.count)).prefix(series.count).map(Double.init), series.ys)
        }
        var xs: [Double] = [], ys: [Double] = []
        for index in 0..<series.count {
            let x = series.x(at: index), y = series.ys[index]
            guard x.isFinite, y.isFinite else { continue }
            xs.append(x)
            ys.append(y)
        }
        return (xs, ys)
    }

    /// What a fit method gives.
    struct Fit {
        var coefficients: [Double]
        var standardErrors: [Double]
        var residualSquares: Double
        /// Σ(y − ȳ)², when the method gives it.
        var totalSquares: Double?
        var iterations = 0
        var centred: (centre: Double, halfWidth: Double, coefficients: [Double])?
    }
}
