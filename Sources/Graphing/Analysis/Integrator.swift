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
        /// How many stretches the enclosure was summed over (0 without one): the
        /// integration's work, a few for a smooth function, more near kinks and peaks.
        public var pieces = 0
        /// How many stretches were enclosed on the way: the pieces, those split because
        /// their shares were too wide, and those split in looking for poles first.
        public var stretchesEnclosed = 0
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
    /// The Taylor coefficients of a program function, for the Taylor rule on stretches at
    /// least a 32nd of the range wide: 21 of them, a polynomial of degree 19 and a
    /// remainder of degree 20 (even, so that tⁱ keeps a sign and the remainder's integral
    /// is its coefficient's enclosure times ∫tⁱ). Wide stretches of a smooth function
    /// take a high degree (∫ sin on [0, π] in one piece).
    let taylor: TaylorSeries?
    /// 17 coefficients, for narrower stretches: those beside a root's 0 or in a narrow
    /// peak, many and small, where a lower degree costs less for the same width.
    let narrowTaylor: TaylorSeries?
    /// Whether the Taylor rule is used where the function is analytic (the rules of the
    /// derivatives alone when false, as the tests of those rules want).
    public var usesTaylorRule = true

    /// An integration of `function`, whose first derivatives, in order, are `derivatives`.
    public init(function: any GraphFunction, derivatives: [any GraphFunction]) {
        self.function = function
        self.derivatives = derivatives
        taylor = (function as? ProgramFunction).flatMap { TaylorSeries(program: $0.compiled, count: 21) }
        narrowTaylor = (function as? ProgramFunction).flatMap { TaylorSeries(program: $0.compiled, count: 17) }
    }

    /// The integral over `range`.
    public func integral(over range: Interval) throws(IntegrationError) -> Integral {
        guard range.isBounded else { throw .unboundedRange(lower: range.lower, upper: range.upper) }
        if range.isPoint { return Integral(estimate: 0, enclosure: Interval(0), status: .proved) }
        let enclosed = try enclose(range)
        let ends = ([range.lower] + enclosed.singular + [range.upper]).sorted()
        var estimate = 0.0, error = 0.0
        for (a, b) in zip(ends, ends.dropFirst()) where a < b {
            let part = GaussKronrod.integrate(function, a, b)
            estimate += part.value
            error += part.error
        }
        if Cancellation.isRequested {
            return Integral(
                estimate: .nan, enclosure: nil, status: .possible(reason: .stopped))
        }
        guard let enclosure = enclosed.enclosure else {
            return Integral(
                estimate: estimate.isFinite ? estimate : .nan, enclosure: nil,
                status: .possible(
                    reason: unenclosedReason(enclosed, range, estimate: estimate)))
        }
        // The estimate misses what the enclosure cannot (a narrow spike): trust the proof.
        if !enclosure.contains(estimate) { estimate = enclosure.midpoint }
        // Bounds past the largest double prove nothing (an infinite magnitude would let
        // any width pass).
        guard enclosure.isBounded, enclosed.magnitude.isFinite, enclosure.width <= tolerance * enclosed.magnitude
        else {
            return Integral(
                estimate: estimate, enclosure: enclosure,
                status: .possible(reason: .integralNotNarrowed(tolerance: tolerance, estimateError: error)))
        }
        var integral = Integral(estimate: estimate, enclosure: enclosure, status: .proved)
        integral.pieces = enclosed.pieces
        integral.stretchesEnclosed = enclosed.stretchesEnclosed
        return integral
    }

    /// Why there is no enclosure, near `singular`: a pole whose values grow (the estimate
    /// assumes the integral converges), or an enclosure interval arithmetic cannot bound
    /// though the values do not grow (a removable singularity, an overflow).
    private func unenclosedReason(_ enclosed: Enclosed, _ range: Interval, estimate: Double) -> Proof.Reason {
        let holes = enclosed.holes
        let unbounded = enclosed.singular.filter { !holes.contains($0) }
        if unbounded.isEmpty, !holes.isEmpty { return .holes(places: holes, hasEstimate: estimate.isFinite) }
        if !unbounded.isEmpty, unbounded.allSatisfy(enclosed.overflows.contains) {
            return .overflows(places: unbounded)
        }
        let poles = PoleFinder(function: function)
        let grows = unbounded.contains { poles.grows(toward: Interval($0), in: range) }
        return .notBounded(places: unbounded, grows: grows, hasEstimate: estimate.isFinite)
    }

    // MARK: - The enclosure

    /// A stretch of the subdivision and what it adds to the integral.
    private struct Piece {
        let stretch: Interval
        /// The stretch's share, proved; `nil` where the function is unbounded on it or
        /// not proved to have a value throughout.
        let share: Interval?
        /// Whether the function's enclosure on the stretch is bounded.
        var isBounded = true
        /// Whether it is unbounded with a value throughout and no break: the values pass
        /// the largest double (exp(x) beyond 709.78), which is no pole.
        var overflows = false
        /// Whether the share is the Taylor rule's (the function analytic over the stretch).
        var isByTaylorRule = false
    }

    /// What the subdivision found: the enclosure and the scale its tolerance is relative
    /// to, or no enclosure and the points where the function is unbounded.
    private struct Enclosed {
        var enclosure: Interval?
        var singular: [Double] = []
        var magnitude = 0.0
        /// Points, among `singular`, where the function is bounded but not proved to have
        /// a value (`0*(1/x)` at 0).
        var holes: [Double] = []
        /// Points, among `singular`, where the values pass the largest double.
        var overflows: [Double] = []
        /// How many stretches the enclosure sums.
        var pieces = 0
        /// How many stretches had their shares enclosed.
        var stretchesEnclosed = 0
    }

    /// The enclosure over `range`, or `nil` with the points where the function is
    /// unbounded but the integral does not appear to diverge.
    private func enclose(_ range: Interval) throws(IntegrationError) -> Enclosed {
        let budget = min(self.budget, max(4_096, work / costPerStretch))
        let smallest = max(range.width * 0x1p-50, Double.leastNormalMagnitude)
        // First the poles: stretches where the function is unbounded, halved down to the
        // smallest, where the shells beside them tell whether the integral diverges.
        var settled: [Piece] = []
        var fresh = [range]
        var singular: [Double] = []
        var holes: [Double] = []
        var overflows: [Double] = []
        var spent = 0, enclosed = 0
        while !fresh.isEmpty && !Cancellation.isRequested {
            spent += fresh.count
            enclosed += fresh.count
            // Too many poles, or too much work finding them: no enclosure, and the
            // estimate says where the first are.
            guard spent <= budget, singular.count < Self.poles else {
                singular += fresh.prefix(Self.poles).map(\.midpoint)
                return Enclosed(
                    enclosure: nil, singular: Array(Set(singular)).sorted(), holes: holes, overflows: overflows)
            }
            let pieces = try shares(of: fresh, wide: range.width / 32)
            fresh = []
            for piece in pieces {
                // Values past the largest double at a double of the stretch: no enclosure
                // can be had, and halving on would only spend the budget (exp(x) on 0…1000).
                if piece.overflows, let x = firstOverflow(in: piece.stretch) {
                    return Enclosed(enclosure: nil, singular: [x], holes: [], overflows: [x])
                }
                if piece.share != nil {
                    settled.append(piece)
                } else if let halves = piece.stretch.halves, piece.stretch.width > smallest {
                    fresh += [halves.lower, halves.upper]
                } else {
                    let stretch = piece.stretch
                    let x = PathSampler.simplest(in: stretch.lower, stretch.upper) ?? stretch.midpoint
                    if !piece.isBounded, !piece.overflows, singular.count < Self.poles {
                        try checkConvergence(beside: stretch, in: range)
                    }
                    if piece.isBounded { holes.append(x) }
                    if piece.overflows { overflows.append(x) }
                    singular.append(x)
                }
            }
        }
        if !singular.isEmpty {
            return Enclosed(enclosure: nil, singular: Array(Set(singular)).sorted(), holes: holes, overflows: overflows)
        }
        // Then the stretches whose share of the enclosure's width is largest, halved until
        // the width is within the tolerance of ∫|f|.
        spent = settled.count
        // Whether the Taylor rule fails at each end of the range itself, once asked.
        var singularEnds: [Double: Bool] = [:]
        while !Cancellation.isRequested {
            let total = Self.sum(settled.compactMap(\.share))
            let magnitude = Self.sumOfMagnitudes(settled.compactMap(\.share))
            guard total.width > tolerance * magnitude, spent < budget else { break }
            let threshold = tolerance * magnitude / Double(max(settled.count, 1))
            var kept: [Piece] = []
            for piece in settled {
                if (piece.share?.width ?? 0) > threshold,
                    let parts = split(piece, in: range, singularEnds: &singularEnds)
                {
                    fresh += parts
                } else {
                    kept.append(piece)
                }
            }
            guard !fresh.isEmpty else { break }
            spent += fresh.count
            enclosed += fresh.count
            settled = try kept + shares(of: fresh, wide: range.width / 32)
            fresh = []
        }
        // Stopped by Ctrl-C: the shares summed so far are not the whole integral.
        if Cancellation.isRequested { return Enclosed(enclosure: nil) }
        let shares = settled.compactMap(\.share)
        return Enclosed(
            enclosure: Self.sum(shares), magnitude: Self.sumOfMagnitudes(shares), pieces: shares.count,
            stretchesEnclosed: enclosed)
    }

    /// The stretches a piece too wide is split into: its halves; or, for a piece at an end
    /// of the range where the Taylor rule failed and fails at the end itself (the
    /// function is not analytic there, as √x at 0), five, each about twice as wide as the
    /// last away from that end (about 1/16, 1/16, 1/8, 1/4, 1/2 of it: halves split off
    /// the middle), so that a round closes in on the end 16 times rather than twice, and
    /// the pieces away from it, whose ends are at least their width from it, take the
    /// Taylor rule. `nil` for a stretch too narrow to split.
    private func split(_ piece: Piece, in range: Interval, singularEnds: inout [Double: Bool]) -> [Interval]? {
        guard let halves = piece.stretch.halves else { return nil }
        let stretch = piece.stretch
        let atLower = stretch.lower == range.lower, atUpper = stretch.upper == range.upper
        guard usesTaylorRule, let taylor, taylor.coversEveryOperation, !piece.isByTaylorRule, atLower != atUpper
        else {
            return [halves.lower, halves.upper]
        }
        let rangeEnd = atLower ? range.lower : range.upper
        if singularEnds[rangeEnd] == nil {
            singularEnds[rangeEnd] = taylor.coefficients(over: Interval(rangeEnd)) == nil
        }
        guard singularEnds[rangeEnd] == true else { return [halves.lower, halves.upper] }
        var graded = [atLower ? halves.upper : halves.lower]
        var end = atLower ? halves.lower : halves.upper
        for _ in 0..<3 {
            guard let parts = end.halves else { break }
            graded.append(atLower ? parts.upper : parts.lower)
            end = atLower ? parts.lower : parts.upper
        }
        graded.append(end)
        return atLower ? graded.reversed() : graded
    }

    /// About how many interval operations one stretch's share costs: f at the stretch, the
    /// centre and the Gauss nodes, and the derivatives the rules use.
    private var costPerStretch: Int {
        let rules = derivatives.count >= 4 ? [derivatives[1], derivatives[3]] : derivatives.prefix(2).suffix(1)
        // The Taylor rule's two series, where it is used.
        let taylorCost = usesTaylorRule && taylor?.coversEveryOperation == true ? 2 * (taylor?.cost ?? 0) : 0
        return 4 * function.costOfEvaluation + rules.reduce(0) { $0 + $1.costOfEvaluation } + taylorCost
    }

    /// Each stretch's share of the integral, proved: by the Taylor rule where the
    /// function is analytic over the stretch (of high degree on stretches at least
    /// `wide`), else by the rules its derivatives allow.
    private func shares(of stretches: [Interval], wide: Double) throws(IntegrationError) -> [Piece] {
        guard usesTaylorRule, let taylor, let narrowTaylor else { return try sharesByRules(of: stretches) }
        var pieces = [Piece?](repeating: nil, count: stretches.count)
        var others: [Int] = []
        for (index, stretch) in stretches.enumerated() {
            let share = stretch.width >= wide ? taylor.integral(over: stretch) : narrowTaylor.integral(over: stretch)
            if let share {
                pieces[index] = Piece(stretch: stretch, share: share, isByTaylorRule: true)
            } else {
                others.append(index)
            }
        }
        if !others.isEmpty {
            let byRules = try sharesByRules(of: others.map { stretches[$0] })
            for (index, piece) in zip(others, byRules) { pieces[index] = piece }
        }
        return pieces.compactMap { $0 }
    }

    /// Each stretch's share of the integral by the rules the derivatives allow, proved.
    private func sharesByRules(of stretches: [Interval]) throws(IntegrationError) -> [Piece] {
        let enclosures = function.enclosures(over: stretches)
        // The rules the derivatives allow, and what they need: f at the Gauss nodes (each
        // an interval of a few ulps holding the exact node) and at the centre. Where a
        // high derivative's enclosure is loose (a narrow spike: f⁗ is 10¹⁶ times f) a
        // lower rule is tighter, so each share is the intersection of them all.
        let gauss = derivatives.count >= 4, midpoint = derivatives.count >= 2, meanValue = derivatives.count == 1
        let nodes = gauss ? stretches.flatMap(Self.gaussNodes) : []
        let atNodes = gauss ? function.enclosures(over: nodes) : []
        let fourths = gauss ? derivatives[3].enclosures(over: stretches) : []
        // The rules' error terms hold at the exact centre: f is enclosed over an interval
        // of an ulp or two that holds it, not at a rounded midpoint.
        let centres = stretches.map {
            IntervalArithmetic.quotient(IntervalArithmetic.plus(Interval($0.lower), Interval($0.upper)), Interval(2))
        }
        let atCentres = midpoint || meanValue ? function.enclosures(over: centres) : []
        let lower =
            midpoint
            ? derivatives[1].enclosures(over: stretches) : meanValue ? derivatives[0].enclosures(over: stretches) : []
        var pieces: [Piece] = []
        pieces.reserveCapacity(stretches.count)
        for (index, stretch) in stretches.enumerated() {
            let enclosure = enclosures[index]
            guard let hull = enclosure.hull else {
                if Cancellation.isRequested { return pieces }
                throw .noValue(at: PathSampler.simplest(in: stretch.lower, stretch.upper) ?? stretch.midpoint)
            }
            // A share is proved only where the function has a value throughout: an
            // operation that absorbs its operand (`sqrt(x)*0`) keeps the enclosure
            // bounded but partial, and such a stretch is split like a pole's.
            guard hull.isBounded, enclosure.isTotal else {
                pieces.append(
                    Piece(
                        stretch: stretch, share: nil, isBounded: hull.isBounded,
                        overflows: enclosure.isOverflow))
                continue
            }
            let width = Interval(Rounding.sumDown(stretch.upper, -stretch.lower), stretch.width)
            var share = IntervalArithmetic.times(width, hull)
            // Total here (the guard above): the rules need continuity too.
            if enclosure.isContinuous {
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

    /// The first of 257 evenly spaced doubles of `stretch` where the function's value
    /// passes the largest double (its enclosure there is unbounded, with a value), or nil
    /// where none does.
    private func firstOverflow(in stretch: Interval) -> Double? {
        // Weighted ends, not lower + width·t: the width of −1e308…1e308 overflows.
        let xs = (0...256).map { index -> Double in
            let t = Double(index) / 256
            return min(max(stretch.lower * (1 - t) + stretch.upper * t, stretch.lower), stretch.upper)
        }
        let enclosures = function.enclosures(over: xs.map { Interval($0) })
        return zip(xs, enclosures).first { _, enclosure in
            enclosure.isTotal && enclosure.hull.map { !$0.isBounded } == true
        }?.0
    }

    // MARK: - Poles

    /// The narrowest stretch within `stretch` that holds where the function is unbounded:
    /// halved while exactly one half is without a bound (or a value), to a few doubles.
    private func narrowedPole(_ stretch: Interval) -> Interval {
        var pole = stretch
        for _ in 0..<64 {
            guard let halves = pole.halves, pole.width > 4 * pole.lower.magnitude.ulp else { break }
            let enclosures = function.enclosures(over: [halves.lower, halves.upper])
            let open = enclosures.map { !$0.isTotal || $0.hull.map { !$0.isBounded } != false }
            if open[0] == open[1] { break }
            pole = open[0] ? halves.lower : halves.upper
        }
        return pole
    }

    /// Throws where the integral diverges beside `stretch`, where the function is
    /// unbounded: the proved integrals over shells closing in on it (each half as far as
    /// the last) shrink where it converges; where they keep a sign and do not shrink, as
    /// 1/x's stay near log 2, the integral grows without bound. The shells are measured
    /// from the far side of the pole's stretch, narrowed to a few doubles first, and stop
    /// a million widths of it away, so that not knowing where in it the pole lies changes
    /// a shell's integral by no more than the shrinking allowed for it (the pole of
    /// 1/(x−1e-5) on 0…1 sits an unknown hair from the double taken for it, and its
    /// shells read as shrinking: it was estimated as if it converged).
    private func checkConvergence(beside stretch: Interval, in range: Interval) throws(IntegrationError) {
        let pole = narrowedPole(stretch)
        let closest = max(pole.width, pole.lower.magnitude.ulp) * 0x1p20
        sides: for side in [1.0, -1.0] {
            let start = side > 0 ? pole.upper : pole.lower
            let reach = side > 0 ? range.upper - start : start - range.lower
            guard reach > 0 else { continue }
            var shells: [Interval] = []
            var distance = reach
            while shells.count < 48, distance / 2 >= closest {
                let near = distance / 2
                let inner = start + side * near, outer = start + side * distance
                shells.append(Interval(min(inner, outer), max(inner, outer)))
                distance = near
            }
            guard shells.count >= 24 else { continue }
            // What a pole anywhere in its stretch changes between neighbouring shells.
            let slack = 1e-9 + 4 * max(pole.width, pole.lower.magnitude.ulp) / distance
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
                    // Divergence is claimed only where the function has a value throughout;
                    // a side without one leaves the other side to tell.
                    guard enclosures[index].isTotal else { continue sides }
                    let part = parts[index]
                    let width = Interval(Rounding.sumDown(part.upper, -part.lower), part.width)
                    total = IntervalArithmetic.plus(total, IntervalArithmetic.times(width, hull))
                }
                // The least |∫| over the shell that is proved.
                least.append(total.lower > 0 ? total.lower : total.upper < 0 ? -total.upper : 0)
            }
            // The last 24 shells, each no smaller than the one before (to rounding): the
            // integral from δ grows at least like log(1/δ), as 1/x's does. (x^−p for p
            // below 1 shrinks by 2^(p−1) a shell, and is not taken for divergent.)
            let tail = least.suffix(24)
            if tail.allSatisfy({ $0 > 0 }), zip(tail, tail.dropFirst()).allSatisfy({ $1 >= $0 * (1 - slack) }) {
                throw .diverges(near: PathSampler.simplest(in: pole.lower, pole.upper) ?? pole.midpoint)
            }
        }
    }

}
