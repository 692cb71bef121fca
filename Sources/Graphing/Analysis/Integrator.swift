import CalculatorBrain
import GraphCalcSupport

/// The definite integral of a function over an interval: an enclosure proved by interval
/// arithmetic, and a fast estimate inside it.
///
/// The enclosure sums, over adaptive subdivisions, the width times the function's
/// enclosure — tightened, where the function is continuous, by the two-point Gauss rule
/// with its error term w⁵·f⁗(X)/4320 when f⁗ is given, and the midpoint rule with its
/// error term w³·f″(X)/24 when f″ is (or else the mean-value form with f′) — and
/// splits the stretches whose share of the enclosure's width is largest until it is
/// within ``tolerance``. The sums are rounded outward and added in pairs, so rounding
/// never lets the true value out. The estimate is adaptive Gauss–Kronrod (7 and 15
/// points). Where the function is unbounded beside a point, the integrals over shells
/// closing in on it tell a divergent integral (1/x, 1/x² at 0) from one that converges
/// (1/√x), which has an estimate but no enclosure.
public struct Integrator: Sendable {
    /// The integral: an estimate, and the enclosure that holds it when one is proved.
    public struct Integral: Hashable, Sendable {
        /// The best value: Gauss–Kronrod's, inside the enclosure.
        public let estimate: Double
        /// An interval proved to hold the integral, or `nil` where none could be proved.
        public let enclosure: Interval?
        /// Proved (``enclosure`` holds the integral), or possible with the reason.
        public let status: Proof
    }

    /// The function, with guaranteed enclosures.
    public let function: any GraphFunction
    /// Its derivatives f′, f″, f‴, f⁗, as many as there are: f⁗ for the two-point Gauss
    /// rule's error term, else f″ for the midpoint rule's, else f′ for the mean-value form.
    public let derivatives: [any GraphFunction]
    /// How narrow the enclosure is made, relative to the integral of |f|.
    public var tolerance = 1e-12
    /// The most stretches the enclosure is summed over.
    public var budget = 1 << 18
    /// The most work, in interval operations: a function whose derivatives are long
    /// programs (`abs(sin(100x))`'s f⁗ has a thousand operations) gets fewer stretches.
    public var work = 1 << 24
    /// The most poles looked into; beyond them the integral is left unenclosed.
    public static let poles = 16

    /// An integration of `function`, whose first derivatives, in order, are `derivatives`.
    public init(function: any GraphFunction, derivatives: [any GraphFunction]) {
        self.function = function
        self.derivatives = derivatives
    }

    /// The integral over `range`.
    public func integral(over range: Interval) throws(IntegrationError) -> Integral {
        guard range.isBounded else { throw .unboundedRange(lower: range.lower, upper: range.upper) }
        if range.isPoint { return Integral(estimate: 0, enclosure: Interval(0), status: .proved) }
        let (enclosure, singular) = try enclose(range)
        let pieces = ([range.lower] + singular + [range.upper]).sorted()
        var estimate = 0.0
        for (a, b) in zip(pieces, pieces.dropFirst()) where a < b { estimate += Self.kronrod(function, a, b) }
        guard let enclosure else {
            let shown = singular.prefix(5).map { CFormat.short($0) }.joined(separator: ", ")
            let where_ = singular.count > 5 ? shown + ", …" : shown
            return Integral(
                estimate: estimate, enclosure: nil,
                status: .possible(
                    reason:
                        "the function is unbounded near x = \(where_): not enclosed; the estimate assumes the integral converges there"
                ))
        }
        // The estimate misses what the enclosure cannot (a narrow spike): trust the proof.
        if !enclosure.contains(estimate) { estimate = enclosure.midpoint }
        return Integral(estimate: estimate, enclosure: enclosure, status: .proved)
    }

    // MARK: - The enclosure

    /// A stretch of the subdivision and what it adds to the integral.
    private struct Piece {
        let stretch: Interval
        /// The stretch's share, proved; `nil` where the function is unbounded on it.
        let share: Interval?
    }

    /// The enclosure over `range`, or `nil` with the points where the function is
    /// unbounded but the integral appears to converge.
    private func enclose(_ range: Interval) throws(IntegrationError) -> (Interval?, [Double]) {
        let budget = min(self.budget, max(4_096, work / costPerStretch))
        let smallest = max(range.width * 0x1p-50, Double.leastNormalMagnitude)
        // First the poles: stretches where the function is unbounded, halved down to the
        // smallest, where the shells beside them tell whether the integral diverges.
        var settled: [Piece] = []
        var fresh = [range]
        var singular: [Double] = []
        var spent = 0
        while !fresh.isEmpty && !Cancellation.isRequested {
            spent += fresh.count
            // Too many poles, or too much work finding them: no enclosure, and the
            // estimate says where the first are.
            guard spent <= budget, singular.count < Self.poles else {
                singular += fresh.prefix(Self.poles).map(\.midpoint)
                return (nil, Array(Set(singular)).sorted())
            }
            let pieces = try shares(of: fresh)
            fresh = []
            for piece in pieces {
                if piece.share != nil {
                    settled.append(piece)
                } else if let halves = Self.halves(of: piece.stretch), piece.stretch.width > smallest {
                    fresh += halves
                } else {
                    let stretch = piece.stretch
                    let x = PathSampler.simplest(in: stretch.lower, stretch.upper) ?? stretch.midpoint
                    if singular.count < Self.poles { try checkConvergence(beside: x, in: range) }
                    singular.append(x)
                }
            }
        }
        if !singular.isEmpty { return (nil, Array(Set(singular)).sorted()) }
        // Then the stretches whose share of the enclosure's width is largest, halved until
        // the width is within the tolerance of ∫|f|.
        spent = settled.count
        while !Cancellation.isRequested {
            let total = Self.sum(settled.compactMap(\.share))
            let magnitude = Self.sumOfMagnitudes(settled.compactMap(\.share))
            guard total.width > tolerance * magnitude, spent < budget else { break }
            let threshold = tolerance * magnitude / Double(max(settled.count, 1))
            var kept: [Piece] = []
            for piece in settled {
                if (piece.share?.width ?? 0) > threshold, let halves = Self.halves(of: piece.stretch) {
                    fresh += halves
                } else {
                    kept.append(piece)
                }
            }
            guard !fresh.isEmpty else { break }
            spent += fresh.count
            settled = try kept + shares(of: fresh)
            fresh = []
        }
        return (Self.sum(settled.compactMap(\.share)), [])
    }

    /// `stretch` in two, off the middle so that simple numbers fall inside a half, or
    /// `nil` where it holds too few doubles to split.
    private static func halves(of stretch: Interval) -> [Interval]? {
        let middle = stretch.lower + (stretch.upper - stretch.lower) * 0.4876543
        guard middle > stretch.lower, middle < stretch.upper else { return nil }
        return [Interval(stretch.lower, middle), Interval(middle, stretch.upper)]
    }

    /// About how many interval operations one stretch's share costs: f at the stretch, the
    /// centre and the Gauss nodes, and the derivatives the rules use.
    private var costPerStretch: Int {
        func cost(_ function: any GraphFunction) -> Int {
            (function as? ProgramFunction)?.compiled.instructions.count ?? 16
        }
        let rules = derivatives.count >= 4 ? [derivatives[1], derivatives[3]] : derivatives.prefix(2).suffix(1)
        return max(1, 4 * cost(function) + rules.reduce(0) { $0 + cost($1) })
    }

    /// Each stretch's share of the integral, proved.
    private func shares(of stretches: [Interval]) throws(IntegrationError) -> [Piece] {
        let enclosures = function.enclosures(over: stretches)
        // The rules the derivatives allow, and what they need: f at the Gauss nodes (each
        // an interval of a few ulps holding the exact node) and at the centre. Where a
        // high derivative's enclosure is loose (a narrow spike: f⁗ is 10¹⁶ times f) a
        // lower rule is tighter, so each share is the intersection of them all.
        let gauss = derivatives.count >= 4, midpoint = derivatives.count >= 2, meanValue = derivatives.count == 1
        let nodes = gauss ? stretches.flatMap(Self.gaussNodes) : []
        let atNodes = gauss ? function.enclosures(over: nodes) : []
        let fourths = gauss ? derivatives[3].enclosures(over: stretches) : []
        let atCentres = midpoint || meanValue ? function.enclosures(over: stretches.map { Interval($0.midpoint) }) : []
        let lower =
            midpoint
            ? derivatives[1].enclosures(over: stretches) : meanValue ? derivatives[0].enclosures(over: stretches) : []
        var pieces: [Piece] = []
        pieces.reserveCapacity(stretches.count)
        for (index, stretch) in stretches.enumerated() {
            let enclosure = enclosures[index]
            guard let hull = enclosure.hull else {
                throw .noValue(at: PathSampler.simplest(in: stretch.lower, stretch.upper) ?? stretch.midpoint)
            }
            guard hull.isBounded else {
                pieces.append(Piece(stretch: stretch, share: nil))
                continue
            }
            let width = Interval(Rounding.sumDown(stretch.upper, -stretch.lower), stretch.width)
            var share = Self.times(width, hull)
            if enclosure.isTotal, enclosure.isContinuous {
                var forms: [Interval?] = []
                if gauss, let f1 = atNodes[2 * index].hull, let f2 = atNodes[2 * index + 1].hull,
                    atNodes[2 * index].isTotal, atNodes[2 * index + 1].isTotal
                {
                    forms.append(Self.gaussRule(width, f1, f2, fourths[index]))
                }
                if !atCentres.isEmpty, let fc = atCentres[index].hull, atCentres[index].isTotal {
                    forms.append(
                        midpoint ? Self.midpointRule(width, fc, lower[index]) : Self.meanValue(width, fc, lower[index]))
                }
                for form in forms.compactMap({ $0 }) { share = share.intersection(form) ?? share }
            }
            pieces.append(Piece(stretch: stretch, share: share))
        }
        return pieces
    }

    /// The two nodes of the two-point Gauss rule on `stretch`, c ∓ (w/2)/√3, each as an
    /// interval rounded outward so it holds the exact node.
    private static func gaussNodes(_ stretch: Interval) -> [Interval] {
        let centre = quotient(plus(Interval(stretch.lower), Interval(stretch.upper)), Interval(2))
        let half = quotient(Interval(Rounding.sumDown(stretch.upper, -stretch.lower), stretch.width), Interval(2))
        let offset = times(half, inverseRootThree)
        return [
            plus(centre, Interval(-offset.upper, -offset.lower)).intersection(stretch) ?? stretch,
            plus(centre, offset).intersection(stretch) ?? stretch,
        ]
    }

    /// 1/√3, enclosed.
    private static let inverseRootThree = Interval(
        Rounding.quotientDown(1, Rounding.squareRootUp(3)), Rounding.quotientUp(1, Rounding.squareRootDown(3)))

    /// (w/2)(f(x₁) + f(x₂)) + w⁵·f⁗(X)/4320: the two-point Gauss rule and its error term,
    /// where f⁗ is bounded.
    private static func gaussRule(_ width: Interval, _ f1: Interval, _ f2: Interval, _ bound: Enclosure) -> Interval? {
        guard bound.count == 1, bound.isTotal, bound.isContinuous, let d = bound.hull, d.isBounded else {
            return nil
        }
        let square = times(width, width)
        let fifth = times(times(square, square), width)
        let error = quotient(times(fifth, d), Interval(4320))
        return plus(times(quotient(width, Interval(2)), plus(f1, f2)), error)
    }

    /// w·f(c) + w³·f″(X)/24: the midpoint rule and its error term, where f″ is bounded.
    private static func midpointRule(_ width: Interval, _ fc: Interval, _ bending: Enclosure) -> Interval? {
        guard bending.count == 1, bending.isTotal, bending.isContinuous, let b = bending.hull, b.isBounded else {
            return nil
        }
        let cube = times(times(width, width), width)
        let error = quotient(times(cube, b), Interval(24))
        return plus(times(width, fc), error)
    }

    /// w·f(c) ± w²·width(f′(X))/8: the mean-value form integrated, where f′ is bounded.
    private static func meanValue(_ width: Interval, _ fc: Interval, _ slope: Enclosure) -> Interval? {
        guard slope.count == 1, slope.isTotal, slope.isContinuous, let d = slope.hull, d.isBounded else {
            return nil
        }
        let spread = quotient(times(times(width, width), Interval(d.width)), Interval(8))
        return plus(times(width, fc), Interval(-spread.upper, spread.upper))
    }

    // MARK: - Poles

    /// Throws where the integral diverges beside `x`, where the function is unbounded: the
    /// proved integrals over shells closing in on x (each half as far as the last)
    /// shrink where it converges; where they keep a sign and do not shrink, as 1/x's
    /// stay near log 2, the integral grows without bound.
    private func checkConvergence(beside x: Double, in range: Interval) throws(IntegrationError) {
        for side in [1.0, -1.0] {
            let reach = side > 0 ? range.upper - x : x - range.lower
            guard reach > 0 else { continue }
            var shells: [Interval] = []
            var distance = reach
            for _ in 0..<48 {
                let near = distance / 2
                let inner = x + side * near, outer = x + side * distance
                shells.append(Interval(min(inner, outer), max(inner, outer)))
                distance = near
            }
            // Each shell in eight, to take the lower bound where the function is monotone.
            let parts = shells.flatMap { shell in
                (0..<8).map { index -> Interval in
                    let step = (shell.upper - shell.lower) / 8
                    let lower = shell.lower + step * Double(index)
                    return Interval(lower, index == 7 ? shell.upper : shell.lower + step * Double(index + 1))
                }
            }
            let enclosures = function.enclosures(over: parts)
            var least: [Double] = []
            for shell in 0..<shells.count {
                var total = Interval(0)
                for index in (shell * 8)..<(shell * 8 + 8) {
                    guard let hull = enclosures[index].hull else { throw .noValue(at: parts[index].midpoint) }
                    total = Self.plus(total, Self.times(Interval(parts[index].width), hull))
                }
                // The least |∫| over the shell that is proved.
                least.append(total.lower > 0 ? total.lower : total.upper < 0 ? -total.upper : 0)
            }
            // The last 24 shells, each no smaller than the one before: it diverges.
            let tail = least.suffix(24)
            if tail.allSatisfy({ $0 > 0 }), zip(tail, tail.dropFirst()).allSatisfy({ $1 >= $0 * 0.999 }) {
                throw .diverges(near: x)
            }
        }
    }

    // MARK: - Gauss–Kronrod

    /// The nodes of the 15-point Kronrod rule on [−1, 1] (the positive half; the odd
    /// ones, counting from 1, are the 7-point Gauss rule's).
    private static let nodes: [Double] = [
        0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
        0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
        0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
        0.207784955007898467600689403773245, 0,
    ]
    private static let kronrodWeights: [Double] = [
        0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
        0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
        0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
        0.204432940075298892414161999234649, 0.209482141084727828012999174891714,
    ]
    private static let gaussWeights: [Double] = [
        0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
        0.381830050505118944950369775488975, 0.417959183673469387755102040816327,
    ]

    /// The 15-point Kronrod value on [a, b] and its difference from the 7-point Gauss value.
    static func kronrodRule(_ function: any GraphFunction, _ a: Double, _ b: Double) -> (value: Double, error: Double) {
        let centre = a / 2 + b / 2, half = b / 2 - a / 2
        var xs = [centre]
        for node in nodes.dropLast() { xs += [centre - half * node, centre + half * node] }
        let ys = function.values(at: xs).map { $0.isFinite ? $0 : 0 }
        var kronrod = kronrodWeights[7] * ys[0], gauss = gaussWeights[3] * ys[0]
        for index in 0..<7 {
            let pair = ys[1 + 2 * index] + ys[2 + 2 * index]
            kronrod += kronrodWeights[index] * pair
            if index % 2 == 1 { gauss += gaussWeights[index / 2] * pair }
        }
        return (kronrod * half, abs(kronrod - gauss) * half)
    }

    /// Adaptive Gauss–Kronrod on [a, b]: the stretch of largest error halved until the
    /// errors add up to 1e-14 of the value, or 4,000 stretches.
    static func kronrod(_ function: any GraphFunction, _ a: Double, _ b: Double) -> Double {
        var queue = PriorityQueue<(Double, Double, Double, Double)>()
        let first = kronrodRule(function, a, b)
        queue.insert((a, b, first.value, first.error), priority: -first.error)
        var value = first.value, error = first.error
        for _ in 0..<4_000 {
            guard error > 1e-14 * abs(value), !Cancellation.isRequested,
                let (_, (lower, upper, part, partError)) = queue.popLeast()
            else { break }
            let middle = lower / 2 + upper / 2
            guard middle > lower, middle < upper else {
                queue.insert((lower, upper, part, 0), priority: 0)
                error -= partError
                continue
            }
            let left = kronrodRule(function, lower, middle), right = kronrodRule(function, middle, upper)
            value += left.value + right.value - part
            error += left.error + right.error - partError
            queue.insert((lower, middle, left.value, left.error), priority: -left.error)
            queue.insert((middle, upper, right.value, right.error), priority: -right.error)
        }
        // Summed afresh, so the running corrections leave no rounding behind.
        return queue.elements.map(\.element.2).sorted { abs($0) < abs($1) }.reduce(0, +)
    }

    // MARK: - Outward-rounded arithmetic

    private static func times(_ a: Interval, _ b: Interval) -> Interval {
        BinaryOperation.multiplication.enclosure(over: a, b).hull ?? .entire
    }

    private static func quotient(_ a: Interval, _ b: Interval) -> Interval {
        BinaryOperation.division.enclosure(over: a, b).hull ?? .entire
    }

    private static func plus(_ a: Interval, _ b: Interval) -> Interval {
        Interval(Rounding.sumDown(a.lower, b.lower), Rounding.sumUp(a.upper, b.upper))
    }

    /// The sum of `shares`, added in pairs so rounding outward costs a few ulps, not one
    /// per share.
    static func sum(_ shares: [Interval]) -> Interval {
        var level = shares.isEmpty ? [Interval(0)] : shares
        while level.count > 1 {
            var next: [Interval] = []
            next.reserveCapacity(level.count / 2 + 1)
            var index = 0
            while index + 1 < level.count {
                next.append(plus(level[index], level[index + 1]))
                index += 2
            }
            if index < level.count { next.append(level[index]) }
            level = next
        }
        return level[0]
    }

    /// An estimate of ∫|f|: the magnitudes of the shares' midpoints, summed; the scale the
    /// tolerance is relative to.
    private static func sumOfMagnitudes(_ shares: [Interval]) -> Double {
        let total = shares.reduce(0) { $0 + abs($1.midpoint) }
        return max(total, Double.leastNormalMagnitude)
    }
}
