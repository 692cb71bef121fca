import CalculatorBrain
import Foundation
import Graphing

/// One benchmark expression: infix text, the same expression hand-written as a Swift
/// closure, and how it is shown.
struct Benchmark: Sendable {
    let name: String
    let infix: String
    let closure: @Sendable (Double) -> Double

    /// E1–E4 of the performance section, the expressions `numpy_peer.py` times.
    static let all: [Benchmark] = [
        Benchmark(name: "E1", infix: "sin(x)*cos(x/3)+sqrt(abs(x))") { x in sin(x) * cos(x / 3) + abs(x).squareRoot() },
        Benchmark(name: "E2", infix: "x^5-3*x^3+2*x-7") { x in pow(x, 5) - 3 * pow(x, 3) + 2 * x - 7 },
        Benchmark(
            name: "E3", infix: (1...50).map { "(x*\($0)+1)/\($0 + 1)" }.joined(separator: "+"),
            closure: sumOfFractions),
        Benchmark(name: "E4", infix: "tan(x)+1/(x-1)") { x in tan(x) + 1 / (x - 1) },
    ]

    /// E3 written out by hand, as a Swift programmer would: a loop over k.
    private static func sumOfFractions(_ x: Double) -> Double {
        var sum = (x * 1 + 1) / 2
        for k in 2...50 { sum += (x * Double(k) + 1) / Double(k + 1) }
        return sum
    }
}

/// Wall-clock timing with the monotonic clock.
enum Clock {
    static func seconds(_ body: () -> Void) -> Double {
        var start = timespec(), end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        body()
        clock_gettime(CLOCK_MONOTONIC, &end)
        return Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    }

    /// The median of `runs` timings.
    static func median(runs: Int, _ body: () -> Void) -> Double {
        median(of: (0..<runs).map { _ in seconds(body) })
    }

    /// The middle value (the upper middle of an even count); 0 for none.
    static func median(of values: [Double]) -> Double {
        values.isEmpty ? 0 : values.sorted()[values.count / 2]
    }
}
