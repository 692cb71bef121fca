import Testing

@testable import Graphing

/// Histograms against `numpy.histogram` for the same bins (its counts and edges computed
/// once and written here, edges as exact hexadecimal doubles), with the automatic rule
/// against numpy's `"fd"` and `"sturges"`.
@Suite struct HistogramTests {
    /// Values with several on the edges of their bins.
    static let small: [Double] = [1, 2, 2, 3, 3, 3, 4, 4, 4, 4]
    /// 0, 0.1, …, 9.9, whose decimal edges are not doubles.
    static let tenths = (0..<100).map { Double($0) * 0.1 }
    /// 1000 values of a linear congruential generator, scaled to 3…53, exactly as Python makes them.
    static let generated: [Double] = {
        var state: UInt64 = 12345
        return (0..<1000).map { _ in
            state = (1_103_515_245 * state + 12345) % 2_147_483_648
            return Double(state) / 2_147_483_648 * 50 + 3
        }
    }()
    /// Values whose quartiles coincide, so the Freedman–Diaconis rule gives no width.
    static let coinciding = Array(repeating: 5.0, count: 10) + [1, 9]

    /// numpy's edges for 7 bins over 0…0.7, as values: several land a bin low by the
    /// arithmetic alone, and the edges must put each in its own bin.
    static let ownEdges: [Double] = [
        0x0.0p+0, 0x1.9999999999999p-4, 0x1.9999999999999p-3, 0x1.3333333333333p-2, 0x1.9999999999999p-2,
        0x1.fffffffffffffp-2, 0x1.3333333333333p-1, 0x1.6666666666666p-1,
    ]

    enum Values { case small, tenths, generated, coinciding, ownEdges }

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String, values: Values, bins: Histogram.Bins, counts: [Int], edges: [Double]
        init(_ name: String, values: Values, bins: Histogram.Bins, counts: [Int], edges: [Double]) {
            (self.name, self.values, self.bins, self.counts, self.edges) = (name, values, bins, counts, edges)
        }
        var testDescription: String { name }
        var data: [Double] {
            switch values {
            case .small: HistogramTests.small
            case .tenths: HistogramTests.tenths
            case .generated: HistogramTests.generated
            case .coinciding: HistogramTests.coinciding
            case .ownEdges: HistogramTests.ownEdges
            }
        }
    }

    static let cases: [Case] = [
        Case(
            "values on their own edges, 7 bins", values: .ownEdges, bins: .count(7), counts: [1, 1, 1, 1, 1, 1, 2],
            edges: ownEdges),
        Case(
            "small, 3 bins", values: .small, bins: .count(3),
            counts: [1, 2, 7],
            edges: [0x1.0000000000000p+0, 0x1.0000000000000p+1, 0x1.8000000000000p+1, 0x1.0000000000000p+2]),
        Case(
            "small, 4 bins", values: .small, bins: .count(4),
            counts: [1, 2, 3, 4],
            edges: [
                0x1.0000000000000p+0, 0x1.c000000000000p+0, 0x1.4000000000000p+1, 0x1.a000000000000p+1,
                0x1.0000000000000p+2,
            ]),
        Case(
            "tenths, 10 bins", values: .tenths, bins: .count(10),
            counts: [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
            edges: [
                0x0.0p+0, 0x1.fae147ae147aep-1, 0x1.fae147ae147aep+0, 0x1.7c28f5c28f5c2p+1, 0x1.fae147ae147aep+1,
                0x1.3cccccccccccdp+2, 0x1.7c28f5c28f5c2p+2, 0x1.bb851eb851eb8p+2, 0x1.fae147ae147aep+2,
                0x1.1d1eb851eb852p+3, 0x1.3cccccccccccdp+3,
            ]),
        Case(
            "tenths, 7 bins", values: .tenths, bins: .count(7),
            counts: [15, 14, 14, 14, 14, 14, 15],
            edges: [
                0x0.0p+0, 0x1.6a0ea0ea0ea0fp+0, 0x1.6a0ea0ea0ea0fp+1, 0x1.0f8af8af8af8bp+2, 0x1.6a0ea0ea0ea0fp+2,
                0x1.c492492492493p+2, 0x1.0f8af8af8af8bp+3, 0x1.3cccccccccccdp+3,
            ]),
        Case(
            "generated, fd bins", values: .generated, bins: .automatic,
            counts: [93, 91, 95, 81, 95, 77, 106, 90, 104, 85, 83],
            edges: [
                0x1.810330ee00000p+1, 0x1.e3315e641745dp+2, 0x1.82f092289745dp+3, 0x1.0a243a8f91746p+4,
                0x1.52d02c0ad745dp+4, 0x1.9b7c1d861d174p+4, 0x1.e4280f0162e8cp+4, 0x1.166a003e545d2p+5,
                0x1.3abff8fbf745dp+5, 0x1.5f15f1b99a2e9p+5, 0x1.836bea773d174p+5, 0x1.a7c1e334e0000p+5,
            ]),
        Case(
            "generated, 13 bins", values: .generated, bins: .count(13),
            counts: [84, 81, 59, 86, 78, 72, 67, 87, 78, 83, 80, 77, 68],
            edges: [
                0x1.810330ee00000p+1, 0x1.b678c9c976276p+2, 0x1.5637fd8df6276p+3, 0x1.d1339637313b1p+3,
                0x1.2617977036276p+4, 0x1.639563c4d3b14p+4, 0x1.a1133019713b1p+4, 0x1.de90fc6e0ec4ep+4,
                0x1.0e07646156276p+5, 0x1.2cc64a8ba4ec5p+5, 0x1.4b8530b5f3b14p+5, 0x1.6a4416e042762p+5,
                0x1.8902fd0a913b1p+5, 0x1.a7c1e334e0000p+5,
            ]),
        Case(
            "coinciding quartiles, sturges bins", values: .coinciding, bins: .automatic,
            counts: [1, 0, 10, 0, 1],
            edges: [
                0x1.0000000000000p+0, 0x1.4cccccccccccdp+1, 0x1.0cccccccccccdp+2, 0x1.7333333333334p+2,
                0x1.d99999999999ap+2, 0x1.2000000000000p+3,
            ]),
    ]

    @Test(arguments: cases) func matchesNumpy(_ test: Case) throws {
        let histogram = try Histogram(test.data, bins: test.bins)
        #expect(histogram.counts == test.counts)
        #expect(histogram.edges == test.edges)
        #expect(histogram.total == test.data.count)
    }

    @Test func automaticBinsSayWhichRule() throws {
        #expect(try Histogram(Self.generated, bins: .automatic).rule == .freedmanDiaconis)
        #expect(try Histogram(Self.coinciding, bins: .automatic).rule == .sturges)
        #expect(try Histogram(Self.small, bins: .count(3)).rule == .given)
        // A limit caps the rule's count and says so.
        let capped = try Histogram(Self.generated, bins: .automatic, limit: 4)
        #expect(capped.counts.count == 4 && capped.isLimited)
        #expect(try !Histogram(Self.generated, bins: .automatic, limit: 11).isLimited)
    }

    @Test func densitiesHaveAreaOne() throws {
        let histogram = try Histogram(Self.small, bins: .count(3))
        // numpy.histogram(..., bins=3, density=True)
        let densities = histogram.counts.indices.map(histogram.density(of:))
        for (density, expected) in zip(densities, [0.1, 0.2, 0.7]) { #expect(abs(density - expected) < 1e-15) }
        let tenths = try Histogram(Self.tenths, bins: .count(7))
        let area = tenths.counts.indices.map { tenths.density(of: $0) * tenths.width(of: $0) }.reduce(0, +)
        #expect(abs(area - 1) < 1e-14)
    }

    @Test func gapsAreLeftOutAndOneValueSpansHalfEitherSide() throws {
        let histogram = try Histogram([.nan, 2, .nan], bins: .count(2))
        #expect(histogram.edges == [1.5, 2, 2.5] && histogram.counts == [0, 1] && histogram.total == 1)
    }

    @Test func theNormalCurveHasTheBarsArea() throws {
        let histogram = try Histogram(Self.generated, bins: .count(13))
        let curve = histogram.normalCurve(mean: 28, standardDeviation: 3, overDensities: false)
        // Its peak is n·width/(σ√(2π)).
        let peak = 1000 * histogram.width(of: 0) / (3 * (2 * Double.pi).squareRoot())
        #expect(abs(curve(28) - peak) < 1e-12 * peak)
        let density = histogram.normalCurve(mean: 28, standardDeviation: 3, overDensities: true)
        #expect(abs(density(28) - 1 / (3 * (2 * Double.pi).squareRoot())) < 1e-15)
    }

    @Test(arguments: [
        ([Double](), HistogramError.noValues), ([.nan], .noValues), ([1, .infinity], .infinite(.infinity)),
        ([-1.7e308, 1.7e308], .rangeTooWide),
    ])
    func refusesWhatCannotBeCounted(_ values: [Double], _ error: HistogramError) {
        #expect(throws: error) { try Histogram(values, bins: .count(3)) }
    }

    /// A constant as large as 2⁶⁰ (nanosecond times, identifiers): 0.5 either side is
    /// lost in rounding, so the bins span a few ulps; edges that the doubles cannot tell
    /// apart are refused, not drawn.
    @Test func aLargeConstantGetsBinsThatDiffer() throws {
        let big = 0x1p60
        let histogram = try Histogram([big, big, big], bins: .automatic)
        #expect(histogram.counts.reduce(0, +) == 3 && zip(histogram.edges, histogram.edges.dropFirst()).allSatisfy(<))
        #expect(throws: HistogramError.rangeTooNarrow(bins: 1000)) { try Histogram([big, big], bins: .count(1000)) }
    }

    @Test func refusesBinCountsOutOfRange() {
        #expect(throws: HistogramError.binCount(0)) { try Histogram([1, 2], bins: .count(0)) }
        #expect(throws: HistogramError.binCount(100_001)) { try Histogram([1, 2], bins: .count(100_001)) }
    }
}
