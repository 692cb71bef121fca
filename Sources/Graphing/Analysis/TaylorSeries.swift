import CVectorMath
import CalculatorBrain
import GraphCalcSupport

/// Taylor coefficients of a compiled program in interval arithmetic (Taylor-mode
/// automatic differentiation): for every x₀ in an interval X, enclosures aₖ of
/// f⁽ᵏ⁾(x₀)/k!, k = 0 … count − 1, so that f(x₀ + t) = Σ aₖ tᵏ.
///
/// Each instruction's coefficients follow from its operands' by the recurrences of its
/// operation (a product's Cauchy sum, exp's wₖ = (1/k) Σ j uⱼ wₖ₋ⱼ, sin and cos
/// together, …), computed by the C kernels of `TaylorArithmetic.c` with every bound
/// rounded outward by the processor's directed rounding. An operation is taken only where
/// it is analytic over its operand's whole enclosure — a logarithm of values above 0, a
/// quotient by values without 0, `abs` of values of one sign — so coefficients given at
/// all hold for the real function at every point of X; anywhere else (a kink, a step, a
/// function without a recurrence here, degrees) there are none, and the caller uses
/// another rule.
struct TaylorSeries: Sendable {
    /// The program.
    let program: CompiledProgram
    /// How many coefficients: a₀ … a₍count−1₎.
    let count: Int

    /// The most instructions a series is computed for: each register holds `count`
    /// intervals, and a product costs count² multiplies.
    static let largestProgram = 512

    /// Whether every instruction is one with a recurrence here (trigonometry in radians):
    /// then the rule fails only where an operation is not analytic — a kink, a step, a
    /// pole, a root's or a logarithm's 0 — where derivatives do not help either.
    var coversEveryOperation: Bool {
        program.instructions.allSatisfy { instruction in
            switch instruction.operation {
            case .power: return true
            case .ternary: return false
            case .binary(let operation):
                return [.addition, .subtraction, .multiplication, .division, .power, .minimum, .maximum].contains(
                    operation)
            case .unary(let operation):
                if Self.trigonometric.contains(operation) { return program.angle == .radians }
                return ![.factorial, .gamma, .digamma, .logicalNot].contains(operation)
            }
        }
    }

    /// About how many interval operations one series costs: a product's count²/2 pairs,
    /// each a multiply and an add, for each instruction.
    var cost: Int { max(1, program.instructions.count) * count * count }

    /// A series of `count` coefficients for `program`, or `nil` for a program that has no
    /// result, has two variables, or is too long.
    init?(program: CompiledProgram, count: Int) {
        guard program.result != nil, program.secondVariable == nil, count >= 1,
            program.instructions.count <= Self.largestProgram
        else { return nil }
        self.program = program
        self.count = count
    }

    /// The coefficients for every x₀ in `x` as a series (lower and upper bounds in turn),
    /// or `nil` where an instruction is not analytic over its operands' enclosures (or is
    /// not one this knows).
    private func bounds(over x: Interval) -> Series? {
        guard let result = program.result, x.isBounded else { return nil }
        var registers = [Series](repeating: [], count: max(1, program.registerCount))
        // The variable: x₀ + t.
        var variable = constantSeries(x)
        if count > 1 { (variable[2], variable[3]) = (1, 1) }
        registers[0] = variable
        for (number, instruction) in program.instructions.enumerated() {
            if number & 63 == 63 && Cancellation.isRequested { return nil }
            guard let first = series(instruction.first, registers) else { return nil }
            let second: Series?
            if let operand = instruction.second {
                guard let operandSeries = series(operand, registers) else { return nil }
                second = operandSeries
            } else {
                second = nil
            }
            guard let value = step(instruction.operation, first, second, isConstant: isConstant(instruction.second))
            else { return nil }
            registers[instruction.destination] = value
        }
        return series(result, registers)
    }

    /// The coefficients for every x₀ in `x`, as ``coefficients(over:)`` gives them.
    func coefficients(over x: Interval) -> [Interval]? {
        guard let series = bounds(over: x) else { return nil }
        return (0..<count).map { coefficient(series, $0) }
    }

    /// ∫ f over `stretch` (bounded, `count` odd, at least 3): the Taylor polynomial about
    /// its middle c (the coefficients enclosed at c) integrated exactly, and the remainder
    /// f⁽ᵐ⁾(ξ)/m!·tᵐ, m = count − 1, whose coefficient is enclosed over the whole stretch and
    /// whose tᵐ (m even) keeps a sign, so its integral lies in that enclosure times ∫tᵐ;
    /// `nil` where f is not analytic over the stretch.
    func integral(over stretch: Interval) -> Interval? {
        guard count >= 3, count % 2 == 1, stretch.isBounded, let remainder = bounds(over: stretch) else { return nil }
        let centre = stretch.midpoint
        guard let polynomial = bounds(over: Interval(centre)) else { return nil }
        var lower = 0.0, upper = 0.0
        guard
            gcvm_taylor_integral(polynomial, remainder, count, stretch.lower, stretch.upper, centre, &lower, &upper)
                == 1
        else { return nil }
        return Interval(lower, upper)
    }

    /// A series as the C kernels take it: `count` coefficients, each its lower then its
    /// upper bound, every bound finite.
    private typealias Series = [Double]

    /// The kth coefficient of a series.
    private func coefficient(_ series: Series, _ k: Int) -> Interval { Interval(series[2 * k], series[2 * k + 1]) }

    /// An operand as a series: a register's, or a constant's value then zeros; `nil` for
    /// a register not yet computed or a constant without a bounded value.
    private func series(_ operand: CompiledProgram.Operand, _ registers: [Series]) -> Series? {
        switch operand {
        case .register(let register):
            let series = registers[Int(register)]
            return series.count == 2 * count ? series : nil
        case .literal(let number):
            let value = program.literals[Int(number)]
            return value.isFinite ? constantSeries(Interval(value)) : nil
        case .folded(let number):
            let enclosure = program.folded[Int(number)].enclosure
            guard enclosure.count == 1, enclosure.isTotal, let hull = enclosure.hull, hull.isBounded else { return nil }
            return constantSeries(hull)
        }
    }

    /// Whether an operand is a constant (its series has no terms past the first).
    private func isConstant(_ operand: CompiledProgram.Operand?) -> Bool {
        guard let operand else { return false }
        if case .register = operand { return false }
        return true
    }

    /// `value` (bounded), then zeros.
    private func constantSeries(_ value: Interval) -> Series {
        var series = Series(repeating: 0, count: 2 * count)
        (series[0], series[1]) = (value.lower, value.upper)
        return series
    }

    /// One instruction's coefficients from its operands'; `nil` where it is not analytic
    /// over them (or not known here).
    private func step(
        _ operation: CompiledProgram.Operation, _ u: Series, _ v: Series?, isConstant secondIsConstant: Bool
    ) -> Series? {
        switch operation {
        case .unary(let operation):
            return unary(operation, u)
        case .power(let exponent):
            return integerPower(u, Int(exponent))
        case .ternary:
            return nil
        case .binary(let operation):
            guard let v else { return nil }
            let v0 = coefficient(v, 0)
            switch operation {
            case .addition: return sum(u, v)
            case .subtraction: return sum(u, v, subtracts: true)
            case .multiplication: return product(u, v)
            case .division:
                guard v0.lower > 0 || v0.upper < 0 else { return nil }
                return secondIsConstant ? divided(u, v0) : quotient(u, v)
            case .power:
                if secondIsConstant, v0.isPoint, let whole = Int(exactly: v0.lower), abs(whole) <= 64 {
                    return integerPower(u, whole)
                }
                // u^v = exp(v·ln u), for u above 0.
                guard coefficient(u, 0).lower > 0, let logarithm = unary(.naturalLogarithm, u),
                    let exponent = product(logarithm, v)
                else { return nil }
                return unary(.exponential, exponent)
            case .minimum, .maximum:
                let u0 = coefficient(u, 0)
                let firstIsLess: Bool
                if u0.upper < v0.lower {
                    firstIsLess = true
                } else if v0.upper < u0.lower {
                    firstIsLess = false
                } else {
                    return nil
                }
                return (operation == .minimum) == firstIsLess ? u : v
            default:
                return nil
            }
        }
    }

    /// A unary operation's coefficients from its operand's.
    private func unary(_ operation: UnaryOperation, _ u: Series) -> Series? {
        let n = count
        if Self.trigonometric.contains(operation), program.angle != .radians { return nil }
        let u0 = coefficient(u, 0)
        func value(_ operation: UnaryOperation, _ x: Interval) -> Interval? {
            let enclosure = operation.enclosure(over: x)
            guard enclosure.count == 1, enclosure.isTotal, let hull = enclosure.hull, hull.isBounded else { return nil }
            return hull
        }
        var out = Series(repeating: 0, count: 2 * n)
        switch operation {
        case .negation:
            return negated(u)
        case .floor, .ceiling, .round, .truncation, .sign:
            // Constant where the operand stays within one step.
            let enclosure = operation.enclosure(over: u0)
            guard enclosure.count == 1, enclosure.isTotal, enclosure.isContinuous, let hull = enclosure.hull,
                hull.isPoint, hull.isBounded
            else { return nil }
            return constantSeries(hull)
        case .absoluteValue:
            if u0.lower > 0 { return u }
            if u0.upper < 0 { return negated(u) }
            return nil
        case .square:
            return product(u, u)
        case .reciprocal:
            guard u0.lower > 0 || u0.upper < 0 else { return nil }
            return quotient(constantSeries(Interval(1)), u)
        case .exponential:
            guard let w0 = value(.exponential, u0) else { return nil }
            return gcvm_taylor_exp(u, w0.lower, w0.upper, &out, n) == 1 ? out : nil
        case .naturalLogarithm, .commonLogarithm, .binaryLogarithm:
            guard u0.lower > 0, let w0 = value(.naturalLogarithm, u0),
                gcvm_taylor_log(u, w0.lower, w0.upper, &out, n) == 1
            else { return nil }
            guard operation != .naturalLogarithm else { return out }
            // log_b u = ln u / ln b.
            guard let base = value(.naturalLogarithm, Interval(operation == .commonLogarithm ? 10 : 2)),
                let w0 = value(operation, u0), var scaled = divided(out, base)
            else { return nil }
            (scaled[0], scaled[1]) = (w0.lower, w0.upper)
            return scaled
        case .sine, .cosine, .tangent, .hyperbolicSine, .hyperbolicCosine, .hyperbolicTangent:
            let isHyperbolic = [.hyperbolicSine, .hyperbolicCosine, .hyperbolicTangent].contains(operation)
            guard let s0 = value(isHyperbolic ? .hyperbolicSine : .sine, u0),
                let c0 = value(isHyperbolic ? .hyperbolicCosine : .cosine, u0)
            else { return nil }
            var cosine = out
            guard
                gcvm_taylor_sine_cosine(
                    u, [s0.lower, s0.upper], [c0.lower, c0.upper], &out, &cosine, n, isHyperbolic ? 1 : 0) == 1
            else { return nil }
            switch operation {
            case .sine, .hyperbolicSine: return out
            case .cosine, .hyperbolicCosine: return cosine
            default:
                guard c0.lower > 0 || c0.upper < 0 else { return nil }
                return quotient(out, cosine)
            }
        case .squareRoot, .cubeRoot:
            // u^p by the recurrences of w² = u and w³ = u, for u₀ away from 0.
            guard u0.lower > 0 || (operation == .cubeRoot && u0.upper < 0), let w0 = value(operation, u0) else {
                return nil
            }
            let status =
                operation == .squareRoot
                ? gcvm_taylor_square_root(u, w0.lower, w0.upper, &out, n)
                : gcvm_taylor_cube_root(u, w0.lower, w0.upper, &out, n)
            return status == 1 ? out : nil
        case .arctangent, .arcsine, .arccosine, .inverseHyperbolicSine, .inverseHyperbolicCosine,
            .inverseHyperbolicTangent:
            // w′ = u′·g(u), g = 1/(1 + u²), 1/√(1 − u²), −1/√(1 − u²), 1/√(1 + u²),
            // 1/√(u² − 1), 1/(1 − u²).
            switch operation {
            case .arcsine, .arccosine, .inverseHyperbolicTangent:
                guard u0.lower > -1, u0.upper < 1 else { return nil }
            case .inverseHyperbolicCosine:
                guard u0.lower > 1 else { return nil }
            default: break
            }
            guard let w0 = value(operation, u0), let square = product(u, u) else { return nil }
            let one = constantSeries(Interval(operation == .inverseHyperbolicCosine ? -1 : 1))
            let adds = [.arctangent, .inverseHyperbolicSine, .inverseHyperbolicCosine].contains(operation)
            // 1 + u², 1 − u² or u² − 1.
            guard let inner = adds ? sum(square, one) : sum(one, square, subtracts: true),
                inner[0] > 0
            else { return nil }
            let takesRoot = ![.arctangent, .inverseHyperbolicTangent].contains(operation)
            guard let denominator = takesRoot ? unary(.squareRoot, inner) : inner else { return nil }
            // u′, whose kth coefficient is (k + 1)·uₖ₊₁.
            var scaledTerms = Series(repeating: 0, count: 2 * n)
            guard gcvm_taylor_scale_terms(u, &scaledTerms, n) == 1,
                let quotient = quotient(Array(scaledTerms.dropFirst(2)) + [0, 0], denominator)
            else { return nil }
            // wₖ = (u′·g)ₖ₋₁/k.
            (out[0], out[1]) = (w0.lower, w0.upper)
            for k in stride(from: 1, to: n, by: 1) {
                var term = Self.divided(coefficient(quotient, k - 1), Interval(Double(k)))
                if operation == .arccosine { term = Self.negated(term) }
                guard term.isBounded else { return nil }
                (out[2 * k], out[2 * k + 1]) = (term.lower, term.upper)
            }
            return out
        default:
            return nil
        }
    }

    /// The operations whose argument is an angle.
    private static let trigonometric: Set<UnaryOperation> = [
        .sine, .cosine, .tangent, .arcsine, .arccosine, .arctangent,
    ]

    // MARK: - Series arithmetic, by the C kernels

    /// u + v, or u − v.
    private func sum(_ u: Series, _ v: Series, subtracts: Bool = false) -> Series? {
        var w = Series(repeating: 0, count: 2 * count)
        return gcvm_taylor_sum(u, v, &w, count, subtracts ? 1 : 0) == 1 ? w : nil
    }

    /// −u.
    private func negated(_ u: Series) -> Series {
        var w = u
        for k in 0..<count { (w[2 * k], w[2 * k + 1]) = (-u[2 * k + 1], -u[2 * k]) }
        return w
    }

    /// The Cauchy product.
    private func product(_ u: Series, _ v: Series) -> Series? {
        var w = Series(repeating: 0, count: 2 * count)
        return gcvm_taylor_product(u, v, &w, count) == 1 ? w : nil
    }

    /// The quotient, v₀ away from 0.
    private func quotient(_ u: Series, _ v: Series) -> Series? {
        var w = Series(repeating: 0, count: 2 * count)
        return gcvm_taylor_quotient(u, v, &w, count) == 1 ? w : nil
    }

    /// u ÷ d, coefficient by coefficient, d away from 0.
    private func divided(_ u: Series, _ d: Interval) -> Series? {
        var w = Series(repeating: 0, count: 2 * count)
        return gcvm_taylor_divide(u, d.lower, d.upper, &w, count) == 1 ? w : nil
    }

    /// uᵏ for a whole k, by squaring (negative: the reciprocal, for u₀ away from 0).
    private func integerPower(_ u: Series, _ exponent: Int) -> Series? {
        let u0 = coefficient(u, 0)
        if exponent < 0, !(u0.lower > 0 || u0.upper < 0) { return nil }
        let one = constantSeries(Interval(1))
        var result: Series?
        var base = u
        var remaining = exponent.magnitude
        while remaining > 0 {
            if remaining & 1 == 1 {
                // The first factor is the result so far (no product with 1).
                let next = result.map { product($0, base) } ?? base
                guard let next else { return nil }
                result = next
            }
            remaining >>= 1
            if remaining > 0 {
                guard let next = product(base, base) else { return nil }
                base = next
            }
        }
        guard let result else { return one }
        return exponent < 0 ? quotient(one, result) : result
    }

    // MARK: - Interval arithmetic, rounded outward, for the rule that sums the series

    /// a + b, rounded outward; the whole line where a bound is not finite. A zero added
    /// is exact (no subnormal bounds around zeros: arithmetic on subnormals is a hundred
    /// times slower).
    @inline(__always) static func sum(_ a: Interval, _ b: Interval) -> Interval {
        if b.lower == 0 && b.upper == 0 { return a }
        if a.lower == 0 && a.upper == 0 { return b }
        // Exact sums stay exact (TwoSum), so that a polynomial's integral is exactly
        // what its rule gives.
        let lower = Rounding.sumDown(a.lower, b.lower), upper = Rounding.sumUp(a.upper, b.upper)
        guard lower.isFinite, upper.isFinite else { return .entire }
        return Interval(lower, upper)
    }

    /// −a.
    @inline(__always) static func negated(_ a: Interval) -> Interval { Interval(-a.upper, -a.lower) }

    /// a × b, rounded outward; the whole line where a bound is not finite. A zero factor
    /// gives exactly zero.
    @inline(__always) static func product(_ a: Interval, _ b: Interval) -> Interval {
        guard a.isBounded, b.isBounded else { return .entire }
        if (a.lower == 0 && a.upper == 0) || (b.lower == 0 && b.upper == 0) { return Interval(0) }
        // Exact products stay exact (fma), as exact sums do.
        let lower: Double, upper: Double
        if a.lower >= 0 && b.lower >= 0 {
            (lower, upper) = (Rounding.productDown(a.lower, b.lower), Rounding.productUp(a.upper, b.upper))
        } else if a.isPoint && b.isPoint {
            (lower, upper) = (Rounding.productDown(a.lower, b.lower), Rounding.productUp(a.lower, b.lower))
        } else {
            let p1 = a.lower * b.lower, p2 = a.lower * b.upper, p3 = a.upper * b.lower, p4 = a.upper * b.upper
            (lower, upper) = (min(min(p1, p2), min(p3, p4)).nextDown, max(max(p1, p2), max(p3, p4)).nextUp)
        }
        guard lower.isFinite, upper.isFinite else { return .entire }
        return Interval(lower, upper)
    }

    /// a ÷ b, rounded outward, for b away from 0; the whole line otherwise.
    @inline(__always) static func divided(_ a: Interval, _ b: Interval) -> Interval {
        guard a.isBounded, b.isBounded, b.lower > 0 || b.upper < 0 else { return .entire }
        if a.lower == 0 && a.upper == 0 { return Interval(0) }
        let lower: Double, upper: Double
        if b.isPoint && a.isPoint {
            (lower, upper) = (Rounding.quotientDown(a.lower, b.lower), Rounding.quotientUp(a.lower, b.lower))
        } else if b.isPoint && b.lower > 0 {
            (lower, upper) = (Rounding.quotientDown(a.lower, b.lower), Rounding.quotientUp(a.upper, b.lower))
        } else {
            let q1 = a.lower / b.lower, q2 = a.lower / b.upper, q3 = a.upper / b.lower, q4 = a.upper / b.upper
            (lower, upper) = (min(min(q1, q2), min(q3, q4)).nextDown, max(max(q1, q2), max(q3, q4)).nextUp)
        }
        guard lower.isFinite, upper.isFinite else { return .entire }
        return Interval(lower, upper)
    }
}
