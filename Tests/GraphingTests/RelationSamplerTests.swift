import CalculatorBrain
import Foundation
import GraphCalcSupport
import Testing

@testable import Graphing

/// Relations decided cell by cell: every proved cell has a point where the relation
/// holds, every excluded cell none, and the rogue's gallery of hard cases comes out
/// without gaps.
@Suite struct RelationSamplerTests {
    /// The hard cases: single equations, then formulas of inequalities.
    static let equations = [
        "x^2+y^2=1", "x^2+y^2=0", "y=x", "x*y=1", "abs(x)+abs(y)=1", "sin(3x)=cos(3y)", "(x^2+y^2-1)^3=x^2*y^3",
        "floor(x)=floor(y)", "x^y=y^x", "sin(20(x^2+y^2))=0", "y=1/x", "x^2=y^2",
    ]
    static let inequalities = [
        "y<sin(3x)", "x^2+y^2<4 and y>0", "not (x>0 or y≤x^2)", "1/x>y", "if(x<0, y<x^2, y>-x)", "(x<1)+(y<1)>1",
    ]

    /// Two grids: one centred on whole numbers, one shifted off them.
    static let views = [
        (Interval(-2, 2), Interval(-2, 2), 41, 21), (Interval(-2.3, 1.7), Interval(-1.9, 2.2), 37, 23),
    ]

    static func sample(_ text: String, width: Int, height: Int, x: Interval, y: Interval) throws -> CellSample {
        let relation = try Relation(program: Program(parsing: text))
        let viewport = try Viewport(width: width, height: height, x: x, y: y)
        return RelationSampler(relation: relation, viewport: viewport).sample()
    }

    /// The cell's box, as the sampler takes it.
    static func box(_ column: Int, _ row: Int, _ viewport: Viewport) -> (x: Interval, y: Interval) {
        (
            Interval(viewport.x(atPixel: Double(column)), viewport.x(atPixel: Double(column + 1))),
            Interval(viewport.y(atPixel: Double(row + 1)), viewport.y(atPixel: Double(row)))
        )
    }

    /// A dense grid over a box, then its simplest point and the lines through it (where
    /// `x^y` has values for x < 0).
    static func grid(_ box: (x: Interval, y: Interval), _ count: Int = 16) -> (xs: [Double], ys: [Double]) {
        var xs: [Double] = [], ys: [Double] = []
        for i in 0...count {
            for j in 0...count {
                xs.append(min(box.x.lower + box.x.width * Double(i) / Double(count), box.x.upper))
                ys.append(min(box.y.lower + box.y.width * Double(j) / Double(count), box.y.upper))
            }
        }
        let simplestX = RelationSampler.simplest(in: box.x), simplestY = RelationSampler.simplest(in: box.y)
        xs.append(simplestX)
        ys.append(simplestY)
        for i in 0...count {
            xs += [min(box.x.lower + box.x.width * Double(i) / Double(count), box.x.upper), simplestX]
            ys += [simplestY, min(box.y.lower + box.y.width * Double(i) / Double(count), box.y.upper)]
        }
        return (xs, ys)
    }

    @Test(arguments: equations)
    func anEquationHoldsInEveryProvedCellAndInNoExcludedOne(text: String) throws {
        for (x, y, width, height) in Self.views {
            let relation = try Relation(program: Program(parsing: text))
            let viewport = try Viewport(width: width, height: height, x: x, y: y)
            let sample = RelationSampler(relation: relation, viewport: viewport).sample()
            // The difference in doubles, by the point evaluator (not the intervals').
            let difference = relation.differences[0]
            for row in 0..<height {
                for column in 0..<width where sample[column, row] != .undecided {
                    let (xs, ys) = Self.grid(Self.box(column, row, viewport))
                    let values = difference.values(at: xs, ys)
                    let defined = values.filter { !$0.isNaN }
                    let low = defined.min() ?? .nan, high = defined.max() ?? .nan
                    if sample[column, row] == .proved {
                        // A zero, or values on both sides of it, among the points.
                        #expect(
                            low <= 1e-9 && high >= -1e-9, "\(text): cell \(column),\(row) proved, values \(low)…\(high)"
                        )
                    } else {
                        // No zero, and no crossing between neighbours of small values.
                        #expect(!defined.contains(0), "\(text): cell \(column),\(row) excluded, has a zero")
                        var crossing = false
                        for index in 0..<(17 * 17 - 1) where index % 17 != 16 {
                            let a = values[index], b = values[index + 1]
                            if a * b < 0 && abs(a) < 1e-6 && abs(b) < 1e-6 { crossing = true }
                        }
                        #expect(!crossing, "\(text): cell \(column),\(row) excluded, crosses 0")
                    }
                }
            }
        }
    }

    @Test(arguments: inequalities)
    func anInequalityHoldsInEveryProvedCellAndInNoExcludedOne(text: String) throws {
        let program = try Program(parsing: text)
        for (x, y, width, height) in Self.views {
            let sample = try Self.sample(text, width: width, height: height, x: x, y: y)
            let viewport = try Viewport(width: width, height: height, x: x, y: y)
            for row in 0..<height {
                for column in 0..<width where sample[column, row] != .undecided {
                    let (xs, ys) = Self.grid(Self.box(column, row, viewport))
                    let holds = zip(xs, ys).filter { program.value(variables: ["x": $0, "y": $1]) == 1 }
                    if sample[column, row] == .proved {
                        #expect(!holds.isEmpty, "\(text): cell \(column),\(row) proved, holds at no point tried")
                    } else {
                        #expect(
                            holds.isEmpty,
                            "\(text): cell \(column),\(row) excluded, holds at \(holds.first.map { "\($0)" } ?? "")")
                    }
                }
            }
        }
    }

    /// Every case but the two with tangencies and domains of lines is decided in full,
    /// so lines have no gaps, crossings included.
    @Test(arguments: equations + inequalities)
    func theHardCasesAreDecided(text: String) throws {
        for (x, y, width, height) in Self.views {
            let sample = try Self.sample(text, width: width, height: height, x: x, y: y)
            let allowed = ["(x^2+y^2-1)^3=x^2*y^3", "x^y=y^x"].contains(text) ? 8 : 0
            #expect(sample.undecidedCount <= allowed, "\(text): \(sample.undecidedCount) undecided")
            #expect(sample.provedCount > 0, "\(text)")
        }
    }

    /// A single point is one cell where it is inside one, and the four around it where
    /// it is their common corner (cells are closed).
    @Test func aSinglePointIsTheCellsHoldingIt() throws {
        let odd = try Self.sample("x^2+y^2=0", width: 41, height: 21, x: Interval(-2, 2), y: Interval(-2, 2))
        #expect(odd.provedCount == 1 && odd[20, 10] == .proved && odd.undecidedCount == 0)
        let even = try Self.sample("x^2+y^2=0", width: 40, height: 20, x: Interval(-2, 2), y: Interval(-2, 2))
        #expect(even.provedCount == 4 && even.undecidedCount == 0)
        #expect([even[19, 9], even[20, 9], even[19, 10], even[20, 10]] == [.proved, .proved, .proved, .proved])
    }

    /// `y=x` has a proved cell in every column, and `sin(x)=cos(y)`'s crossing lines
    /// every cell a dense sampling finds them in.
    @Test func linesHaveNoGaps() throws {
        let diagonal = try Self.sample("y=x", width: 37, height: 37, x: Interval(-2.3, 1.7), y: Interval(-2.3, 1.7))
        for column in 0..<37 {
            #expect((0..<37).contains { diagonal[column, $0] == .proved }, "column \(column)")
        }
        let viewport = try Viewport(width: 37, height: 23, x: Interval(-6, 6), y: Interval(-4, 4))
        let relation = try Relation(program: Program(parsing: "sin(x)=cos(y)"))
        let crossing = RelationSampler(relation: relation, viewport: viewport).sample()
        for row in 0..<23 {
            for column in 0..<37 {
                let (xs, ys) = Self.grid(Self.box(column, row, viewport), 32)
                let values = zip(xs, ys).map { sin($0) - cos($1) }
                if values.contains(where: { $0 < -1e-3 }) && values.contains(where: { $0 > 1e-3 }) {
                    #expect(crossing[column, row] == .proved, "sin(x)=cos(y) cell \(column),\(row)")
                }
            }
        }
    }

    /// A sign change across a pole or a jump is no zero: `y=1/x` is nowhere in the column
    /// over x = 0 (there |y| > 20), `floor(x)=y` nowhere off the whole y (where a jump's
    /// cells stay undecided: floor's enclosure there is the hull of its two values).
    @Test func aJumpAcrossZeroIsNoProof() throws {
        let square = (Interval(-2, 2), Interval(-2, 2))
        let pole = try Self.sample("y=1/x", width: 41, height: 21, x: square.0, y: square.1)
        for row in 0..<21 { #expect(pole[20, row] != .proved, "y=1/x row \(row)") }
        let viewport = try Viewport(width: 41, height: 21, x: square.0, y: square.1)
        let steps = RelationSampler(relation: try Relation(program: Program(parsing: "floor(x)=y")), viewport: viewport)
            .sample()
        for row in 0..<21 {
            let (_, y) = Self.box(0, row, viewport)
            guard y.lower.rounded(.up) > y.upper else { continue }
            for column in 0..<41 { #expect(steps[column, row] != .proved, "floor(x)=y cell \(column),\(row)") }
        }
    }

    /// Rings denser than the cells: never a false empty band.
    @Test func ringsDenserThanCellsAreNeverExcluded() throws {
        let viewport = try Viewport(width: 40, height: 20, x: Interval(-10, 10), y: Interval(-10, 10))
        let relation = try Relation(program: Program(parsing: "sin(x^2+y^2)=0"))
        let sample = RelationSampler(relation: relation, viewport: viewport).sample()
        for row in 0..<20 {
            for column in 0..<40 where sample[column, row] == .excluded {
                let (x, y) = Self.box(column, row, viewport)
                // Only near the centre, where the rings are wider than a cell.
                #expect(min(abs(x.midpoint), abs(y.midpoint)) < 3, "cell \(column),\(row) excluded at \(x), \(y)")
            }
        }
    }

    /// When the work runs out, cells are undecided, never guessed.
    @Test func aSmallBudgetLeavesCellsUndecided() throws {
        let relation = try Relation(program: Program(parsing: "sin(x^2+y^2)=0"))
        var sampler = RelationSampler(
            relation: relation,
            viewport: try Viewport(width: 40, height: 20, x: Interval(-10, 10), y: Interval(-10, 10)))
        sampler.budget = 500
        let sample = sampler.sample()
        #expect(sample.undecidedCount > 0 && sample.decidedShare < 1)
        #expect(sample.provedCount + sample.undecidedCount + sample.excludedCount == 800)
    }

    /// Cells as wide as the largest doubles (found by review: the search for a cell's
    /// simplest point never ended past 2¹⁰²³).
    @Test func cellsAtTheEndsOfTheDoublesAreDecided() throws {
        #expect(RelationSampler.simplest(in: Interval(9e307, 1.7e308)) == 1.348269851146737e308)
        #expect(RelationSampler.simplest(in: Interval(-1.7e308, -9e307)) == -1.348269851146737e308)
        let sample = try Self.sample("y=1", width: 8, height: 2, x: Interval(0, 1.7e308), y: Interval(0, 2))
        #expect(sample.provedCount == 16)
    }

    /// Interrupted, a sample leaves what it did not finish undecided: nothing excluded or
    /// proved from an unfinished batch (found by review).
    @Test func aCancelledSampleIsUndecided() async throws {
        let relation = try Relation(program: Program(parsing: "x^2+y^2=1"))
        let sampler = RelationSampler(
            relation: relation, viewport: try Viewport(width: 40, height: 20, x: Interval(-2, 2), y: Interval(-2, 2)))
        let task = Task { () -> CellSample in
            while !Task.isCancelled { await Task.yield() }
            return sampler.sample()
        }
        task.cancel()
        let sample = await task.value
        #expect(sample.undecidedCount == 800)
    }

    @Test func relationsOnLogAxes() throws {
        let viewport = try Viewport(
            width: 20, height: 20, x: Interval(0.1, 10), y: Interval(0.1, 10), xAxisScale: .log, yAxisScale: .log)
        let sample = RelationSampler(relation: try Relation(program: Program(parsing: "y=x")), viewport: viewport)
            .sample()
        for cell in 0..<20 { #expect(sample[cell, 19 - cell] == .proved) }
        #expect(sample.undecidedCount == 0)
    }

    @Test(arguments: [
        ("x^2+y^2", "it has no comparison"), ("sin(x)", "it has no comparison"), ("x<1, 3", "it has no comparison"),
    ])
    func whatIsNotARelationIsSaid(text: String, reason: String) throws {
        #expect {
            try Relation(program: Program(parsing: text))
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    /// An `if` of relations is a relation (found by review), a comparison inside
    /// arithmetic is a value (compiled once, as part of the comparison that uses it).
    @Test func whatIsARelation() throws {
        #expect(Relation.isRelation(try Program(parsing: "if(x<0, y<1, y=x)")))
        #expect(!Relation.isRelation(try Program(parsing: "if(x<0, y, y=x)")))
        #expect(!Relation.isRelation(try Program(parsing: "(x<1)+(y<1)")))
        let sum = try Relation(program: Program(parsing: "(x<1)+(x<2)+(x<3)+(x<4)>1"))
        #expect(sum.differences.count == 1)
        let piecewise = try Relation(program: Program(parsing: "if(x<0, y=x^2, y=-x)"))
        #expect(piecewise.differences.count == 3)
    }

    /// A piecewise equation draws each branch where its condition holds, and nothing of
    /// the other: y = x² left of 0, y = −x right of it.
    @Test func aPiecewiseEquationDrawsEachBranchOnItsSide() throws {
        let sample = try Self.sample(
            "if(x<0, y=x^2, y=-x)", width: 41, height: 21, x: Interval(-2.05, 2.05), y: Interval(-2.1, 2.1))
        let viewport = try Viewport(width: 41, height: 21, x: Interval(-2.05, 2.05), y: Interval(-2.1, 2.1))
        // y = x² at x = −1 (column 10), y = −x at x = 1 (column 30); not y = −x at x = −1.
        func row(of y: Double) -> Int { Int(viewport.pixelY(for: y)) }
        #expect(sample[10, row(of: 1)] == .proved && sample[30, row(of: -1)] == .proved)
        #expect(sample[30, row(of: 1)] == .excluded && sample[10, row(of: 1.5)] == .excluded)
        #expect(sample.undecidedCount == 0)
    }

    @Test func relationsOfOtherNamesAndValues() throws {
        let relation = try Relation(
            program: Program(parsing: "t^2+u^2<r^2"), variable: "t", secondVariable: "u", values: ["r": 1])
        let sample = RelationSampler(
            relation: relation, viewport: try Viewport(width: 9, height: 9, x: Interval(-2, 2), y: Interval(-2, 2))
        ).sample()
        #expect(sample[4, 4] == .proved && sample[0, 0] == .excluded)
        #expect(throws: GraphingError.variableNotSet("r", plotting: "t")) {
            try Relation(program: Program(parsing: "t^2+u^2<r^2"), variable: "t", secondVariable: "u")
        }
    }
}
