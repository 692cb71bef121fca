import CalculatorBrain

extension ExtremumFinder {
    /// The global search's bounds from Taylor series (``TaylorSeries``), for a program
    /// each of whose operations has a recurrence: f, f′ and f″/2 over a stretch in one
    /// pass of the C kernels, where the separate programs of f′ and f″ took one pass each,
    /// and none of the centred form's own.
    ///
    /// On a stretch X with centre c, the least value of s·f (s = −1 for a maximum) is
    /// bounded below by the largest of
    /// - the plain enclosure of f over X;
    /// - the mean-value form f(c) + f′(X)(X − c);
    /// - the second-order form f(c) + f′(c)(X − c) + f″(X)(X − c)²/2, and where
    ///   s·f″ > 0 on X, the least value of its parabola, s·f(c) − f′(c)²/(2·s·f″(X)),
    ///   which is tight to the third order.
    ///
    /// Where s·f is convex on X and its slope may vanish there, the interval Newton method
    /// on f′ narrows X to where that one critical point can be — a few ulps, in a few steps
    /// — so the least value there is enclosed at once rather than halved down to it. The
    /// rest of X is dropped: the least value on the range is at one of its ends (places the
    /// search holds from the start) or where f′ = 0: a series is given only where f is
    /// analytic on X (a step only on its closed side, where the stretch beyond it has no
    /// series and is kept whole), so f is differentiable wherever two stretches with
    /// series meet. Every
    /// bound holds for the real function; where f is not analytic over X (a pole, a kink,
    /// a root's 0) there is no series and the search takes the enclosures as before.
    struct SeriesBounds {
        /// f, f′ and f″/2.
        private let series: TaylorSeries
        /// 1 for a minimum, −1 for a maximum (the search works on s·f).
        private let sign: Double

        /// The most Newton steps on one stretch (each about squares the width's ratio to
        /// the critical point's neighbourhood; a few reach ulps).
        static let newtonSteps = 24

        /// Bounds for `function` where it is a program every operation of which has a
        /// recurrence; `nil` otherwise.
        init?(function: any GraphFunction, maximum: Bool) {
            guard let program = (function as? ProgramFunction)?.compiled,
                let series = TaylorSeries(program: program, count: 3), series.coversEveryOperation
            else { return nil }
            self.series = series
            sign = maximum ? -1 : 1
        }

        /// s·f, s·f′ and s·f″/2 enclosed for every x in `x`, or `nil` where f is not
        /// analytic over it.
        func coefficients(_ x: Interval) -> (value: Interval, slope: Interval, halfBending: Interval)? {
            guard let terms = series.coefficients(over: x), terms.count == 3 else { return nil }
            return (
                IntervalArithmetic.scaled(terms[0], by: sign), IntervalArithmetic.scaled(terms[1], by: sign),
                IntervalArithmetic.scaled(terms[2], by: sign)
            )
        }

        /// What the search keeps of `stretch` (bounded, not a point): where the least value
        /// of s·f on it may be, each place with a lower bound of s·f there, and doubles
        /// worth witnessing; `nil` where f is not analytic over the stretch. Narrowing by
        /// Newton steps is tried only where the stretch's bound is at most `threshold`
        /// (the least value seen: a stretch above it is dropped anyway).
        func candidates(over stretch: Interval, threshold: Double) -> (
            places: [(stretch: Interval, bound: Double)], witnesses: [Double]
        )? {
            guard stretch.isBounded, !stretch.isPoint, let over = coefficients(stretch) else { return nil }
            // Monotone: the least value is at one end.
            if over.slope.lower > 0 || over.slope.upper < 0 {
                let end = over.slope.lower > 0 ? stretch.lower : stretch.upper
                guard let atEnd = coefficients(Interval(end)) else { return nil }
                return ([(Interval(end), atEnd.value.lower)], [])
            }
            let centre = stretch.midpoint
            guard let atCentre = coefficients(Interval(centre)) else { return nil }
            let bound = Self.least(over: stretch, centre: centre, over, atCentre)
            guard over.halfBending.lower > 0, bound <= threshold else { return ([(stretch, bound)], []) }
            return narrowed(stretch, over, atCentre) ?? ([(stretch, bound)], [])
        }

        /// Where s·f″ > 0 on `stretch`: the place of its one critical point, narrowed by
        /// interval Newton steps on s·f′ (none where there is none); `nil` where a series
        /// fails on the way.
        private func narrowed(
            _ stretch: Interval, _ over: (value: Interval, slope: Interval, halfBending: Interval),
            _ atCentre: (value: Interval, slope: Interval, halfBending: Interval)
        ) -> (places: [(stretch: Interval, bound: Double)], witnesses: [Double])? {
            var narrow = stretch, overNarrow = over, atMiddle = atCentre
            for _ in 0..<Self.newtonSteps {
                // N = c − s·f′(c) / (s·f″(Y)), every critical point of Y in N.
                let c = narrow.midpoint
                let bending = IntervalArithmetic.times(overNarrow.halfBending, Interval(2))
                guard bending.lower > 0 else { break }
                let step = IntervalArithmetic.quotient(atMiddle.slope, bending)
                let n = Interval(Rounding.sumDown(c, -step.upper), Rounding.sumUp(c, -step.lower))
                // None: s·f is monotone on the stretch, least at an end that is not the
                // range's end (a critical point of a neighbour, or not least at all).
                guard let next = n.intersection(narrow) else { return ([], []) }
                guard next != narrow, let overNext = coefficients(next),
                    let atNext = coefficients(Interval(next.midpoint))
                else { break }
                (narrow, overNarrow, atMiddle) = (next, overNext, atNext)
            }
            return (
                [(narrow, Self.least(over: narrow, centre: narrow.midpoint, overNarrow, atMiddle))], [narrow.midpoint]
            )
        }

        /// The greatest of the lower bounds of s·f over `x` that its coefficients over `x`
        /// and at `centre` give (see the type's description).
        static func least(
            over x: Interval, centre: Double, _ over: (value: Interval, slope: Interval, halfBending: Interval),
            _ atCentre: (value: Interval, slope: Interval, halfBending: Interval)
        ) -> Double {
            var bound = over.value.lower
            guard !x.isPoint else { return bound }
            let offset = Interval(Rounding.sumDown(x.lower, -centre), Rounding.sumUp(x.upper, -centre))
            // f(c) + f′(X)(X − c).
            let meanValue = IntervalArithmetic.plus(atCentre.value, IntervalArithmetic.times(over.slope, offset))
            bound = max(bound, meanValue.lower)
            // f(c) + f′(c)(X − c) + f″(ξ)/2·(X − c)², ξ in X.
            let square = Interval(
                0, max(Rounding.productUp(offset.lower, offset.lower), Rounding.productUp(offset.upper, offset.upper)))
            let secondOrder = IntervalArithmetic.plus(
                IntervalArithmetic.plus(atCentre.value, IntervalArithmetic.times(atCentre.slope, offset)),
                IntervalArithmetic.times(over.halfBending, square))
            bound = max(bound, secondOrder.lower)
            // With C = s·f″(X)/2 > 0: a + b·t + C·t² ≥ a − b²/(4C) for every t.
            let curvature = over.halfBending.lower
            if curvature > 0 {
                let slope = max(abs(atCentre.slope.lower), abs(atCentre.slope.upper))
                let drop = Rounding.quotientUp(
                    Rounding.productUp(slope, slope), Rounding.productDown(4, curvature))
                if drop.isFinite { bound = max(bound, Rounding.sumDown(atCentre.value.lower, -drop)) }
            }
            return bound
        }
    }
}
