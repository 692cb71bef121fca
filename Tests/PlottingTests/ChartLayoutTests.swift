import ChartData
import TestSupport
import Testing

@testable import Plotting

/// Pie slices (shares, angles, directions, grouping) and bar positions (hit-testing).
@Suite struct ChartLayoutTests {
    @Test func percentagesAddUpTo100AsPrinted() throws {
        for values in [[1.0, 1, 1], [1, 2, 3, 4, 5, 6, 7], [1, 1, 1, 1, 1, 1], [999, 1, 1], [33.3, 33.3, 33.4]] {
            let data = ChartData(values.enumerated().map { ("r\($0.offset)", $0.element) })
            let layout = try PieChartLayout(data)
            let tenths = layout.slices.map { Int(($0.percentage * 10).rounded()) }
            #expect(tenths.reduce(0, +) == 1000, "\(values)")
        }
        let thirds = try PieChartLayout(ChartData([("a", 1), ("b", 1), ("c", 1)]))
        #expect(thirds.slices.map(\.percentage) == [33.4, 33.3, 33.3])
        #expect(thirds.slices.map { PieChartLayout.format($0.percentage) } == ["33.4%", "33.3%", "33.3%"])
        #expect(PieChartLayout.format(100) == "100%")
    }

    static let angles: [(start: Double, direction: PieChartLayout.Direction, expected: [(Double, Double)])] = [
        (0, .clockwise, [(0, 90), (90, 360)]),
        (90, .clockwise, [(90, 180), (180, 450)]),
        (0, .counterclockwise, [(0, -90), (-90, -360)]),
        (-45, .counterclockwise, [(-45, -135), (-135, -405)]),
    ]

    @Test(arguments: angles)
    func slicesStartAtTheAngleAndFollowTheDirection(
        start: Double, direction: PieChartLayout.Direction, expected: [(Double, Double)]
    ) throws {
        let layout = try PieChartLayout(ChartData([("a", 1), ("b", 3)]), startAngle: start, direction: direction)
        #expect(layout.slices.map(\.startAngle) == expected.map(\.0))
        #expect(layout.slices.map(\.endAngle) == expected.map(\.1))
    }

    /// A start of 1e308 degrees once swallowed every slice (its ulp is far above 360).
    @Test(arguments: [1e308, -1e308, 360.0 * 1e15 + 90])
    func aHugeStartAngleIsTakenModuloAFullTurn(start: Double) throws {
        let layout = try PieChartLayout(ChartData([("a", 1), ("b", 3)]), startAngle: start)
        #expect(layout.slices.count == 2)
        #expect(layout.slices.allSatisfy { abs($0.endAngle - $0.startAngle) > 80 })
    }

    static let compass: [(Double, (x: Double, y: Double))] = [
        (0, (0, -1)), (90, (1, 0)), (180, (0, 1)), (270, (-1, 0)), (45, (0.5.squareRoot(), -(0.5.squareRoot()))),
    ]

    @Test(arguments: compass)
    func anglesRunClockwiseFromTwelveOClockOnAScreen(angle: Double, direction: (x: Double, y: Double)) {
        let computed = PieChartLayout.direction(ofAngle: angle)
        #expect(
            Tolerance.isClose(computed.x, direction.x, relative: 1e-12)
                && Tolerance.isClose(computed.y, direction.y, relative: 1e-12))
        #expect(Tolerance.isClose(PieChartLayout.angle(ofDirection: direction.x, direction.y), angle, relative: 1e-12))
    }

    static let directions: [(PieChartLayout.Direction, Double, Int)] = [
        (.clockwise, 45, 0), (.clockwise, 135, 1), (.clockwise, 359, 1), (.clockwise, 0, 0),
        (.counterclockwise, 315, 0), (.counterclockwise, 45, 1), (.counterclockwise, 270, 0),
        (.counterclockwise, 269, 1),
    ]

    @Test(arguments: directions)
    func aDirectionFallsInItsSlice(direction: PieChartLayout.Direction, angle: Double, slice: Int) throws {
        let layout = try PieChartLayout(ChartData([("a", 1), ("b", 3)]), direction: direction)
        #expect(layout.slice(atAngle: angle) == slice)
    }

    @Test func smallSharesAreGroupedAsOtherWhenAsked() throws {
        let data = ChartData([("big", 950), ("tiny", 5), ("mid", 40), ("speck", 5)])
        let grouped = try PieChartLayout(data, minimumShare: 0.01)
        #expect(grouped.slices.map(\.label) == ["big", "mid", "other"])
        #expect(grouped.slices.map(\.record) == [0, 2, nil])
        #expect(grouped.slices.map(\.value) == [950, 40, 10])
        #expect(try PieChartLayout(data).slices.count == 4)
        // Values whose sum overflows still share the pie.
        let huge = try PieChartLayout(ChartData([("a", 1e308), ("b", 1e308)]))
        #expect(huge.slices.map(\.percentage) == [50, 50] && huge.slices[1].endAngle == 360)
    }

    static let badPies: [(ChartData, String)] = [
        (ChartData([("a", 1), ("b", 0)]), "a pie needs positive values: 'b' is 0"),
        (ChartData([("a", -2.5)]), "a pie needs positive values: 'a' is -2.5"),
        (ChartData([]), "a pie needs at least one record"),
    ]

    @Test(arguments: badPies)
    func zeroOrNegativeValuesAreAnErrorForPies(data: ChartData, message: String) {
        #expect(throws: PlottingError.invalidChart(message)) { try PieChartLayout(data) }
    }

    @Test func barsAreHitAtTheirEdgesAndNotOverGaps() {
        // 4 bars over 100 pixels: slots of 25, bars of 17.5 centred, [3.75, 21.25) and so on.
        let layout = BarChartLayout(count: 4, length: 100)
        #expect(layout.bars[0] == 3.75..<21.25)
        #expect(layout.bars[3] == 78.75..<96.25)
        let probes: [(Double, Int?)] = [
            (0, nil), (3.7499, nil), (3.75, 0), (21.2499, 0), (21.25, nil), (28.75, 1), (50, nil), (60, 2),
            (96.2499, 3),
            (96.25, nil), (100, nil), (-5, nil), (1e9, nil),
        ]
        for (x, bar) in probes { #expect(layout.bar(at: x) == bar, "x = \(x)") }
        #expect(BarChartLayout(count: 0, length: 100).bar(at: 50) == nil)
        #expect(BarChartLayout(count: 4, length: 100, start: 40).bar(at: 43.75) == 0)
    }

    @Test func theValueAxisStartsAtZeroAndEndsOnANiceStep() {
        #expect(ChartOptions.valueRange(ChartData([("a", 62), ("b", 5)])) == (0, 80))
        #expect(ChartOptions.valueRange(ChartData([("a", 3), ("b", -2)])) == (-2, 3))
        #expect(ChartOptions.valueRange(ChartData([("a", -4)])) == (-4, 0))
        #expect(ChartOptions.valueRange(ChartData([("a", 0)])) == (0, 1))
        // A little below 0 beside a lot above rounds out to its own step: the axis went down
        // to −500 for −12.25 beside 1000.
        #expect(ChartOptions.valueRange(ChartData([("a", 10), ("b", -5), ("c", -12.25), ("d", 1000)])) == (-20, 1000))
        #expect(ChartOptions.valueRange(ChartData([("a", -1000), ("b", 3)])) == (-1000, 4))
    }

    @Test func theZeroRowOfABarGoingUpIsFilledFromTheTop() throws {
        // Zero sits inside a cell row: a bar going up fills that row from its top (it ended
        // in a lower eighth, a gap under the bar's body).
        let data = ChartData([("Q1", 30), ("Q2", -20), ("Q3", 45), ("Q4", -35), ("Q5", 5)])
        let lines = try TerminalChart(mode: .braille, isColored: false, width: 50, height: 14)
            .render(data, options: ChartOptions(kind: .bar))
        let zero = try #require(lines.first { $0.hasPrefix(" 0 ┤") })
        let cells = Array(zero)
        let lowerEighths = Set("▁▂▃▄▅▆▇")
        let upQ1 = cells[5], upQ3 = cells[23]
        #expect(!lowerEighths.contains(upQ1) && !lowerEighths.contains(upQ3), "\(zero)")
    }
}

/// Horizontal bars in whole rows are evenly spaced: one thickness, one gap.
@Suite struct EvenBarRowsTests {
    @Test(arguments: [(6, 15), (8, 12), (8, 30), (3, 3), (5, 9), (1, 7), (12, 12), (7, 100)])
    func barsShareOneThicknessAndOneGap(count: Int, rows: Int) {
        let bars = (0..<count).map { ChartLayout.evenRows(of: $0, count: count, rows: rows) }
        let thicknesses = Set(bars.map { $0.last - $0.first })
        let gaps = Set(zip(bars, bars.dropFirst()).map { $1.first - $0.last })
        #expect(thicknesses.count == 1 && gaps.count <= 1, "\(bars)")
        #expect((bars.first?.first ?? -1) >= 0 && (bars.last?.last ?? .max) <= rows, "\(bars)")
        // A gap of at least a row wherever one-row bars with one-row gaps fit.
        if rows >= 2 * count - 1 && count > 1 { #expect(gaps.first ?? 0 >= 1, "\(bars)") }
    }
}
