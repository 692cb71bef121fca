import CalculatorBrain
import Testing

@testable import Graphing

@Suite struct IntervalTests {
    @Test func basics() {
        let interval = Interval(-1, 3)
        #expect(interval.width == 4)
        #expect(interval.midpoint == 1)
        #expect(interval.contains(0) && !interval.contains(3.5))
        #expect(interval.overlaps(Interval(3, 5)) && !interval.overlaps(Interval(3.5, 5)))
        #expect(interval.hull(Interval(5)) == Interval(-1, 5))
        #expect(interval.intersection(Interval(2, 9)) == Interval(2, 3))
        #expect(interval.intersection(Interval(4, 9)) == nil)
        #expect(Interval(2).isPoint && Interval(2).isBounded)
        #expect(!Interval.entire.isBounded)
        #expect(Interval.entire.width == .infinity)
        #expect(Interval.entire.midpoint == 0)
        #expect(Interval(-.greatestFiniteMagnitude, .greatestFiniteMagnitude / 2).midpoint.isFinite)
        #expect(Interval(-0.0, 0).contains(0))
    }

    @Test(arguments: [
        (0.1, 0.2), (1, 2), (1e308, 1e308), (-3, 3), (0, 5), (1, 1e-17), (.infinity, 1), (-.infinity, 2),
    ])
    func sumsAreBoundedAndExactWhenExact(a: Double, b: Double) {
        let lower = Rounding.sumDown(a, b), upper = Rounding.sumUp(a, b)
        #expect(lower <= a + b && a + b <= upper)
        if a.isFinite && b.isFinite && (a + b).isFinite && (a + b) - a == b && (a + b) - b == a {
            #expect(lower == a + b && upper == a + b)
        } else if a.isFinite && b.isFinite {
            #expect(lower < upper)
        }
    }

    /// Found by trying zeros of x^2: a product that underflowed to 0 passed the fma test
    /// (whose error term underflows too) and was taken as exact, so x² enclosed 0 at 1e-163.
    @Test func productsAndQuotientsThatUnderflowAreNotExact() {
        #expect(Rounding.productUp(1e-163, 1e-163) > 0 && Rounding.productDown(1e-163, 1e-163) <= 0)
        // Subnormals, read at run time: a literal of one makes the compiler warn.
        let (tiny, small) = (Double("1e-320") ?? 0, Double("3e-320") ?? 0)
        #expect(Rounding.productUp(1e-160, 3e-160) > small)
        #expect(Rounding.quotientUp(tiny, 3) > tiny / 3 && Rounding.quotientDown(tiny, 3) < tiny / 3)
        #expect(UnaryOperation.square.enclosure(over: Interval(7.1e-163)).hull?.upper ?? 0 > 0)
    }

    @Test func productsQuotientsAndRootsKeepExactResults() {
        #expect(Rounding.productDown(3, 0.5) == 1.5 && Rounding.productUp(3, 0.5) == 1.5)
        #expect(Rounding.productDown(0.1, 3) < 0.1 * 3 && Rounding.productUp(0.1, 3) > 0.1 * 3)
        #expect(Rounding.productDown(0, .infinity) == 0 && Rounding.productUp(-.infinity, 0) == 0)
        #expect(Rounding.productDown(1e200, 1e200) == .greatestFiniteMagnitude)
        #expect(Rounding.productUp(1e200, 1e200) == .infinity)
        #expect(Rounding.quotientDown(1, 4) == 0.25 && Rounding.quotientUp(1, 4) == 0.25)
        #expect(Rounding.quotientDown(1, 3) < 1.0 / 3 && Rounding.quotientUp(1, 3) > 1.0 / 3)
        #expect(Rounding.quotientDown(1, .infinity) == 0)
        #expect(Rounding.quotientUp(1e-300, 1e300) > 0)
        #expect(Rounding.squareRootDown(0.25) == 0.5 && Rounding.squareRootUp(0.25) == 0.5)
        #expect(Rounding.squareRootDown(2) < 2.0.squareRoot() && Rounding.squareRootUp(2) > 2.0.squareRoot())
        #expect(Rounding.squareRootDown(0) == 0 && Rounding.squareRootUp(0) == 0)
        #expect(Rounding.libraryDown(1) < 1 && Rounding.libraryUp(1) > 1)
        #expect(
            Rounding.down(.infinity) == .greatestFiniteMagnitude && Rounding.up(-.infinity) == -.greatestFiniteMagnitude
        )
    }
}
