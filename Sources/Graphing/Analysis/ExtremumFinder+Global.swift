import CalculatorBrain
import GraphCalcSupport

/// The global minimum and maximum by interval branch and bound.
extension ExtremumFinder {
    /// A stretch waiting in the global search, with the lower bound of s·f on it.
    private struct Candidate {
        let stretch: Interval
        let bound: Double
    }

    /// The least (or, `maximum`, the greatest) value of the function on `range`, enclosed
    /// by branch and bound, with a double where it is attained and an interval holding
    /// every place it may be (narrowed after the value is: narrow for x², the stretch for
    /// a flat minimum); `nil` where the function has no value on the range. `seeds` are
    /// places to look at first (local extrema found already). Works on s·f, s = ±1, so a
    /// maximum is a minimum of −f.
    public func globalExtremum(in range: Interval, maximum: Bool, seeds: [Double] = []) -> Extremum? {
        // The least s·f witnessed at a double so far, proved to be attained (the upper end
        // of its point enclosure), and the spread of the values seen.
        var best = (x: Double.nan, bound: Double.infinity)
        var seen = (least: Double.infinity, greatest: -Double.infinity)
        func witness(_ xs: [Double]) {
            let enclosures = function.enclosures(over: xs.map { Interval($0) })
            for (x, enclosure) in zip(xs, enclosures) {
                guard let hull = enclosure.hull, enclosure.isTotal else { continue }
                let upper = maximum ? -hull.lower : hull.upper
                if upper < best.bound { best = (x, upper) }
                seen = (min(seen.least, hull.lower), max(seen.greatest, hull.upper))
            }
        }
        // Taylor series' bounds where the program has them (each stretch not analytic
        // falls back on the enclosures below).
        let series = SeriesBounds(function: function, maximum: maximum)
        // Where on each stretch the least value of s·f may be, with a bound of s·f from
        // below there: the stretch, or its end where f is monotone, or (series) the
        // neighbourhood of its one critical point.
        func lowerBounds(_ all: [Interval]) -> [Candidate] {
            var found: [Candidate] = []
            var stretches: [Interval] = []
            var witnesses: [Double] = []
            for stretch in all {
                guard let series, let kept = series.candidates(over: stretch, threshold: best.bound) else {
                    stretches.append(stretch)
                    continue
                }
                found += kept.places.map { Candidate(stretch: $0.stretch, bound: $0.bound) }
                witnesses += kept.witnesses
            }
            if !witnesses.isEmpty { witness(witnesses) }
            guard !stretches.isEmpty else { return found }
            let enclosures = function.enclosures(over: stretches)
            let slopes = derivative?.enclosures(over: stretches)
            let centres = stretches.map { Interval($0.midpoint) }
            let atCentres = derivative == nil ? [] : function.enclosures(over: centres)
            return found
                + stretches.indices.compactMap { index -> Candidate? in
                    let enclosure = enclosures[index], stretch = stretches[index]
                    guard let hull = enclosure.hull else { return nil }
                    var bound = maximum ? -hull.upper : hull.lower
                    if enclosure.isTotal, enclosure.isContinuous, !stretch.isPoint, let slope = slopes?[index],
                        slope.count == 1, slope.isTotal, slope.isContinuous, let d = slope.hull, d.isBounded
                    {
                        // Monotone: the least value of s·f is at one end.
                        if d.lower > 0 || d.upper < 0 {
                            let end = (d.lower > 0) == !maximum ? stretch.lower : stretch.upper
                            let atEnd = function.enclosures(over: [Interval(end)])[0]
                            guard let value = atEnd.hull else { return nil }
                            return Candidate(stretch: Interval(end), bound: maximum ? -value.upper : value.lower)
                        }
                        // The mean-value form f(c) + f′(X)(X − c).
                        if let fc = atCentres[index].hull,
                            let offset = BinaryOperation.subtraction.enclosure(over: stretch, centres[index]).hull,
                            let change = BinaryOperation.multiplication.enclosure(over: d, offset).hull,
                            let form = BinaryOperation.addition.enclosure(over: fc, change).hull
                        {
                            bound = max(bound, maximum ? -form.upper : form.lower)
                        }
                    }
                    return Candidate(stretch: stretch, bound: bound)
                }
        }
        var candidates: [Double] = [range.lower, range.midpoint, range.upper] + seeds.filter(range.contains)
        if let simplest = PathSampler.simplest(in: range.lower, range.upper) { candidates.append(simplest) }
        witness(candidates)
        var queue = PriorityQueue<Interval>()
        var settled: [Candidate] = []
        // The least bound of the settled stretches, kept as they settle (not searched for
        // each time: a flat minimum settles a hundred thousand).
        var settledFloor = Double.infinity
        for candidate in lowerBounds([range, Interval(range.lower), Interval(range.upper)]) {
            queue.insert(candidate.stretch, priority: candidate.bound)
        }
        let smallest = max(range.width * resolution, Double.leastNormalMagnitude)
        let budget = globalBudget
        var spent = 0
        var reason: Proof.Reason?
        while let (bound, stretch) = queue.popLeast() {
            if bound > best.bound { continue }
            let floor = min(bound, settledFloor)
            let scale = max(abs(best.bound), abs(floor), seen.greatest - seen.least)
            // (An infinite floor, a pole, would make any gap look small against its scale.)
            if floor.isFinite && (best.bound - floor <= Self.tolerance * scale || best.bound == floor) {
                queue.insert(stretch, priority: bound)
                break
            }
            spent += 1
            guard spent <= budget, !Cancellation.isRequested, stretch.width > smallest, let halves = stretch.halves
            else {
                if spent > budget || Cancellation.isRequested { reason = .notNarrowed }
                settled.append(Candidate(stretch: stretch, bound: bound))
                settledFloor = min(settledFloor, bound)
                continue
            }
            var points = [halves.lower.upper]
            if let simplest = PathSampler.simplest(in: stretch.lower, stretch.upper), simplest != halves.lower.upper {
                points.append(simplest)
            }
            witness(points)
            for child in lowerBounds([halves.lower, halves.upper]) {
                guard child.bound <= best.bound else { continue }
                queue.insert(child.stretch, priority: child.bound)
            }
        }
        var waiting =
            queue.elements.map { Candidate(stretch: $0.element, bound: $0.priority) } + settled
        // Where the value may be attained: the stretches whose bound does not exclude it,
        // halved (a level at a time, while the work and a thousand stretches last) and
        // dropped where the bound shows the value is not there.
        while spent < budget, !Cancellation.isRequested {
            let open = waiting.filter { $0.bound <= best.bound }
            let wide = open.filter { $0.stretch.width > smallest && $0.stretch.halves != nil }
            guard !wide.isEmpty, open.count <= 1_024 else { break }
            let halves = wide.flatMap { candidate -> [Interval] in
                guard let halves = candidate.stretch.halves else { return [] }
                return [halves.lower, halves.upper]
            }
            spent += wide.count
            witness(halves.map(\.midpoint))
            let narrow = open.filter { !($0.stretch.width > smallest && $0.stretch.halves != nil) }
            waiting = narrow + lowerBounds(halves)
        }
        let open = waiting.filter { $0.bound <= best.bound }
        let floor = open.map(\.bound).min() ?? best.bound
        // No value attained at any double looked at: nothing to report.
        guard best.bound.isFinite else { return nil }
        let whereAttained = open.reduce(Interval(best.x)) { $0.hull($1.stretch) }
        let value = maximum ? Interval(-best.bound, -floor) : Interval(floor, best.bound)
        let scale = max(abs(best.bound), abs(floor), seen.greatest - seen.least)
        let status: Proof
        if !floor.isFinite {
            // Unbounded where the function has a value throughout and no break is an
            // overflow (x^2 on 0…1e200), not a pole.
            let unbounded = open.filter { !$0.bound.isFinite }.map(\.stretch)
            let isOverflow = function.enclosures(over: unbounded).allSatisfy(\.isOverflow)
            status = .possible(reason: isOverflow ? .beyondDoubles(upward: maximum) : .unbounded(upward: maximum))
        } else if best.bound - floor > Self.tolerance * scale {
            status = .possible(
                reason: reason ?? .valueNotEnclosed)
        } else {
            status = .proved
        }
        return Extremum(
            kind: maximum ? .globalMaximum : .globalMinimum, x: best.x + 0, interval: whereAttained, value: value,
            status: status)
    }
}
