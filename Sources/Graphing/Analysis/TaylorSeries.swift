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
                if Self.takesAnAngle(operation) { return program.angle == .radians }
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
    ///
    /// Every series lives in one allocation (on the stack where it fits): the registers
    /// side by side, then the operands' constants, the instruction's result and the
    /// operations' working series.
    private func bounds(over x: Interval) -> Series? {
        guard let result = program.result, x.isBounded else { return nil }
        let registerCount = max(1, program.registerCount)
        let slots = registerCount + Slot.extra
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: slots * 2 * count) { buffer -> Series? in
            guard let base = buffer.baseAddress else { return nil }
            base.initialize(repeating: 0, count: buffer.count)
            return withUnsafeTemporaryAllocation(of: Bool.self, capacity: registerCount) { flags -> Series? in
                guard let computed = flags.baseAddress else { return nil }
                computed.initialize(repeating: false, count: registerCount)
                let space = Workspace(base: base, width: 2 * count, registers: registerCount, computed: computed)
                // The variable: x₀ + t.
                write(constant: x, to: space.register(0))
                if count > 1 { (space.register(0)[2], space.register(0)[3]) = (1, 1) }
                computed[0] = true
                for (number, instruction) in program.instructions.enumerated() {
                    if number & 63 == 63 && Cancellation.isRequested { return nil }
                    guard let first = operand(instruction.first, space, constantSlot: .firstConstant) else {
                        return nil
                    }
                    var second: UnsafeMutablePointer<Double>?
                    if let operand = instruction.second {
                        guard let series = self.operand(operand, space, constantSlot: .secondConstant) else {
                            return nil
                        }
                        second = series
                    }
                    let out = space.scratch(.result)
                    guard
                        step(
                            instruction.operation, first, second, isConstant: isConstant(instruction.second), into: out,
                            space)
                    else { return nil }
                    let destination = Int(instruction.destination)
                    space.register(destination).update(from: out, count: 2 * count)
                    computed[destination] = true
                }
                guard let series = operand(result, space, constantSlot: .firstConstant) else { return nil }
                return Series(UnsafeBufferPointer(start: series, count: 2 * count))
            }
        }
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

    /// A series in the workspace.
    private typealias Pointer = UnsafeMutablePointer<Double>

    /// The working series after the registers.
    private enum Slot: Int, CaseIterable {
        case firstConstant, secondConstant, result, one, two, three, four, five
        /// How many there are.
        static let extra = allCases.count
    }

    /// One computation's series: the registers, then the working ones (``Slot``).
    private struct Workspace {
        let base: Pointer
        /// Doubles a series: 2·count.
        let width: Int
        let registers: Int
        /// Whether each register has been computed.
        let computed: UnsafeMutablePointer<Bool>

        func register(_ number: Int) -> Pointer { base + number * width }
        func scratch(_ slot: Slot) -> Pointer { base + (registers + slot.rawValue) * width }
    }

    /// `value` (bounded), then zeros, written over `series`.
    private func write(constant value: Interval, to series: Pointer) {
        series.update(repeating: 0, count: 2 * count)
        (series[0], series[1]) = (value.lower, value.upper)
    }

    /// The kth coefficient of a series.
    private func coefficient(_ series: UnsafePointer<Double>, _ k: Int) -> Interval {
        Interval(series[2 * k], series[2 * k + 1])
    }

    /// The kth coefficient of a series.
    private func coefficient(_ series: Series, _ k: Int) -> Interval { Interval(series[2 * k], series[2 * k + 1]) }

    /// An operand as a series: a register's, or a constant's value then zeros (written in
    /// `constantSlot`); `nil` for a register not yet computed or a constant without a
    /// bounded value.
    private func operand(_ operand: CompiledProgram.Operand, _ space: Workspace, constantSlot: Slot) -> Pointer? {
        switch operand {
        case .register(let register):
            let number = Int(register)
            guard number < space.registers, space.computed[number] else { return nil }
            return space.register(number)
        case .literal(let number):
            let value = program.literals[Int(number)]
            guard value.isFinite else { return nil }
            write(constant: Interval(value), to: space.scratch(constantSlot))
            return space.scratch(constantSlot)
        case .folded(let number):
            let enclosure = program.folded[Int(number)].enclosure
            guard enclosure.count == 1, enclosure.isTotal, let hull = enclosure.hull, hull.isBounded else { return nil }
            write(constant: hull, to: space.scratch(constantSlot))
            return space.scratch(constantSlot)
        }
    }

    /// Whether an operand is a constant (its series has no terms past the first).
    private func isConstant(_ operand: CompiledProgram.Operand?) -> Bool {
        guard let operand else { return false }
        if case .register = operand { return false }
        return true
    }

    /// One instruction's coefficients from its operands', written to `out` (neither
    /// operand, nor a working slot); false where it is not analytic over them (or not
    /// known here).
    private func step(
        _ operation: CompiledProgram.Operation, _ u: Pointer, _ v: Pointer?, isConstant secondIsConstant: Bool,
        into out: Pointer, _ space: Workspace
    ) -> Bool {
        let n = count
        switch operation {
        case .unary(let operation):
            return unary(operation, u, into: out, space)
        case .power(let exponent):
            return integerPower(u, Int(exponent), into: out, space)
        case .ternary:
            return false
        case .binary(let operation):
            guard let v else { return false }
            let v0 = coefficient(v, 0)
            switch operation {
            case .addition: return gcvm_taylor_sum(u, v, out, n, 0) == 1
            case .subtraction: return gcvm_taylor_sum(u, v, out, n, 1) == 1
            case .multiplication: return gcvm_taylor_product(u, v, out, n) == 1
            case .division:
                guard v0.lower > 0 || v0.upper < 0 else { return false }
                return secondIsConstant
                    ? gcvm_taylor_divide(u, v0.lower, v0.upper, out, n) == 1 : gcvm_taylor_quotient(u, v, out, n) == 1
            case .power:
                if secondIsConstant, v0.isPoint, let whole = Int(exactly: v0.lower), abs(whole) <= 64 {
                    return integerPower(u, whole, into: out, space)
                }
                // u^v = exp(v·ln u), for u above 0.
                let logarithm = space.scratch(.one), exponent = space.scratch(.two)
                return coefficient(u, 0).lower > 0 && unary(.naturalLogarithm, u, into: logarithm, space)
                    && gcvm_taylor_product(logarithm, v, exponent, n) == 1
                    && unary(.exponential, exponent, into: out, space)
            case .minimum, .maximum:
                let u0 = coefficient(u, 0)
                let firstIsLess: Bool
                if u0.upper < v0.lower {
                    firstIsLess = true
                } else if v0.upper < u0.lower {
                    firstIsLess = false
                } else {
                    return false
                }
                out.update(from: (operation == .minimum) == firstIsLess ? u : v, count: 2 * n)
                return true
            default:
                return false
            }
        }
    }

    /// A unary operation's coefficients from its operand's, written to `out` (not `u`);
    /// false where it is not analytic over it. Uses the working slots one to four.
    private func unary(_ operation: UnaryOperation, _ u: Pointer, into out: Pointer, _ space: Workspace) -> Bool {
        let n = count
        if Self.takesAnAngle(operation), program.angle != .radians { return false }
        let u0 = coefficient(u, 0)
        switch operation {
        case .negation:
            negate(u, into: out)
            return true
        case .floor, .ceiling, .round, .truncation, .sign:
            // Constant where the operand stays within one step.
            let enclosure = operation.enclosure(over: u0)
            guard enclosure.count == 1, enclosure.isTotal, enclosure.isContinuous, let hull = enclosure.hull,
                hull.isPoint, hull.isBounded
            else { return false }
            write(constant: hull, to: out)
            return true
        case .absoluteValue:
            if u0.lower > 0 {
                out.update(from: u, count: 2 * n)
                return true
            }
            if u0.upper < 0 {
                negate(u, into: out)
                return true
            }
            return false
        case .square:
            return gcvm_taylor_product(u, u, out, n) == 1
        case .reciprocal:
            guard u0.lower > 0 || u0.upper < 0 else { return false }
            let one = space.scratch(.one)
            write(constant: Interval(1), to: one)
            return gcvm_taylor_quotient(one, u, out, n) == 1
        case .exponential:
            guard let w0 = Self.value(.exponential, u0) else { return false }
            return gcvm_taylor_exp(u, w0.lower, w0.upper, out, n) == 1
        case .naturalLogarithm, .commonLogarithm, .binaryLogarithm:
            guard u0.lower > 0, let w0 = Self.value(.naturalLogarithm, u0),
                gcvm_taylor_log(u, w0.lower, w0.upper, out, n) == 1
            else { return false }
            guard operation != .naturalLogarithm else { return true }
            // log_b u = ln u / ln b.
            guard let base = Self.value(.naturalLogarithm, Interval(operation == .commonLogarithm ? 10 : 2)),
                let w0 = Self.value(operation, u0), gcvm_taylor_divide(out, base.lower, base.upper, out, n) == 1
            else { return false }
            (out[0], out[1]) = (w0.lower, w0.upper)
            return true
        case .sine, .cosine, .tangent, .hyperbolicSine, .hyperbolicCosine, .hyperbolicTangent:
            let isHyperbolic = [.hyperbolicSine, .hyperbolicCosine, .hyperbolicTangent].contains(operation)
            guard let s0 = Self.value(isHyperbolic ? .hyperbolicSine : .sine, u0),
                let c0 = Self.value(isHyperbolic ? .hyperbolicCosine : .cosine, u0)
            else { return false }
            let sine = space.scratch(.one), cosine = space.scratch(.two)
            guard
                gcvm_taylor_sine_cosine(
                    u, [s0.lower, s0.upper], [c0.lower, c0.upper], sine, cosine, n, isHyperbolic ? 1 : 0) == 1
            else { return false }
            switch operation {
            case .sine, .hyperbolicSine: out.update(from: sine, count: 2 * n)
            case .cosine, .hyperbolicCosine: out.update(from: cosine, count: 2 * n)
            default:
                guard c0.lower > 0 || c0.upper < 0 else { return false }
                return gcvm_taylor_quotient(sine, cosine, out, n) == 1
            }
            return true
        case .squareRoot, .cubeRoot:
            // u^p by the recurrences of w² = u and w³ = u, for u₀ away from 0.
            guard u0.lower > 0 || (operation == .cubeRoot && u0.upper < 0), let w0 = Self.value(operation, u0) else {
                return false
            }
            return operation == .squareRoot
                ? gcvm_taylor_square_root(u, w0.lower, w0.upper, out, n) == 1
                : gcvm_taylor_cube_root(u, w0.lower, w0.upper, out, n) == 1
        case .arctangent, .arcsine, .arccosine, .inverseHyperbolicSine, .inverseHyperbolicCosine,
            .inverseHyperbolicTangent:
            return inverse(operation, u, into: out, space)
        default:
            return false
        }
    }

    /// The inverse trigonometric and hyperbolic functions, by w′ = u′·g(u), g = 1/(1 + u²),
    /// 1/√(1 − u²), −1/√(1 − u²), 1/√(1 + u²), 1/√(u² − 1), 1/(1 − u²).
    private func inverse(_ operation: UnaryOperation, _ u: Pointer, into out: Pointer, _ space: Workspace) -> Bool {
        let n = count
        let u0 = coefficient(u, 0)
        switch operation {
        case .arcsine, .arccosine, .inverseHyperbolicTangent:
            guard u0.lower > -1, u0.upper < 1 else { return false }
        case .inverseHyperbolicCosine:
            guard u0.lower > 1 else { return false }
        default: break
        }
        let square = space.scratch(.one), inner = space.scratch(.two), other = space.scratch(.three)
        let root = space.scratch(.four)
        guard let w0 = Self.value(operation, u0), gcvm_taylor_product(u, u, square, n) == 1 else { return false }
        // 1 + u², 1 − u² or u² − 1.
        write(constant: Interval(operation == .inverseHyperbolicCosine ? -1 : 1), to: other)
        let adds = [.arctangent, .inverseHyperbolicSine, .inverseHyperbolicCosine].contains(operation)
        guard
            (adds ? gcvm_taylor_sum(square, other, inner, n, 0) : gcvm_taylor_sum(other, square, inner, n, 1)) == 1,
            inner[0] > 0
        else { return false }
        let takesRoot = ![.arctangent, .inverseHyperbolicTangent].contains(operation)
        if takesRoot, !unary(.squareRoot, inner, into: root, space) { return false }
        // u′, whose kth coefficient is (k + 1)·uₖ₊₁; then u′·g.
        guard gcvm_taylor_scale_terms(u, square, n) == 1 else { return false }
        other.update(from: square + 2, count: 2 * (n - 1))
        (other[2 * n - 2], other[2 * n - 1]) = (0, 0)
        guard gcvm_taylor_quotient(other, takesRoot ? root : inner, square, n) == 1 else { return false }
        // wₖ = (u′·g)ₖ₋₁/k.
        (out[0], out[1]) = (w0.lower, w0.upper)
        for k in stride(from: 1, to: n, by: 1) {
            let term = IntervalArithmetic.quotient(coefficient(square, k - 1), Interval(Double(k)))
            guard term.isBounded else { return false }
            (out[2 * k], out[2 * k + 1]) =
                operation == .arccosine ? (-term.upper, -term.lower) : (term.lower, term.upper)
        }
        return true
    }

    /// The enclosure of `operation` over `x` where it is one bounded interval with a value
    /// throughout: a series' first coefficient.
    private static func value(_ operation: UnaryOperation, _ x: Interval) -> Interval? {
        let enclosure = operation.enclosure(over: x)
        guard enclosure.count == 1, enclosure.isTotal, let hull = enclosure.hull, hull.isBounded else { return nil }
        return hull
    }

    /// Whether the operation's argument (or result) is an angle.
    private static func takesAnAngle(_ operation: UnaryOperation) -> Bool {
        switch operation {
        case .sine, .cosine, .tangent, .arcsine, .arccosine, .arctangent: return true
        default: return false
        }
    }

    /// −u, written to `out` (which may be `u`).
    private func negate(_ u: Pointer, into out: Pointer) {
        for k in 0..<count { (out[2 * k], out[2 * k + 1]) = (-u[2 * k + 1], -u[2 * k]) }
    }

    /// uᵏ for a whole k, by squaring (negative: the reciprocal, for u₀ away from 0),
    /// written to `out`. Uses the working slots one to five.
    private func integerPower(_ u: Pointer, _ exponent: Int, into out: Pointer, _ space: Workspace) -> Bool {
        let n = count
        let u0 = coefficient(u, 0)
        if exponent < 0, !(u0.lower > 0 || u0.upper < 0) { return false }
        let pool = [space.scratch(.one), space.scratch(.two), space.scratch(.three), space.scratch(.four)]
        var result: Pointer?
        var base = u
        var remaining = exponent.magnitude
        // A working series that is neither the base nor the result so far.
        func free() -> Pointer { pool.first { $0 != base && $0 != result } ?? pool[0] }
        while remaining > 0 {
            if remaining & 1 == 1 {
                // The first factor is the result so far (no product with 1).
                if let current = result {
                    let target = free()
                    guard gcvm_taylor_product(current, base, target, n) == 1 else { return false }
                    result = target
                } else {
                    result = base
                }
            }
            remaining >>= 1
            if remaining > 0 {
                let target = free()
                guard gcvm_taylor_product(base, base, target, n) == 1 else { return false }
                base = target
            }
        }
        guard let result else {
            write(constant: Interval(1), to: out)
            return true
        }
        guard exponent < 0 else {
            out.update(from: result, count: 2 * n)
            return true
        }
        let one = space.scratch(.five)
        write(constant: Interval(1), to: one)
        return gcvm_taylor_quotient(one, result, out, n) == 1
    }
}
