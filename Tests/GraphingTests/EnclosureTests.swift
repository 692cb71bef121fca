import Testing

@testable import Graphing

@Suite struct EnclosureTests {
    @Test func unionMergesOverlapsAndKeepsAtMostTwoPieces() {
        let merged = Enclosure(
            union: [Interval(3, 4), Interval(0, 1), Interval(0.5, 2)], isTotal: true, isContinuous: true)
        #expect(merged.pieces == [Interval(0, 2), Interval(3, 4)])
        let bridged = Enclosure(
            union: [Interval(0, 1), Interval(10, 11), Interval(1.5, 2), Interval(20, 21)], isTotal: false,
            isContinuous: false)
        #expect(bridged.pieces == [Interval(0, 11), Interval(20, 21)])
        #expect(!bridged.isTotal && !bridged.isContinuous)
        #expect(Enclosure(union: [], isTotal: false, isContinuous: true).isEmpty)
    }

    @Test func accessors() {
        let two = Enclosure(
            union: [Interval(-.infinity, -1), Interval(1, .infinity)], isTotal: false, isContinuous: false)
        #expect(two.count == 2)
        #expect(two.hull == .entire)
        #expect(two.contains(-5) && two.contains(1) && !two.contains(0))
        #expect(Enclosure.empty.hull == nil && !Enclosure.empty.contains(0))
        #expect(two.description == "[-inf, -1.0] ∪ [1.0, inf] (partial) (discontinuous)")
        #expect(Enclosure.empty.description == "∅ (partial)")
    }
}
