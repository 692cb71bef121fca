import CalculatorBrain
import GraphCalcSupport

/// Taylor coefficients of a compiled program in interval arithmetic (Taylor-mode
/// automatic differentiation): for every x₀ in an interval X, enclosures aₖ of
/// f⁽ᵏ⁾(x₀)/k!, k = 0 … count − 1, so that f(x₀ + t) = Σ aₖ tᵏ.
///
/// Each instruction's coefficients follow from its operands' by the recurrences of its
/// operation (a product's Cauchy sum, exp's wₖ = (1/k) Σ j uⱼ wₖ₋ⱼ, sin and cos
/// together, …), every sum and product rounded outward. An operation is taken only where
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

    /// The coefficients for every x₀ in `x`, or `nil` where an instruction is not
    /// analytic over its operands' enclosures (or is not one this knows).
    func coefficients(over x: Interval) -> [Interval]? {
        guard let result = program.result, x.isBounded else { return nil }
        let n = count
        var registers = [[Interval]](repeating: [], count: max(1, program.registerCount))
        // The variable: x₀ + t.
        var variable = [Interval](repeating: Interval(0), count: n)
        variable[0] = x
        if n > 1 { variable[1] = Interval(1) }
        registers[0] = variable
        for (number, instruction) in program.instructions.enumerated() {
            if number & 63 == 63 && Cancellation.isRequested { return nil }
            guard let first = series(instruction.first, registers) else { return nil }
            let second: [Interval]?
            if let operand = instruction.second {
                guard let operandSeries = series(operand, registers) else { return nil }
                second = operandSeries
            } else {
                second = nil
            }
            guard let value = step(instruction.operation, first, second, isConstant: isConstant(instruction.second)),
                value.allSatisfy(\.isBounded)
            else { return nil }
            registers[instruction.destination] = value
        }
        return series(result, registers)
    }

    /// An operand as a series: a register's, or a constant's value then zeros; `nil` for
    /// a register not yet computed or a constant without a bounded value.
    private func series(_ operand: CompiledProgram.Operand, _ registers: [[Interval]]) -> [Interval]? {
        switch operand {
        case .register(let register):
            let series = registers[Int(register)]
            return series.count == count ? series : nil
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

    /// `value`, then zeros.
    private func constantSeries(_ value: Interval) -> [Interval] {
        var series = [Interval](repeating: Interval(0), count: count)
        series[0] = value
        return series
    }

    /// One instruction's coefficients from its operands'; `nil` where it is not analytic
    /// over them (or not known here).
    private func step(
        _ operation: CompiledProgram.Operation, _ u: [Interval], _ v: [Interval]?, isConstant secondIsConstant: Bool
    ) -> [Interval]? {
        let n = count
        switch operation {
        case .unary(let operation):
            return unary(operation, u)
        case .power(let exponent):
            return Self.integerPower(u, Int(exponent))
        case .ternary:
            return nil
        case .binary(let operation):
            guard let v else { return nil }
            switch operation {
            case .addition: return (0..<n).map { Self.sum(u[$0], v[$0]) }
            case .subtraction: return (0..<n).map { Self.sum(u[$0], Self.negated(v[$0])) }
            case .multiplication: return Self.product(u, v)
            case .division:
                guard v[0].lower > 0 || v[0].upper < 0 else { return nil }
                return secondIsConstant ? u.map { Self.divided($0, v[0]) } : Self.quotient(u, v)
            case .power:
                if secondIsConstant, v[0].isPoint, let whole = Int(exactly: v[0].lower), abs(whole) <= 64 {
                    return Self.integerPower(u, whole)
                }
                // u^v = exp(v·ln u), for u above 0.
                guard u[0].lower > 0, let logarithm = unary(.naturalLogarithm, u) else { return nil }
                return unary(.exponential, Self.product(logarithm, v))
            case .minimum, .maximum:
                let firstIsLess: Bool
                if u[0].upper < v[0].lower {
                    firstIsLess = true
                } else if v[0].upper < u[0].lower {
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
    private func unary(_ operation: UnaryOperation, _ u: [Interval]) -> [Interval]? {
        let n = count
        if Self.trigonometric.contains(operation), program.angle != .radians { return nil }
        let u0 = u[0]
        func value(_ operation: UnaryOperation, _ x: Interval) -> Interval? {
            let enclosure = operation.enclosure(over: x)
            guard enclosure.count == 1, enclosure.isTotal, let hull = enclosure.hull, hull.isBounded else { return nil }
            return hull
        }
        var out = [Interval](repeating: Interval(0), count: n)
        switch operation {
        case .negation:
            return u.map(Self.negated)
        case .floor, .ceiling, .round, .truncation, .sign:
            // Constant where the operand stays within one step.
            let enclosure = operation.enclosure(over: u0)
            guard enclosure.count == 1, enclosure.isTotal, enclosure.isContinuous, let hull = enclosure.hull,
                hull.isPoint, hull.isBounded
            else { return nil }
            return constantSeries(hull)
        case .absoluteValue:
            if u0.lower > 0 { return u }
            if u0.upper < 0 { return u.map(Self.negated) }
            return nil
        case .square:
            return Self.product(u, u)
        case .reciprocal:
            guard u0.lower > 0 || u0.upper < 0 else { return nil }
            return Self.quotient(constantSeries(Interval(1)), u)
        case .exponential:
            guard let w0 = value(.exponential, u0) else { return nil }
            out[0] = w0
            let scaled = Self.scaledTerms(u)
            for k in stride(from: 1, to: n, by: 1) {
                var total = Interval(0)
                for j in 1...k { total = Self.sum(total, Self.product(scaled[j], out[k - j])) }
                out[k] = Self.divided(total, Interval(Double(k)))
            }
            return out
        case .naturalLogarithm, .commonLogarithm, .binaryLogarithm:
            guard u0.lower > 0, let w0 = value(.naturalLogarithm, u0) else { return nil }
            out[0] = w0
            for k in stride(from: 1, to: n, by: 1) {
                var total = Interval(0)
                for j in stride(from: 1, to: k, by: 1) {
                    total = Self.sum(total, Self.product(Self.scaled(out[j], j), u[k - j]))
                }
                let term = Self.sum(u[k], Self.negated(Self.divided(total, Interval(Double(k)))))
                out[k] = Self.divided(term, u0)
            }
            guard operation != .naturalLogarithm else { return out }
            // log_b u = ln u / ln b.
            guard let base = value(.naturalLogarithm, Interval(operation == .commonLogarithm ? 10 : 2)),
                let w0 = value(operation, u0)
            else { return nil }
            return [w0] + out.dropFirst().map { Self.divided($0, base) }
        case .sine, .cosine, .tangent, .hyperbolicSine, .hyperbolicCosine, .hyperbolicTangent:
            let isHyperbolic = [.hyperbolicSine, .hyperbolicCosine, .hyperbolicTangent].contains(operation)
            guard let s0 = value(isHyperbolic ? .hyperbolicSine : .sine, u0),
                let c0 = value(isHyperbolic ? .hyperbolicCosine : .cosine, u0)
            else { return nil }
            var sine = out, cosine = out
            sine[0] = s0
            cosine[0] = c0
            let scaled = Self.scaledTerms(u)
            for k in stride(from: 1, to: n, by: 1) {
                var s = Interval(0), c = Interval(0)
                for j in 1...k {
                    let ju = scaled[j]
                    s = Self.sum(s, Self.product(ju, cosine[k - j]))
                    c = Self.sum(c, Self.product(ju, sine[k - j]))
                }
                sine[k] = Self.divided(s, Interval(Double(k)))
                let next = Self.divided(c, Interval(Double(k)))
                cosine[k] = isHyperbolic ? next : Self.negated(next)
            }
            switch operation {
            case .sine, .hyperbolicSine: return sine
            case .cosine, .hyperbolicCosine: return cosine
            default:
                guard c0.lower > 0 || c0.upper < 0 else { return nil }
                return Self.quotient(sine, cosine)
            }
        case .squareRoot, .cubeRoot:
            // u^p by wₖ = (1/(k·u₀)) Σⱼ₌₀ᵏ⁻¹ (p(k−j) − j) uₖ₋ⱼ wⱼ, for u₀ away from 0.
            guard u0.lower > 0 || (operation == .cubeRoot && u0.upper < 0), let w0 = value(operation, u0) else {
                return nil
            }
            out[0] = w0
            if operation == .squareRoot {
                // w² = u: wₖ = (uₖ − Σⱼ₌₁ᵏ⁻¹ wⱼwₖ₋ⱼ)/(2w₀), the sum's pairs taken once.
                let twice = Self.product(w0, Interval(2))
                for k in stride(from: 1, to: n, by: 1) {
                    var total = Interval(0)
                    for j in stride(from: 1, through: (k - 1) / 2, by: 1) {
                        total = Self.sum(total, Self.product(out[j], out[k - j]))
                    }
                    total = Self.product(total, Interval(2))
                    if k % 2 == 0 { total = Self.sum(total, Self.product(out[k / 2], out[k / 2])) }
                    out[k] = Self.divided(Self.sum(u[k], Self.negated(total)), twice)
                }
                return out
            }
            let p = Self.divided(Interval(1), Interval(3))
            for k in stride(from: 1, to: n, by: 1) {
                var total = Interval(0)
                for j in 0..<k {
                    let factor = Self.sum(Self.product(p, Interval(Double(k - j))), Interval(-Double(j)))
                    total = Self.sum(total, Self.product(Self.product(factor, u[k - j]), out[j]))
                }
                out[k] = Self.divided(total, Self.product(Interval(Double(k)), u0))
            }
            return out
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
            guard let w0 = value(operation, u0) else { return nil }
            let square = Self.product(u, u)
            var inner: [Interval]
            switch operation {
            case .arctangent, .inverseHyperbolicSine: inner = square
            case .inverseHyperbolicCosine: inner = square
            default: inner = square.map(Self.negated)
            }
            inner[0] = Self.sum(inner[0], Interval(operation == .inverseHyperbolicCosine ? -1 : 1))
            guard inner[0].lower > 0 else { return nil }
            let takesRoot = ![.arctangent, .inverseHyperbolicTangent].contains(operation)
            guard let denominator = takesRoot ? unary(.squareRoot, inner) : inner else { return nil }
            var derivative = [Interval](repeating: Interval(0), count: n)
            for k in stride(from: 0, to: n - 1, by: 1) { derivative[k] = Self.scaled(u[k + 1], k + 1) }
            let quotient = Self.quotient(derivative, denominator)
            out[0] = w0
            for k in stride(from: 1, to: n, by: 1) {
                let term = Self.divided(quotient[k - 1], Interval(Double(k)))
                out[k] = operation == .arccosine ? Self.negated(term) : term
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

    // MARK: - Series arithmetic, rounded outward

    /// j·uⱼ for each j, as the recurrences of exp, sin and cos take them.
    private static func scaledTerms(_ u: [Interval]) -> [Interval] {
        u.indices.map { scaled(u[$0], $0) }
    }

    /// uᵏ for a whole k, by squaring (negative: the reciprocal, for u₀ away from 0).
    private static func integerPower(_ u: [Interval], _ exponent: Int) -> [Interval]? {
        if exponent < 0, !(u[0].lower > 0 || u[0].upper < 0) { return nil }
        var result = [Interval](repeating: Interval(0), count: u.count)
        result[0] = Interval(1)
        var base = u
        var remaining = exponent.magnitude
        while remaining > 0 {
            if remaining & 1 == 1 { result = product(result, base) }
            remaining >>= 1
            if remaining > 0 { base = product(base, base) }
        }
        guard exponent < 0 else { return result }
        var one = [Interval](repeating: Interval(0), count: u.count)
        one[0] = Interval(1)
        guard result[0].lower > 0 || result[0].upper < 0 else { return nil }
        return quotient(one, result)
    }

    /// The Cauchy product of two series.
    static func product(_ u: [Interval], _ v: [Interval]) -> [Interval] {
        let n = min(u.count, v.count)
        var w = [Interval](repeating: Interval(0), count: n)
        for k in 0..<n {
            var total = Interval(0)
            for j in 0...k { total = sum(total, product(u[j], v[k - j])) }
            w[k] = total
        }
        return w
    }

    /// The quotient of two series, v₀ away from 0: wₖ = (uₖ − Σⱼ₌₁ᵏ vⱼ wₖ₋ⱼ)/v₀.
    static func quotient(_ u: [Interval], _ v: [Interval]) -> [Interval] {
        let n = min(u.count, v.count)
        var w = [Interval](repeating: Interval(0), count: n)
        for k in 0..<n {
            var total = u[k]
            for j in stride(from: 1, through: k, by: 1) { total = sum(total, negated(product(v[j], w[k - j]))) }
            w[k] = divided(total, v[0])
        }
        return w
    }

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

    /// a × j for a small whole j.
    @inline(__always) static func scaled(_ a: Interval, _ j: Int) -> Interval { product(a, Interval(Double(j))) }

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
