/// The symbolic derivative of a program, built as a graph of shared nodes and written
/// out as ops, simplified as it is built: `0×u` and `u×1` vanish, `u^1` is u, constants
/// fold (`2×3` is 6) and come first (`2×cos(2×x)`), `−(−u)` is u, `u×(−1)` and `u×(−v)`
/// are negations, `u+(−v)` is u−v; like terms of a short sum combine (`2×x^2−x^2` is
/// `x^2`, `x−1−(x+1)` is −2), `u×u` is `u^2`, a constant factor cancels (`2×x÷(2×w)` is
/// `x÷w`) and so does a power (`2×x÷x^2` is `2÷x`, where both need x ≠ 0).
///
/// `u÷u` stays where it marks a hole: `x÷x` has no value at 0, and its derivative reads
/// `0÷x^2`, not 0. It is 1 where the rest of the derivative has no value at u = 0 either:
/// beside `ln(u)` (d/dx x·ln(x) is `ln(x)+1`, not `ln(x)+x÷x`). Work and memory are
/// linear in the nodes made; the ops written out may grow faster (a product's factors
/// appear in both terms), up to ``maximumCount``. Nothing recurses deeper than a short
/// sum, so programs of any depth are handled.
///
/// Where the derivative does not exist, its evaluation says why: `abs` and `√` at 0 give
/// a division by zero (`d|u| = du·u/|u|`, `d√u = du/(2√u)`). The steps `floor`, `ceil`,
/// `round`, `trunc`, `sign`, comparisons and `and`/`or`/`not` have derivative 0 between
/// their jumps; `if(c, a, b)`'s is `if(c, a′, b′)`. Γ′ is Γ·ψ, and u!'s
/// is u!·ψ(u+1) (the slope of Γ(u+1), taken where u! has a value). Angles are in the
/// unit given: in degrees `sin(x)`'s derivative is `π/180 × cos(x)`.
struct Derivative {
    /// The most ops a derivative may have.
    static let maximumCount = 1 << 22

    /// A node: an op whose operands are earlier nodes.
    private struct Node: Hashable {
        let op: Op
        let operands: [Int]
    }

    private var nodes: [Node] = []
    private var index: [Node: Int] = [:]
    /// π / half a turn: what d/dx sin(x) gains in degrees (π/180) or gradians.
    private var turnFactor = 1.0

    /// The derivative of every expression of `program` with respect to `variable`.
    static func of(
        _ program: Program, withRespectTo variable: String, angle: AngleUnit = .radians
    ) throws(DerivativeError) -> Program {
        var builder = Derivative()
        builder.turnFactor = angle == .radians ? 1 : Double.pi / angle.halfTurn
        // The program's own nodes, and each one's derivative, in postfix order.
        var values: [Int] = [], slopes: [Int] = []
        for op in program.ops {
            switch op.arity {
            case 0:
                values.append(builder.node(op))
                let isVariable = op == .variable(variable)
                slopes.append(builder.constant(isVariable ? 1 : 0))
            case 1:
                guard let u = values.popLast(), let du = slopes.popLast(), case .unary(let operation) = op else {
                    throw .incomplete
                }
                values.append(builder.unary(operation, u))
                slopes.append(try builder.derivative(of: operation, u, du))
            case 2:
                guard let v = values.popLast(), let dv = slopes.popLast(), let u = values.popLast(),
                    let du = slopes.popLast(), case .binary(let operation) = op
                else { throw .incomplete }
                values.append(builder.binary(operation, u, v))
                slopes.append(try builder.derivative(of: operation, u, du, v, dv))
            default:
                guard let b = values.popLast(), let db = slopes.popLast(), let a = values.popLast(),
                    let da = slopes.popLast(), let c = values.popLast(), slopes.popLast() != nil,
                    case .ternary(let operation) = op
                else { throw .incomplete }
                values.append(builder.node(.ternary(operation), [c, a, b]))
                // The slope of the branch taken: if(c, a′, b′), constant c between its jumps.
                slopes.append(da == db ? da : builder.node(.ternary(operation), [c, da, db]))
            }
        }
        return try builder.program(roots: slopes)
    }

    // MARK: - Nodes, simplified as they are made

    private mutating func node(_ op: Op, _ operands: [Int] = []) -> Int {
        let node = Node(op: op, operands: operands)
        if let existing = index[node] { return existing }
        nodes.append(node)
        index[node] = nodes.count - 1
        return nodes.count - 1
    }

    private mutating func constant(_ value: Double) -> Int { node(.operand(value)) }

    /// The node's value when it is a number.
    private func value(_ node: Int) -> Double? {
        if case .operand(let value) = nodes[node].op { return value }
        return nil
    }

    private func isZero(_ node: Int) -> Bool { value(node) == 0 }
    private func isNegation(_ node: Int) -> Bool { nodes[node].op == .unary(.negation) }
    private func isOne(_ node: Int) -> Bool { value(node) == 1 }

    /// The operands of a node made by `operation`, or nil for any other node.
    private func operands(_ node: Int, of operation: BinaryOperation) -> (Int, Int)? {
        guard nodes[node].op == .binary(operation) else { return nil }
        return (nodes[node].operands[0], nodes[node].operands[1])
    }

    /// The constant factor and the rest of `c×w`, or nil.
    private func scaled(_ node: Int) -> (factor: Double, rest: Int)? {
        guard let (c, w) = operands(node, of: .multiplication), let factor = value(c) else { return nil }
        return (factor, w)
    }

    /// The number a term starts with as written: c of `c×w` or `c÷w`.
    private func leadingNumber(_ node: Int) -> Double? {
        if let (factor, _) = scaled(node) { return factor }
        if let (c, _) = operands(node, of: .division) { return value(c) }
        return nil
    }

    /// The whole exponent n ≥ 1 of `w^n`, and w; `w` itself is w^1.
    private func wholePower(_ node: Int) -> (base: Int, exponent: Double) {
        if let (w, n) = operands(node, of: .power), let exponent = value(n), exponent >= 1, exponent <= 1_048_576,
            exponent == exponent.rounded()
        {
            return (w, exponent)
        }
        return (node, 1)
    }

    private mutating func unary(_ operation: UnaryOperation, _ u: Int) -> Int {
        // A function of a number folds where the result reads as well (−2, √4 = 2, ln(1) = 0);
        // ln(2) stays ln(2), not 0.6931471805599453.
        if let a = value(u), let folded = try? operation.evaluate(a), folded.isFinite,
            operation == .negation || folded == folded.rounded()
        {
            return constant(folded)
        }
        if operation == .negation, case .unary(.negation) = nodes[u].op { return nodes[u].operands[0] }
        // −(2×w) is −2×w, −(1÷w) is −1÷w: the sign goes to the constant.
        if operation == .negation, let (factor, w) = scaled(u) { return multiply(constant(-factor), w) }
        if operation == .negation, let (c, w) = operands(u, of: .division), let numerator = value(c) {
            return divide(constant(-numerator), w)
        }
        // ln(e) is 1 (exactly, in doubles too): d/dx e^x is e^x, not e^x×ln(e).
        if operation == .naturalLogarithm, nodes[u].op == .constant(.e) { return constant(1) }
        return node(.unary(operation), [u])
    }

    private mutating func binary(_ operation: BinaryOperation, _ u: Int, _ v: Int) -> Int {
        if let a = value(u), let b = value(v), let folded = try? operation.evaluate(a, b), folded.isFinite {
            return constant(folded)
        }
        if operation == .addition || operation == .subtraction, let combined = combined(u, operation, v) {
            return combined
        }
        switch operation {
        case .subtraction where u == v: return constant(0)
        case .addition where u == v: return multiply(constant(2), u)
        case .addition where isNegation(v): return subtract(u, nodes[v].operands[0])
        case .subtraction where isNegation(v): return add(u, nodes[v].operands[0])
        // u+(−2×w) is u−2×w and u−(−1÷w) is u+1÷w: no sign written twice (`−−`).
        case .addition where leadingNumber(v).map { $0 < 0 } == true: return subtract(u, unary(.negation, v))
        case .subtraction where leadingNumber(v).map { $0 < 0 } == true: return add(u, unary(.negation, v))
        case .multiplication
        where value(u) != nil && value(nodes[v].operands.first ?? v) != nil
            && nodes[v].op == .binary(.multiplication):
            // a×(b×w) is (a·b)×w.
            return multiply(multiply(u, nodes[v].operands[0]), nodes[v].operands[1])
        case .multiplication where value(v) == -1: return unary(.negation, u)
        case .multiplication where isNegation(v): return unary(.negation, multiply(u, nodes[v].operands[0]))
        case .multiplication where isNegation(u): return unary(.negation, multiply(nodes[u].operands[0], v))
        case .multiplication where value(u) == -1: return unary(.negation, v)
        case .addition where isZero(u): return v
        case .addition where isZero(v), .subtraction where isZero(v): return u
        case .subtraction where isZero(u): return unary(.negation, v)
        case .multiplication where isZero(u) || isZero(v): return constant(0)
        case .multiplication where isOne(u): return v
        case .multiplication where isOne(v), .division where isOne(v): return u
        // Constants first, as books write them: cos(2×x)×2 is 2×cos(2×x).
        case .multiplication where value(v) != nil && value(u) == nil: return multiply(v, u)
        // u×(1÷v) is u÷v.
        case .multiplication where operands(v, of: .division).map { isOne($0.0) } == true:
            return divide(u, nodes[v].operands[1])
        case .multiplication where operands(u, of: .division).map { isOne($0.0) } == true:
            return divide(v, nodes[u].operands[1])
        // The constant of a factor comes to the front: (c×a)×v and v×(c×a) are c×(a×v).
        case .multiplication where value(u) == nil && scaled(u) != nil:
            return multiply(nodes[u].operands[0], multiply(nodes[u].operands[1], v))
        case .multiplication where value(u) == nil && scaled(v) != nil:
            return multiply(nodes[v].operands[0], multiply(u, nodes[v].operands[1]))
        // w×w is w^2, w^m×w^n is w^(m+n) for whole m and n.
        case .multiplication where value(u) == nil && wholePower(u).base == wholePower(v).base:
            let (w, m) = wholePower(u), n = wholePower(v).exponent
            return binary(.power, w, constant(m + n))
        // (a÷b)÷c is a÷(b×c): one division, as log(x)'s 1÷(x×ln(10)).
        case .division where operands(u, of: .division) != nil:
            return divide(nodes[u].operands[0], multiply(nodes[u].operands[1], v))
        // c×a÷(d×b) is (c÷d)×(a÷b), and c×a÷d is (c÷d)×a, where c÷d is whole.
        case .division where cancelsConstant(u, v) != nil:
            return cancelsConstant(u, v) ?? u
        // w^m÷w^n is 1÷w^(n−m), and c×w^m÷w^n is c÷w^(n−m), for whole n > m ≥ 1 (both
        // need w ≠ 0): 6×x^2÷x^6 is 6÷x^4.
        case .division
        where wholePower(v).exponent > wholePower(scaled(u)?.rest ?? u).exponent
            && wholePower(v).base == wholePower(scaled(u)?.rest ?? u).base:
            let (w, n) = wholePower(v), m = wholePower(scaled(u)?.rest ?? u).exponent
            return divide(scaled(u).map { constant($0.factor) } ?? constant(1), binary(.power, w, constant(n - m)))
        // 0÷v is 0 only where v is not 0: folded for a constant v, kept otherwise (the
        // second derivative of |x|, 0÷sign(x), has no value at the kink).
        case .division where isZero(u) && value(v) != nil: return constant(0)
        // (w^m)^n is w^(m·n) for whole m, n ≥ 1: 1/x^2's slope is −2÷x^3, not −2×x÷(x^2)^2.
        case .power where wholePower(u).exponent >= 2 && wholePower(v).exponent >= 1 && value(v) != nil:
            let (w, m) = wholePower(u)
            return binary(.power, w, constant(m * (value(v) ?? 1)))
        case .power where isOne(v): return u
        case .power where isZero(v): return constant(1)
        default: return node(.binary(operation), [u, v])
        }
    }

    /// `c×a÷(d×b)` as `(c÷d)×(a÷b)` and `c×a÷d` as `(c÷d)×a` where c÷d is a whole
    /// number (2×x÷(2×w) is x÷w, 3×x^2÷3 is x^2), as `a÷((d÷c)×b)` and `a÷(d÷c)` where
    /// d÷c is (5×x^4÷20 is x^4÷4); nil otherwise (2×x÷3 stays).
    private mutating func cancelsConstant(_ u: Int, _ v: Int) -> Int? {
        // A number alone is c×1 where the numbers cancel to a whole one: 2÷(2×x) is 1÷x
        // (1÷(2×x) is already as simple as it gets).
        let isNumber = value(u) != nil
        guard let (c, a) = scaled(u) ?? value(u).map({ ($0, constant(1)) }) else { return nil }
        let (d, b): (Double, Int?)
        if let denominator = value(v) {
            (d, b) = (denominator, nil)
        } else if let (factor, rest) = scaled(v) {
            (d, b) = (factor, rest)
        } else {
            return nil
        }
        guard c != 0, d != 0 else { return nil }
        let ratio = c / d, inverse = d / c
        if ratio.isFinite, ratio == ratio.rounded(), ratio * d == c {
            return multiply(constant(ratio), b.map { divide(a, $0) } ?? a)
        }
        if !isNumber, inverse.isFinite, inverse == inverse.rounded(), inverse * c == d {
            return divide(a, b.map { multiply(constant(inverse), $0) } ?? constant(inverse))
        }
        return nil
    }

    /// A short sum's like terms combined — `2×x^2 − x^2` is `x^2`, `ln(x)+1−1` is ln(x),
    /// `cos(x)×sin(x) − sin(x)×cos(x)` is 0 — or nil where nothing combines (the sum is
    /// then made as written). Sums of more than 16 parts are left as they are, so long
    /// programs cost no more than before.
    private mutating func combined(_ u: Int, _ operation: BinaryOperation, _ v: Int) -> Int? {
        var terms: [(term: Int, coefficient: Double)] = []
        var constantPart = 0.0, parts = 0, constants = 0, merges = 0
        var pending: [(node: Int, sign: Double)] = [(v, operation == .addition ? 1 : -1), (u, 1)]
        while let (node, sign) = pending.popLast() {
            parts += 1
            guard parts <= 16 else { return nil }
            if let number = value(node) {
                constantPart += sign * number
                constants += 1
            } else if let (left, right) = operands(node, of: .addition) {
                pending.append((right, sign))
                pending.append((left, sign))
            } else if let (left, right) = operands(node, of: .subtraction) {
                pending.append((right, -sign))
                pending.append((left, sign))
            } else if isNegation(node) {
                pending.append((nodes[node].operands[0], -sign))
            } else {
                let (factor, term) = scaled(node) ?? (1, node)
                if let same = terms.firstIndex(where: { isSameProduct($0.term, term) }) {
                    terms[same].coefficient += sign * factor
                    merges += 1
                } else {
                    terms.append((term, sign * factor))
                }
            }
        }
        // Only a sum where something combined is rebuilt: two like terms, or two numbers.
        guard merges > 0 || constants > 1 else { return nil }
        let combined = terms.filter { $0.coefficient != 0 }
        guard combined.allSatisfy({ $0.coefficient.isFinite }), constantPart.isFinite else { return nil }
        // A positive number leads a sum whose first term is negative: 1−x^2, not −x^2+1.
        let leadsWithNumber = constantPart > 0 && (combined.first?.coefficient ?? 0) < 0
        var sum: Int? = leadsWithNumber ? constant(constantPart) : nil
        for (term, coefficient) in combined {
            let size = abs(coefficient)
            let part = size == 1 ? term : node(.binary(.multiplication), [constant(size), term])
            if let so = sum {
                sum = coefficient > 0 ? add(so, part) : subtract(so, part)
            } else {
                sum = coefficient > 0 ? part : unary(.negation, part)
            }
        }
        guard let terms = sum else { return constant(constantPart) }
        if constantPart == 0 || leadsWithNumber { return terms }
        return constantPart > 0 ? add(terms, constant(constantPart)) : subtract(terms, constant(-constantPart))
    }

    /// Whether two nodes are one term: the same node, or the same two factors swapped.
    private func isSameProduct(_ a: Int, _ b: Int) -> Bool {
        if a == b { return true }
        guard let (p, q) = operands(a, of: .multiplication), let (r, s) = operands(b, of: .multiplication) else {
            return false
        }
        return p == s && q == r
    }

    /// `w÷w` as 1 (and `c×w÷w` as c) where `defined` has a value only where w ≠ 0 — it
    /// holds `ln(w)`, `log(w)`, `log2(w)` or a division by w within its first 64 nodes —
    /// and `node` itself otherwise.
    private mutating func cancelled(_ node: Int, where defined: Int) -> Int {
        guard let (numerator, w) = operands(node, of: .division), (scaled(numerator)?.rest ?? numerator) == w else {
            return node
        }
        var pending = [defined], seen: Set<Int> = [], isNonzero = false
        while let next = pending.popLast(), seen.count < 64, !isNonzero {
            guard seen.insert(next).inserted else { continue }
            switch nodes[next].op {
            case .unary(.naturalLogarithm), .unary(.commonLogarithm), .unary(.binaryLogarithm):
                isNonzero = nodes[next].operands[0] == w
            case .binary(.division), .binary(.logarithm):
                isNonzero = nodes[next].operands[1] == w
            default: break
            }
            pending.append(contentsOf: nodes[next].operands)
        }
        guard isNonzero else { return node }
        return constant(scaled(numerator)?.factor ?? 1)
    }

    private mutating func add(_ u: Int, _ v: Int) -> Int { binary(.addition, u, v) }
    private mutating func subtract(_ u: Int, _ v: Int) -> Int { binary(.subtraction, u, v) }
    private mutating func multiply(_ u: Int, _ v: Int) -> Int { binary(.multiplication, u, v) }
    private mutating func divide(_ u: Int, _ v: Int) -> Int { binary(.division, u, v) }
    private mutating func square(_ u: Int) -> Int { binary(.power, u, constant(2)) }

    // MARK: - The rules

    private mutating func derivative(
        of operation: UnaryOperation, _ u: Int, _ du: Int
    ) throws(DerivativeError) -> Int {
        if isZero(du) { return du }
        // In degrees or gradians the trigonometric keys scale by π/180 (or π/200), and
        // the inverses by its reciprocal.
        if turnFactor != 1 && operation.isAngular {
            let radians = try derivative(ofRadian: operation, u, du)
            let factor = [.sine, .cosine, .tangent].contains(operation) ? turnFactor : 1 / turnFactor
            return multiply(constant(factor), radians)
        }
        return try derivative(ofRadian: operation, u, du)
    }

    private mutating func derivative(
        ofRadian operation: UnaryOperation, _ u: Int, _ du: Int
    ) throws(DerivativeError) -> Int {
        switch operation {
        case .negation: return unary(.negation, du)
        case .square: return multiply(multiply(constant(2), u), du)
        case .reciprocal: return unary(.negation, divide(du, square(u)))
        case .squareRoot: return divide(du, multiply(constant(2), unary(.squareRoot, u)))
        case .cubeRoot: return divide(du, multiply(constant(3), square(unary(.cubeRoot, u))))
        case .sine: return multiply(unary(.cosine, u), du)
        case .cosine: return unary(.negation, multiply(unary(.sine, u), du))
        case .tangent: return divide(du, square(unary(.cosine, u)))
        case .arcsine: return divide(du, unary(.squareRoot, subtract(constant(1), square(u))))
        case .arccosine: return unary(.negation, divide(du, unary(.squareRoot, subtract(constant(1), square(u)))))
        case .arctangent: return divide(du, add(constant(1), square(u)))
        case .naturalLogarithm: return divide(du, u)
        // (du/u)/ln 10: the form d(ln(u)/ln(10)) takes, so log(u) − ln(u)/ln(10) has slope 0.
        case .commonLogarithm: return divide(divide(du, u), unary(.naturalLogarithm, constant(10)))
        case .binaryLogarithm: return divide(divide(du, u), unary(.naturalLogarithm, constant(2)))
        case .exponential: return multiply(unary(.exponential, u), du)
        case .absoluteValue:
            // du/sign(u): ±du where u keeps a sign (no second u to depend on), none at 0.
            return divide(du, unary(.sign, u))
        case .hyperbolicSine: return multiply(unary(.hyperbolicCosine, u), du)
        case .hyperbolicCosine: return multiply(unary(.hyperbolicSine, u), du)
        case .hyperbolicTangent: return divide(du, square(unary(.hyperbolicCosine, u)))
        case .inverseHyperbolicSine: return divide(du, unary(.squareRoot, add(square(u), constant(1))))
        case .inverseHyperbolicCosine: return divide(du, unary(.squareRoot, subtract(square(u), constant(1))))
        case .inverseHyperbolicTangent: return divide(du, subtract(constant(1), square(u)))
        case .floor, .ceiling, .round, .truncation, .sign, .logicalNot: return constant(0)
        case .gamma:
            // Γ′ = Γ·ψ.
            return multiply(multiply(unary(.gamma, u), unary(.digamma, u)), du)
        case .factorial:
            // The slope of Γ(u + 1), which u! is at whole numbers: u!·ψ(u + 1); it has a
            // value where u! has one.
            return multiply(multiply(unary(.factorial, u), unary(.digamma, add(u, constant(1)))), du)
        case .digamma: throw .notDifferentiable(operation: operation.symbol)
        }
    }

    private mutating func derivative(
        of operation: BinaryOperation, _ u: Int, _ du: Int, _ v: Int, _ dv: Int
    ) throws(DerivativeError) -> Int {
        switch operation {
        case .addition: return add(du, dv)
        case .subtraction: return subtract(du, dv)
        case .multiplication:
            // Each term may cancel w÷w where the other keeps the factor that needs w ≠ 0.
            var left = multiply(du, v), right = multiply(u, dv)
            if !isZero(du) { right = cancelled(right, where: v) }
            if !isZero(dv) { left = cancelled(left, where: u) }
            return add(left, right)
        case .division:
            if isZero(dv) { return divide(du, v) }
            // Divided by v², the slope has a value only where v ≠ 0, and only where u has
            // one: w÷w cancels where either needs w ≠ 0 (ln(x)/x: 1−ln(x), over x^2).
            let needs = multiply(u, divide(constant(1), v))
            var left = multiply(du, v)
            left = cancelled(left, where: needs)
            return divide(subtract(left, multiply(u, dv)), square(v))
        case .power:
            if isZero(dv) {
                // n·u^(n−1)·du
                let lowered = binary(.power, u, subtract(v, constant(1)))
                return multiply(multiply(v, lowered), du)
            }
            let power = binary(.power, u, v)
            if isZero(du) { return multiply(multiply(power, unary(.naturalLogarithm, u)), dv) }
            // v·du÷u beside ln(u), which has a value only where u > 0: there u÷u is 1, so
            // x^x's rate reads ln(x)+1, with the same values.
            let share = u == v ? du : divide(multiply(v, du), u)
            let rate = add(multiply(dv, unary(.naturalLogarithm, u)), share)
            return multiply(power, rate)
        case .minimum, .maximum:
            // min(u, v) = (u + v − |u − v|)/2; max with + |u − v|. No derivative where u = v.
            let difference = subtract(u, v), change = subtract(du, dv)
            let kink = divide(multiply(difference, change), unary(.absoluteValue, difference))
            let mean = add(du, dv)
            return divide(operation == .minimum ? subtract(mean, kink) : add(mean, kink), constant(2))
        case .arctangent2:
            // atan2(y, x): (x·dy − y·dx)/(x² + y²), in the angle unit.
            let radians = divide(subtract(multiply(v, du), multiply(u, dv)), add(square(v), square(u)))
            return turnFactor == 1 ? radians : multiply(constant(1 / turnFactor), radians)
        case .modulo:
            // a − b·⌊a/b⌋, with ⌊a/b⌋ constant between its jumps.
            if isZero(dv) { return du }
            return subtract(du, multiply(dv, unary(.floor, divide(u, v))))
        case .logarithm:
            // log(b, x) = ln x / ln b.
            let lnB = unary(.naturalLogarithm, u), lnX = unary(.naturalLogarithm, v)
            if isZero(du) { return divide(dv, multiply(v, lnB)) }
            return divide(subtract(multiply(divide(dv, v), lnB), multiply(lnX, divide(du, u))), square(lnB))
        case .permutations, .combinations:
            if isZero(du) && isZero(dv) { return constant(0) }
            throw .notDifferentiable(operation: operation.symbol)
        case .less, .lessOrEqual, .greater, .greaterOrEqual, .equal, .notEqual, .conjunction, .disjunction:
            // Truth values are constant between their jumps.
            return constant(0)
        case .point:
            // A curve's velocity: each coordinate's rate.
            return binary(.point, du, dv)
        }
    }

    // MARK: - Writing ops

    /// What is left to write: a node, or an op whose operands are written.
    private enum Pending {
        case node(Int)
        case op(Op)
    }

    /// The ops of each root in turn, each node written in postfix order with an explicit
    /// stack (a shared node is written wherever it is used). A product with its constant
    /// in front, kept as `c×(a×b)`, is written as books read it, `c×a×b`.
    private func program(roots: [Int]) throws(DerivativeError) -> Program {
        var ops: [Op] = []
        for root in roots {
            var pending: [Pending] = [.node(root)]
            while let next = pending.popLast() {
                guard case .node(let node) = next, !nodes[node].operands.isEmpty else {
                    if case .op(let op) = next {
                        ops.append(op)
                    } else if case .node(let node) = next {
                        ops.append(nodes[node].op)
                    }
                    guard ops.count <= Self.maximumCount else { throw .tooLarge }
                    continue
                }
                if let (factor, rest) = operands(node, of: .multiplication), value(factor) != nil,
                    operands(rest, of: .multiplication) != nil
                {
                    var factors = [factor], tail = rest
                    while let (left, right) = operands(tail, of: .multiplication) {
                        factors.append(left)
                        tail = right
                    }
                    factors.append(tail)
                    let chain: [Pending] =
                        [.node(factors[0])]
                        + factors.dropFirst().flatMap { [.node($0), .op(.binary(.multiplication))] }
                    pending.append(contentsOf: chain.reversed())
                    continue
                }
                pending.append(.op(nodes[node].op))
                for operand in nodes[node].operands.reversed() { pending.append(.node(operand)) }
            }
        }
        return Program(ops)
    }
}

extension Program {
    /// The derivative of each of the program's expressions with respect to `variable`,
    /// as a program: it describes, saves, evaluates and graphs like any other. `angle` is
    /// the unit the program is evaluated in (what `sin` takes, what `asin` gives).
    ///
    /// - Throws: ``DerivativeError`` for an incomplete expression, an operation with no
    ///   derivative (`ψ`, `nPr`, `nCr` of the variable), or a derivative too large.
    public func derivative(
        withRespectTo variable: String = "x", angle: AngleUnit = .radians
    ) throws(DerivativeError) -> Program {
        try Derivative.of(self, withRespectTo: variable, angle: angle)
    }

    /// The first `order` derivatives, in order, as many as there are: the list ends at one
    /// with no rule (`ψ`) or one longer than 4,096 ops plus 16 times this program's
    /// length (each derivative can grow several times; past that they cost the analyses
    /// more than they help).
    public func derivatives(
        upTo order: Int, withRespectTo variable: String = "x", angle: AngleUnit = .radians
    ) -> [Program] {
        derivatives(upTo: order, withRespectTo: variable, angle: angle, after: [])
    }

    /// ``derivatives(upTo:withRespectTo:angle:)`` when the first of them are known
    /// already (`known`, in order, as that gives them): only the rest are taken.
    public func derivatives(
        upTo order: Int, withRespectTo variable: String = "x", angle: AngleUnit = .radians, after known: [Program]
    ) -> [Program] {
        var derivatives = Array(known.prefix(max(0, order)))
        var last = derivatives.last ?? self
        let limit = 4_096 + 16 * ops.count
        while derivatives.count < order,
            let next = try? last.derivative(withRespectTo: variable, angle: angle), next.ops.count <= limit
        {
            derivatives.append(next)
            last = next
        }
        return derivatives
    }
}
