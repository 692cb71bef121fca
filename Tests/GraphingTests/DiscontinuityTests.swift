import CalculatorBrain
import Foundation
import TestSupport
import Testing

@testable import Graphing

/// Jumps, holes and isolated points are located and marked the same by both samplers,
/// whether the break falls inside a column or on its edge; smooth curves, poles and
/// closed domain ends get no marks.
@Suite struct DiscontinuityTests {
    /// A mark as a test writes it: x, y and whether it is filled.
    struct Expected: Hashable, CustomStringConvertible {
        let x: Double, y: Double, isFilled: Bool
        var description: String { "\(isFilled ? "●" : "○")(\(x), \(y))" }
    }

    static let cases: [(String, (Double, Double), (Double, Double), [Expected])] = [
        ("abs(x)/x", (-10, 10), (-2, 2), [.init(x: 0, y: -1, isFilled: false), .init(x: 0, y: 1, isFilled: false)]),
        ("0^x", (-10, 10), (-2, 2), [.init(x: 0, y: 0, isFilled: false), .init(x: 0, y: 1, isFilled: true)]),
        ("x/x+1", (-10, 10), (-3, 3), [.init(x: 0, y: 2, isFilled: false)]),
        ("(x^2-4)/(x-2)", (-10, 10), (-8, 14), [.init(x: 2, y: 4, isFilled: false)]),
        ("sin(x)/x", (-10, 10), (-0.5, 1.5), [.init(x: 0, y: 1, isFilled: false)]),
        ("sqrt(-x^2)", (-10, 10), (-1, 1), [.init(x: 0, y: 0, isFilled: true)]),
        ("asin(1+x^2)", (-10, 10), (1, 2), [.init(x: 0, y: Double.pi / 2, isFilled: true)]),
        (
            "(-2)^x", (-3.5, 3.5), (-10, 10),
            [-3, -2, -1, 0, 1, 2, 3].map { .init(x: $0, y: pow(-2, $0), isFilled: true) }
        ),
        ("sin(x)", (-10, 10), (-2, 2), []),
        ("1/x", (-10, 10), (-2, 2), []),
        ("tan(x)", (-10, 10), (-5, 5), []),
        ("sqrt(x)", (-10, 10), (-1, 4), []),
        ("sqrt(1-x^2)", (-2, 2), (-1, 2), []),
        ("ln(x)", (-10, 10), (-5, 3), []),
    ]

    private static func marks(_ discontinuities: [Discontinuity], _ viewport: Viewport) -> Set<Expected> {
        Set(
            discontinuities.flatMap(\.marks).filter { viewport.yRange.contains($0.point.y) }.map {
                Expected(x: $0.point.x, y: $0.point.y, isFilled: $0.isFilled)
            })
    }

    /// Marks within a part in 10¹² of the expected place (the two samplers locate a jump at
    /// an irrational x to neighbouring doubles, not the same double).
    private static func matches(_ found: Set<Expected>, _ expected: [Expected]) -> Bool {
        found.count == Set(expected).count
            && expected.allSatisfy { e in
                found.contains {
                    Tolerance.isClose($0.x, e.x, relative: 1e-12) && Tolerance.isClose($0.y, e.y, relative: 1e-9)
                        && $0.isFilled == e.isFilled
                }
            }
    }

    @Test(arguments: cases)
    func columnsMarkEachBreak(expression: String, x: (Double, Double), y: (Double, Double), expected: [Expected])
        throws
    {
        let function = try ProgramFunction(program: Program(parsing: expression))
        // 0 on a column edge, and inside a column.
        for upper in [x.1, x.1 + 0.37] {
            let viewport = try Viewport(width: 160, height: 96, left: x.0, right: upper, bottom: y.0, top: y.1)
            let found = Self.marks(
                ColumnSampler(function: function, viewport: viewport).sample().flatMap(\.discontinuities), viewport)
            #expect(Self.matches(found, expected), "\(expression) on \(x.0)…\(upper): \(found)")
        }
    }

    @Test(arguments: cases)
    func pathsMarkEachBreak(expression: String, x: (Double, Double), y: (Double, Double), expected: [Expected])
        throws
    {
        let function = try ProgramFunction(program: Program(parsing: expression))
        for upper in [x.1, x.1 + 0.37] {
            let viewport = try Viewport(width: 640, height: 400, left: x.0, right: upper, bottom: y.0, top: y.1)
            let found = Self.marks(
                PathSampler(function: function, viewport: viewport).sample().discontinuities, viewport)
            #expect(Self.matches(found, expected), "\(expression) on \(x.0)…\(upper): \(found)")
        }
    }

    /// Issue 26: a pole or an unbounded domain end exactly at a double. Between the last
    /// double with a value and the end, the function runs on to ±∞, so no open circle
    /// claims a finite limit, the column's enclosure reaches ±∞ in every view, and the SVG
    /// path reaches the view's edge.
    @Test(arguments: [
        ("ln(x)", (-1.0, 1.0), (-1000.0, 10.0), -Double.infinity),
        ("log2(x)", (-1.0, 1.0), (-2000.0, 10.0), -Double.infinity),
        ("atanh(x)", (0.0, 1.0), (-30.0, 30.0), Double.infinity),
        ("-atanh(-x)", (-1.0, 0.0), (-30.0, 30.0), -Double.infinity),
    ])
    func anEndAtADoubleThatIsAPoleRunsOnToInfinity(
        expression: String, x: (Double, Double), y: (Double, Double), bound: Double
    ) throws {
        let function = try ProgramFunction(program: Program(parsing: expression))
        for (width, height) in [(160, 96), (40, 10)] {
            let viewport = try Viewport(width: width, height: height, left: x.0, right: x.1, bottom: y.0, top: y.1)
            let columns = ColumnSampler(function: function, viewport: viewport).sample()
            #expect(Self.marks(columns.flatMap(\.discontinuities), viewport).isEmpty, "\(expression)")
            let reach = columns.flatMap(\.pieces).map { bound < 0 ? $0.y.lower : $0.y.upper }
            #expect(reach.contains(bound), "\(expression) in \(width)×\(height) stops at \(reach)")
        }
        let viewport = try Viewport(width: 640, height: 400, left: x.0, right: x.1, bottom: y.0, top: y.1)
        let sample = PathSampler(function: function, viewport: viewport).sample()
        #expect(Self.marks(sample.discontinuities, viewport).isEmpty, "\(expression)")
        let ends = sample.paths.flatMap { $0 }.map(\.y)
        #expect(
            bound < 0 ? (ends.min() ?? 0) <= y.0 : (ends.max() ?? 0) >= y.1,
            "\(expression): the path ends at \(ends.min() ?? 0)…\(ends.max() ?? 0)")
    }

    /// A jump at an irrational x is located to neighbouring doubles, and the sides of the
    /// break are drawn without a riser: no piece of the column spans the jump.
    @Test func aJumpIsLocatedToNeighbouringDoublesWithNoRiser() throws {
        let function = try ProgramFunction(program: Program(parsing: "atan2(sin(x), cos(x))"))
        let viewport = try Viewport(width: 160, height: 96, x: Interval(0, 6.5), y: Interval(-4, 4))
        let columns = ColumnSampler(function: function, viewport: viewport).sample()
        let jumps = columns.flatMap(\.discontinuities)
        #expect(jumps.count == 1)
        let jump = try #require(jumps.first)
        #expect(jump.kind == .jump)
        #expect(Tolerance.isClose(jump.x, Double.pi, ulps: 4))
        #expect(jump.gap.upper.nextDown.nextDown <= jump.gap.lower)
        #expect(Set(jump.marks.map(\.isFilled)) == [true, false])
        #expect(jump.marks.allSatisfy { Tolerance.isClose(abs($0.point.y), Double.pi, relative: 1e-9) })
        let column = try #require(columns.first { $0.x.contains(jump.x) })
        #expect(column.pieces.allSatisfy { !$0.y.contains(0) }, "\(column.pieces)")
        #expect(column.pieces.allSatisfy { $0.isExact })
        // And in SVG paths: every segment follows the curve (none crosses the jump).
        let svg = try Viewport(width: 640, height: 400, x: Interval(0, 6.5), y: Interval(-4, 4))
        let paths = PathSampler(function: function, viewport: svg).sample().paths
        #expect(paths.count == 2)
        for path in paths {
            for (p, q) in zip(path, path.dropFirst()) {
                let middle = function.values(at: [p.x / 2 + q.x / 2])[0]
                #expect(abs(middle - (p.y + q.y) / 2) < 0.01, "\(p) → \(q)")
            }
        }
    }

    /// The calculator's step keys draw steps, not staircases: every piece of every column
    /// is exact, none spans a jump, and no SVG segment rises across one.
    @Test(arguments: [
        ("floor(x)", 0.0), ("ceil(x/2-0.25)", 0), ("round(sin(x)*3)", 0), ("trunc(x)", 0), ("sign(x)", 0),
        ("mod(x, 1)", 0.5), ("mod(x, -2.5)", 0.5),
    ])
    func stepsHaveNoRisers(expression: String, widest: Double) throws {
        let function = try ProgramFunction(program: Program(parsing: expression))
        let viewport = try Viewport(width: 160, height: 96, x: Interval(-10, 10.1), y: Interval(-4, 4))
        let columns = ColumnSampler(function: function, viewport: viewport).sample()
        for column in columns {
            // In view: out of view, a column is not refined (nothing there is drawn).
            for piece in column.pieces {
                guard let visible = piece.y.intersection(Interval(-4, 4)) else { continue }
                #expect(piece.isExact && visible.width <= widest, "\(expression) column \(column.column): \(piece)")
            }
        }
        #expect(columns.contains { !$0.discontinuities.isEmpty })
        let svg = try Viewport(width: 640, height: 400, x: Interval(-10, 10.1), y: Interval(-4, 4))
        for path in PathSampler(function: function, viewport: svg).sample().paths {
            for (p, q) in zip(path, path.dropFirst()) {
                #expect(!(abs(q.y - p.y) > 0.5 && abs(q.x - p.x) < 0.01), "\(expression): riser \(p) → \(q)")
            }
        }
    }

    /// Γ's poles at 0, −1, −2, … part its branches as tan's do.
    @Test func gammaHasABranchBetweenEachPole() throws {
        let function = try ProgramFunction(program: Program(parsing: "gamma(x)"))
        let viewport = try Viewport(width: 640, height: 400, x: Interval(-4.5, 4), y: Interval(-10, 10))
        let paths = PathSampler(function: function, viewport: viewport).sample().paths
        // (−4.5, −4), (−4, −3), (−3, −2), (−2, −1), (−1, 0), (0, 4).
        #expect(paths.count == 6, "\(paths.map { ($0.first?.x ?? 0, $0.last?.x ?? 0) })")
        for path in paths {
            for (p, q) in zip(path, path.dropFirst()) {
                #expect(!(abs(q.y - p.y) > 5 && abs(q.x - p.x) < 0.05 && (p.y < 0) != (q.y < 0)), "riser \(p) → \(q)")
            }
        }
    }

    /// Found by review: a falling step kept its witnesses out of order (and sampling
    /// trapped); an island's values beside its simplest double, and a lone value between
    /// a jump's sides, were left out of their column.
    @Test func reviewedBreaksKeepOrderAndEveryValue() throws {
        for expression in ["floor(-x)", "mod(x, 3)", "ln(8)/ln(x)"] {
            let function = try ProgramFunction(program: Program(parsing: expression))
            let viewport = try Viewport(width: 40, height: 24, x: Interval(-10, 10), y: Interval(-50, 50))
            for column in ColumnSampler(function: function, viewport: viewport).sample() {
                for piece in column.pieces {
                    #expect(zip(piece.witnessed, piece.witnessed.dropFirst()).allSatisfy { $0.upper < $1.lower })
                    _ = piece.witnessedRange
                }
            }
        }
        for (expression, x, at) in [
            ("sqrt(1e-300-x^2)*1e150", (-1.0, 1.0), 0.9e-150),
            ("floor(x)-0.5*0^abs(x-1.0000000000001)", (0.5, 1.5), 1.0000000000001),
        ] {
            let function = try ProgramFunction(program: Program(parsing: expression))
            let viewport = try Viewport(width: 3, height: 24, left: x.0, right: x.1, bottom: -2, top: 3)
            let value = function.values(at: [at])[0]
            let column = try #require(
                ColumnSampler(function: function, viewport: viewport).sample().first { $0.x.contains(at) })
            #expect(
                column.pieces.contains { $0.y.contains(value) }, "\(expression) at \(at) = \(value): \(column.pieces)")
        }
        #expect(!BinaryOperation.permutations.enclosure(over: Interval(.infinity), Interval(2)).isTotal)
        #expect(!UnaryOperation.tangent.enclosure(over: Interval(80, 90), angle: .degrees).isTotal)
        #expect(UnaryOperation.tangent.enclosure(over: Interval(80, 89), angle: .degrees).isTotal)
    }

    /// Every value of a located break's column is still in its pieces: `ln(x)` runs down
    /// to its last double beside 0 (−744.4), with an open circle there.
    @Test func theSidesOfABreakKeepEveryValue() throws {
        let function = try ProgramFunction(program: Program(parsing: "ln(x)"))
        let viewport = try Viewport(width: 4, height: 24, x: Interval(0, 1), y: Interval(-1000, 10))
        let first = ColumnSampler(function: function, viewport: viewport).sample()[0]
        for x in [Double.leastNonzeroMagnitude, 1e-300, 1e-100, 1e-20, 0.2] {
            let value = function.values(at: [x])[0]
            #expect(first.pieces.contains { $0.y.contains(value) }, "ln(\(x)) = \(value)")
        }
        #expect(first.discontinuities.map(\.kind) == [.end])
    }
}
