import CalculatorBrain
import Foundation
import TestSupport
import Testing

@testable import Graphing

/// Minima and maxima, local and global, each proved, against known answers.
@Suite struct ExtremumFinderTests {
    static func finder(_ expression: String) throws -> ExtremumFinder {
        let program = try Program(parsing: expression)
        let slope = try program.derivative()
        let bending = try? slope.derivative()
        return ExtremumFinder(
            function: try ProgramFunction(program: program, accuracy: .exact),
            derivative: try ProgramFunction(program: slope, accuracy: .exact),
            secondDerivative: try bending.map { try ProgramFunction(program: $0, accuracy: .exact) })
    }

    static func extrema(_ expression: String, _ range: (Double, Double)) throws -> [ExtremumFinder.Extremum] {
        try finder(expression).extrema(in: Interval(range.0, range.1))
    }

    /// An expression, its range, and its local extrema (x, kind) and global values.
    struct Known: Sendable, CustomTestStringConvertible {
        let expression: String
        let range: (Double, Double)
        let local: [(x: Double, kind: ExtremumFinder.Extremum.Kind)]
        let least: Double
        let greatest: Double
        var testDescription: String { expression }
    }

    static let known: [Known] = [
        Known(
            expression: "x^3-3x", range: (-3, 3), local: [(-1, .localMaximum), (1, .localMinimum)], least: -18,
            greatest: 18),
        Known(
            expression: "x^3-3x", range: (-1.5, 1.5), local: [(-1, .localMaximum), (1, .localMinimum)], least: -2,
            greatest: 2),
        Known(expression: "x^2", range: (-2, 1), local: [(0, .localMinimum)], least: 0, greatest: 4),
        Known(expression: "abs(x-0.5)", range: (-2, 1), local: [(0.5, .localMinimum)], least: 0, greatest: 2.5),
        Known(expression: "x^4", range: (-1, 2), local: [(0, .localMinimum)], least: 0, greatest: 16),
        Known(expression: "x^3", range: (-1, 2), local: [], least: -1, greatest: 8),
        Known(
            expression: "sin(x)", range: (0, 10),
            local: [
                (Double.pi / 2, .localMaximum), (3 * Double.pi / 2, .localMinimum), (5 * Double.pi / 2, .localMaximum),
            ],
            least: -1, greatest: 1),
        Known(
            expression: "x*exp(-x)", range: (0, 5), local: [(1, .localMaximum)], least: 0, greatest: exp(-1)),
    ]

    @Test(arguments: known)
    func findsKnownExtrema(known: Known) throws {
        let found = try Self.extrema(known.expression, known.range)
        let local = found.filter { $0.kind == .localMinimum || $0.kind == .localMaximum }
        #expect(local.count == known.local.count, "\(known.expression): \(local)")
        for (x, kind) in known.local {
            #expect(
                local.contains {
                    $0.kind == kind && $0.status == .proved && Tolerance.isClose($0.x, x, relative: 1e-7)
                },
                "\(known.expression): no proved \(kind) at \(x) in \(local)")
        }
        #expect(!found.contains { $0.kind == .critical }, "\(known.expression): \(found)")
        let least = try #require(found.first { $0.kind == .globalMinimum })
        let greatest = try #require(found.first { $0.kind == .globalMaximum })
        for (extremum, value) in [(least, known.least), (greatest, known.greatest)] {
            #expect(extremum.status == .proved, "\(known.expression): \(extremum)")
            // The value enclosed, to 1e-12 of the function's spread.
            let spread = known.greatest - known.least
            #expect(
                extremum.value.lower - 1e-15 * spread <= value && value <= extremum.value.upper + 1e-15 * spread,
                "\(known.expression): \(value) not in \(extremum.value)")
            #expect(extremum.value.width <= 1e-12 * max(abs(value), spread), "\(known.expression): \(extremum.value)")
        }
    }

    /// The global extremum is attained at its x: the value there lies in the enclosure.
    @Test func theGlobalValueIsAttainedAtItsX() throws {
        let finder = try Self.finder("cos(3x)+x/4")
        let range = Interval(-4, 4)
        for maximum in [false, true] {
            let extremum = try #require(finder.globalExtremum(in: range, maximum: maximum))
            let y = finder.function.values(at: [extremum.x])[0]
            #expect(extremum.value.lower - 4e-16 <= y && y <= extremum.value.upper + 4e-16, "\(extremum)")
            // And no value on a fine grid beats it.
            let grid = (0...4000).map { -4 + 8 * Double($0) / 4000 }
            let values = finder.function.values(at: grid)
            if maximum {
                #expect(values.allSatisfy { $0 <= extremum.value.upper })
            } else {
                #expect(values.allSatisfy { $0 >= extremum.value.lower })
            }
        }
    }

    @Test func endsAreReportedWithTheirValues() throws {
        let ends = try Self.finder("x^2").ends(of: Interval(-1, 3))
        #expect(ends.map(\.x) == [-1, 3] && ends.map(\.value) == [Interval(1), Interval(9)])
    }

    /// A pole inside: the global extrema cannot be proved, and say why.
    @Test func aPoleLeavesTheGlobalExtremaPossible() throws {
        let found = try Self.extrema("1/x", (-1, 1))
        let least = try #require(found.first { $0.kind == .globalMinimum })
        #expect(least.status != .proved)
        #expect(least.value.lower == -.infinity)
    }

    /// Issue 26: the global rows agree with the local rows they coincide with — at least
    /// as tight — and their x interval is where the value is attained: narrow for x², an
    /// end for Γ's maximum on [0.5, 4], the stretch for floor's flat minimum.
    @Test(arguments: [
        ("sin(x)", 0.0, 2 * Double.pi), ("gamma(x)", 0.5, 4.0), ("x^2", -10.0, 10.0), ("cos(3x)+x/4", -4.0, 4.0),
    ])
    func globalRowsAreAsTightAsTheLocalRowsTheyMeet(expression: String, lower: Double, upper: Double) throws {
        let found = try Self.extrema(expression, (lower, upper))
        for (global, local) in [
            (ExtremumFinder.Extremum.Kind.globalMinimum, ExtremumFinder.Extremum.Kind.localMinimum),
            (ExtremumFinder.Extremum.Kind.globalMaximum, ExtremumFinder.Extremum.Kind.localMaximum),
        ] {
            guard let row = found.first(where: { $0.kind == global }) else { continue }
            #expect(row.status == .proved)
            for candidate in found
            where [local, .endpoint].contains(candidate.kind) && candidate.value.overlaps(row.value) {
                #expect(row.value.width <= candidate.value.width, "\(expression): \(row) vs \(candidate)")
            }
        }
        let square = try Self.extrema("x^2", (-10, 10)).first { $0.kind == .globalMinimum }
        #expect((square?.interval.width ?? 1) < 1e-9, "\(String(describing: square))")
        let gamma = try Self.extrema("gamma(x)", (0.5, 4)).first { $0.kind == .globalMaximum }
        #expect(gamma?.interval == Interval(4) && gamma?.value == Interval(6), "\(String(describing: gamma))")
        let flat = try Self.extrema("floor(x)", (0.5, 3)).first { $0.kind == .globalMinimum }
        #expect(
            flat.map { $0.interval.lower == 0.5 && Tolerance.isClose($0.interval.upper, 1, relative: 1e-3) } == true)
    }

    /// Where f′ vanishes but f has no value (ln(cos(x)) at π: f′ = −tan(x)), nothing is
    /// reported there — this once trapped on an enclosure of NaN.
    @Test func noExtremumWhereTheFunctionHasNoValue() throws {
        let found = try Self.extrema("ln(cos(x))", (0, 4))
        #expect(!found.contains { abs($0.x - Double.pi) < 0.1 }, "\(found)")
    }

    /// A removable singularity (sin(x)/x at 0) is enclosed beside its hole by centred forms
    /// (issue 26), so the global minimum beside it is proved, where the values are least.
    @Test func theGlobalMinimumIsProvedBesideARemovableHole() throws {
        let least = try #require(try Self.finder("sin(x)/x").globalExtremum(in: Interval(-10, 10), maximum: false))
        #expect(Tolerance.isClose(abs(least.x), 4.493409457909064, relative: 1e-6), "\(least)")
        #expect(least.value.upper <= -0.2172336282112 && least.value.lower >= -0.2172336282112 - 1e-12)
        #expect(least.status == .proved)
    }

    /// Infinitely many extrema beside 0: bounded work, the rest reported as critical.
    @Test func infinitelyManyExtremaStayBounded() throws {
        let found = try Self.extrema("sin(1/x)", (0.01, 1))
        let local = found.filter { $0.kind == .localMinimum || $0.kind == .localMaximum }
        // 1/x = π/2 + kπ for x in [0.01, 1]: k from 0 to 31.
        #expect(local.count == 32, "\(local.count)")
    }

    /// A greatest value past the largest double is said to be one, not a possible pole.
    @Test func aMaximumBeyondTheDoublesIsSaidToBe() throws {
        let found = try Self.extrema("x^2", (0, 1e200))
        let greatest = try #require(found.first { $0.kind == .globalMaximum })
        #expect(greatest.status == .possible(reason: .beyondDoubles(upward: true)), "\(greatest)")
        // So is the end value there: enclosed past the largest double, not shown.
        let end = try #require(found.last { $0.kind == .endpoint })
        #expect(end.x == 1e200 && end.status == .possible(reason: .beyondDoubles(upward: true)), "\(end)")
    }

    /// Where the work runs out, what was not looked into is a possible row — also where it
    /// reaches an end of the range (sin(1/x) on −0.001…0.001 listed only the left half's
    /// extrema, all proved, and said nothing of the right half).
    @Test(arguments: [(-0.001, 0.001), (-0.001, 0.0005), (0.0, 0.001), (-0.002, 0.0)])
    func theStretchLeftUnsearchedIsPossibleUpToTheEnd(lower: Double, upper: Double) throws {
        var finder = try Self.finder("sin(1/x)")
        finder.budget = 3_000
        finder.work = 1 << 18
        let found = finder.extrema(in: Interval(lower, upper))
        let local = found.filter { [.localMinimum, .localMaximum, .critical].contains($0.kind) }
        // Every x strictly inside the range lies between two proved turns, or in a row.
        let covered = local.map(\.interval).sorted { $0.lower < $1.lower }
        let unsearched = covered.filter { $0.width > 1e-6 }
        #expect(
            !unsearched.isEmpty
                && unsearched.allSatisfy { row in
                    found.contains { $0.interval == row && $0.status != .proved }
                })
        // 1/x passes π/2 + kπ between every two turns: the largest gap between rows is
        // near the range's outer end, never a whole side of 0.
        let turnsRight = local.filter { $0.interval.lower > 0 && $0.status == .proved }
        let rightReported = upper <= 0 || !turnsRight.isEmpty || covered.contains { $0.upper >= upper }
        #expect(rightReported, "\(lower):\(upper): nothing reported right of 0")
        let leftReported =
            lower >= 0 || local.contains { $0.interval.upper < 0 }
            || covered.contains {
                $0.lower <= lower
            }
        #expect(leftReported, "\(lower):\(upper): nothing reported left of 0")
    }

    /// A program function seen only through the protocol, so the global search takes
    /// enclosures rather than Taylor series: the other route to the same answers.
    struct Opaque: GraphFunction {
        let function: ProgramFunction
        func values(at xs: [Double]) -> [Double] { function.values(at: xs) }
        func enclosures(over intervals: [Interval]) -> [Enclosure] { function.enclosures(over: intervals) }
        var hasGuaranteedEnclosures: Bool { true }
        var evaluationCost: Int { function.evaluationCost }
    }

    /// A global minimum or maximum known to 40 digits (mpmath: the zero of f′ by
    /// `findroot`, f there).
    struct KnownGlobal: Sendable, CustomTestStringConvertible {
        let expression: String
        let range: (Double, Double)
        let maximum: Bool
        let x: Double
        let value: Double
        var testDescription: String { "\(maximum ? "max" : "min") of \(expression)" }
    }

    static let knownGlobals: [KnownGlobal] = [
        KnownGlobal(
            expression: "cos(3x)+x/4", range: (-4, 4), maximum: false, x: -3.169402682459998240,
            value: -1.788872399206782728),
        KnownGlobal(
            expression: "sin(x)+sin(10x/3)", range: (2.7, 7.5), maximum: false, x: 5.145735290256127958,
            value: -1.899599349152113352),
        KnownGlobal(
            expression: "x*sin(x)", range: (0, 6), maximum: false, x: 4.913180439434883689,
            value: -4.814469889712268664),
        KnownGlobal(
            expression: "-x*sin(x)", range: (0, 6), maximum: true, x: 4.913180439434883689,
            value: 4.814469889712268664),
        KnownGlobal(
            expression: "exp(x)-2x", range: (-3, 3), maximum: false, x: 0.6931471805599453, value: 0.6137056388801093814
        ),
        KnownGlobal(expression: "x^2", range: (-2, 1), maximum: false, x: 0, value: 0),
        // Convex with a slope that never vanishes, though its enclosure holds 0: the end.
        KnownGlobal(expression: "x^2+sin(x)", range: (0.5, 4), maximum: false, x: 0.5, value: 0.25 + sin(0.5)),
        KnownGlobal(expression: "1-(x-0.3)^2", range: (-1, 1), maximum: true, x: 0.3, value: 1),
    ]

    /// Issue 32: the global search's Taylor-series bounds (and its Newton narrowing of a
    /// convex stretch) give the value proved and enclosed as tightly as the enclosures'
    /// route does, the true value inside, attained in a few ulps around the true x.
    @Test(arguments: knownGlobals)
    func theSeriesRouteEnclosesTheKnownGlobalExtremum(known: KnownGlobal) throws {
        let program = try Program(parsing: known.expression)
        let analysed = try AnalysedFunction(program, order: 2)
        let range = Interval(known.range.0, known.range.1)
        let bySeries = ExtremumFinder(function: analysed.function, derivative: analysed.slope, secondDerivative: nil)
        let byEnclosures = ExtremumFinder(
            function: Opaque(function: analysed.function), derivative: analysed.slope, secondDerivative: nil)
        let series = try #require(bySeries.globalExtremum(in: range, maximum: known.maximum))
        let enclosures = try #require(byEnclosures.globalExtremum(in: range, maximum: known.maximum))
        for found in [series, enclosures] {
            #expect(found.status == .proved, "\(found)")
            // The true value inside (to the 17th digit the constant carries).
            let slack = 2e-16 * max(1, abs(known.value))
            #expect(
                found.value.lower - slack <= known.value && known.value <= found.value.upper + slack, "\(found)")
            #expect(found.value.width <= 1e-12 * max(1, abs(known.value)), "\(found)")
            #expect(found.interval.contains(found.x) && abs(found.x - known.x) <= 1e-6 * max(1, abs(known.x)))
        }
        // At least as tight, and where the value is attained, narrowed by Newton steps to
        // within a millionth of the route that halves down to it.
        #expect(series.value.width <= enclosures.value.width, "\(series) vs \(enclosures)")
        #expect(series.interval.width <= max(1e-13, enclosures.interval.width), "\(series) vs \(enclosures)")
        #expect(series.interval.lower <= known.x + 1e-15 && known.x - 1e-15 <= series.interval.upper, "\(series)")
    }

    /// Two minima of the same value (x⁴ − x² at ±1/√2): both places are kept, each narrowed.
    @Test func twoEqualMinimaAreBothKept() throws {
        let analysed = try AnalysedFunction(Program(parsing: "x^4-x^2"), order: 2)
        let finder = ExtremumFinder(function: analysed.function, derivative: analysed.slope, secondDerivative: nil)
        let least = try #require(finder.globalExtremum(in: Interval(-2, 2), maximum: false))
        #expect(least.status == .proved && least.value.contains(-0.25), "\(least)")
        #expect(least.interval.contains(-0.5.squareRoot()) && least.interval.contains(0.5.squareRoot()), "\(least)")
    }

    /// The series' lower bound of s·f on a stretch is below every value there: on a grid
    /// of stretches from a thousandth to 2 wide, against 2,001 values in each.
    @Test(arguments: ["cos(3x)+x/4", "exp(x)-2x", "x*sin(x)", "sin(x)+sin(10x/3)", "x^4-x^2"], [false, true])
    func theSeriesBoundIsBelowEveryValue(expression: String, maximum: Bool) throws {
        let function = try ProgramFunction(program: Program(parsing: expression), accuracy: .exact)
        let bounds = try #require(ExtremumFinder.SeriesBounds(function: function, maximum: maximum))
        let sign = maximum ? -1.0 : 1.0
        var checked = 0
        for width in [1e-3, 1e-2, 0.1, 0.5, 2] {
            for step in 0..<40 {
                let centre = -3 + 6 * Double(step) / 39
                let stretch = Interval(centre - width / 2, centre + width / 2)
                guard let over = bounds.coefficients(stretch), let atCentre = bounds.coefficients(Interval(centre))
                else { continue }
                let bound = ExtremumFinder.SeriesBounds.least(over: stretch, centre: centre, over, atCentre)
                let xs = (0...2000).map { stretch.lower + stretch.width * Double($0) / 2000 }
                let least = try #require(function.values(at: xs).map { sign * $0 }.min())
                #expect(bound <= least + 1e-15 * max(1, abs(least)), "\(expression) on \(stretch): \(bound) > \(least)")
                // Tight where the stretch is narrow: within the square of its width.
                if width <= 1e-2 { #expect(least - bound <= 100 * width * width, "\(expression) on \(stretch)") }
                checked += 1
            }
        }
        #expect(checked == 200)
    }
}
