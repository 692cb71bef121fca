import Testing

@testable import Graphing

/// Quantiles found by counting into buckets, against a sort of the same values: equal to
/// the last bit for sets that fill the buckets evenly, crowd one bucket, straddle the
/// doubles' range (where the buckets cannot be scaled and a selection answers), and mix
/// in gaps.
@Suite struct OrderStatisticsTests {
    static let shares = [0, 0.001, 0.1, 0.25, 0.3333, 0.5, 0.75, 0.9, 0.999, 1]

    /// Sets of 50,001 values (above the bucketed size) and of a few (below it).
    static func values(_ shape: String, count: Int = 50_001) -> [Double] {
        var generator = SplitMix(seed: 7)
        func unit() -> Double { Double(generator.next() >> 11) * 0x1p-53 }
        return (0..<count).map { index in
            switch shape {
            case "uniform": unit()
            case "crowded": index % 1000 == 0 ? 1e6 * unit() : 1 + 1e-9 * unit()
            case "ties": Double(generator.next() % 5)
            case "far clusters": index % 2 == 0 ? 1e-300 * unit() : 1e300 * unit()
            case "whole range": (unit() - 0.5) * Double.greatestFiniteMagnitude * 1.9
            case "infinities": index % 100 == 0 ? -.infinity : index % 101 == 0 ? .infinity : unit()
            case "gaps": index % 3 == 0 ? .nan : unit() - 0.5
            case "subnormal": Double.leastNonzeroMagnitude * Double(generator.next() % 1000)
            case "ulps apart": 1 + Double(generator.next() % 7) * Double.ulpOfOne
            default: -unit() * 1e-3
            }
        }
    }

    static func sortedQuantile(_ sorted: [Double], _ share: Double) -> Double {
        let position = Double(sorted.count - 1) * share
        let rank = Int(position.rounded(.down))
        let fraction = position - Double(rank)
        guard fraction > 0, rank + 1 < sorted.count else { return sorted[rank] }
        return sorted[rank] + fraction * (sorted[rank + 1] - sorted[rank])
    }

    @Test(arguments: [
        "uniform", "crowded", "ties", "far clusters", "whole range", "infinities", "gaps", "subnormal",
        "ulps apart", "negative",
    ])
    func quantilesAsASortGivesThem(shape: String) {
        // 70,001: counted in two halves on two threads.
        for count in [50_001, 70_001, 9] {
            let values = Self.values(shape, count: count)
            let sorted = values.filter { !$0.isNaN }.sorted()
            let found = OrderStatistics.quantiles(
                Self.shares, of: values, count: sorted.count, minimum: sorted[0], maximum: sorted[sorted.count - 1])
            let expected = Self.shares.map { Self.sortedQuantile(sorted, $0) }
            for (share, (ours, theirs)) in zip(Self.shares, zip(found, expected)) {
                #expect(
                    ours == theirs || (ours.isNaN && theirs.isNaN),
                    "\(shape), \(count) values, quantile \(share): \(ours), a sort gives \(theirs)")
            }
        }
    }

    /// Every rank of a small bucketed set, so that each bucket boundary is crossed.
    @Test func everyRankOfASetJustAboveTheBucketedSize() {
        var generator = SplitMix(seed: 3)
        let count = OrderStatistics.bucketedCount + 5
        let values = (0..<count).map { _ in Double(generator.next() % 10_000) / 7 }
        let sorted = values.sorted()
        let found = OrderStatistics.orderStatistics(
            Array(0..<count), of: values, count: count, minimum: sorted[0], maximum: sorted[count - 1])
        #expect((0..<count).allSatisfy { found[$0] == sorted[$0] })
    }
}
