import TestSupport
import Testing

@testable import Plotting

@Suite struct NiceTicksTests {
    static let steps: [(Double, Double, Int, Double)] = [
        (0, 10, 5, 2), (0, 10, 10, 1), (0, 1, 10, 0.1), (-10, 10, 4, 5), (0, 7, 3, 5), (0, 3, 10, 0.5),
        (1e-9, 2e-9, 5, 2e-10), (1e6, 1e6 + 1, 5, 0.2), (-3, -1, 4, 0.5), (0, 1e300, 3, 5e299),
    ]

    @Test(arguments: steps)
    func stepsAreOneTwoOrFiveTimesAPowerOfTen(lower: Double, upper: Double, count: Int, step: Double) throws {
        let found = try #require(NiceTicks.step(from: lower, to: upper, count: count))
        #expect(Tolerance.isClose(found, step, ulps: 4_096))
    }

    @Test func badRangesHaveNoTicks() {
        #expect(NiceTicks.step(from: 1, to: 1, count: 5) == nil)
        #expect(NiceTicks.step(from: 2, to: 1, count: 5) == nil)
        #expect(NiceTicks.step(from: 0, to: .infinity, count: 5) == nil)
        #expect(NiceTicks.step(from: .nan, to: 1, count: 5) == nil)
        #expect(NiceTicks.step(from: 0, to: 1, count: 0) == nil)
        #expect(NiceTicks.ticks(from: -1e308, to: 1e308, count: 5).isEmpty)
    }

    static let labels: [(Double, Double, Int, [String])] = [
        (0, 1, 10, ["0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1"]),
        (-10, 10, 4, ["-10", "-5", "0", "5", "10"]),
        (-1.5, 1.5, 6, ["-1.5", "-1", "-0.5", "0", "0.5", "1", "1.5"]),
        (-3, -1.9, 2, ["-3", "-2"]),
        (-3, -1.9, 4, ["-3", "-2.5", "-2"]),
        (1e-9, 2e-9, 5, ["1e-9", "1.2e-9", "1.4e-9", "1.6e-9", "1.8e-9", "2e-9"]),
        (1e6, 1e6 + 1, 5, ["1000000", "1000000.2", "1000000.4", "1000000.6", "1000000.8", "1000001"]),
        (0, 3e8, 3, ["0", "1e8", "2e8", "3e8"]),
        (0.0001, 0.0003, 2, ["0.0001", "0.0002", "0.0003"]),
        (-0.25, 0.25, 2, ["0"]),
        (-0.25, 0.25, 5, ["-0.2", "-0.1", "0", "0.1", "0.2"]),
        // Narrow ranges near ordinary numbers are written out, not as 1e0.
        (1, 1.000000001, 4, ["1", "1.0000000005", "1.000000001"]),
        (-0.001, 0.001, 2, ["-0.001", "0", "0.001"]),
        (0, 2e-5, 2, ["0", "1e-5", "2e-5"]),
    ]

    @Test(arguments: labels)
    func labelsHaveNoFloatingPointNoise(lower: Double, upper: Double, count: Int, expected: [String]) {
        #expect(NiceTicks.ticks(from: lower, to: upper, count: count).map(\.label) == expected)
    }

    @Test func tickValuesLieInTheRange() {
        for (lower, upper) in [(-7.3, 12.9), (0.001, 0.0047), (1e6, 1e6 + 1), (-1e-9, 3e-9)] {
            let ticks = NiceTicks.ticks(from: lower, to: upper, count: 7)
            #expect(!ticks.isEmpty)
            #expect(
                ticks.allSatisfy { $0.value >= lower - 1e-12 * abs(lower) && $0.value <= upper + 1e-12 * abs(upper) })
            #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.value < $1.value })
        }
    }
}
