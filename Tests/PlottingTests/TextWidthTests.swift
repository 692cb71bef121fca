import ChartData
import GraphCalcSupport
import Graphing
import Testing

@testable import Plotting

/// Display width in the terminal: wide characters take two cells, combining marks none,
/// so labels stay on their bars and every line is exactly as wide as asked.
@Suite struct TextWidthTests {
    @Test(arguments: [
        ("abc", 3), ("漢字", 4), ("🙂", 2), ("e\u{0301}", 1), ("café", 4), ("한국어", 6), ("ＡＢ", 4), ("❤️", 2),
        ("\u{0301}", 0), ("", 0), ("sin(x)+#1*2 ~", 13), ("a\r\nb", 3), ("1\u{FE0F}\u{20E3}", 2),
    ])
    func widths(text: String, cells: Int) {
        #expect(TerminalText.width(of: text) == cells)
    }

    @Test func prefixesCountCells() {
        #expect(TerminalText.prefix("漢字abc", width: 3) == "漢")
        #expect(TerminalText.prefix("漢字abc", width: 5) == "漢字a")
    }

    @Test func theCanvasGivesAWideCharacterTwoCells() {
        var canvas = TerminalCanvas(width: 6, height: 1)
        canvas.write("a漢b", row: 0, column: 0)
        #expect(canvas.lines(colored: false) == ["a漢b  "])
        // One that would cross the right edge is left out.
        var edge = TerminalCanvas(width: 3, height: 1)
        edge.write("ab漢", row: 0, column: 0)
        #expect(edge.lines(colored: false) == ["ab "])
        // Half of one overwritten: a blank where it was, the line keeps its width.
        var over = TerminalCanvas(width: 4, height: 1)
        over.write("漢字", row: 0, column: 0)
        over.put("x", row: 0, column: 1)
        #expect(over.lines(colored: false) == [" x字"])
    }

    /// Every line of a chart of wide labels takes exactly the width asked for.
    @Test(arguments: [false, true])
    func chartsOfWideLabelsKeepTheirWidth(horizontal: Bool) throws {
        let data = ChartData([("漢字", 3), ("emoji 🙂", 2), ("café", 4), ("abc", 1)])
        var options = ChartOptions(kind: .bar)
        options.isHorizontal = horizontal
        options.showsValues = true
        for kind in [ChartOptions.Kind.bar, .pie] {
            options.kind = kind
            let lines = try TerminalChart(mode: .braille, isColored: false, width: 40, height: 9).render(
                data, options: options)
            #expect(lines.allSatisfy { TerminalText.width(of: $0) == 40 }, "\(lines)")
            #expect(lines.contains { $0.contains("漢字") })
        }
    }

    @Test func aPlotLegendOfWideLabelsKeepsItsWidth() throws {
        let functions = ["漢字の関数 x", "🙂 y", "a very long label that must be cut to fit"].map {
            FunctionLayer(ClosureFunction { $0 }, label: $0)
        }
        let request = Figure(functions: functions, x: Interval(-1, 1))
        let lines = try TerminalPlot(mode: .braille, isColored: false, width: 30, height: 12).render(request)
        #expect(lines.allSatisfy { TerminalText.width(of: $0) == 30 }, "\(lines)")
    }
}
