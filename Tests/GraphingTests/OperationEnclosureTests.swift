import CalculatorBrain
import Foundation
import GraphCalcSupport
import TestSupport
import Testing

@testable import Graphing

/// Every operation's enclosure holds its point values, and the domain rules give the
/// documented pieces and flags.
@Suite struct OperationEnclosureTests {
    private static let bounds: [Double] = [
        -1e300, -1000, -10, -3.5, -2, -1.5707963267948966, -1, -0.5, -1e-9, -0.0, 0, 1e-9, 0.5, 1, 1.5, 2, 3, 7.25, 100,
        1e300,
    ]

    private static func randomInterval(using generator: inout SeededGenerator) -> Interval {
        let a = bounds.randomElement(using: &generator) ?? 0
        let b =
            Bool.random(using: &generator)
            ? (bounds.randomElement(using: &generator) ?? 1) : a + Double.random(in: 0...4, using: &generator)
        return Interval(min(a, b), max(a, b))
    }

    private static func points(in interval: Interval, using generator: inout SeededGenerator) -> [Double] {
        var points = [interval.lower, interval.upper, interval.midpoint]
        for _ in 0..<12 {
            let t = Double.random(in: 0...1, using: &generator)
            points.append(
                min(max(interval.lower + (interval.upper - interval.lower) * t, interval.lower), interval.upper))
        }
        for special in [0.0, 1, -1, Double.pi / 2, -Double.pi / 2] where interval.contains(special) {
            points.append(special)
        }
        return points
    }

    @Test(arguments: UnaryOperation.allCases)
    func unaryEnclosuresHoldEveryValue(operation: UnaryOperation) {
        var generator = SeededGenerator(seed: UInt64(operation.symbol.unicodeScalars.first?.value ?? 1))
        for _ in 0..<400 {
            let x = Self.randomInterval(using: &generator)
            let enclosure = operation.enclosure(over: x)
            for point in Self.points(in: x, using: &generator) {
                guard let value = try? operation.evaluate(point), value.isFinite else { continue }
                #expect(enclosure.contains(value), "\(operation)(\(point)) = \(value) outside \(enclosure) over \(x)")
            }
        }
    }

    @Test(arguments: BinaryOperation.allCases)
    func binaryEnclosuresHoldEveryValue(operation: BinaryOperation) {
        var generator = SeededGenerator(seed: UInt64(operation.symbol.unicodeScalars.first?.value ?? 1) + 99)
        for _ in 0..<400 {
            let x = Self.randomInterval(using: &generator), y = Self.randomInterval(using: &generator)
            let enclosure = operation.enclosure(over: x, y)
            let xs = Self.points(in: x, using: &generator), ys = Self.points(in: y, using: &generator)
            for (a, b) in Array(zip(xs, ys)) + Array(zip(xs, ys.reversed())) {
                guard let value = try? operation.evaluate(a, b), value.isFinite else { continue }
                #expect(
                    enclosure.contains(value), "\(a) \(operation) \(b) = \(value) outside \(enclosure) over \(x), \(y)")
            }
        }
    }

    /// Found by review: a box reaching n = ∞ once had an empty enclosure.
    @Test func choicesOverUnboundedBoxesKeepTheirValues() {
        for operation in [BinaryOperation.permutations, .combinations] {
            let enclosure = operation.enclosure(over: Interval(5, .infinity), Interval(0, 3))
            #expect(enclosure.contains(operation.apply(5, 2)) && enclosure.contains(operation.apply(40, 3)))
            #expect(!enclosure.isTotal && !enclosure.isContinuous)
        }
        #expect(BinaryOperation.combinations.enclosure(over: Interval(3), Interval(5)).isEmpty)
        #expect(BinaryOperation.permutations.enclosure(over: Interval(5), Interval(2)).pieces == [Interval(20)])
    }

    @Test func domainRules() {
        #expect(UnaryOperation.squareRoot.enclosure(over: Interval(-4, -1)).isEmpty)
        let root = UnaryOperation.squareRoot.enclosure(over: Interval(-1, 4))
        #expect(root.pieces == [Interval(0, 2)] && !root.isTotal)
        #expect(UnaryOperation.squareRoot.enclosure(over: Interval(0.25, 4)).pieces == [Interval(0.5, 2)])
        let logarithm = UnaryOperation.naturalLogarithm.enclosure(over: Interval(0, 1))
        #expect(logarithm.pieces == [Interval(-.infinity, 0)] && !logarithm.isTotal)
        #expect(UnaryOperation.naturalLogarithm.enclosure(over: Interval(-2, 0)).isEmpty)
        #expect(UnaryOperation.commonLogarithm.enclosure(over: Interval(1)).pieces == [Interval(0)])
        let arcsine = UnaryOperation.arcsine.enclosure(over: Interval(0, 2))
        #expect(!arcsine.isTotal && arcsine.hull?.upper ?? 0 >= Double.pi / 2)
        #expect(UnaryOperation.arccosine.enclosure(over: Interval(1.5, 2)).isEmpty)
        let reciprocal = UnaryOperation.reciprocal.enclosure(over: Interval(-1, 2))
        #expect(reciprocal.pieces == [Interval(-.infinity, -1), Interval(0.5, .infinity)])
        #expect(!reciprocal.isTotal && !reciprocal.isContinuous)
        #expect(UnaryOperation.reciprocal.enclosure(over: Interval(0, 2)).pieces == [Interval(0.5, .infinity)])
        #expect(UnaryOperation.reciprocal.enclosure(over: Interval(-0.0, 0)).isEmpty)
        let quotient = BinaryOperation.division.enclosure(over: Interval(1), Interval(-2, 4))
        #expect(quotient.pieces == [Interval(-.infinity, -0.5), Interval(0.25, .infinity)])
        #expect(BinaryOperation.division.enclosure(over: Interval(0), Interval(-2, 4)).pieces == [Interval(0)])
        #expect(BinaryOperation.division.enclosure(over: Interval(1), Interval(0)).isEmpty)
    }

    @Test func tangentSplitsAtItsPoles() {
        let acrossPole = UnaryOperation.tangent.enclosure(over: Interval(1, 2))
        #expect(acrossPole.count == 2 && !acrossPole.isContinuous)
        #expect(acrossPole.pieces[0].upper < tan(2.0) * 0.99 && acrossPole.pieces[1].lower > tan(1.0) * 0.99)
        let branch = UnaryOperation.tangent.enclosure(over: Interval(-1, 1))
        #expect(branch.count == 1 && branch.isContinuous && branch.hull?.upper ?? 0 < 1.6)
        #expect(UnaryOperation.tangent.enclosure(over: Interval(0, 4)).hull == .entire)
        #expect(UnaryOperation.tangent.enclosure(over: Interval(0)).pieces == [Interval(0)])
    }

    @Test func periodicFunctionsReachTheirExtremes() {
        #expect(UnaryOperation.sine.enclosure(over: Interval(1, 2)).hull?.upper == 1)
        #expect(UnaryOperation.sine.enclosure(over: Interval(4, 5)).hull?.lower == -1)
        #expect(UnaryOperation.sine.enclosure(over: Interval(0, 100)).pieces == [Interval(-1, 1)])
        #expect(UnaryOperation.cosine.enclosure(over: Interval(-0.5, 0.5)).hull?.upper == 1)
        #expect(UnaryOperation.cosine.enclosure(over: Interval(0)).pieces == [Interval(1)])
        let small = UnaryOperation.sine.enclosure(over: Interval(0.1, 0.2)).hull ?? .entire
        #expect(small.lower <= sin(0.1) && small.upper >= sin(0.2) && small.width < 0.1)
        // Exactly reduced at any size: a point's enclosure is a couple of ulps wide.
        let huge = UnaryOperation.sine.enclosure(over: Interval(1e300, 1e300)).hull ?? .entire
        #expect(huge.contains(sin(1e300)) && huge.width < 1e-15)
    }

    /// sin, cos and tan at huge arguments: glibc reduces exactly, so enclosures hold every
    /// point value and stay as tight as near 0 (beyond 1e12 they were all of [−1, 1]).
    @Test(arguments: [UnaryOperation.sine, .cosine, .tangent])
    func trigonometryIsTightAndSoundOverTheWholeDoubleRange(operation: UnaryOperation) {
        var generator = SeededGenerator(seed: 43)
        var tight = 0
        for _ in 0..<10_000 {
            // Half where a millionth is still many doubles wide, half over the whole range.
            let exponent = Bool.random(using: &generator) ? 10.0...14 : 10.0...308
            let magnitude = pow(10, Double.random(in: exponent, using: &generator))
            let a = Bool.random(using: &generator) ? magnitude : -magnitude
            let width = max(a.ulp, pow(10, Double.random(in: -9...0.4, using: &generator)))
            let b = a + width
            guard b.isFinite, b > a else { continue }
            let enclosure = operation.enclosure(of: Enclosure(Interval(a, b)))
            // The ends and the doubles between them, where there are few.
            var points = [a, b, a / 2 + b / 2]
            var next = a.nextUp
            while next < b && points.count < 12 {
                points.append(next)
                next = next.nextUp
            }
            for point in points {
                let value = operation.apply(point)
                #expect(
                    enclosure.pieces.contains { $0.contains(value) },
                    "\(operation)(\(point)) = \(value) outside \(enclosure)")
            }
            // As tight as the slope allows: |sin'|, |cos'| ≤ 1, and tan' = 1 + tan² ≤ 101
            // where |tan| < 10 at both ends.
            let steepest = operation == .tangent ? 101.0 : 1
            if b - a < 1e-3, operation != .tangent || (abs(operation.apply(a)) < 10 && abs(operation.apply(b)) < 10) {
                let hull = (enclosure.pieces.map(\.upper).max() ?? 0) - (enclosure.pieces.map(\.lower).min() ?? 0)
                #expect(hull <= (b - a) * steepest + 1e-12, "\(operation) over [\(a), \(b)]: \(enclosure)")
                tight += 1
            }
        }
        #expect(tight > 1000)
    }

    @Test func powers() {
        #expect(BinaryOperation.power.enclosure(over: Interval(-2, 3), Interval(2)).pieces == [Interval(0, 9)])
        #expect(BinaryOperation.power.enclosure(over: Interval(-2, 3), Interval(3)).pieces.first?.lower ?? 0 <= -8)
        let inverse = BinaryOperation.power.enclosure(over: Interval(-1, 1), Interval(-1))
        #expect(inverse.count == 2 && !inverse.isContinuous)
        let inverseSquare = BinaryOperation.power.enclosure(over: Interval(-1, 1), Interval(-2))
        #expect(inverseSquare.pieces == [Interval(1, .infinity)] && !inverseSquare.isTotal)
        let fractional = BinaryOperation.power.enclosure(over: Interval(-4, 4), Interval(0.5))
        #expect(fractional.pieces.count == 1 && !fractional.isTotal && (fractional.hull?.lower ?? -1) >= 0)
        #expect(BinaryOperation.power.enclosure(over: Interval(-4, -1), Interval(0.5)).isEmpty)
        #expect(BinaryOperation.power.enclosure(over: Interval(5), Interval(0)).pieces == [Interval(1)])
    }

    @Test func arctangent2WrapsAcrossTheNegativeAxis() {
        let wrapped = BinaryOperation.arctangent2.enclosure(over: Interval(-1, 1), Interval(-2, -1))
        #expect(!wrapped.isContinuous && (wrapped.hull?.upper ?? 0) >= Double.pi)
        let firstQuadrant = BinaryOperation.arctangent2.enclosure(over: Interval(1, 2), Interval(1, 2))
        #expect(firstQuadrant.isContinuous && (firstQuadrant.hull?.width ?? 9) < 0.7)
    }
}
