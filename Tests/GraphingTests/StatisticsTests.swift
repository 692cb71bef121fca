import GraphCalcSupport
import Testing

@testable import Graphing

/// Summary statistics and correlation against Python's `statistics` module (its
/// figures computed once and written here), with a large offset that naive sums lose.
@Suite struct StatisticsTests {
    static let data = [2.5, 3.1, 4.7, 1.2, 9.9, 3.3, 3.3, 7.0, 5.5, 0.25, 6.125]

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-14) -> Bool {
        abs(a - b) <= tolerance * max(1, abs(b))
    }

    @Test func matchesPythonsStatistics() throws {
        let s = try #require(Statistics(Self.data + [.nan]))
        #expect(s.count == 11)
        #expect(Self.close(s.mean, 4.261363636363637))
        #expect(Self.close(s.sampleStandardDeviation, 2.76146165183322))
        #expect(Self.close(s.populationStandardDeviation, 2.6329503766593123))
        // statistics.quantiles(data, n=4, method="inclusive")
        #expect(s.minimum == 0.25 && s.maximum == 9.9)
        #expect(Self.close(s.firstQuartile, 2.8) && Self.close(s.median, 3.3) && Self.close(s.thirdQuartile, 5.8125))
        #expect(Self.close(s.sum, 46.875))
    }

    @Test func aLargeOffsetKeepsTheSpread() throws {
        let s = try #require(Statistics([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map { 1e9 + $0 }))
        // statistics.stdev: 0.21602469546524944 (the offsets' own rounding included).
        #expect(Self.close(s.sampleStandardDeviation, 0.21602469546524944, 1e-9))
        #expect(Self.close(s.mean, 1_000_000_000.4))
    }

    /// Orders that defeat a fixed choice of pivot (sorted, reversed, organ pipes, sawteeth,
    /// all equal): quartiles right, as a sort gives them. Sorted input once took a
    /// quadratic 31 s for 10⁷ values, where it now takes linear time.
    @Test(arguments: ["sorted", "reversed", "organ pipes", "sawtooth", "equal"])
    func quartilesOfAdversarialOrders(order: String) throws {
        let count = 100_001
        let values: [Double] = (0..<count).map { index in
            switch order {
            case "sorted": Double(index)
            case "reversed": Double(count - index)
            case "organ pipes": Double(min(index, count - index))
            case "sawtooth": Double(index % 1000)
            default: 7
            }
        }
        let sorted = values.sorted()
        let s = try #require(Statistics(values))
        func quantile(_ p: Double) -> Double {
            let position = Double(count - 1) * p
            let rank = Int(position)
            let fraction = position - Double(rank)
            return rank + 1 < count ? sorted[rank] + fraction * (sorted[rank + 1] - sorted[rank]) : sorted[rank]
        }
        #expect(s.minimum == sorted[0] && s.maximum == sorted[count - 1])
        #expect(s.firstQuartile == quantile(0.25) && s.median == quantile(0.5) && s.thirdQuartile == quantile(0.75))
    }

    @Test func quartilesOfEvenAndOddCountsAndTies() throws {
        for count in 1...40 {
            var generator = SplitMix(seed: UInt64(count))
            let values = (0..<count).map { _ in Double(generator.next() % 7) }
            let sorted = values.sorted()
            func quantile(_ p: Double) -> Double {
                let position = Double(count - 1) * p
                let rank = Int(position)
                let fraction = position - Double(rank)
                return rank + 1 < count ? sorted[rank] + fraction * (sorted[rank + 1] - sorted[rank]) : sorted[rank]
            }
            let s = try #require(Statistics(values))
            #expect(s.firstQuartile == quantile(0.25) && s.median == quantile(0.5), "\(values)")
            #expect(s.thirdQuartile == quantile(0.75) && s.minimum == sorted[0] && s.maximum == sorted[count - 1])
        }
    }

    @Test func edgeCases() throws {
        #expect(Statistics([]) == nil && Statistics([.nan]) == nil)
        let one = try #require(Statistics([-0.0]))
        #expect(one.count == 1 && one.sampleStandardDeviation.isNaN && one.populationStandardDeviation == 0)
        #expect(Correlation([1, 2, 3], [2, 2, 2])?.r.isNaN == true)
    }

    /// Long columns are summed in C, four sums side by side on two threads: the same
    /// answers as plain two-pass arithmetic in the test, with gaps anywhere (the first,
    /// the last, the middle) and counts that are not a multiple of four.
    @Test(arguments: [65_536, 100_001, 100_003])
    func longColumnsWithGaps(count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        var values = (0..<count).map { _ in 1e9 + Double.random(in: -1...1, using: &generator) }
        for index in [0, count - 1, count / 2, count / 2 - 1, 12_345] { values[index] = .nan }
        let numbers = values.filter { !$0.isNaN }
        let s = try #require(Statistics(values))
        #expect(s.count == count - 5)
        let mean = numbers.reduce(0) { $0 + ($1 - 1e9) } / Double(numbers.count) + 1e9
        let squares = numbers.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        #expect(Self.close(s.mean, mean, 1e-15))
        #expect(Self.close(s.sampleStandardDeviation, (squares / Double(numbers.count - 1)).squareRoot(), 1e-9))
        let sorted = numbers.sorted()
        #expect(s.minimum == sorted[0] && s.maximum == sorted[sorted.count - 1])
        func quantile(_ share: Double) -> Double {
            let position = Double(sorted.count - 1) * share, rank = Int(position)
            return sorted[rank] + (position - Double(rank)) * (sorted[rank + 1] - sorted[rank])
        }
        #expect(s.firstQuartile == quantile(0.25) && s.median == quantile(0.5) && s.thirdQuartile == quantile(0.75))
        let y = values.enumerated().map { index, value in index == 7 ? .nan : 2 * value + Double(index % 3) }
        let c = try #require(Correlation(values, y))
        #expect(c.count == count - 6)
        let pairs = zip(values, y).filter { !$0.0.isNaN && !$0.1.isNaN }
        let mx = pairs.reduce(0) { $0 + ($1.0 - 1e9) } / Double(pairs.count) + 1e9
        let my = pairs.reduce(0) { $0 + ($1.1 - 2e9) } / Double(pairs.count) + 2e9
        let sxy = pairs.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        let sxx = pairs.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) },
            syy = pairs.reduce(0) { $0 + ($1.1 - my) * ($1.1 - my) }
        #expect(Self.close(c.covariance, sxy / Double(pairs.count - 1), 1e-9))
        #expect(Self.close(c.r, sxy / (sxx * syy).squareRoot(), 1e-9))
        // From the summaries: with gaps, the pairs' own means (the same answer); without,
        // the summaries' means, one pass fewer, the same to rounding.
        let summaryY = try #require(Statistics(y))
        let withGaps = try #require(Correlation(values, y, summaries: (s, summaryY)))
        #expect(withGaps == c)
        let whole = values.map { $0.isNaN ? 1e9 : $0 }
        let wholeY = whole.enumerated().map { 3 - $1 / 7 + Double($0 % 11) }
        let plain = try #require(Correlation(whole, wholeY))
        let summaries = (try #require(Statistics(whole)), try #require(Statistics(wholeY)))
        let fromSummaries = try #require(Correlation(whole, wholeY, summaries: summaries))
        #expect(fromSummaries.count == count && plain.count == count)
        #expect(
            Self.close(fromSummaries.r, plain.r, 1e-12) && Self.close(fromSummaries.covariance, plain.covariance, 1e-12)
        )
    }

    @Test func correlationOfAnscombesFirstSet() throws {
        let c = try #require(Correlation(RegressionTests.anscombeX, RegressionTests.anscombe[0] + [.nan]))
        #expect(c.count == 11)
        #expect(Self.close(c.r * c.r, 0.666542459508775, 1e-12))
        #expect(Self.close(c.covariance, 5.501))
    }
}

/// A small seeded generator for the tables above.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Compensated sums against exact answers that plain summation loses entirely.
@Suite struct CompensatedSumTests {
    @Test(
        arguments: [
            ([1, 1e100, 1, -1e100], 2),
            ([1e16, 1, -1e16, 1, 1e16, -1e16], 2),
            ([0.1, 0.2, 0.3, -0.6], 0x1p-55),
        ] as [([Double], Double)])
    func sumsExactlyWhatPlainAdditionLoses(terms: [Double], exact: Double) {
        var sum = CompensatedSum()
        for term in terms { sum.add(term) }
        #expect(sum.value == exact, "\(terms): \(sum.value), exactly \(exact)")
    }
}
