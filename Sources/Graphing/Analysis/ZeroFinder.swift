import CalculatorBrain
import GraphCalcSupport

/// Every zero of a function on an interval, with proofs: stretches where interval
/// arithmetic shows the function cannot vanish are excluded, so no simple zero is missed,
/// and each zero reported as proved lies in an interval the interval Newton method shows
/// holds exactly one.
///
/// Branch and bound over x: a stretch whose enclosure excludes 0 has no zero; where the
/// function is continuous and its derivative's enclosure excludes 0, one Newton step
/// N = c − f(c)/f′(X) inside the stretch proves a single zero, which further steps narrow
/// to a few ulps; elsewhere the stretch is halved. What is still undecided when a
/// stretch is narrower than ``resolution`` of the range, or the budget runs out (a double
/// root such as `(x-1)^2`, a tangency, `sin(1/x)` beside 0), is reported as possible, and
/// neighbouring possible stretches are merged.
public struct ZeroFinder: Sendable {
    /// A zero, proved or possible.
    public struct Zero: Hashable, Sendable {
        /// Whether it is proved, and if not why: ``Proof/proved`` means exactly one zero
        /// lies in ``Zero/interval``.
        public typealias Status = Proof

        /// The best double for the zero: the one in the interval where |f| is least.
        public let x: Double
        /// Where the zero is.
        public let interval: Interval
        /// Proved or possible.
        public let status: Status
        /// Whether this is a stretch where the function is 0 throughout (`x−x`, `floor(x)`
        /// on [0, 1)) rather than one zero: proved where it has a value on all of
        /// ``interval``, possible where it may have none somewhere.
        public var isThroughout = false

        /// A zero at `x` in `interval`.
        public init(x: Double, interval: Interval, status: Status, isThroughout: Bool = false) {
            self.x = x
            self.interval = interval
            self.status = status
            self.isThroughout = isThroughout
        }
    }

    /// The function, with guaranteed enclosures.
    public let function: any GraphFunction
    /// Its derivative, with guaranteed enclosures; without one (`Γ` has none among the
    /// keys) zeros are excluded but none is proved, save exact ones.
    public let derivative: (any GraphFunction)?
    /// The narrowest stretch halved, as a fraction of the range searched.
    public var resolution = 1e-7
    /// The most stretches looked at.
    public var budget = 200_000
    /// The most work, in interval operations: a stretch costs about three evaluations of
    /// the function and two of its derivative, so a long program (or a long derivative)
    /// gets fewer stretches, never fewer than 1,024, and a search ends in bounded time.
    public var work = 1 << 24

    /// The stretches the search may look at: ``budget``, or fewer where ``work`` runs out first.
    var stretchBudget: Int {
        let cost = 3 * function.costOfEvaluation + 2 * (derivative?.costOfEvaluation ?? 0)
        return min(budget, max(1_024, work / cost))
    }

    /// A search for the zeros of `function`, whose derivative is `derivative`.
    public init(function: any GraphFunction, derivative: (any GraphFunction)?) {
        self.function = function
        self.derivative = derivative
    }

    /// The zeros in `range`, left to right. Stops early, reporting what is left as
    /// possible, when `Cancellation` is requested.
    public func zeros(in range: Interval) -> [Zero] {
        var found: [Zero] = []
        var possible: [(Interval, Proof.Reason)] = []
        var flat: [Interval] = []
        // The flat stretches where the function may have no value somewhere.
        var partialFlat: Set<Interval> = []
        var pending = [range]
        var spent = 0
        let smallest = max(range.width * resolution, Double.leastNormalMagnitude)
        let budget = stretchBudget
        while let stretch = pending.popLast() {
            spent += 1
            if spent > budget || Cancellation.isRequested {
                possible.append((stretch, .notLookedInto))
                continue
            }
            let enclosure = function.enclosures(over: [stretch])[0]
            guard enclosure.contains(0) else { continue }
            // The simplest double of the stretch, where a zero is looked for exactly.
            let simplest = PathSampler.simplest(in: stretch.lower, stretch.upper)
            // The slope over the stretch and the values at its middle and at that double,
            // which the Newton step below starts from.
            let start = centredStart(stretch, enclosure, simplest: simplest)
            guard start.holds0 else { continue }
            // Across a jump or a domain end, a value of exactly 0 at the simplest double
            // (sign(x) at 0, √x at 0) is a zero; the rest of the stretch is searched on.
            if !(enclosure.isTotal && enclosure.isContinuous), let p = simplest, Self.isExactlyZero(start.atSimplest) {
                found.append(Zero(x: p + 0, interval: Interval(p), status: .proved))
                if p > stretch.lower { pending.append(Interval(stretch.lower, p.nextDown)) }
                if p < stretch.upper { pending.append(Interval(p.nextUp, stretch.upper)) }
                continue
            }
            // Proved 0 wherever defined on the whole stretch (floor(x) on [0, 1)); on a
            // single double, that is a zero proved exactly there (x−1 at the end of 0…1).
            if enclosure.pieces == [Interval(0)] {
                // Only where it is proved to have a value: `0÷ln(log2(2))` is 0 or nothing.
                if stretch.isPoint && enclosure.isTotal {
                    found.append(Zero(x: stretch.lower + 0, interval: stretch, status: .proved))
                } else {
                    flat.append(stretch)
                    if !enclosure.isTotal { partialFlat.insert(stretch) }
                }
                continue
            }
            if enclosure.isTotal && enclosure.isContinuous,
                let zero = newton(stretch, start: start.values, simplest: simplest.map { ($0, start.atSimplest) })
            {
                switch zero {
                case .noZero:
                    continue
                case .proved(let interval):
                    found.append(proved(in: interval))
                    continue
                case .exact(let x):
                    found.append(Zero(x: x + 0, interval: Interval(x), status: .proved))
                    if x > stretch.lower { pending.append(Interval(stretch.lower, x.nextDown)) }
                    if x < stretch.upper { pending.append(Interval(x.nextUp, stretch.upper)) }
                    continue
                case .narrowed(let narrower) where narrower.width < stretch.width / 2:
                    pending.append(narrower)
                    continue
                case .narrowed:
                    break
                }
            }
            // Off the middle, so that zeros at simple numbers (0, whole numbers) fall inside
            // a stretch rather than on the edge between two.
            guard stretch.width > smallest, let halves = stretch.halves else {
                let reason: Proof.Reason =
                    derivative == nil
                    ? .noDerivative
                    : enclosure.isContinuous && enclosure.isTotal ? .doubleRootOrTangency : .mayBeDiscontinuous
                possible.append((stretch, reason))
                continue
            }
            // The right half first, so the left is looked at first.
            pending.append(halves.upper)
            pending.append(halves.lower)
        }
        // A zero proved from two stretches is one.
        var distinct: [Zero] = []
        for zero in found.sorted(by: { $0.interval.lower < $1.interval.lower }) {
            if let last = distinct.last, last.interval.overlaps(zero.interval) { continue }
            distinct.append(zero)
        }
        // Beside a zero proved exactly at a double p, a stretch holds no other where f is
        // continuous from p to the stretch's far end and f′ keeps one sign on all of it but
        // p itself: f is strictly monotone there and f(p) = 0 (x^2 beside 0, where f′ = 0
        // at p only; x^4−x^2, whose slivers near 0 were left possible as tangencies). The
        // nearest exact zero on each side is tried, in batches. (Sets and sorted searches
        // here: an identically zero function such as x−x leaves a hundred thousand of each.)
        let exact = distinct.filter(\.interval.isPoint).map(\.x).sorted()
        if let derivative, !exact.isEmpty, !possible.isEmpty {
            // For each possible stretch and side: the open reach from the zero, and the closed one.
            var candidates: [(index: Int, open: Interval, closed: Interval)] = []
            for (index, (stretch, _)) in possible.enumerated() {
                let after = Self.firstIndex(in: exact) { $0 > stretch.upper }
                if after < exact.count, exact[after] > stretch.upper {
                    let p = exact[after]
                    candidates.append((index, Interval(stretch.lower, p.nextDown), Interval(stretch.lower, p)))
                }
                let before = Self.firstIndex(in: exact) { $0 >= stretch.lower } - 1
                if before >= 0, exact[before] < stretch.lower {
                    let p = exact[before]
                    candidates.append((index, Interval(p.nextUp, stretch.upper), Interval(p, stretch.upper)))
                }
            }
            let slopes = derivative.enclosures(over: candidates.map(\.open))
            let values = function.enclosures(over: candidates.map(\.closed))
            var monotone = Set<Int>()
            for (candidate, (slope, value)) in zip(candidates, zip(slopes, values))
            where slope.count == 1 && slope.isTotal && slope.hull.map({ !$0.contains(0) }) == true
                && value.isTotal && value.isContinuous
            {
                monotone.insert(candidate.index)
            }
            possible = possible.enumerated().filter { !monotone.contains($0.offset) }.map(\.element)
        }
        // An exact zero beside a flat stretch is part of it.
        var flatLowers = Set(flat.map(\.lower)), flatUppers = Set(flat.map(\.upper))
        for zero in distinct where zero.interval.isPoint {
            if flatLowers.contains(zero.x.nextUp) || flatUppers.contains(zero.x.nextDown) {
                flat.append(zero.interval)
                flatLowers.insert(zero.x)
                flatUppers.insert(zero.x)
            }
        }
        let zeroStretches = mergedFlat(flat, partial: partialFlat)
        let flatStretches = zeroStretches.map(\.interval)
        // An exact zero at a flat stretch's end is part of it.
        distinct.removeAll { zero in
            Self.nearest(to: zero.x, in: flatStretches).contains {
                $0.lower.nextDown <= zero.x && zero.x <= $0.upper.nextUp
            }
        }
        // A possible stretch inside one where f is 0 throughout adds nothing; one that
        // only overlaps it (the jump of floor at 1) still holds what lies beyond.
        possible.removeAll { stretch, _ in
            Self.nearest(to: stretch.lower, in: flatStretches).contains {
                $0.lower <= stretch.lower && stretch.upper <= $0.upper
            }
        }
        // Proved means isolated: an exact zero whose neighbouring double is a zero too
        // is one double of a stretch where f may be 0 (x−x; floor(x) = |x|/x on [−1, 0)),
        // so it joins the possible stretches beside it rather than stand as a proved zero
        // inside one.
        let exactZeros = distinct.filter { $0.interval.isPoint }.map(\.x)
        let neighbours = exactZeros.flatMap { [$0.nextDown, $0.nextUp] }.filter { range.contains($0) }
        let zeroNeighbours = Set(
            zip(neighbours, function.enclosures(over: neighbours.map { Interval($0) })).compactMap { x, enclosure in
                enclosure.isTotal && enclosure.pieces == [Interval(0)] ? x + 0 : nil
            })
        distinct.removeAll { zero in
            guard zero.interval.isPoint,
                zeroNeighbours.contains(zero.x.nextDown + 0) || zeroNeighbours.contains(zero.x.nextUp + 0)
            else { return false }
            possible.append(
                (zero.interval, .zeroBesideZero))
            return true
        }
        return Self.withoutNestedPossibles(
            (clustered(distinct, merged(possible), range: range) + zeroStretches)
                .sorted { $0.interval.lower < $1.interval.lower })
    }

    /// `sorted` (by lower end) without the possible zeros that lie inside an earlier
    /// possible one: a crowd around 0 said once, not again for each stretch inside it.
    static func withoutNestedPossibles(_ sorted: [Zero]) -> [Zero] {
        var reach = -Double.infinity
        return sorted.filter { zero in
            guard zero.status != .proved else { return true }
            if zero.interval.upper <= reach { return false }
            reach = zero.interval.upper
            return true
        }
    }

    /// Of `sorted` (disjoint, in increasing order), the intervals that may hold or touch
    /// `x`: the last to start at or before it and the one after, found by bisection.
    static func nearest(to x: Double, in sorted: [Interval]) -> ArraySlice<Interval> {
        let after = firstIndex(in: sorted) { $0.lower > x }
        return sorted[max(0, after - 1)..<min(sorted.count, after + 1)]
    }

    /// The first index of `sorted` whose element satisfies `isPast` (which, once true,
    /// stays true along it), by bisection; the count when none does.
    static func firstIndex<Element>(in sorted: [Element], where isPast: (Element) -> Bool) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if isPast(sorted[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Whether the mean-value form f(c) + f′(X)(X − c), tighter than the plain enclosure
    /// where the variable appears more than once (tan(x)−x near 0), may hold 0 too; with
    /// f′(X) and f(c), c the stretch's middle, where they were evaluated, and f at
    /// `simplest` (empty where there is none), evaluated in one batch with f(c).
    private func centredStart(
        _ stretch: Interval, _ enclosure: Enclosure, simplest: Double?
    ) -> (holds0: Bool, values: (slope: Enclosure, atCentre: Enclosure)?, atSimplest: Enclosure) {
        let isCentred = enclosure.isTotal && enclosure.isContinuous && stretch.isBounded && derivative != nil
        let c = stretch.midpoint
        let points = (isCentred ? [Interval(c)] : []) + (simplest.map { [Interval($0)] } ?? [])
        let atPoints = points.isEmpty ? [] : function.enclosures(over: points)
        let atSimplest = simplest == nil ? Enclosure.empty : atPoints[atPoints.count - 1]
        guard isCentred, let derivative else { return (true, nil, atSimplest) }
        let slope = derivative.enclosures(over: [stretch])[0]
        let atCentre = atPoints[0]
        let values = (slope, atCentre)
        guard slope.count == 1, slope.isTotal, let d = slope.hull, d.isBounded, let fc = atCentre.hull else {
            return (true, values, atSimplest)
        }
        let offset = BinaryOperation.subtraction.enclosure(over: stretch, Interval(c))
        guard let o = offset.hull, let change = BinaryOperation.multiplication.enclosure(over: d, o).hull,
            let form = BinaryOperation.addition.enclosure(over: fc, change).hull
        else { return (true, values, atSimplest) }
        return (form.contains(0), values, atSimplest)
    }

    private enum Step {
        /// The stretch holds no zero.
        case noZero
        case proved(Interval)
        case narrowed(Interval)
        /// A zero exactly at this double; the stretch either side still to be searched.
        case exact(Double)
    }

    /// One interval Newton step on a stretch where f is continuous: no zero, a zero proved
    /// (then narrowed to a few ulps), or a narrower stretch; `nil` when the slope's
    /// enclosure holds 0. `start` holds f′ over the stretch and f at its middle where they
    /// are known already.
    private func newton(
        _ stretch: Interval, start: (slope: Enclosure, atCentre: Enclosure)?, simplest: (Double, Enclosure)?
    ) -> Step? {
        guard let derivative else { return nil }
        var x = stretch
        var isProved = false
        for iteration in 0..<64 {
            let known = iteration == 0 ? start : nil
            let slope = known?.slope ?? derivative.enclosures(over: [x])[0]
            let isMonotone = slope.count == 1 && slope.isTotal && slope.hull.map { !$0.contains(0) } == true
            // A value of exactly 0 at the simplest double is a zero, proved: where f is
            // strictly monotone the only one (sin at 0), and otherwise the one at that
            // double (tan(x)−x at 0, a triple root), with the rest of the stretch searched on.
            if iteration == 0, let (p, value) = simplest, Self.isExactlyZero(value) {
                return isMonotone ? .proved(Interval(p)) : .exact(p)
            }
            guard isMonotone, let d = slope.hull else {
                return isProved ? .proved(x) : (x == stretch ? nil : .narrowed(x))
            }
            let c = x.midpoint
            let atCentre = known?.atCentre ?? function.enclosures(over: [Interval(c)])[0]
            guard let fc = atCentre.hull, atCentre.isTotal else { return isProved ? .proved(x) : nil }
            // N = c − f(c)/f′(X), rounded outward.
            let quotient = BinaryOperation.division.enclosure(over: fc, d)
            guard let q = quotient.hull else { return .noZero }
            let step = BinaryOperation.subtraction.enclosure(over: Interval(c), q)
            guard let n = step.hull else { return .noZero }
            guard let next = n.intersection(x) else { return .noZero }
            if n.lower > x.lower && n.upper < x.upper { isProved = true }
            if next == x { return isProved ? .proved(x) : .narrowed(x) }
            x = next
        }
        return isProved ? .proved(x) : .narrowed(x)
    }

    /// A proved zero with its best double: of the interval's ends and midpoint (a few ulps
    /// apart), the one where |f| is least.
    private func proved(in interval: Interval) -> Zero {
        let candidates = [interval.lower, interval.midpoint, interval.upper]
        let values = function.values(at: candidates)
        var best = candidates[1], smallest = Double.infinity
        for (x, y) in zip(candidates, values) where abs(y) < smallest {
            best = x
            smallest = abs(y)
        }
        return Zero(x: best + 0, interval: interval, status: .proved)
    }

    /// Where possible stretches crowd (more than ``crowd`` of them, each within ten of its
    /// widths of the next), one possible interval holds them and the zeros proved
    /// between: infinitely many zeros, or too many to separate at this resolution.
    static let crowd = 16

    private func clustered(_ proved: [Zero], _ possible: [Zero], range: Interval) -> [Zero] {
        var groups: [[Zero]] = []
        for zero in possible {
            if let last = groups.last?.last,
                zero.interval.lower - last.interval.upper <= 10 * max(last.interval.width, zero.interval.width)
                    + range.width * resolution * 10
            {
                groups[groups.count - 1].append(zero)
            } else {
                groups.append([zero])
            }
        }
        // A crowd takes in the possible stretches within its own width of it (found by
        // bisection in the others, which are in increasing order).
        var crowds = groups.filter { $0.count > Self.crowd }.compactMap { group -> Interval? in
            guard let first = group.first, let last = group.last else { return nil }
            return first.interval.hull(last.interval)
        }
        let others = groups.filter { $0.count <= Self.crowd }.flatMap { $0 }
        let lowers = others.map(\.interval.lower)
        var takenIn = Set<Int>()
        for index in crowds.indices {
            let crowd = crowds[index]
            let low = Self.firstIndex(in: lowers) { $0 >= crowd.lower - crowd.width }
            // Possible stretches are disjoint, so one that started earlier may still reach in.
            var next = max(0, low - 1)
            while next < others.count, others[next].interval.lower <= crowd.upper + crowd.width {
                if others[next].interval.upper >= crowd.lower - crowd.width {
                    crowds[index] = crowds[index].hull(others[next].interval)
                    takenIn.insert(next)
                }
                next += 1
            }
        }
        let rest = others.indices.filter { !takenIn.contains($0) }.map { others[$0] }
        let kept = proved.filter { zero in !crowds.contains { $0.contains(zero.x) } }
        let crowded = crowds.map { hull in
            Zero(
                x: hull.midpoint, interval: hull,
                status: .possible(reason: .crowded))
        }
        return (kept + rest + crowded).sorted { $0.interval.lower < $1.interval.lower }
    }

    /// Flat stretches that touch, as one each: proved 0 throughout where each part had a
    /// value throughout, possible where one may have none somewhere.
    private func mergedFlat(_ stretches: [Interval], partial: Set<Interval>) -> [Zero] {
        var result: [(interval: Interval, isTotal: Bool)] = []
        for stretch in stretches.sorted(by: { $0.lower < $1.lower }) {
            let isTotal = !partial.contains(stretch)
            if let last = result.last, stretch.lower <= last.interval.upper.nextUp {
                result[result.count - 1] = (last.interval.hull(stretch), last.isTotal && isTotal)
            } else {
                result.append((stretch, isTotal))
            }
        }
        return result.map { stretch, isTotal in
            Zero(
                x: stretch.midpoint, interval: stretch,
                status: isTotal ? .proved : .possible(reason: .zeroWhereDefined),
                isThroughout: true)
        }
    }

    /// Possible stretches that touch, as one each, with the first reason.
    private func merged(_ stretches: [(Interval, Proof.Reason)]) -> [Zero] {
        var result: [(Interval, Proof.Reason)] = []
        for (stretch, reason) in stretches.sorted(by: { $0.0.lower < $1.0.lower }) {
            if let last = result.last, stretch.lower <= last.0.upper.nextUp {
                result[result.count - 1].0 = last.0.hull(stretch)
            } else {
                result.append((stretch, reason))
            }
        }
        return result.map { stretch, reason in
            Zero(x: stretch.midpoint, interval: stretch, status: .possible(reason: reason))
        }
    }

    /// Whether a point's enclosure proves the function exactly 0 there: it is the point 0
    /// and total (a value 0 where it may have none, as `0×(1/x)` at 0, is no zero).
    private static func isExactlyZero(_ enclosure: Enclosure) -> Bool {
        enclosure.isTotal && enclosure.pieces == [Interval(0)]
    }
}
