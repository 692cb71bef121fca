import ChartData
import Testing

@testable import Plotting

/// Styles that tell items apart: distinct, and never shared by neighbours in a ring.
@Suite struct PaletteTests {
    @Test func twentyEightStylesDifferInColourAndSevenInGlyph() {
        #expect(Set(Palette.styles.map(\.hex)).count == 28)
        // In a 256-colour terminal too (shades once met at the same nearest colour).
        #expect(Set(Palette.styles.map(\.terminalColor)).count == 28)
        #expect(Set(Palette.styles.prefix(14).map(\.glyph)).count == 14)
        #expect(Palette.style(28) == Palette.style(0))
        // Shades get the nearest xterm colour: of the cube or the grey ramp.
        #expect(Palette.styles.allSatisfy { (16...255).contains($0.terminalColor) })
        #expect(Palette.nearestTerminalColor("#0072B2") == 25 && Palette.nearestTerminalColor("#D55E00") == 166)
        #expect(Palette.nearestTerminalColor("#000000") == 16 && Palette.nearestTerminalColor("#FFFFFF") == 231)
        #expect(Palette.nearestTerminalColor("#808080") == 244)
    }

    @Test(arguments: [7, 8, 28])
    func neighboursInARingNeverShare(period: Int) {
        for count in 1...100 {
            let ring = Palette.ringIndices(count: count, period: period)
            #expect(ring.allSatisfy { (0..<period).contains($0) })
            guard count > 1 else { continue }
            for index in 0..<count {
                #expect(ring[index] != ring[(index + 1) % count], "\(count) items, period \(period), at \(index)")
            }
        }
    }

    @Test func aPieOfEightSlicesEndsInAnotherColourThanItStarts() throws {
        // The README's languages pie: Swift (first) and Ruby (eighth) were both blue.
        for count in 2...60 {
            let data = ChartData((0..<count).map { ("r\($0)", 1) })
            let layout = try PieChartLayout(data)
            let fills = layout.slices.indices.map { layout.style(ofSlice: $0, data).hex }
            for index in fills.indices {
                #expect(fills[index] != fills[(index + 1) % count], "\(count) slices, at \(index)")
            }
        }
    }
}

/// A terminal pie's legend says what it had no room for.
@Suite struct PieLegendTests {
    @Test(arguments: [TerminalPlot.Mode.ascii, .braille])
    func aLegendTooLongForTheTerminalCountsTheRest(mode: TerminalPlot.Mode) throws {
        let data = ChartData((0..<40).map { ("item \($0)", Double($0 + 1)) })
        let lines = try TerminalChart(mode: mode, isColored: false, width: 60, height: 14)
            .render(data, options: ChartOptions(kind: .pie))
        #expect(lines.count == 14)
        let shown = lines.filter { $0.contains("item ") }.count
        let more = try #require(lines.compactMap { $0.firstMatch(of: /\+(\d+) more/) }.first)
        #expect(shown + (Int(more.1) ?? 0) == 40, "\(lines.joined(separator: "\n"))")
    }
}
