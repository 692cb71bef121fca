import CalculatorBrain
import Synchronization

/// Enclosures of a program tightened against the dependency problem: interval arithmetic
/// takes the two x in `x/x`, `x−x` or `(x+1)²−x²−2x` for independent, so plain
/// enclosures are too wide by about the stretch's width however narrow it is. Where the
/// variable appears more than once, each enclosure is intersected with sharper ones that
/// hold for the real function:
///
/// - **Monotonicity**: where f is continuous and f′'s enclosure excludes 0, f's values
///   lie between its values at the ends.
/// - **Centred (mean-value) forms**: f(c) + f′(X)(X − c), and the second-order
///   f(c) + f′(c)(X − c) + f″(X)(X − c)²/2 — about the square of the width too wide, and
///   exact where f′ or f″ is 0 (`x−x`, `(x+1)²−x²−2x`).
/// - **Removable holes** (`sin(x)/x`, `(x²−4)/(x−2)`, `|x|/x` at 0): for a quotient u/v
///   whose parts are both exactly 0 at a double p, Cauchy's mean-value theorem puts
///   u(x)/v(x) among u′(ξ)/v′(ξ) for ξ between p and x, on each side of p.
///
/// The derivatives are symbolic. On a stretch where the argument of `abs` or `sign` keeps
/// one sign, they are taken of the program with that key replaced by what it is there
/// (`|x|` by −x for x ≤ 0), so `|x|/x` is −1 there exactly; specialised derivatives are
/// made as sign patterns are met.
///
/// Every form holds only where its conditions are shown (f total and continuous, the
/// derivatives' enclosures total and bounded), so the result is as guaranteed as the
/// plain enclosure, and never wider.
final class CentredForm: Sendable {
    /// Programs of at most this many ops get centred forms.
    static let maximumOps = 2_048
    /// At most this many `abs` and `sign` keys are specialised (3ᵏ patterns).
    static let maximumSignKeys = 4

    private let expression: Program
    /// How much wider than the values seen at a stretch's ends and middle its plain
    /// enclosure may be before it is tightened.
    private let looseness: Double
    private let variable: String
    private let values: [String: Double]
    private let accuracy: CompiledProgram.Accuracy
    private let angle: AngleUnit
    /// The function itself, for values at points.
    private let function: CompiledProgram
    /// The spans of the `abs` and `sign` arguments, with their compiled programs.
    private let signKeys: [(op: Int, argument: Range<Int>, compiled: CompiledProgram)]
    /// The program's first derivatives where its caller has them already (an analysis
    /// builds them too), with their compiled programs: taken, not built again.
    private let known: (programs: [Program], compiled: [CompiledProgram])
    /// Derivatives per sign pattern (0: as written; 1: argument ≥ 0; 2: argument ≤ 0).
    private let specialised = Mutex<[[UInt8]: Specialisation?]>([:])

    /// What one sign pattern gives: the derivatives of the program as it is there.
    private struct Specialisation: Sendable {
        var slope: CompiledProgram
        var bending: CompiledProgram?
        /// For a quotient u/v: u, v, u′ and v′, and u″ and v″ where they exist.
        typealias Quotient = (
            numerator: CompiledProgram, denominator: CompiledProgram, numeratorSlope: CompiledProgram,
            denominatorSlope: CompiledProgram, bendings: (numerator: CompiledProgram, denominator: CompiledProgram)?
        )
        var quotient: Quotient?
        /// What one enclosure costs, in compiled instructions.
        var cost: Int
    }

    /// A centred form for `program`'s last expression along `variable`, or `nil` where
    /// plain enclosures are already as tight as interval arithmetic allows (the variable
    /// appears once), the program is long, or it has no derivative. `known` holds the
    /// program's first derivatives in order where the caller has built them (compiled as
    /// this would: the same variable, values, accuracy and angle).
    init?(
        program: Program, variable: String, values: [String: Double], accuracy: CompiledProgram.Accuracy,
        angle: AngleUnit, function: CompiledProgram, looseness: Double,
        known: (programs: [Program], compiled: [CompiledProgram]) = ([], [])
    ) {
        self.looseness = looseness
        guard let span = program.expressionSpans.last, span.isComplete, span.ops.count <= Self.maximumOps else {
            return nil
        }
        let expression = Program(Array(program.ops[span.ops]))
        guard expression.ops.count(where: { $0 == .variable(variable) }) >= 2 else { return nil }
        self.expression = expression
        // Only a program of one expression has the derivatives of this one alone.
        self.known = expression.ops.count == program.ops.count ? known : ([], [])
        self.variable = variable
        self.values = values
        self.accuracy = accuracy
        self.angle = angle
        self.function = function
        var keys: [(op: Int, argument: Range<Int>, compiled: CompiledProgram)] = []
        let starts = Self.subexpressionStarts(expression.ops)
        for (index, op) in expression.ops.enumerated() {
            guard op == .unary(.absoluteValue) || op == .unary(.sign), keys.count < Self.maximumSignKeys else {
                continue
            }
            let argument = starts[index - 1]..<index
            guard
                let compiled = try? CompiledProgram(
                    program: Program(Array(expression.ops[argument])), variable: variable, values: values,
                    accuracy: accuracy, angle: angle)
            else { return nil }
            keys.append((index, argument, compiled))
        }
        signKeys = keys
        // Derivatives many times longer than the function (they can grow fast) would cost
        // every enclosure more than the tightening saves.
        guard let plain = specialisation(for: Array(repeating: 0, count: keys.count)),
            plain.cost <= 12 * function.instructions.count + 64
        else { return nil }
    }

    /// For each op, where the subexpression ending with it starts.
    private static func subexpressionStarts(_ ops: some Collection<Op>) -> [Int] {
        var starts: [Int] = []
        var stack: [Int] = []
        for (index, op) in ops.enumerated() {
            var start = index
            for _ in 0..<op.arity { start = stack.popLast() ?? start }
            stack.append(start)
            starts.append(start)
        }
        return starts
    }

    /// What an enclosure costs beyond the plain one, in compiled instructions.
    var cost: Int {
        specialised.withLock { $0[Array(repeating: 0, count: signKeys.count)]??.cost } ?? 0
    }

    // MARK: - Specialisations

    /// The program with each sign key replaced as `pattern` says.
    private func specialisedProgram(_ pattern: [UInt8]) -> Program {
        guard pattern.contains(where: { $0 != 0 }) else { return expression }
        var ops: [Op] = []
        // Where each value on the stack starts among the ops written.
        var starts: [Int] = []
        for (index, op) in expression.ops.enumerated() {
            var start = ops.count
            for _ in 0..<op.arity { start = starts.popLast() ?? start }
            defer { starts.append(start) }
            guard let key = signKeys.firstIndex(where: { $0.op == index }), pattern[key] != 0 else {
                ops.append(op)
                continue
            }
            let isNonnegative = pattern[key] == 1
            if op == .unary(.absoluteValue) {
                // |u| is u where u ≥ 0 and −u where u ≤ 0.
                if !isNonnegative { ops.append(.unary(.negation)) }
            } else {
                // sign(u) is 1 where u > 0 and −1 where u < 0 (the pattern is strict for sign).
                ops.removeSubrange(start...)
                ops.append(.operand(isNonnegative ? 1 : -1))
            }
        }
        return Program(ops)
    }

    private func specialisation(for pattern: [UInt8]) -> Specialisation? {
        if let known = specialised.withLock({ $0[pattern] }) { return known }
        let made = makeSpecialisation(pattern)
        specialised.withLock { $0[pattern] = made }
        return made
    }

    private func makeSpecialisation(_ pattern: [UInt8]) -> Specialisation? {
        let program = specialisedProgram(pattern)
        func compile(_ program: Program) -> CompiledProgram? {
            try? CompiledProgram(program: program, variable: variable, values: values, accuracy: accuracy, angle: angle)
        }
        // As written, the derivatives the caller has are taken as they are.
        let isAsWritten = !pattern.contains { $0 != 0 }
        let known: (programs: [Program], compiled: [CompiledProgram]) = isAsWritten ? self.known : ([], [])
        let derivatives = program.derivatives(upTo: 2, withRespectTo: variable, angle: angle, after: known.programs)
        func compiled(_ index: Int) -> CompiledProgram? {
            index < known.compiled.count ? known.compiled[index] : compile(derivatives[index])
        }
        guard !derivatives.isEmpty, let slope = compiled(0) else { return nil }
        let bending = derivatives.count > 1 ? compiled(1) : nil
        var cost = slope.instructions.count + (bending?.instructions.count ?? 0)
        var quotient: Specialisation.Quotient?
        if program.ops.last == .binary(.division) {
            let starts = Self.subexpressionStarts(program.ops)
            let split = starts[program.ops.count - 2]
            let numerator = Program(Array(program.ops[..<split]))
            let denominator = Program(Array(program.ops[split..<(program.ops.count - 1)]))
            let numeratorDerivatives = numerator.derivatives(upTo: 2, withRespectTo: variable, angle: angle)
            let denominatorDerivatives = denominator.derivatives(upTo: 2, withRespectTo: variable, angle: angle)
            if let u = compile(numerator), let v = compile(denominator),
                let du = numeratorDerivatives.first, let dv = denominatorDerivatives.first,
                let uSlope = compile(du), let vSlope = compile(dv)
            {
                var bendings: (numerator: CompiledProgram, denominator: CompiledProgram)?
                if numeratorDerivatives.count == 2, denominatorDerivatives.count == 2,
                    let uBending = compile(numeratorDerivatives[1]), let vBending = compile(denominatorDerivatives[1])
                {
                    bendings = (uBending, vBending)
                }
                quotient = (u, v, uSlope, vSlope, bendings)
                cost +=
                    u.instructions.count + v.instructions.count + uSlope.instructions.count
                    + vSlope.instructions.count
            }
        }
        return Specialisation(slope: slope, bending: bending, quotient: quotient, cost: max(1, cost))
    }

    /// The sign pattern of the keys' arguments over each interval.
    private func patterns(over intervals: [Interval]) -> [[UInt8]] {
        var patterns = Array(repeating: [UInt8](repeating: 0, count: signKeys.count), count: intervals.count)
        for (key, signKey) in signKeys.enumerated() {
            let enclosures = signKey.compiled.enclosures(over: intervals)
            for (index, enclosure) in enclosures.enumerated() {
                guard enclosure.isTotal, let hull = enclosure.hull else { continue }
                let isSign = expression.ops[signKey.op] == .unary(.sign)
                if isSign ? hull.lower > 0 : hull.lower >= 0 {
                    patterns[index][key] = 1
                } else if isSign ? hull.upper < 0 : hull.upper <= 0 {
                    patterns[index][key] = 2
                }
            }
        }
        return patterns
    }

    // MARK: - Tightening

    /// `plain`, each tightened where a sharper form holds over its interval — where it is
    /// loose: wider than ``looseness`` times the spread of the values at the interval's
    /// ends and middle (cheap point evaluations), or not total. Where interval arithmetic
    /// is already about as tight as the values, the forms would cost more than they give.
    func tightened(_ plain: [Enclosure], over intervals: [Interval]) -> [Enclosure] {
        var result = plain
        let candidates = intervals.indices.filter { index in
            intervals[index].isBounded && !intervals[index].isPoint && !plain[index].isEmpty
        }
        guard !candidates.isEmpty else { return plain }
        let probes = function.values(
            at: candidates.flatMap { [intervals[$0].lower, intervals[$0].midpoint, intervals[$0].upper] })
        var loose: [Int] = []
        for (position, index) in candidates.enumerated() {
            let values = probes[(3 * position)..<(3 * position + 3)]
            guard plain[index].isTotal, let hull = plain[index].hull, values.allSatisfy(\.isFinite),
                let low = values.min(), let high = values.max()
            else {
                loose.append(index)
                continue
            }
            let slack = 1e-12 * max(abs(low), abs(high))
            if hull.upper - hull.lower > looseness * (high - low) + slack { loose.append(index) }
        }
        guard !loose.isEmpty else { return plain }
        let patterns = self.patterns(over: loose.map { intervals[$0] })
        var groups: [[UInt8]: [Int]] = [:]
        for (position, index) in loose.enumerated() { groups[patterns[position], default: []].append(index) }
        for (pattern, indices) in groups {
            guard let specialisation = specialisation(for: pattern) else { continue }
            let tight = tightened(indices.map { plain[$0] }, over: indices.map { intervals[$0] }, specialisation)
            for (index, enclosure) in zip(indices, tight) { result[index] = enclosure }
        }
        return result
    }

    private func tightened(
        _ plain: [Enclosure], over intervals: [Interval], _ specialisation: Specialisation
    ) -> [Enclosure] {
        var result = plain
        // Centred forms where f is continuous and defined throughout.
        let smooth = intervals.indices.filter { plain[$0].isTotal && plain[$0].isContinuous && plain[$0].count == 1 }
        if !smooth.isEmpty {
            let stretches = smooth.map { intervals[$0] }
            let centres = stretches.map { Interval($0.midpoint) }
            let slopes = specialisation.slope.enclosures(over: stretches)
            let ends = function.enclosures(
                over: centres + stretches.map { Interval($0.lower) } + stretches.map { Interval($0.upper) })
            let slopesAtCentre = specialisation.bending == nil ? [] : specialisation.slope.enclosures(over: centres)
            let bendings = specialisation.bending?.enclosures(over: stretches) ?? []
            let count = stretches.count
            for (position, index) in smooth.enumerated() {
                guard var hull = result[index].hull else { continue }
                let x = stretches[position]
                let atCentre = ends[position], atLower = ends[count + position], atUpper = ends[2 * count + position]
                let slope = slopes[position]
                guard let fc = atCentre.hull, atCentre.isTotal, slope.isTotal, slope.count == 1, let d = slope.hull,
                    d.isBounded
                else { continue }
                let offset = Self.offset(x, from: x.midpoint)
                if !d.contains(0), let low = atLower.hull, let high = atUpper.hull, atLower.isTotal, atUpper.isTotal {
                    hull = Self.intersect(hull, low.hull(high))
                }
                if let change = BinaryOperation.multiplication.enclosure(over: d, offset).hull,
                    let form = BinaryOperation.addition.enclosure(over: fc, change).hull
                {
                    hull = Self.intersect(hull, form)
                }
                if !bendings.isEmpty, slope.isContinuous, let dc = slopesAtCentre[position].hull,
                    slopesAtCentre[position].isTotal, bendings[position].isTotal, bendings[position].count == 1,
                    let s = bendings[position].hull, s.isBounded,
                    let linear = BinaryOperation.multiplication.enclosure(over: dc, offset).hull,
                    let square = UnaryOperation.square.enclosure(over: offset).hull,
                    let curve = BinaryOperation.multiplication.enclosure(over: s, square).hull,
                    let half = BinaryOperation.multiplication.enclosure(over: curve, Interval(0.5)).hull,
                    let sum = BinaryOperation.addition.enclosure(over: fc, linear).hull,
                    let form = BinaryOperation.addition.enclosure(over: sum, half).hull
                {
                    hull = Self.intersect(hull, form)
                }
                var tightened = Enclosure(hull)
                tightened.isTotal = result[index].isTotal
                tightened.isContinuous = result[index].isContinuous
                result[index] = tightened
            }
        }
        if let quotient = specialisation.quotient {
            for index in intervals.indices {
                if let hole = removableHole(near: intervals[index], quotient) {
                    result[index] = cauchy(result[index], over: intervals[index], hole: hole, quotient)
                }
            }
        }
        return result
    }

    /// X − c, rounded outward.
    private static func offset(_ x: Interval, from c: Double) -> Interval {
        BinaryOperation.subtraction.enclosure(over: x, Interval(c)).hull ?? .entire
    }

    /// The part of `a` in `b`, or `a` where they do not meet (which a sound form cannot
    /// give; kept as it was rather than emptied).
    private static func intersect(_ a: Interval, _ b: Interval) -> Interval {
        a.intersection(b) ?? a
    }

    // MARK: - Removable holes

    /// A double p near `x` (the simplest within 1, 2, 4 or 8 of its widths of it) at
    /// which the quotient's numerator and denominator are both exactly 0.
    private func removableHole(
        near x: Interval, _ quotient: Specialisation.Quotient
    ) -> Double? {
        let width = x.width
        var candidates: [Double] = []
        for reach in [1.0, 2, 4, 8] {
            let lower = x.lower - reach * width, upper = x.upper + reach * width
            guard lower.isFinite, upper.isFinite, let p = PathSampler.simplest(in: lower, upper) else { break }
            if !candidates.contains(p) { candidates.append(p) }
        }
        let points = candidates.map { Interval($0) }
        let u = quotient.numerator.enclosures(over: points), v = quotient.denominator.enclosures(over: points)
        for (index, p) in candidates.enumerated() {
            if u[index].isTotal, v[index].isTotal, u[index].pieces == [Interval(0)], v[index].pieces == [Interval(0)] {
                return p
            }
        }
        return nil
    }

    /// The enclosure over `x` of u/v, which has a hole at p: on each side of p, the
    /// values u′/v′ takes between p and that side's far end (Cauchy's mean-value theorem,
    /// where u and v are continuous from p to there and v′ is never 0 there).
    private func cauchy(
        _ plain: Enclosure, over x: Interval, hole p: Double, _ quotient: Specialisation.Quotient
    ) -> Enclosure {
        var sides: [(side: Interval, towards: Interval)] = []
        if x.lower < p { sides.append((Interval(x.lower, min(x.upper, p.nextDown)), Interval(x.lower, p))) }
        if x.upper > p { sides.append((Interval(max(x.lower, p.nextUp), x.upper), Interval(p, x.upper))) }
        var pieces: [Interval] = []
        for (side, towards) in sides {
            // The side's own sign pattern: |x| beside 0 is x or −x there.
            let pattern = patterns(over: [towards])[0]
            let parts = pattern.contains(where: { $0 != 0 }) ? specialisation(for: pattern)?.quotient : quotient
            guard let parts else { return plain }
            let reach = [towards]
            let u = parts.numerator.enclosures(over: reach)[0], v = parts.denominator.enclosures(over: reach)[0]
            let du = parts.numeratorSlope.enclosures(over: reach)[0]
            let dv = parts.denominatorSlope.enclosures(over: reach)[0]
            guard u.isTotal, u.isContinuous, v.isTotal, v.isContinuous, du.isTotal, dv.isTotal, dv.count == 1,
                let slope = dv.hull, !slope.contains(0),
                var ratio = BinaryOperation.division.enclosure(of: du, dv).hull, ratio.isBounded
            else { return plain }
            // Second order: u(x) = u′(p)(x−p) + u″(ξ)(x−p)²/2, and v likewise, so u/v is
            // (u′(p) + u″(H)(X−p)/2) / (v′(p) + v″(H)(X−p)/2), H from p to the side's end
            // (Taylor's remainder needs u′ and v′ continuous there).
            if du.isContinuous, dv.isContinuous, let bendings = parts.bendings,
                let second = Self.secondOrderRatio(
                    side: side, towards: towards, hole: p, parts.numeratorSlope, parts.denominatorSlope, bendings)
            {
                ratio = Self.intersect(ratio, second)
            }
            let own = side == x ? plain : plainEnclosure(over: side)
            for piece in own.pieces {
                if let kept = piece.intersection(ratio) { pieces.append(kept) }
            }
        }
        guard !pieces.isEmpty else { return plain }
        // Beside the hole: the side's values, continuous as they were.
        guard x.contains(p) else {
            guard let hull = pieces.first?.hull(pieces[pieces.count - 1]) else { return plain }
            return Enclosure(hull, isTotal: plain.isTotal, isContinuous: plain.isContinuous)
        }
        // Across it: each side's values, with the hole, where u/v has none.
        return Enclosure(union: pieces, isTotal: false, isContinuous: false)
    }

    /// (u′(p) + u″(H)(S−p)/2) / (v′(p) + v″(H)(S−p)/2), or `nil` where a part has no
    /// bounded enclosure or the denominator may be 0.
    private static func secondOrderRatio(
        side: Interval, towards: Interval, hole p: Double, _ uSlope: CompiledProgram, _ vSlope: CompiledProgram,
        _ bendings: (numerator: CompiledProgram, denominator: CompiledProgram)
    ) -> Interval? {
        let point = [Interval(p)], reach = [towards]
        let du = uSlope.enclosures(over: point)[0], dv = vSlope.enclosures(over: point)[0]
        let ddu = bendings.numerator.enclosures(over: reach)[0], ddv = bendings.denominator.enclosures(over: reach)[0]
        guard du.isTotal, dv.isTotal, ddu.isTotal, ddv.isTotal, let a = du.hull, let b = dv.hull, let c = ddu.hull,
            let d = ddv.hull, c.isBounded, d.isBounded,
            let half = BinaryOperation.multiplication.enclosure(over: offset(side, from: p), Interval(0.5)).hull,
            let top = BinaryOperation.multiplication.enclosure(over: c, half).hull,
            let bottom = BinaryOperation.multiplication.enclosure(over: d, half).hull,
            let numerator = BinaryOperation.addition.enclosure(over: a, top).hull,
            let denominator = BinaryOperation.addition.enclosure(over: b, bottom).hull,
            !denominator.contains(0),
            let ratio = BinaryOperation.division.enclosure(over: numerator, denominator).hull, ratio.isBounded
        else { return nil }
        return ratio
    }

    /// The plain enclosure of the function over one interval.
    private func plainEnclosure(over x: Interval) -> Enclosure {
        function.enclosures(over: [x])[0]
    }
}
