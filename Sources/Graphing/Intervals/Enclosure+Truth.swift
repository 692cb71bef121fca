import CalculatorBrain

/// Enclosures of truth values — comparisons, `and`, `or`, `not` — and of `if`.
///
/// A truth value is 1 or 0, so its enclosure is one of [0, 0], [1, 1], [0, 1] (not
/// continuous: a jump, as a step function's, which samplers halve down to) or nothing. `and` and `or` follow Kleene's logic as evaluation does: a
/// side that is false (for `and`) or true (for `or`) throughout decides the result there,
/// whether or not the other side has a value.
extension Enclosure {
    /// Whether some value is 0 (false).
    public var canBeFalse: Bool { contains(0) }

    /// Whether some value is not 0 (true).
    public var canBeTrue: Bool { pieces.contains { $0.lower != 0 || $0.upper != 0 } }

    /// Whether there is a value at every point that evaluation gives too: total and
    /// bounded. A truth value made from an unbounded one (`Γ(Γ(100))>0`) is said to be
    /// partial, since evaluation in doubles overflows there and reports no value.
    var hasEveryValue: Bool { isTotal && hull?.isBounded == true }

    /// The truth values that may occur: 0 and/or 1; continuous when only one may.
    init(canBeFalse: Bool, canBeTrue: Bool, isTotal: Bool) {
        switch (canBeFalse, canBeTrue) {
        case (true, true): self.init(Interval(0, 1), isTotal: isTotal, isContinuous: false)
        case (true, false): self.init(Interval(0), isTotal: isTotal)
        case (false, true): self.init(Interval(1), isTotal: isTotal)
        case (false, false): self = .empty
        }
    }
}

extension BinaryOperation {
    /// A comparison's or logical operation's truth values over every pair of members.
    func truthEnclosure(of left: Enclosure, _ right: Enclosure) -> Enclosure {
        switch self {
        case .conjunction:
            return Enclosure(
                canBeFalse: left.canBeFalse || right.canBeFalse, canBeTrue: left.canBeTrue && right.canBeTrue,
                isTotal: (left.hasEveryValue && right.hasEveryValue) || (left.hasEveryValue && !left.canBeTrue)
                    || (right.hasEveryValue && !right.canBeTrue))
        case .disjunction:
            return Enclosure(
                canBeFalse: left.canBeFalse && right.canBeFalse, canBeTrue: left.canBeTrue || right.canBeTrue,
                isTotal: (left.hasEveryValue && right.hasEveryValue) || (left.hasEveryValue && !left.canBeFalse)
                    || (right.hasEveryValue && !right.canBeFalse))
        default:
            var canBeFalse = false, canBeTrue = false
            for a in left.pieces {
                for b in right.pieces {
                    let (isFalse, isTrue) = comparison(a, b)
                    canBeFalse = canBeFalse || isFalse
                    canBeTrue = canBeTrue || isTrue
                }
            }
            return Enclosure(
                canBeFalse: canBeFalse, canBeTrue: canBeTrue, isTotal: left.hasEveryValue && right.hasEveryValue)
        }
    }

    /// Whether the comparison can be false, and whether it can be true, for some a in
    /// `x` and b in `y`.
    private func comparison(_ x: Interval, _ y: Interval) -> (canBeFalse: Bool, canBeTrue: Bool) {
        switch self {
        case .less: (x.upper >= y.lower, x.lower < y.upper)
        case .lessOrEqual: (x.upper > y.lower, x.lower <= y.upper)
        case .greater: (x.lower <= y.upper, x.upper > y.lower)
        case .greaterOrEqual: (x.lower < y.upper, x.upper >= y.lower)
        case .equal: (!(x.isPoint && y.isPoint && x.lower == y.lower), x.lower <= y.upper && y.lower <= x.upper)
        case .notEqual: (x.lower <= y.upper && y.lower <= x.upper, !(x.isPoint && y.isPoint && x.lower == y.lower))
        default: (true, true)
        }
    }
}

extension UnaryOperation {
    /// `not` over every member: true where the operand can be false, and the reverse.
    static func logicalNot(_ enclosure: Enclosure) -> Enclosure {
        Enclosure(canBeFalse: enclosure.canBeTrue, canBeTrue: enclosure.canBeFalse, isTotal: enclosure.hasEveryValue)
    }
}

extension TernaryOperation {
    /// `if(c, a, b)` over every member: a's values where c can be true, b's where it can
    /// be false (across a change of c, the hull of both, as a step function's jump is
    /// enclosed, so samplers halve down to it); total where c is and each branch it may
    /// take is; continuous only where c keeps one value and the branch it takes is
    /// continuous (across a change of c the branches may meet, but nothing here proves
    /// they do).
    public func enclosure(of condition: Enclosure, _ whenTrue: Enclosure, _ whenFalse: Enclosure) -> Enclosure {
        let takesTrue = condition.canBeTrue, takesFalse = condition.canBeFalse
        let pieces = (takesTrue ? whenTrue.pieces : []) + (takesFalse ? whenFalse.pieces : [])
        guard !pieces.isEmpty else { return .empty }
        let isTotal =
            condition.hasEveryValue && (!takesTrue || whenTrue.isTotal) && (!takesFalse || whenFalse.isTotal)
        let isContinuous =
            condition.isContinuous && takesTrue != takesFalse
            && (takesTrue ? whenTrue.isContinuous : whenFalse.isContinuous)
        guard takesTrue && takesFalse, let hull = Enclosure(union: pieces, isTotal: isTotal, isContinuous: false).hull
        else { return Enclosure(union: pieces, isTotal: isTotal, isContinuous: isContinuous) }
        return Enclosure(hull, isTotal: isTotal, isContinuous: false)
    }
}
