/// The symbolic derivative of a program, built as a graph of shared nodes and written
/// out as ops, simplified as it is built: `0×u` and `u×1` vanish, `u^1` is u, constants
/// fold (`2×3` is 6), `−(−u)` is u, `u×(−1)` and `u×(−v)` are negations, `u+(−v)` is u−v, `u+u` is 2×u. Work and memory are linear in the nodes made; the
/// ops written out may grow faster (a product's factors appear in both terms), up to
/// ``maximumCount``. Nothing recurses, so programs of any depth are handled.
///
/// Where the derivative does not exist, its evaluation says why: `abs` and `√` at 0 give
/// a division by zero (`d|u| = du·u/|u|`, `d√u = du/(2√u)`). The steps `floor`, `ceil`,
/// `round`, `trunc`, `sign` have derivative 0 between their jumps. Γ′ is Γ·ψ, and u!'s
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
            default:
                guard let v = values.popLast(), let dv = slopes.popLast(), let u = values.popLast(),
                    let du = slopes.popLast(), case .binary(let operation) = op
                else { throw .incomplete }
                values.append(builder.binary(operation, u, v))
                slopes.append(try builder.derivative(of: operation, u, du, v, dv))
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

    private mutating func unary(_ operation: UnaryOperation, _ u: Int) -> Int {
        // A function of a number folds where the result reads as well (−2, √4 = 2, ln(1) = 0);
        // ln(2) stays ln(2), not 0.6931471805599453.
        if let a = value(u), let folded = try? operation.evaluate(a), folded.isFinite,
            operation == .negation || folded == folded.rounded()
        {
            return constant(folded)
        }
        if operation == .negation, case .unary(.negation) = nodes[u].op { return nodes[u].operands[0] }
        // ln(e) is 1 (exactly, in doubles too): d/dx e^x is e^x, not e^x×ln(e).
        if operation == .naturalLogarithm, nodes[u].op == .constant(.e) { return constant(1) }
        return node(.unary(operation), [u])
    }

    private mutating func binary(_ operation: BinaryOperation, _ u: Int, _ v: Int) -> Int {
        if let a = value(u), let b = value(v), let folded = try? operation.evaluate(a, b), folded.isFinite {
            return constant(folded)
        }
        switch operation {
        case .subtraction where u == v: return constant(0)
        case .addition where u == v: return multiply(constant(2), u)
        case .addition where isNegation(v): return subtract(u, nodes[v].operands[0])
        case .subtraction where isNegation(v): return add(u, nodes[v].operands[0])
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
        // 0÷v is 0 only where v is not 0: folded for a constant v, kept otherwise (the
        // second derivative of |x|, 0÷sign(x), has no value at the kink).
        case .division where isZero(u) && value(v) != nil: return constant(0)
        case .power where isOne(v): return u
        case .power where isZero(v): return constant(1)
        default: return node(.binary(operation), [u, v])
        }
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
        case .commonLogarithm: return divide(divide(du, u), constant(2.302585092994046))
        case .binaryLogarithm: return divide(divide(du, u), constant(0.6931471805599453))
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
        case .floor, .ceiling, .round, .truncation, .sign: return constant(0)
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
        case .multiplication: return add(multiply(du, v), multiply(u, dv))
        case .division:
            if isZero(dv) { return divide(du, v) }
            return divide(subtract(multiply(du, v), multiply(u, dv)), square(v))
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
        }
    }

    // MARK: - Writing ops

    /// The ops of each root in turn, each node written in postfix order with an explicit
    /// stack (a shared node is written wherever it is used).
    private func program(roots: [Int]) throws(DerivativeError) -> Program {
        var ops: [Op] = []
        for root in roots {
            var pending: [(node: Int, isExpanded: Bool)] = [(root, false)]
            while let (node, isExpanded) = pending.popLast() {
                if isExpanded || nodes[node].operands.isEmpty {
                    ops.append(nodes[node].op)
                    guard ops.count <= Self.maximumCount else { throw .tooLarge }
                    continue
                }
                pending.append((node, true))
                for operand in nodes[node].operands.reversed() { pending.append((operand, false)) }
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
        var derivatives: [Program] = []
        var last = self
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
