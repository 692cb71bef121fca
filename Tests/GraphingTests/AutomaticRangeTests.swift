import CalculatorBrain
import Testing

@testable import Graphing

@Suite struct AutomaticRangeTests {
    private static func range(_ expression: String, x: (Double, Double) = (-10, 10), columns: Int = 80) throws
        -> Interval
    {
        let function = try ProgramFunction(program: Program(parsing: expression))
        return AutomaticRange.yRange(for: function, x: Interval(x.0, x.1), columns: columns)
    }

    @Test func smoothFunctionsGetTheirWholeRangePadded() throws {
        let sine = try Self.range("sin(x)")
        #expect(sine.lower < -0.99 && sine.lower > -1.2 && sine.upper > 0.99 && sine.upper < 1.2)
        let exponential = try Self.range("exp(x)")
        #expect(exponential.upper > 22_026 && exponential.lower < 0)
    }

    /// Points defined on their own are values the graph shows: (−2)^x on [−3, 3] has
    /// 4 at 2 and −8 at 3 (the range stopped near 2, and 4 was drawn off the plot).
    @Test(arguments: [48, 50, 80, 161])
    func pointsDefinedOnTheirOwnAreInRange(columns: Int) throws {
        let range = try Self.range("(-2)^x", x: (-3, 3), columns: columns)
        #expect(range.contains(4) && range.contains(-8) && range.upper < 6 && range.lower > -10, "\(range)")
    }

    @Test func polesDoNotFlattenTheRest() throws {
        for columns in [80, 1000] {
            let tangent = try Self.range("tan(x)", columns: columns)
            #expect(tangent.upper > 3 && tangent.upper < 20, "\(columns): \(tangent)")
            #expect(tangent.lower < -3 && tangent.lower > -20, "\(columns): \(tangent)")
            let reciprocal = try Self.range("1/x", columns: columns)
            #expect(reciprocal.upper > 0.5 && reciprocal.upper < 20, "\(columns): \(reciprocal)")
        }
    }

    /// Overflow is ignored, domain ends count, the x-axis shows when near.
    @Test(arguments: [
        ("exp(x)", (-1000.0, 1000.0), 0.0, 1e307),
        ("exp(x)", (700.0, 720.0), 0.0, 1e304),
        ("sqrt(1-x^2)", (-1.5, 1.5), 0.0, 1.0),
        ("x^2+10", (-1.0, 1.0), 10.0, 11.0),
        ("-x^2-10", (-1.0, 1.0), -11.0, -10.0),
        ("-exp(x)", (0.0, 1000.0), -1e307, -1.0),
        ("1.7e308", (-10.0, 10.0), 1.7e308, 1.7e308),
    ])
    func theRangeHoldsWhatIsAttainedAndIsADouble(expression: String, x: (Double, Double), low: Double, high: Double)
        throws
    {
        let range = try Self.range(expression, x: x)
        #expect(range.lower.isFinite && range.upper.isFinite && (range.upper - range.lower).isFinite, "\(range)")
        #expect(range.lower <= low && range.upper >= high, "\(expression): \(range)")
    }

    @Test func theAxisShowsWhenTheValuesComeNearIt() throws {
        // Values from 1 to 5 are within a quarter of their span (4) of 0: the range reaches 0.
        let near = try Self.range("x", x: (1, 5))
        #expect(near.lower <= 0)
        let far = try Self.range("x", x: (10, 12))
        #expect(far.lower > 9)
    }

    @Test func noValueAnywhereIsToldApartFromAValue() throws {
        let none = try ProgramFunction(program: Program(parsing: "sqrt(-1-x^2)"))
        #expect(!AutomaticRange.hasValue(none, x: Interval(-10, 10), columns: 80))
        let point = try ProgramFunction(program: Program(parsing: "sqrt(-x^2)"))
        #expect(AutomaticRange.hasValue(point, x: Interval(-10, 10), columns: 80))
        let far = try ProgramFunction(program: Program(parsing: "sqrt(x-1e6)"))
        #expect(!AutomaticRange.hasValue(far, x: Interval(-10, 10), columns: 80))
        #expect(AutomaticRange.hasValue(far, x: Interval(0, 2e6), columns: 80))
    }

    @Test func degenerateCases() throws {
        let constant = try Self.range("5")
        #expect(constant == Interval(4.5, 5.5))
        let zero = try Self.range("0*x")
        #expect(zero == Interval(-1, 1))
        let nowhere = try Self.range("sqrt(-1-x^2)")
        #expect(nowhere == Interval(-1, 1))
        let tooWide = try Self.range("x", x: (-1e308, 1e308))
        #expect(tooWide == Interval(-1, 1))
    }
}
