import ChartData
import Testing

@testable import Plotting

/// The one chart layout: both back-ends find the record under a point on the scene, and
/// labels never sit on each other.
@Suite struct ChartSceneTests {
    static let data = ChartData([("Q1", 120), ("Q2", 80), ("Q3", -40), ("Q4", -200), ("Q5", 10)])

    /// Every back-end with its scene for `options`.
    static func scenes(_ data: ChartData, _ options: ChartOptions) throws -> [(String, ChartScene)] {
        [
            ("svg", try SVGChart(width: 640, height: 400).scene(data, options: options)),
            (
                "ascii",
                try TerminalChart(mode: .ascii, isColored: false, width: 60, height: 20).scene(data, options: options)
            ),
            (
                "braille",
                try TerminalChart(mode: .braille, isColored: true, width: 60, height: 20).scene(data, options: options)
            ),
        ]
    }

    @Test(arguments: [false, true])
    func aPointOnABarFindsItsRecordAndAGapFindsNone(horizontal: Bool) throws {
        var options = ChartOptions(kind: .bar)
        options.isHorizontal = horizontal
        for (name, scene) in try Self.scenes(Self.data, options) {
            for bar in scene.bars {
                let across = (bar.across.lowerBound + bar.across.upperBound) / 2
                let along = (bar.along.start + bar.along.end) / 2
                let (x, y) = horizontal ? (along, across) : (across, along)
                #expect(scene.record(at: x, y) == bar.record, "\(name): bar \(bar.record)")
            }
            // Between two bars, and left of the area, there is no record.
            let gap = (scene.bars[0].across.upperBound + scene.bars[1].across.lowerBound) / 2
            let middle = horizontal ? scene.area.left + scene.area.width / 2 : scene.area.top + scene.area.height / 2
            #expect(scene.record(at: horizontal ? middle : gap, horizontal ? gap : middle) == nil, "\(name)")
            #expect(scene.record(at: 0, 0) == nil, "\(name)")
        }
    }

    @Test func aPointInASliceFindsItsRecordPulledOutOrNot() throws {
        for selected in [nil, 1] {
            var options = ChartOptions(kind: .pie)
            options.selected = selected
            let data = ChartData([("a", 3), ("b", 2), ("c", 1)])
            for (name, scene) in try Self.scenes(data, options) {
                let pie = try #require(scene.pie)
                for slice in pie.slices {
                    let direction = PieChartLayout.direction(ofAngle: slice.middleAngle)
                    let reach = pie.radius / 2 + (slice.isSelected ? pie.pull : 0)
                    let x = pie.center.x + reach * direction.x * pie.aspect, y = pie.center.y + reach * direction.y
                    #expect(
                        scene.record(at: x, y) == slice.record, "\(name): \(slice.name), selected \(selected ?? -1)")
                }
                #expect(scene.record(at: pie.center.x + pie.radius * pie.aspect * 1.5, pie.center.y) == nil, "\(name)")
            }
        }
    }

    @Test func longLabelsAndTheLastTickStayOnTheCanvas() throws {
        let long = String(repeating: "a very long category label ", count: 3)
        let data = ChartData([(long, 1_500_000), ("short", 10)])
        var options = ChartOptions(kind: .bar)
        options.isHorizontal = true
        for (name, scene) in try Self.scenes(data, options) {
            for label in scene.bars.compactMap(\.label) + scene.tickLabels {
                #expect(label.start >= 0 && label.start + label.width <= scene.canvas.width + 1e-9, "\(name): \(label)")
            }
        }
    }

    @Test func aPieLegendShortensTitlesNotShares() throws {
        let data = ChartData([("A very long label that goes on and on", 5), ("short", 3), ("Another long label", 2)])
        for (name, scene) in try Self.scenes(data, ChartOptions(kind: .pie)) {
            #expect(
                scene.legend.allSatisfy { $0.label.text.hasSuffix("%") }, "\(name): \(scene.legend.map(\.label.text))")
        }
        let narrow = try TerminalChart(mode: .ascii, isColored: false, width: 50, height: 8)
            .scene(data, options: ChartOptions(kind: .pie))
        #expect(
            narrow.legend.map(\.label.text) == ["A very long label.  50%", "short  30%", "Another long label  20%"])
    }

    @Test func anASCIIPieIsHitWhereItIsDrawn() throws {
        // ASCII marks the selection with a glyph and does not pull it out: nor does the hit-test.
        var options = ChartOptions(kind: .pie)
        options.selected = 0
        let chart = TerminalChart(mode: .ascii, isColored: false, width: 40, height: 12)
        let data = ChartData([("a", 1), ("b", 1)])
        let scene = try chart.scene(data, options: options)
        let lines = chart.draw(scene).map(Array.init)
        for (row, line) in lines.enumerated() {
            for (column, glyph) in line.enumerated() where column < Int(scene.area.width) && glyph == "@" {
                #expect(scene.record(at: Double(column) + 0.5, Double(row) + 0.5) == 0, "(\(column), \(row))")
            }
        }
    }

    @Test func valuesOfBarsGoingDownStayOffTheCategoryLabels() throws {
        var options = ChartOptions(kind: .bar)
        options.showsValues = true
        for (name, scene) in try Self.scenes(Self.data, options) {
            let labels = scene.bars.compactMap(\.label), values = scene.bars.compactMap(\.valueLabel)
            for value in values {
                for label in labels where abs(value.y - label.y) < (name == "svg" ? 12 : 1) {
                    #expect(
                        value.start + value.width <= label.start || label.start + label.width <= value.start,
                        "\(name): \(value.text) on \(label.text)")
                }
            }
        }
    }

    @Test func manyLongCategoryLabelsAreShortenedOrThinnedNeverOverlapping() throws {
        let data = ChartData((1...40).map { ("Category number \($0)", Double($0)) })
        let scenes = [
            ("svg", try SVGChart(width: 640, height: 400).scene(data, options: ChartOptions(kind: .bar))),
            (
                "ascii",
                try TerminalChart(mode: .ascii, isColored: false, width: 70, height: 20).scene(
                    data, options: ChartOptions(kind: .bar))
            ),
        ]
        for (name, scene) in scenes {
            let labels = scene.bars.compactMap(\.label)
            #expect(labels.count >= 5, "\(name): \(labels.count) labels")
            for (left, right) in zip(labels, labels.dropFirst()) {
                #expect(left.start + left.width < right.start, "\(name): \(left.text) touches \(right.text)")
            }
        }
    }
}
