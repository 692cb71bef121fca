import CalculatorBrain
import Foundation
import GraphCalcSupport
import Graphing
import TestSupport
import Testing

@testable import Plotting

/// Rendered plots against golden files in `Snapshots/`. Record them deliberately with
/// `GRAPHCALC_RECORD=1 swift test --filter TerminalPlotTests` (which fails), and read the diff.
@Suite struct TerminalPlotTests {
    private static let snapshots = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Snapshots")

    private static func request(_ expressions: [String], x: (Double, Double) = (-10, 10), y: (Double, Double)? = nil)
        throws -> Figure
    {
        let functions = try expressions.map { expression in
            let program = try Program(parsing: expression)
            return FunctionLayer(try ProgramFunction(program: program), label: program.description)
        }
        return Figure(functions: functions, x: Interval(x.0, x.1), y: y.map { Interval($0.0, $0.1) })
    }

    private static func check(_ lines: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        GoldenFile.expectMatch(
            lines.joined(separator: "\n") + "\n", name: name + ".txt", directory: snapshots,
            sourceLocation: sourceLocation)
    }

    static let cases: [(String, [String], TerminalPlot.Mode, Bool, (Double, Double), (Double, Double)?)] = [
        ("sin-ascii", ["sin(x)"], .ascii, false, (-10, 10), nil),
        ("sin-braille", ["sin(x)"], .braille, false, (-10, 10), nil),
        ("tan-ascii", ["tan(x)"], .ascii, false, (-10, 10), nil),
        ("tan-braille", ["tan(x)"], .braille, false, (-10, 10), nil),
        ("sqrt-ascii", ["sqrt(x)"], .ascii, false, (-2, 6), (-1, 3)),
        ("sqrt-braille", ["sqrt(x)"], .braille, false, (-2, 6), (-1, 3)),
        ("reciprocal-ascii", ["1/x"], .ascii, false, (-2, 2), (-8, 8)),
        ("reciprocal-braille", ["1/x"], .braille, false, (-2, 2), (-8, 8)),
        ("spike-ascii", ["1/(1+1e6*(x-0.3137)^2)"], .ascii, false, (-1, 1), nil),
        ("spike-braille", ["1/(1+1e6*(x-0.3137)^2)"], .braille, false, (-1, 1), nil),
        ("two-functions-ascii", ["sin(x)", "cos(x)/2"], .ascii, false, (-3.14159, 3.14159), nil),
        ("two-functions-ascii-color", ["sin(x)", "cos(x)/2"], .ascii, true, (-3.14159, 3.14159), nil),
        ("two-functions-braille-color", ["sin(x)", "cos(x)/2"], .braille, true, (-3.14159, 3.14159), nil),
        ("jump-braille", ["abs(x)/x"], .braille, false, (-10, 10), (-2, 2)),
        ("jump-and-point-ascii", ["0^x"], .ascii, false, (-10, 10), (-2, 2)),
        ("hole-braille", ["(x^2-4)/(x-2)"], .braille, false, (-10, 10), (-8, 14)),
        ("isolated-points-braille", ["(-2)^x"], .braille, false, (-3.5, 3.5), (-10, 10)),
        ("floor-braille", ["floor(x)"], .braille, false, (-4, 4), (-5, 5)),
        ("floor-ascii", ["floor(x)"], .ascii, false, (-4, 4), (-5, 5)),
        ("mod-braille", ["mod(x, 1)"], .braille, false, (-3, 3), (-0.5, 1.5)),
        ("gamma-braille", ["gamma(x)"], .braille, false, (-5, 5), (-10, 10)),
        ("round-sine-braille", ["round(sin(x)*3)"], .braille, false, (-6.5, 6.5), (-4, 4)),
    ]

    /// Jumps, holes and isolated points get circles, and `--no-markers` takes them away.
    @Test(arguments: TerminalPlot.Mode.allCases)
    func discontinuitiesAreMarkedUnlessTurnedOff(mode: TerminalPlot.Mode) throws {
        let (open, filled): (Character, Character) = mode == .ascii ? ("o", "*") : ("○", "●")
        var request = try Self.request(["0^x"], y: (-2, 2))
        request.showsLegend = false
        let plot = TerminalPlot(mode: mode, isColored: false, width: 40, height: 12)
        let marked = try plot.render(request).joined(separator: "\n")
        #expect(marked.contains(open))
        request.marksDiscontinuities = false
        let plain = try plot.render(request).joined(separator: "\n")
        #expect(!plain.contains(open))
        if mode == .braille {
            #expect(marked.contains(filled) && !plain.contains(filled))
        }
    }

    @Test(arguments: TerminalPlot.Mode.allCases)
    func aValueWithinRoundingOfTheBottomEdgeIsDrawnOnTheLastRow(mode: TerminalPlot.Mode) throws {
        // 1e-20 over 0…1 is within rounding of 0: three blank lines once.
        var request = try Self.request(["1e-20+x*0"], x: (-1, 1), y: (0, 1))
        request.showsAxes = false
        request.showsLegend = false
        let lines = try TerminalPlot(mode: mode, isColored: false, width: 20, height: 3).render(request)
        #expect(lines[0].allSatisfy { $0 == " " } && lines[1].allSatisfy { $0 == " " })
        #expect(!lines[2].contains(" "), "\(lines)")
    }

    @Test(arguments: cases)
    func matchesItsGoldenFile(
        name: String, expressions: [String], mode: TerminalPlot.Mode, isColored: Bool, x: (Double, Double),
        y: (Double, Double)?
    ) throws {
        let plot = TerminalPlot(mode: mode, isColored: isColored, width: 80, height: 24)
        let lines = try plot.render(Self.request(expressions, x: x, y: y))
        #expect(lines.count == 24)
        Self.check(lines, name)
        if mode == .ascii { #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }) }
    }

    @Test func gridAndScaleAndOrigin() throws {
        var plot = TerminalPlot(mode: .ascii, isColored: false, width: 60, height: 18)
        var request = try Self.request(["x^2/4-2"], x: (-4, 4), y: (-3, 3))
        request.showsGrid = true
        Self.check(try plot.render(request), "grid-ascii")
        plot.scale = (columnsPerUnit: 4, anchor: .origin(x: 10, y: 8))
        let scaled = try plot.render(try Self.request(["x^2/4-2"]))
        Self.check(scaled, "scale-origin-ascii")
    }

    @Test(arguments: [TerminalPlot.Mode.ascii, .braille])
    func withoutFurnitureTheOutputIsExactlyThePlotArea(mode: TerminalPlot.Mode) throws {
        let plot = TerminalPlot(mode: mode, isColored: false, width: 37, height: 11)
        var request = try Self.request(["sin(x)", "x/5"])
        request.showsAxes = false
        request.showsLegend = false
        let lines = try plot.render(request)
        #expect(lines.count == 11)
        #expect(lines.allSatisfy { $0.count == 37 })
    }

    @Test func cellsHoldExactlyTheRowsTheFunctionPassesThrough() throws {
        // y on [0, 4] in 8 rows of 0.5: the value 2.3 lies in row 3 (from 2.5 down to 2).
        let plot = TerminalPlot(mode: .ascii, isColored: false, width: 8, height: 8)
        var request = try Self.request(["2.3", "x/4+0.1"], x: (0, 8), y: (0, 4))
        request.showsAxes = false
        request.showsLegend = false
        let lines = try plot.render(request)
        #expect(lines[3].hasPrefix("****"))
        // x/4 + 0.1 rises a quarter per column, from 0.1: column c spans rows 7−⌊(c/4+0.35)/0.5⌋…
        for column in 0..<8 {
            let low = Double(column) / 4 + 0.1, high = Double(column + 1) / 4 + 0.1
            let rows = Set(Int(((4 - high) / 0.5).rounded(.down))...Int(((4 - low) / 0.5).rounded(.down)))
            for row in 0..<8 where row != 3 {
                let drawn = Array(lines[row])[column] == "+"
                #expect(drawn == rows.contains(row), "row \(row) column \(column)")
            }
        }
    }

    @Test func badSizesAreErrors() throws {
        let request = try Self.request(["x"])
        for (width, height) in [(0, 10), (10, 0), (1001, 10), (10, 501), (-5, -5)] {
            #expect(
                throws: PlottingError.sizeOutOfRange(
                    width: width, height: height, maximumWidth: 1000, maximumHeight: 500, unit: "cells")
            ) {
                try TerminalPlot(mode: .ascii, isColored: false, width: width, height: height).render(request)
            }
        }
        #expect(throws: PlottingError.tooSmall(width: 10, height: 3)) {
            try TerminalPlot(mode: .ascii, isColored: false, width: 10, height: 3).render(request)
        }
        var scaled = TerminalPlot(mode: .ascii, isColored: false, width: 40, height: 10)
        scaled.scale = (columnsPerUnit: 0, anchor: .origin(x: 0, y: 0))
        #expect(throws: PlottingError.invalidScale(0)) { try scaled.render(request) }
        #expect(
            PlottingError.sizeOutOfRange(width: 0, height: 10, maximumWidth: 1000, maximumHeight: 500, unit: "cells")
                .description
                == "size 0x10 is outside 1…1000 by 1…500 cells")
    }

    @Test func asciiModeSpellsSymbolsInAscii() {
        #expect(TerminalText.ascii("√(x)×π÷2−x²+x⁻¹") == "sqrt(x)*pi/2-x^2+x^-1")
        // Accented Latin letters keep their letter (also written as letter + combining
        // mark); what has no ASCII letter is '?'.
        #expect(TerminalText.ascii("ä") == "a")
        #expect(TerminalText.ascii("café Über Łódź Œuvre straße") == "cafe Uber Lodz OEuvre strasse")
        #expect(TerminalText.ascii("e\u{0301}te\u{0301}") == "ete")
        #expect(TerminalText.ascii("漢字 ب") == "u6f22u5b57 u628")
        #expect(TerminalText.ascii("漢字") != TerminalText.ascii("中文"))
        #expect(TerminalText.ascii("Let’s – “go” ☃") == "Let's - \"go\" ?")
        // Greek in a word is transliterated, alone it is named; Cyrillic is transliterated.
        #expect(TerminalText.ascii("Ελλάδα θ Δx 2π ω") == "Ellada theta Deltax 2pi omega")
        #expect(TerminalText.ascii("Россия, Жёлтый, Щука, Ёж") == "Rossiya, Zhyoltyy, Shchuka, Yozh")
    }

    @Test func brailleDotsUseTheUnicodeNumbering() {
        var canvas = TerminalCanvas(width: 1, height: 1)
        for y in 0..<4 { canvas.setDot(x: 0, y: y, color: nil) }
        #expect(canvas.lines(colored: false) == ["⡇"])
        canvas.setDot(x: 1, y: 3, color: 25)
        #expect(canvas.lines(colored: true) == ["\u{1B}[38;5;25m⣇\u{1B}[0m"])
    }
}
