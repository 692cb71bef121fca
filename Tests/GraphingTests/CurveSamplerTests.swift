import CalculatorBrain
import Foundation
import Testing

@testable import Graphing

/// Curves drawn true cell by cell: every cell a dense sampling of the true curve visits
/// is drawn, every proved cell holds a point of it, and nothing is drawn far from it.
@Suite struct CurveSamplerTests {
    /// A curve as typed, its parameter range, the view, and the true curve in doubles.
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        let t: ClosedRange<Double>
        let x: Interval, y: Interval
        let point: @Sendable (Double) -> (Double, Double)
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        Case(text: "(cos(t), sin(t))", t: 0...(2 * .pi), x: Interval(-1.23, 1.31), y: Interval(-1.17, 1.29)) {
            (cos($0), sin($0))
        },
        Case(text: "(sin(3t), sin(4t))", t: 0...(2 * .pi), x: Interval(-1.13, 1.21), y: Interval(-1.27, 1.09)) {
            (sin(3 * $0), sin(4 * $0))
        },
        Case(text: "r = 1+cos(θ)", t: 0...(2 * .pi), x: Interval(-0.61, 2.13), y: Interval(-1.43, 1.37)) {
            ((1 + cos($0)) * cos($0), (1 + cos($0)) * sin($0))
        },
        Case(text: "r = cos(4θ)", t: 0...(2 * .pi), x: Interval(-1.07, 1.11), y: Interval(-1.13, 1.03)) {
            (cos(4 * $0) * cos($0), cos(4 * $0) * sin($0))
        },
        Case(text: "r = θ", t: 0...(6 * .pi), x: Interval(-19.3, 17.9), y: Interval(-18.1, 16.7)) {
            ($0 * cos($0), $0 * sin($0))
        },
        Case(text: "(t, tan(t))", t: 0...(2 * .pi), x: Interval(-0.13, 6.41), y: Interval(-9.7, 10.3)) {
            ($0, tan($0))
        },
        Case(text: "(t^2, t^3)", t: -1.5...1.5, x: Interval(-0.21, 2.37), y: Interval(-3.53, 3.41)) {
            ($0 * $0, $0 * $0 * $0)
        },
        // A loop 0.0025 wide and 0.00005 tall about (−0.0025, 0): far inside one cell.
        Case(
            text: "(t^2-0.0025, t*(t^2-0.0025))", t: -1...1, x: Interval(-0.0917, 1.0313), y: Interval(-0.0871, 0.0929)
        ) {
            ($0 * $0 - 0.0025, $0 * ($0 * $0 - 0.0025))
        },
    ]

    static func sample(_ test: Case, width: Int = 61, height: Int = 37) throws -> (CurveSample, Viewport) {
        let curve = try Curve(program: Program(parsing: test.text))
        let viewport = try Viewport(width: width, height: height, x: test.x, y: test.y)
        let sampler = CurveSampler(curve: curve, viewport: viewport, t: Interval(test.t.lowerBound, test.t.upperBound))
        return (sampler.sample(), viewport)
    }

    /// The true curve at `count` + 1 evenly spaced parameter values, in pixel coordinates.
    static func densePixels(_ test: Case, _ viewport: Viewport, count: Int = 400_000) -> [(Double, Double)] {
        (0...count).map { index in
            let t = test.t.lowerBound + (test.t.upperBound - test.t.lowerBound) * Double(index) / Double(count)
            let (x, y) = test.point(t)
            return (viewport.pixelX(for: x), viewport.pixelY(for: y))
        }
    }

    @Test(arguments: cases)
    func everyCellTheCurveVisitsIsDrawn(_ test: Case) throws {
        let (sample, viewport) = try Self.sample(test)
        var missed: [(Int, Int)] = []
        for (px, py) in Self.densePixels(test, viewport) {
            // Points a rounding away from an edge are in either cell: not counted.
            guard px.isFinite, py.isFinite, abs(px - px.rounded()) > 1e-6, abs(py - py.rounded()) > 1e-6 else {
                continue
            }
            let column = Int(px.rounded(.down)), row = Int(py.rounded(.down))
            guard (0..<viewport.width).contains(column), (0..<viewport.height).contains(row) else { continue }
            if sample.cells[column, row] == .excluded { missed.append((column, row)) }
        }
        #expect(missed.isEmpty, "\(missed.count) cells visited but excluded, first \(missed.prefix(3))")
    }

    @Test(arguments: cases)
    func nothingIsDrawnAwayFromTheCurve(_ test: Case) throws {
        let (sample, viewport) = try Self.sample(test)
        // The cells within reach of the dense points: the cell of each, and its
        // neighbours for a point within a twentieth of a cell of their edge.
        var near = Set<Int>()
        for (px, py) in Self.densePixels(test, viewport) where px.isFinite && py.isFinite {
            for dx in [-0.05, 0, 0.05] {
                for dy in [-0.05, 0, 0.05] {
                    let column = Int((px + dx).rounded(.down)), row = Int((py + dy).rounded(.down))
                    if (0..<viewport.width).contains(column) && (0..<viewport.height).contains(row) {
                        near.insert(row * viewport.width + column)
                    }
                }
            }
        }
        var far: [(Int, Int, CellStatus)] = []
        for row in 0..<viewport.height {
            for column in 0..<viewport.width where sample.cells[column, row] != .excluded {
                if !near.contains(row * viewport.width + column) {
                    far.append((column, row, sample.cells[column, row]))
                }
            }
        }
        #expect(far.isEmpty, "\(far.count) cells drawn away from the curve, first \(far.prefix(3))")
        // Almost everything drawn is proved.
        #expect(sample.cells.undecidedCount <= 4, "\(sample.cells.undecidedCount) undecided")
    }

    @Test func aCurveReachingACellEdgeIsNotExcludedBeyondIt() throws {
        // sin(t) reaches 1 at π/2, on the edge between columns 10 and 11: the closed
        // cell beyond holds (1, 0.25) too, so it is drawn (undecided: no double t gives
        // exactly 1), never excluded.
        let curve = try Curve(program: Program(parsing: "(sin(t), 0.25)"))
        let viewport = try Viewport(width: 20, height: 20, x: Interval(-10, 10), y: Interval(-1, 1))
        let sample = CurveSampler(curve: curve, viewport: viewport, t: Interval(0, 2 * .pi)).sample()
        let row = Int(viewport.pixelY(for: 0.25).rounded(.down))
        #expect(sample.cells[10, row] == .proved)
        #expect(sample.cells[11, row] != .excluded)
        #expect(sample.cells[12, row] == .excluded)
    }

    @Test func theLoopNarrowerThanACellIsDrawn() throws {
        let test = Self.cases[7]
        let (sample, viewport) = try Self.sample(test)
        let column = Int(viewport.pixelX(for: -0.0025).rounded(.down))
        let row = Int(viewport.pixelY(for: 0).rounded(.down))
        #expect(sample.cells[column, row] == .proved)
    }

    @Test func poleBranchesAreNotJoined() throws {
        // Around x = π/2 the column holds the two branches' ends at the top and bottom
        // of the view, and nothing in between.
        let test = Self.cases[5]
        let (sample, viewport) = try Self.sample(test)
        let column = Int(viewport.pixelX(for: Double.pi / 2).rounded(.down))
        let middleRows = (viewport.height / 4)..<(3 * viewport.height / 4)
        #expect(middleRows.allSatisfy { sample.cells[column, $0] == .excluded })
        let paths = CurveSampler(
            curve: try Curve(program: Program(parsing: test.text)), viewport: viewport, t: Interval(0, 2 * .pi)
        ).paths()
        #expect(paths.count == 3)
        for path in paths {
            for (a, b) in zip(path, path.dropFirst()) {
                #expect(abs(viewport.pixelY(for: a.y) - viewport.pixelY(for: b.y)) < Double(viewport.height))
            }
        }
    }

    @Test(arguments: cases)
    func pathsStayWithinAPixelOfTheCurve(_ test: Case) throws {
        let curve = try Curve(program: Program(parsing: test.text))
        let viewport = try Viewport(width: 400, height: 300, x: test.x, y: test.y)
        let paths = CurveSampler(curve: curve, viewport: viewport, t: Interval(test.t.lowerBound, test.t.upperBound))
            .paths()
        #expect(!paths.isEmpty)
        // Each vertex is a point of the curve: its distance to the dense curve is tiny.
        let dense = Self.densePixels(test, viewport, count: 200_000)
        var buckets: [Int: [(Double, Double)]] = [:]
        for (px, py) in dense where px.isFinite && py.isFinite && abs(px) < 1e6 && abs(py) < 1e6 {
            buckets[Int(px.rounded(.down)) * 100_003 + Int(py.rounded(.down)), default: []].append((px, py))
        }
        for path in paths {
            for point in path.prefix(2000) {
                let px = viewport.pixelX(for: point.x), py = viewport.pixelY(for: point.y)
                var best = Double.infinity
                for dx in -1...1 {
                    for dy in -1...1 {
                        let key = (Int(px.rounded(.down)) + dx) * 100_003 + Int(py.rounded(.down)) + dy
                        for (qx, qy) in buckets[key] ?? [] { best = min(best, hypot(qx - px, qy - py)) }
                    }
                }
                #expect(best < 0.5, "vertex (\(point.x), \(point.y)) is \(best) px from the curve")
            }
        }
    }

    @Test func aSmallBudgetLeavesCellsUndecidedNotMissing() throws {
        let test = Self.cases[1]
        let curve = try Curve(program: Program(parsing: test.text))
        let viewport = try Viewport(width: 61, height: 37, x: test.x, y: test.y)
        var sampler = CurveSampler(curve: curve, viewport: viewport, t: Interval(0, 2 * .pi))
        sampler.budget = 2_000
        let sample = sampler.sample()
        #expect(sample.isUnfinished)
        #expect(sample.cells.undecidedCount > 0)
        for (px, py) in Self.densePixels(test, viewport, count: 20_000)
        where abs(px - px.rounded()) > 1e-6 && abs(py - py.rounded()) > 1e-6 {
            let column = Int(px.rounded(.down)), row = Int(py.rounded(.down))
            guard (0..<61).contains(column), (0..<37).contains(row) else { continue }
            #expect(sample.cells[column, row] != .excluded)
        }
    }

    @Test func piecesCoverTheRangeInOrder() throws {
        let (sample, _) = try Self.sample(Self.cases[0])
        #expect(sample.pieces.first?.t.lower == 0)
        #expect(sample.pieces.last?.t.upper == 2 * .pi)
        for (a, b) in zip(sample.pieces, sample.pieces.dropFirst()) { #expect(a.t.upper == b.t.lower) }
        // Each piece encloses the curve over its interval.
        for piece in sample.pieces.prefix(500) {
            let t = piece.t.midpoint
            #expect(piece.x.contains(cos(t)) && piece.y.contains(sin(t)))
        }
    }

    @Test(arguments: ["sin(t)", "x^2+y^2=1", "r = r+1"])
    func notACurve(_ text: String) throws {
        #expect(throws: GraphingError.self) { try Curve(program: Program(parsing: text)) }
    }

    @Test func polarCurvesRunAlongThetaInTheAngleUnit() throws {
        let curve = try Curve(program: Program(parsing: "r = 2"), angle: .degrees)
        #expect(curve.form == .polar && curve.parameter == "θ")
        let point = try #require(curve.point(at: 90))
        #expect(abs(point.x) < 1e-12 && abs(point.y - 2) < 1e-12)
        #expect(Curve.oneTurn(in: .degrees) == Interval(0, 360))
        let theta = try Curve(program: Program(parsing: "r = theta"))
        #expect(theta.parameter == "theta")
        let velocity = try #require(try Curve(program: Program(parsing: "(cos(t), sin(t))")).velocity(at: 0))
        #expect(abs(velocity.dx) < 1e-15 && velocity.dy == 1)
    }
}
