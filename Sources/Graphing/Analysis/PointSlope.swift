import CalculatorBrain
import GraphCalcSupport

/// The slope of a function at a point, decided: the symbolic derivative's value where it
/// has one, and where it has none but the function may still be differentiable (`x·|x|`
/// or `|x|³` at 0, where the derivative's formula divides by sign(x)), the slopes beside
/// the point, enclosed on each side, which must meet.
///
/// Beside x the mean-value theorem puts every difference quotient (f(x+h) − f(x))/h,
/// 0 < h ≤ δ, among the derivative's values on (x, x+δ], and likewise on the left; so
/// when the enclosures of f′ on both sides, for δ down to 2⁻⁴⁰ of x's scale, close on one
/// value, that is the slope, and when they are disjoint there is none (`|x|` at 0: −1
/// from the left, 1 from the right). Trace, `deriv` and explore all take their slope here.
public enum PointSlope: Equatable, Sendable {
    /// The slope.
    case value(Double)
    /// There is none, and why: shown (the sides differ, an end of the domain, no value).
    case none(reason: String)
    /// It could not be decided, and why.
    case undecided(reason: String)

    /// The slope of `program` along `variable` at `x`, the other variables from `values`.
    public static func of(
        _ program: Program, at x: Double, variable: String = "x", values: [String: Double] = [:],
        angle: AngleUnit = .radians
    ) -> PointSlope {
        var point = values
        point[variable] = x
        do {
            _ = try program.evaluate(variables: point, angle: angle)
        } catch {
            return .none(reason: "\(error)")
        }
        let derivative: Program
        do {
            derivative = try program.derivative(withRespectTo: variable, angle: angle)
        } catch {
            return .undecided(reason: "\(error)")
        }
        guard
            let function = try? ProgramFunction(
                program: program, variable: variable, values: values, accuracy: .exact, angle: angle,
                tightening: .none)
        else { return .undecided(reason: "the function cannot be evaluated here") }
        // A step's derivative is 0 between its jumps; at one there is none.
        let around = function.enclosures(over: [Interval(x.nextDown, x.nextUp)])[0]
        if !around.isContinuous {
            let beside = function.values(at: [x.nextDown, x, x.nextUp])
            let scale = max(1, abs(beside[1])) * 1e-9
            if !(abs(beside[0] - beside[1]) <= scale && abs(beside[2] - beside[1]) <= scale) {
                return .none(reason: "the function jumps here")
            }
        }
        let symbolic: EvaluationError
        do {
            let value = try derivative.evaluate(variables: point, angle: angle)
            if value.isFinite { return .value(value) }
            return .none(reason: "the slope is infinite")
        } catch {
            symbolic = error
        }
        guard
            let slope = try? ProgramFunction(
                program: derivative, variable: variable, values: values, accuracy: .exact, angle: angle,
                tightening: .none)
        else { return .undecided(reason: "the derivative: \(symbolic)") }
        return besides(x, function: function, slope: slope, symbolic: symbolic)
    }

    /// The slopes on each side of `x`, for ever narrower sides.
    private static func besides(
        _ x: Double, function: ProgramFunction, slope: ProgramFunction, symbolic: EvaluationError
    ) -> PointSlope {
        let scale = max(1, abs(x))
        var last: (left: Interval, right: Interval)?
        for power in [10, 20, 30, 40] {
            let delta = scale * Double(sign: .plus, exponent: -power, significand: 1)
            let left = Interval(x - delta, x.nextDown), right = Interval(x.nextUp, x + delta)
            guard left.lower < left.upper, right.lower < right.upper else { break }
            let sides = function.enclosures(over: [left, right])
            guard sides[0].isTotal, sides[1].isTotal else {
                return .none(reason: "the function has values on one side only: an end of its domain")
            }
            let slopes = slope.enclosures(over: [left, right])
            guard slopes[0].isTotal, slopes[1].isTotal, let l = slopes[0].hull, let r = slopes[1].hull else {
                return .undecided(reason: "the derivative: \(symbolic), and beside it has no value throughout")
            }
            if !l.overlaps(r) {
                return .none(
                    reason: "the slope is \(Self.text(l)) from the left and \(Self.text(r)) from the right")
            }
            last = (l, r)
        }
        guard let (l, r) = last, let meet = l.intersection(r), meet.isBounded,
            meet.width <= 1e-9 * max(1, abs(meet.midpoint))
        else { return .undecided(reason: "the derivative: \(symbolic), and the slopes beside it do not settle") }
        // Both sides within a nanounit of one value: the slope, to the last digit it has.
        let value = l.hull(r).midpoint
        return .value(abs(value) < meet.width ? 0 : value)
    }

    private static func text(_ interval: Interval) -> String {
        interval.width <= 1e-9 * max(1, abs(interval.midpoint))
            ? NumberText.shortest(interval.midpoint + 0)
            : NumberText.shortest(interval.lower + 0) + "…" + NumberText.shortest(interval.upper + 0)
    }

    /// The slope's value, or `nil` where there is none or it is undecided.
    public var value: Double? {
        if case .value(let value) = self { return value }
        return nil
    }
}
