import CalculatorBrain
import GraphCalcSupport

/// The minima and maxima of a function on an interval, with proofs: local extrema where
/// the slope changes sign (each proved, with an enclosure of its value), the values at
/// the ends, and the global minimum and maximum enclosed by interval branch and bound.
///
/// Local extrema are the zeros of f′ found by ``ZeroFinder`` (so none is missed where f
/// is differentiable), each classified by the sign of f″ on its interval or, failing
/// that, by the signs of f′ proved on either side — which also finds corners such as
/// `abs(x)` at 0, where f′ has no value. The global extrema take the stretch of least
/// lower bound next (the Moore–Skelboe method), bounded by the mean-value form where f′
/// exists, with a stretch where f is monotone reduced to its end where the value is least
/// (greatest, for the maximum); where the program has Taylor series, by second-order forms
/// as well, and a convex stretch is narrowed to its critical point by Newton steps
/// (`SeriesBounds`).
public struct ExtremumFinder: Sendable {
    /// A minimum, maximum or end value.
    public struct Extremum: Hashable, Sendable {
        /// Which kind of point it is.
        public enum Kind: String, Hashable, Sendable, CaseIterable {
            /// Lower than everywhere near it.
            case localMinimum = "local min"
            /// Higher than everywhere near it.
            case localMaximum = "local max"
            /// Where the slope may be 0 but neither a minimum nor a maximum is proved.
            case critical
            /// An end of the range.
            case endpoint
            /// The least value on the range.
            case globalMinimum = "global min"
            /// The greatest value on the range.
            case globalMaximum = "global max"
        }

        /// Which kind of point it is.
        public let kind: Kind
        /// A double where the value is attained (for a global extremum, the best found).
        public let x: Double
        /// Where the point lies: for a local extremum, the interval holding it; for a
        /// global one, the stretches that may still hold where it is attained.
        public let interval: Interval
        /// An enclosure of the value there.
        public let value: Interval
        /// Proved, or possible with the reason.
        public let status: Proof
    }

    /// The function, with guaranteed enclosures.
    public let function: any GraphFunction
    /// Its derivative; without one, only the end values and global extrema are found.
    public let derivative: (any GraphFunction)?
    /// Its second derivative, to classify critical points and prove them.
    public let secondDerivative: (any GraphFunction)?
    /// The narrowest stretch the global search halves, as a fraction of the range.
    public var resolution = 1e-12
    /// The most stretches the global search looks at, each way.
    public var budget = 200_000
    /// The most work for all of ``extrema(in:)``, in interval operations, whatever the
    /// number of candidates: half for the zeros of f′, a quarter shared by the local
    /// extrema's narrowing, an eighth for each global search. A long program gets fewer
    /// stretches; what the work does not reach is reported as possible. The default keeps
    /// a program of under 100 ops under 2 s in a release build.
    public var work = 1 << 23

    /// The stretches a global search may look at: ``budget``, or fewer where its share of
    /// ``work`` runs out first.
    var globalBudget: Int {
        let cost = 3 * function.costOfEvaluation + (derivative?.costOfEvaluation ?? 0)
        return min(budget, max(1_024, work / 8 / cost))
    }
    /// How tightly the global extrema's values are enclosed: relative to the larger of
    /// the value and the spread of the values seen.
    public static let tolerance = 1e-12

    /// A search for the extrema of `function`, whose first and second derivatives are given.
    public init(
        function: any GraphFunction, derivative: (any GraphFunction)?, secondDerivative: (any GraphFunction)?
    ) {
        self.function = function
        self.derivative = derivative
        self.secondDerivative = secondDerivative
    }

    /// The local extrema and end values in `range`, left to right, then the global
    /// minimum and maximum (absent where the function has no value on the range).
    ///
    /// A global row is at least as tight as a local (or end) row it coincides with: the
    /// local rows' places are looked at first, and where the global search puts the
    /// extreme value inside a proved local row's interval, that row's value enclosure
    /// holds for it too.
    public func extrema(in range: Interval) -> [Extremum] {
        let points = (localExtrema(in: range) + ends(of: range)).sorted { $0.interval.lower < $1.interval.lower }
        let global = [false, true].compactMap { maximum -> Extremum? in
            let kinds: [Extremum.Kind] = [maximum ? .localMaximum : .localMinimum, .endpoint]
            let rows = points.filter { kinds.contains($0.kind) && $0.status == .proved }
            guard let found = globalExtremum(in: range, maximum: maximum, seeds: rows.map(\.x)) else { return nil }
            return Self.tightened(found, by: rows)
        }
        return points + global
    }

    /// A global extremum whose places all lie in a proved local row's interval takes that
    /// row's value enclosure too (the local row encloses the least, or greatest, value on
    /// its interval).
    private static func tightened(_ global: Extremum, by rows: [Extremum]) -> Extremum {
        guard global.status == .proved else { return global }
        for row in rows where row.interval.lower <= global.interval.lower && global.interval.upper <= row.interval.upper
        {
            guard let value = global.value.intersection(row.value) else { continue }
            let x = row.interval.isPoint ? row.x : global.x
            return Extremum(
                kind: global.kind, x: x, interval: global.interval.intersection(row.interval) ?? global.interval,
                value: value, status: .proved)
        }
        return global
    }

    /// The values at the ends of `range` where the function has one.
    public func ends(of range: Interval) -> [Extremum] {
        let ends = range.isPoint ? [range.lower] : [range.lower, range.upper]
        let enclosures = function.enclosures(over: ends.map { Interval($0) })
        return zip(ends, enclosures).compactMap { x, enclosure in
            guard let value = enclosure.hull, enclosure.isTotal else { return nil }
            // A value past the largest double is enclosed but not shown: said, not proved.
            let status: Proof =
                value.isBounded ? .proved : .possible(reason: .beyondDoubles(upward: value.upper == .infinity))
            return Extremum(kind: .endpoint, x: x, interval: Interval(x), value: value, status: status)
        }
    }

    // MARK: - Local extrema

    /// The local extrema strictly inside `range`: the zeros of f′ (and the points where
    /// f′ changes sign without a value, such as corners), each classified.
    public func localExtrema(in range: Interval) -> [Extremum] {
        guard let derivative, range.isBounded, !range.isPoint else { return [] }
        var finder = ZeroFinder(function: SignChanges(slope: derivative), derivative: secondDerivative)
        finder.resolution = 1e-9
        finder.budget = budget
        finder.work = work / 2
        // The narrowing of wide stretches (corners) shares a quarter of the work, however
        // many there are: asin(sin(1/x)) has thousands near 0.
        let narrowingCost = 3 * function.costOfEvaluation + (self.derivative?.costOfEvaluation ?? 0)
        var narrowing = work / 4 / narrowingCost
        // Stretches that touch are one: a zero of f′ at a double and the slivers beside it
        // where f′ underflows to 0 (x⁴ at 0) turn, or do not, together.
        var groups: [ZeroFinder.Zero] = []
        for found in finder.zeros(in: range) {
            // f′ 0 throughout: f is constant there, which is no turn to prove.
            let critical =
                found.isThroughout && found.status == .proved
                ? ZeroFinder.Zero(
                    x: found.x, interval: found.interval, status: .possible(reason: .slopeZeroThroughout),
                    isThroughout: true) : found
            if let last = groups.last, critical.interval.lower <= last.interval.upper.nextUp {
                let status = last.status == .proved ? critical.status : last.status
                let hull = last.interval.hull(critical.interval)
                groups[groups.count - 1] = ZeroFinder.Zero(
                    x: last.x, interval: hull, status: status, isThroughout: last.isThroughout || critical.isThroughout)
            } else {
                groups.append(critical)
            }
        }
        var found: [Extremum] = []
        for critical in groups {
            let stretch = critical.interval
            // A zero of f′ located at an end of the range is the endpoint row's to tell; a
            // stretch not looked into that reaches an end is still reported (out of work
            // beside 0, sin(1/x) on −0.001…0.001 left all of 0…0.001 unsearched).
            let touchesAnEnd = stretch.lower <= range.lower || stretch.upper >= range.upper
            guard !touchesAnEnd || critical.status != .proved && !stretch.isPoint else { continue }
            // Where f has no value (ln(cos(x)) at π, where f′ = −tan(x) vanishes), no extremum.
            let enclosure = function.enclosures(over: [stretch])[0]
            guard let value = enclosure.hull, !Cancellation.isRequested else { continue }
            switch turn(at: stretch, in: range, isProved: critical.status == .proved) {
            case .neither:
                continue
            case .minimum:
                if let point = extremum(.localMinimum, in: stretch, narrowing: &narrowing) { found.append(point) }
            case .maximum:
                if let point = extremum(.localMaximum, in: stretch, narrowing: &narrowing) { found.append(point) }
            case .unknown:
                let reason: Proof.Reason
                if case .possible(let why) = critical.status {
                    reason = why
                } else {
                    reason = .slopeSignUnknown
                }
                found.append(
                    Extremum(
                        kind: .critical, x: critical.x, interval: stretch, value: value,
                        status: .possible(reason: reason)))
            }
        }
        return found
    }

    /// What the slope does about a stretch where it may vanish.
    private enum Turn {
        case minimum, maximum, neither, unknown
    }

    /// Whether f turns at `stretch`: by the sign of f″ on it where f′ is proved to vanish
    /// there (`isProved`), or by the signs of f′ proved just left and right of it where f
    /// is continuous.
    private func turn(at stretch: Interval, in range: Interval, isProved: Bool) -> Turn {
        let bending = isProved ? secondDerivative?.enclosures(over: [stretch])[0] : nil
        let enclosure = function.enclosures(over: [stretch])[0]
        if let bending, bending.count == 1, bending.isTotal, bending.isContinuous, let hull = bending.hull,
            enclosure.isTotal, enclosure.isContinuous
        {
            if hull.lower > 0 { return .minimum }
            if hull.upper < 0 { return .maximum }
        }
        guard let derivative else { return .unknown }
        // Sides from a hair's width out to a thousandth of the range, until both signs
        // show. They share the stretch's ends, so a turn at an end is inside: f′ ≤ 0 on the
        // left and ≥ 0 on the right put the least value of f there in the stretch.
        for fraction in [1e-12, 1e-9, 1e-6, 1e-3] {
            let reach = max(range.width * fraction, stretch.width)
            let left = Interval(max(range.lower, stretch.lower - reach), stretch.lower)
            let right = Interval(stretch.upper, min(range.upper, stretch.upper + reach))
            let whole = function.enclosures(over: [left.hull(right)])[0]
            guard whole.isTotal, whole.isContinuous else { return .unknown }
            let slopes = derivative.enclosures(over: [left, right, stretch])
            guard let before = Self.sign(of: slopes[0]), let after = Self.sign(of: slopes[1]) else { continue }
            if before < 0 && after > 0 { return .minimum }
            if before > 0 && after < 0 { return .maximum }
            // The same sign on both sides and across the stretch (or f′ = 0 at a single
            // double between them, as x^3's at 0): f is monotone, no turn.
            let isZeroAtAPoint = stretch.isPoint && slopes[2].isTotal && slopes[2].pieces == [Interval(0)]
            return Self.sign(of: slopes[2]) == before || isZeroAtAPoint ? .neither : .unknown
        }
        return .unknown
    }

    /// −1 or +1 where `enclosure` is proved to have that sign or be 0 throughout (not
    /// everywhere 0), and `nil` otherwise.
    private static func sign(of enclosure: Enclosure) -> Double? {
        guard enclosure.count == 1, enclosure.isTotal, enclosure.isContinuous, let hull = enclosure.hull else {
            return nil
        }
        if hull.lower >= 0 && hull.upper > 0 { return 1 }
        if hull.upper <= 0 && hull.lower < 0 { return -1 }
        return nil
    }

    /// A local extremum in `stretch`: the double sampled there with the least (or
    /// greatest) value, and the value enclosed between that and the stretch's bound.
    ///
    /// - Parameter narrowing: the stretches left for narrowing wide stretches, shared by
    ///   every candidate; this one takes up to 2,000 of them.
    private func extremum(_ kind: Extremum.Kind, in stretch: Interval, narrowing: inout Int) -> Extremum? {
        let isMinimum = kind == .localMinimum
        // A wide stretch (a corner, found to the zero finder's resolution): the least
        // value on it, by branch and bound with a small share of the budget (a function
        // may have thousands of corners), is the extremum's, to 1e-12.
        var narrow = self
        narrow.budget = min(budget, 2_000, narrowing)
        narrowing -= narrow.budget
        if narrow.budget >= 64, stretch.width > 16 * stretch.lower.ulp,
            let best = narrow.globalExtremum(in: stretch, maximum: !isMinimum), best.status == .proved
        {
            return Extremum(kind: kind, x: best.x, interval: stretch, value: best.value, status: .proved)
        }
        var candidates = [stretch.lower, stretch.midpoint, stretch.upper]
        if let simplest = PathSampler.simplest(in: stretch.lower, stretch.upper) { candidates.append(simplest) }
        let values = function.values(at: candidates)
        var best = (x: stretch.midpoint, y: Double.nan)
        for (x, y) in zip(candidates, values) where !y.isNaN {
            if best.y.isNaN || (isMinimum ? y < best.y : y > best.y) { best = (x, y) }
        }
        guard !best.y.isNaN, let bound = function.enclosures(over: [stretch])[0].hull,
            let witnessed = function.enclosures(over: [Interval(best.x)])[0].hull
        else { return nil }
        // The extreme value lies between the stretch's bound and the value attained at x.
        let value =
            isMinimum
            ? Interval(bound.lower, max(bound.lower, witnessed.upper))
            : Interval(min(bound.upper, witnessed.lower), bound.upper)
        return Extremum(kind: kind, x: best.x + 0, interval: stretch, value: value, status: .proved)
    }
}

/// The slope as the local-extremum search sees it: where f′ jumps or has no value inside
/// a stretch (a corner, such as `abs(x)` at 0), its pieces are bridged, so that a change
/// of sign across the gap is a possible zero, looked into like any other.
struct SignChanges: GraphFunction {
    let slope: any GraphFunction

    func values(at xs: [Double]) -> [Double] { slope.values(at: xs) }

    func enclosures(over intervals: [Interval]) -> [Enclosure] {
        slope.enclosures(over: intervals).map { enclosure in
            guard enclosure.count == 2 || !enclosure.isTotal, let hull = enclosure.hull else { return enclosure }
            return Enclosure(hull, isTotal: enclosure.isTotal, isContinuous: false)
        }
    }

    var hasGuaranteedEnclosures: Bool { slope.hasGuaranteedEnclosures }

    /// The slope's cost: bridging its pieces costs next to nothing.
    var evaluationCost: Int { slope.costOfEvaluation }
}
