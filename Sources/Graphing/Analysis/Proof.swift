import GraphCalcSupport

/// What an analysis has shown about one of its answers: proved by interval arithmetic, or
/// only possible, with the reason it could not be proved.
public enum Proof: Hashable, Sendable {
    /// Interval arithmetic shows the answer holds.
    case proved
    /// The answer cannot be excluded, nor proved; `reason` says why.
    case possible(reason: Reason)

    /// Why an answer is only possible: each case describes itself in words for a user.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        // MARK: Zeros
        /// The search's budget ran out before this stretch was looked into.
        case notLookedInto
        /// 0 at a double and at the double beside it: maybe 0 on a stretch.
        case zeroBesideZero
        /// No derivative to prove a zero with (ψ, nPr and nCr have no derivative rule).
        case noDerivative
        /// The function and its slope may both vanish: a double root, a tangency.
        case doubleRootOrTangency
        /// The function may be discontinuous here.
        case mayBeDiscontinuous
        /// Zeros too many or too close to separate at the resolution.
        case crowded
        /// The function is 0 throughout the stretch, wherever it has a value (but not
        /// shown to have a value on all of it).
        case zeroWhereDefined
        // MARK: Extrema
        /// The slope is 0 throughout the stretch.
        case slopeZeroThroughout
        /// The slope is 0 here, but its sign either side is not shown.
        case slopeSignUnknown
        /// The search's budget ran out before the place was narrowed.
        case notNarrowed
        /// The function may grow (or fall, `upward` false) without bound here.
        case unbounded(upward: Bool)
        /// The value could not be enclosed to 1e-12 (a jump or a corner?).
        case valueNotEnclosed
        // MARK: Integrals
        /// Stopped (Ctrl-C) before the integral was enclosed.
        case stopped
        /// Enclosed, but not narrowed to `tolerance` of ∫|f| within the work allowed;
        /// `estimateError` is Gauss–Kronrod's own error estimate.
        case integralNotNarrowed(tolerance: Double, estimateError: Double)
        /// Not shown to have a value at `places` (holes in the domain).
        case holes(places: [Double], hasEstimate: Bool)
        /// Not bounded near `places`: `grows` where the values grow there (a pole), else a
        /// removable singularity or an overflow.
        case notBounded(places: [Double], grows: Bool, hasEstimate: Bool)
        /// The values pass the largest double from `places` on, with a value throughout:
        /// an overflow (exp(x) beyond 709.78), no pole.
        case overflows(places: [Double])
        /// The values may pass the largest double here with a value throughout (x^2 beyond
        /// 1.3e154): an extreme value beyond what doubles can show.
        case beyondDoubles(upward: Bool)

        /// The reason in words.
        public var description: String {
            switch self {
            case .notLookedInto: "not looked into within the budget"
            case .zeroBesideZero: "the function is 0 here and at the double beside it: it may be 0 on a stretch"
            case .noDerivative: "no derivative to prove a zero with (ψ, nPr and nCr have none among the keys)"
            case .doubleRootOrTangency:
                "the function and its slope may both vanish here: a double root, a tangency, or zeros closer than the resolution"
            case .mayBeDiscontinuous: "the function may be discontinuous here"
            case .crowded: "zeros too many or too close to separate at this resolution"
            case .zeroWhereDefined: "the function is 0 throughout (wherever it has a value)"
            case .slopeZeroThroughout: "the slope is 0 throughout here"
            case .slopeSignUnknown: "the slope is 0 here, but its sign either side could not be proved"
            case .notNarrowed: "not narrowed within the budget"
            case .unbounded(let upward):
                upward
                    ? "the function may grow without bound here (a pole?)"
                    : "the function may fall without bound here (a pole?)"
            case .valueNotEnclosed: "the value could not be enclosed to 1e-12 at this resolution (a jump or a corner?)"
            case .stopped: "stopped before the integral was enclosed"
            case .integralNotNarrowed(let tolerance, let error):
                "[lo, hi] holds the integral, but the work allowed ran out before it was narrowed to \(tolerance) of ∫|f|; the value is Gauss–Kronrod's estimate (its own error estimate: \(CFormat.short(error))), or [lo, hi]'s middle where that is outside"
            case .holes(let places, let hasEstimate):
                "the function is not proved to have a value at x = \(Self.named(places)) (a hole in its domain): not enclosed; the estimate leaves those points out"
                    + (hasEstimate ? "" : "; no estimate either")
            case .beyondDoubles(let upward):
                upward
                    ? "the values pass the largest double (1.8e308) here: beyond what doubles can show"
                    : "the values pass the most negative double (−1.8e308) here: beyond what doubles can show"
            case .overflows(let places):
                "the function's values pass the largest double (1.8e308) by x = \(Self.named(places)): beyond what doubles can enclose"
            case .notBounded(let places, let grows, let hasEstimate):
                (grows
                    ? "the function is unbounded near x = \(Self.named(places)): not enclosed; the estimate assumes the integral converges there"
                    : "interval arithmetic cannot bound the function near x = \(Self.named(places)), though its values do not grow there (a removable singularity such as sin(x)/x, or an overflow): not enclosed")
                    + (hasEstimate ? "" : "; no estimate either (too slow to converge there, or an overflow)")
            }
        }

        /// Up to five places, in order, each once as printed: `0, 1.5, …`.
        private static func named(_ points: [Double]) -> String {
            var named: [String] = []
            for text in points.sorted().map(CFormat.short) where !named.contains(text) { named.append(text) }
            return named.prefix(5).joined(separator: ", ") + (named.count > 5 ? ", …" : "")
        }
    }
}
