import GraphCalcSupport

/// Samples a function into paths for vector output: refined beyond one sample per pixel
/// where the curve bends or may hide a spike, simplified where it is straight, broken
/// across poles and undefined stretches, and clipped to the viewport (a pixel beyond it).
///
/// Between pixel-edge samples, a stretch is halved while the value at its middle strays
/// more than ``tolerance`` pixels from the chord (down to a quarter pixel), or while its
/// enclosure reaches more than ``spikeTolerance`` pixels beyond both ends (an extremum or
/// a spike between samples: down to 1/4096 pixel); a stretch holding a pole or a domain
/// boundary is halved further still, so each branch runs to the edge. Domain ends are
/// found by bisection (`√x` starts at exactly (0, 0)). A spike narrower than that is
/// found by branch and bound on the enclosures, so the path reaches each column's true
/// extreme. A defined point with no defined neighbours (`sqrt(-x^2)` at 0) is a path of
/// one point. Jumps, holes and isolated points are located (``Discontinuity``) where the
/// path breaks. Every column has a fixed budget of evaluations (``columnBudget``, fewer for
/// a long program: ``workPerColumn``), whatever the function and the view: undefined,
/// overflowing or wildly oscillating stretches cost no more than that, and what the budget
/// did not reach is left as a gap (where the column's simplest double is looked at for a
/// break). Points are model coordinates.
public struct PathSampler: Sendable {
    /// The function sampled.
    public let function: any GraphFunction
    /// The pixels the paths are drawn in.
    public let viewport: Viewport
    /// The largest distance, in pixels, between a path and the curve between samples.
    public var tolerance = 0.1
    /// How far, in pixels, an enclosure may reach beyond a stretch's ends unexplored.
    public var spikeTolerance = 0.5
    /// Halvings below a pixel for smooth stretches (2: a quarter pixel).
    public var smoothDepth = 2
    /// Halvings below a pixel to find the top of a spike.
    public var spikeDepth = 12
    /// Halvings below a pixel to isolate a pole or a domain boundary.
    public var breakDepth = 16
    /// Evaluations (points or enclosures) one pixel column may cost at most.
    public var columnBudget = 192
    /// Interval operations a pixel column should cost, a target rather than a bound: a
    /// long program gets fewer than ``columnBudget`` evaluations a column (8 at least,
    /// below a cost of ``shortestUnrefinedProgram``), too few to bisect domain ends and
    /// breaks, which are left as gaps.
    public var workPerColumn = 1 << 20
    /// The cost (interval operations) from which a program gets no evaluations beyond the
    /// first level, which are batched: its path joins the values at the pixel edges and
    /// middles where the columns' enclosures show it continuous, and breaks elsewhere. A
    /// million-op program exports in seconds; refined one evaluation at a time, it took
    /// minutes.
    public var shortestUnrefinedProgram = 1 << 18
    /// The cost (interval operations) from which the refinement's evaluations are made
    /// ahead in batches, the next one of every column at a time (see `Prefetch`), rather
    /// than one at a time: the paths are the same, in a fraction of the time.
    public var shortestBatchedProgram = 1 << 10

    /// Creates a sampler of `function` over the columns of `viewport`.
    public init(function: any GraphFunction, viewport: Viewport) {
        self.function = function
        self.viewport = viewport
    }

    /// The paths, left to right, and the discontinuities located between them; a path of
    /// one point is a defined point with no defined neighbours. Stops early when
    /// `Cancellation` is requested.
    public func sample() -> PathSample {
        let xs = (0...viewport.width).map { viewport.x(atPixel: Double($0)) }
        let ys = function.values(at: xs)
        // The first level of every stretch in three batches; deeper levels one at a time,
        // or, for a long program, made ahead in batches across the columns.
        let stretches = (0..<viewport.width).map { Interval(xs[$0], xs[$0 + 1]) }
        let enclosures = function.enclosures(over: stretches)
        let middles = function.values(at: stretches.map { $0.lower / 2 + $0.upper / 2 })
        var builder = Builder()
        let cost = function.costOfEvaluation
        let budget = cost >= shortestUnrefinedProgram ? 0 : min(columnBudget, max(8, workPerColumn / cost))
        if budget > 0 && cost >= shortestBatchedProgram {
            // Planning passes, each one evaluation further in every column, until one notes
            // nothing (a column spends at most its budget, one evaluation at a time).
            let prefetch = Prefetch(columns: viewport.width)
            for _ in 0...(budget + 1) where !Cancellation.isRequested {
                for index in 0..<viewport.width where !prefetch.isDone[index] {
                    var planner = Builder()
                    (planner.prefetch, planner.isPlanning, planner.budget, planner.column) = (
                        prefetch, true, budget, index
                    )
                    let known = Known(enclosure: enclosures[index], middle: middles[index])
                    refine(xs[index], ys[index], xs[index + 1], ys[index + 1], depth: 0, known: known, &planner)
                    if !planner.hasNoted { prefetch.finish(column: index) }
                }
                guard prefetch.evaluateWanted(function) else { break }
            }
            builder.prefetch = prefetch
        }
        if ys[0].isFinite { builder.add(Point(x: xs[0], y: ys[0])) }
        for index in 0..<viewport.width where !Cancellation.isRequested {
            builder.budget = budget
            (builder.column, builder.cursor) = (index, 0)
            let known = Known(enclosure: enclosures[index], middle: middles[index])
            refine(xs[index], ys[index], xs[index + 1], ys[index + 1], depth: 0, known: known, &builder)
            // What the budget left unresolved is looked at where breaks usually sit, its
            // simplest double and that double's neighbours (four evaluations beyond it).
            if let stretch = builder.unresolved {
                builder.record(
                    locator.locate(
                        [
                            .init(
                                x: stretch, left: .nan, right: .nan, enclosure: function.enclosures(over: [stretch])[0])
                        ], bisecting: false))
                builder.unresolved = nil
            }
        }
        builder.breakPath()
        var paths = builder.paths.flatMap(clipped).map(simplified).map(collapsed)
        // A point found from both sides of a column edge is one point.
        var previous: Point?
        paths.removeAll { path in
            defer { if path.count == 1 { previous = path[0] } }
            guard path.count == 1, let previous else { return false }
            return abs(viewport.pixelX(for: path[0].x) - viewport.pixelX(for: previous.x)) < 0.01
                && abs(viewport.pixelY(for: path[0].y) - viewport.pixelY(for: previous.y)) < 0.01
        }
        // A path of one point with nothing defined a quarter pixel either side is a point
        // on its own at this resolution; other one-point paths are what a spent budget
        // left of a line, too short to draw.
        var islands = locator
        builder.discontinuities.removeAll { $0.kind == .isolatedPoint }
        paths.removeAll { path in
            guard path.count == 1 else { return false }
            let point = path[0]
            let quarter = viewport.columnWidth(near: point.x) / 4
            islands.resolution = quarter
            let stretch = Interval(point.x - quarter, point.x + quarter)
            let ends = function.values(at: [stretch.lower, stretch.upper])
            // The value at a jump (0^x at 0) is kept, as its mark is.
            if builder.discontinuities.contains(where: {
                $0.value == point.y && abs($0.x - point.x) <= quarter
            }) {
                return false
            }
            guard !ends[0].isFinite, !ends[1].isFinite,
                let island = islands.island(
                    around: point.x, value: point.y,
                    .init(
                        x: stretch, left: ends[0], right: ends[1],
                        enclosure: function.enclosures(over: [stretch])[0]))
            else { return true }
            builder.record([island])
            return false
        }
        return PathSample(paths: paths, discontinuities: builder.discontinuities)
    }

    /// Collects points into paths.
    private struct Builder {
        var paths: [[Point]] = []
        var current: [Point] = []
        var discontinuities: [Discontinuity] = []
        /// Evaluations left for the column being refined.
        var budget = 0
        /// The stretches of the column the budget left with a break unresolved, as one.
        var unresolved: Interval?
        /// Evaluations made ahead in batches, for a long program; `nil` where there are none.
        var prefetch: Prefetch?
        /// Whether this pass only plans: it notes the first evaluation it has not got,
        /// rather than make it, and goes no further in the column (see `Prefetch`).
        var isPlanning = false
        /// Whether planning has stopped in this column: at an evaluation not yet made
        /// (``hasNoted``), or for good, at what the drawing pass does in turn.
        var isWaiting = false
        /// Whether planning has noted an evaluation in this column since its pass began.
        var hasNoted = false
        /// The column being refined, and how many of its evaluations made ahead are taken.
        var column = 0
        var cursor = 0

        /// Adds a point to the current path (not when planning: nothing is drawn then).
        mutating func add(_ point: Point) {
            if !isPlanning && current.last != point { current.append(point) }
        }

        mutating func breakPath() {
            if !current.isEmpty { paths.append(current) }
            current = []
        }

        /// Keeps what was located, once each (a point found from both sides is one).
        mutating func record(_ found: [Discontinuity?]) {
            for case let discontinuity? in found
            where !discontinuities.contains(where: { $0.x == discontinuity.x && $0.marks == discontinuity.marks }) {
                discontinuities.append(discontinuity)
            }
        }

        /// Whether this is a planning pass, which then stops in the column: what comes next
        /// (bisecting a domain end, locating a break) is done by the drawing pass in turn.
        mutating func stopsPlanning() -> Bool {
            if isPlanning { isWaiting = true }
            return isPlanning
        }

        /// Notes a stretch where a break may be that the budget could not look into.
        mutating func leaveUnresolved(_ stretch: Interval) {
            unresolved = unresolved?.hull(stretch) ?? stretch
        }

        /// Takes `cost` evaluations from the budget; false when it cannot.
        mutating func spend(_ cost: Int) -> Bool {
            guard budget >= cost else { return false }
            budget -= cost
            return true
        }
    }

    /// f(x): made ahead where it was; when planning and it was not, noted and `nil`.
    private func value(_ x: Double, _ builder: inout Builder) -> Double? {
        if let prefetch = builder.prefetch {
            if let y = prefetch.value(x, column: builder.column, cursor: &builder.cursor) { return y }
            if builder.isPlanning {
                prefetch.want(x, column: builder.column)
                (builder.isWaiting, builder.hasNoted) = (true, true)
                return nil
            }
        }
        return function.values(at: [x])[0]
    }

    /// The enclosures over `xs`, in one batch: made ahead where they were; when planning
    /// and one was not, all noted and `nil`.
    private func enclosures(over xs: [Interval], _ builder: inout Builder) -> [Enclosure]? {
        if let prefetch = builder.prefetch {
            if let made = prefetch.enclosures(over: xs, column: builder.column, cursor: &builder.cursor) {
                return made
            }
            if builder.isPlanning {
                prefetch.want(xs, column: builder.column)
                (builder.isWaiting, builder.hasNoted) = (true, true)
                return nil
            }
        }
        return function.enclosures(over: xs)
    }

    /// The enclosure over `x`: made ahead where it was; when planning and it was not,
    /// noted and `nil`.
    private func enclosure(over x: Interval, _ builder: inout Builder) -> Enclosure? {
        if let prefetch = builder.prefetch {
            if let made = prefetch.enclosure(over: x, column: builder.column, cursor: &builder.cursor) { return made }
            if builder.isPlanning {
                prefetch.want([x], column: builder.column)
                (builder.isWaiting, builder.hasNoted) = (true, true)
                return nil
            }
        }
        return function.enclosures(over: [x])[0]
    }

    /// What is already computed for a stretch: its enclosure and the value at its middle.
    private struct Known {
        let enclosure: Enclosure
        let middle: Double
    }

    /// Whether an enclosure lies wholly beyond the band a pixel above and below the view.
    private func isOutOfView(_ enclosure: Enclosure) -> Bool {
        let band = viewport.yBand, low = band.lower, high = band.upper
        return enclosure.pieces.allSatisfy { $0.upper < low || $0.lower > high }
    }

    /// Adds the path from (a, ya) — already added when ya has a value — to (b, yb).
    private func refine(
        _ a: Double, _ ya: Double, _ b: Double, _ yb: Double, depth: Int, known: Known? = nil,
        isContinuous: Bool = false, _ builder: inout Builder
    ) {
        guard !Cancellation.isRequested, !builder.isWaiting else { return }
        let middle = a / 2 + b / 2
        func middleValue() -> Double? { known?.middle ?? value(middle, &builder) }
        func enclosure() -> Enclosure? { known?.enclosure ?? self.enclosure(over: Interval(a, b), &builder) }
        let canSplit = middle > a && middle < b
        // Planning goes no further than a domain end: bisecting one is done in turn.
        if ya.isFinite != yb.isFinite && builder.stopsPlanning() { return }
        switch (ya.isFinite, yb.isFinite) {
        case (false, false):
            builder.breakPath()
            // A defined island between two undefined samples, if the enclosure allows one
            // in view; overflow (values only beyond the view) is not worth a look.
            guard known != nil || builder.spend(1), let enclosure = enclosure() else { return }
            guard !enclosure.isEmpty, !isOutOfView(enclosure) else { return }
            guard canSplit, depth < breakDepth, known != nil || builder.spend(1) else {
                isolatedPoint(a, b, &builder)
                return
            }
            guard let ym = middleValue() else { return }
            refine(a, ya, middle, ym, depth: depth + 1, &builder)
            refine(middle, ym, b, yb, depth: depth + 1, &builder)
        case (true, false):
            markEnd(a, ya, b, yb, &builder)
            if builder.spend(64), let end = function.domainBoundary(defined: a, undefined: b) {
                refine(a, ya, end.x, end.y, depth: depth + 1, &builder)
                if let beyond = ray(from: end, towards: end.x.nextUp) { builder.add(beyond) }
            }
            builder.breakPath()
        case (false, true):
            builder.breakPath()
            markEnd(a, ya, b, yb, &builder)
            if builder.spend(64), let start = function.domainBoundary(defined: b, undefined: a) {
                if let beyond = ray(from: start, towards: start.x.nextDown) { builder.add(beyond) }
                builder.add(start)
                refine(start.x, start.y, b, yb, depth: depth + 1, &builder)
            } else {
                builder.add(Point(x: b, y: yb))
            }
        case (true, true):
            guard known != nil || builder.spend(1) else {
                // Out of budget: a line across a stretch proved continuous, none across
                // one where nothing is known.
                if !isContinuous {
                    builder.breakPath()
                    builder.leaveUnresolved(Interval(a, b))
                }
                builder.add(Point(x: b, y: yb))
                return
            }
            guard let enclosure = enclosure() else { return }
            if !(enclosure.isContinuous && enclosure.isTotal) && function.hasGuaranteedEnclosures {
                guard canSplit, depth < breakDepth, known != nil || builder.spend(1) else {
                    // The pole, jump or gap is isolated in a stretch too small to show.
                    if builder.stopsPlanning() { return }
                    if builder.spend(Self.locatingCost) {
                        builder.record(
                            locator.locate([.init(x: Interval(a, b), left: ya, right: yb, enclosure: enclosure)]))
                    } else {
                        builder.leaveUnresolved(Interval(a, b))
                    }
                    builder.breakPath()
                    builder.add(Point(x: b, y: yb))
                    return
                }
                guard let ym = middleValue() else { return }
                refine(a, ya, middle, ym, depth: depth + 1, &builder)
                refine(middle, ym, b, yb, depth: depth + 1, &builder)
                return
            }
            if canSplit && depth < max(smoothDepth, spikeDepth),
                let (ym, hidesSpike) = bends(a, ya, b, yb, known?.middle, enclosure, &builder),
                depth < smoothDepth || hidesSpike
            {
                let isContinuous = enclosure.isContinuous && enclosure.isTotal
                refine(a, ya, middle, ym, depth: depth + 1, isContinuous: isContinuous, &builder)
                refine(middle, ym, b, yb, depth: depth + 1, isContinuous: isContinuous, &builder)
            } else {
                // Planning waits for the middle `bends` noted.
                if builder.isWaiting { return }
                if depth >= spikeDepth, function.hasGuaranteedEnclosures {
                    // Narrower than the halvings reach: the extremes by branch and bound.
                    for point in extremes(a, ya, b, yb, enclosure, &builder) { builder.add(point) }
                }
                builder.add(Point(x: b, y: yb))
            }
        }
    }

    /// Where a branch ending at the double `end` runs on between it and `outside`, the
    /// neighbouring double with no value: a point beyond the view's edge above or below
    /// `end` when the sliver between them is enclosed unbounded on that side (`ln(x)`
    /// between 0 and 5e−324 runs down to −∞, not to −744.44), so the path reaches the
    /// edge; `nil` where the values there are bounded.
    private func ray(from end: Point, towards outside: Double) -> Point? {
        let sliver = Interval(min(end.x, outside), max(end.x, outside))
        guard let hull = function.enclosures(over: [sliver])[0].pieces.first(where: { $0.contains(end.y) }),
            function.runsOff(at: end.x, away: outside < end.x ? 1 : -1)
        else { return nil }
        // A view's height beyond the edge, in pixels (on a log axis, by ratios), kept a
        // double: the path's points must all have finite pixels.
        let rows = Double(viewport.height), largest = Double.greatestFiniteMagnitude
        if hull.lower == -.infinity && hull.upper.isFinite {
            let below = viewport.y(atPixel: 2 * rows)
            return Point(
                x: end.x,
                y: viewport.yAxisScale == .log ? max(below, Double.leastNonzeroMagnitude) : max(below, -largest))
        }
        if hull.upper == .infinity && hull.lower.isFinite {
            return Point(x: end.x, y: min(viewport.y(atPixel: -rows), largest))
        }
        return nil
    }

    /// The defined point in (a, b), if the simplest double there has a value: isolated
    /// points sit at simple numbers (`sqrt(-x^2)` at 0, `(-2)^x` at whole x).
    private func isolatedPoint(_ a: Double, _ b: Double, _ builder: inout Builder) {
        guard !builder.stopsPlanning(), builder.spend(1), let x = Self.simplest(in: a, b),
            let y = value(x, &builder), y.isFinite
        else { return }
        builder.breakPath()
        builder.add(Point(x: x + 0, y: y + 0))
        builder.breakPath()
    }

    /// Where a branch ends between a and b, whether its simplest double is a point the
    /// graph only comes near (`x/x` at 0) or takes on its own (`sqrt(-x^2)` at 0).
    private func markEnd(_ a: Double, _ ya: Double, _ b: Double, _ yb: Double, _ builder: inout Builder) {
        let stretch = Interval(a, b)
        guard builder.spend(4) else {
            builder.leaveUnresolved(stretch)
            return
        }
        builder.record(
            locator.locate(
                [.init(x: stretch, left: ya, right: yb, enclosure: function.enclosures(over: [stretch])[0])],
                bisecting: false))
    }

    /// What locating one discontinuity may cost: the simplest double and its neighbours,
    /// a bisection of the doubles between, and the double after.
    static let locatingCost = 68

    private var locator: DiscontinuityLocator {
        var locator = DiscontinuityLocator(function: function, tolerance: viewport.rowHeight)
        locator.relativeTolerance = viewport.rowShare
        return locator
    }

    /// The double in [a, b] with the fewest significant bits: 0 if the interval holds it,
    /// else the multiple of the largest power of two that falls inside.
    static func simplest(in a: Double, _ b: Double) -> Double? {
        guard a.isFinite, b.isFinite, a <= b else { return nil }
        if a <= 0 && b >= 0 { return 0 }
        // From the largest power of two not above the ends (finite even at 2¹⁰²³) down.
        var step = Double(sign: .plus, exponent: max(a.magnitude, b.magnitude).exponent, significand: 1)
        while step > 0 && step.isFinite {
            let candidate = (b / step).rounded(.down) * step
            if candidate >= a && candidate <= b { return candidate }
            step /= 2
        }
        return nil
    }

    /// The highest and lowest points of the function in (a, b) beyond the chord's ends by
    /// more than half a pixel, found by branch and bound on the enclosures within the
    /// column's budget, left to right.
    private func extremes(
        _ a: Double, _ ya: Double, _ b: Double, _ yb: Double, _ enclosure: Enclosure, _ builder: inout Builder
    ) -> [Point] {
        guard let hull = enclosure.hull else { return [] }
        var found: [Point] = []
        for upward in [true, false] {
            var best = upward ? max(ya, yb) : min(ya, yb)
            let halfPixel = viewport.rowHeight(near: best) / 2
            var bestPoint: Point?
            // Candidates: stretches whose enclosure may still beat the best by half a pixel.
            var pending = [(Interval(a, b), upward ? hull.upper : hull.lower)]
            while let (stretch, bound) = pending.popLast() {
                guard upward ? bound > best + halfPixel : bound < best - halfPixel else { continue }
                let middle = stretch.lower / 2 + stretch.upper / 2
                guard middle > stretch.lower, middle < stretch.upper, builder.spend(3) else { continue }
                guard let y = value(middle, &builder) else { return [] }
                if y.isFinite && (upward ? y > best : y < best) {
                    best = y
                    bestPoint = Point(x: middle, y: y)
                }
                let halves = [Interval(stretch.lower, middle), Interval(middle, stretch.upper)]
                guard let enclosures = enclosures(over: halves, &builder) else { return [] }
                for (half, enclosure) in zip(halves, enclosures) {
                    guard let hull = enclosure.hull, enclosure.isContinuous else { continue }
                    pending.append((half, upward ? hull.upper : hull.lower))
                }
                // The most promising last, so it is explored first.
                pending.sort { upward ? $0.1 < $1.1 : $0.1 > $1.1 }
            }
            if let bestPoint { found.append(bestPoint) }
        }
        return found.sorted { $0.x < $1.x }
    }

    /// The value at the middle when the stretch needs halving, and whether it may hide a
    /// spike (its enclosure reaches beyond both ends); nil when it is straight enough (or
    /// out of view).
    private func bends(
        _ a: Double, _ ya: Double, _ b: Double, _ yb: Double, _ knownMiddle: Double?, _ enclosure: Enclosure,
        _ builder: inout Builder
    ) -> (Double, Bool)? {
        let top = -1.0, bottom = Double(viewport.height) + 1
        guard let hull = enclosure.hull else { return nil }
        let highest = viewport.pixelY(for: hull.upper), lowest = viewport.pixelY(for: hull.lower)
        guard lowest >= top, highest <= bottom else { return nil }
        let pa = viewport.pixelY(for: ya), pb = viewport.pixelY(for: yb)
        let overshoot =
            min(pa, pb) - max(highest, top) > spikeTolerance || min(lowest, bottom) - max(pa, pb) > spikeTolerance
        guard let ym = knownMiddle ?? (builder.spend(1) ? value(a / 2 + b / 2, &builder) : nil) else { return nil }
        guard ym.isFinite else { return (ym, overshoot) }
        let deviation = abs(viewport.pixelY(for: ym) - (pa + pb) / 2)
        return overshoot || deviation > tolerance ? (ym, overshoot) : nil
    }

}
