import CalculatorBrain

/// Interval arithmetic on plain intervals, each result rounded outward: what the analyses
/// need beyond the operations' enclosures (a sum of shares, a rule's error term).
enum IntervalArithmetic {
    /// a × b.
    static func times(_ a: Interval, _ b: Interval) -> Interval {
        // The multiplication's enclosure, without building one.
        BinaryOperation.product(a, b)
    }

    /// a ÷ b (the whole line where b holds 0).
    static func quotient(_ a: Interval, _ b: Interval) -> Interval {
        BinaryOperation.division.enclosure(over: a, b).hull ?? .entire
    }

    /// a + b.
    static func plus(_ a: Interval, _ b: Interval) -> Interval {
        Interval(Rounding.sumDown(a.lower, b.lower), Rounding.sumUp(a.upper, b.upper))
    }

    /// s·a for s = ±1.
    static func scaled(_ a: Interval, by sign: Double) -> Interval {
        sign < 0 ? Interval(-a.upper, -a.lower) : a
    }
}
