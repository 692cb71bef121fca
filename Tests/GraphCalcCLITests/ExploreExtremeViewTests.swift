import CalculatorBrain
import GraphCalcSupport
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The live view at the edges of the doubles and with hostile mouse reports: it never
/// traps, whatever the keys, the pointer or the view.
@Suite struct ExploreExtremeViewTests {
    typealias ScriptedTerminal = ExploreSessionTests.ScriptedTerminal

    static func state(x: Interval, y: Interval? = nil, functions: [String] = ["x", "sin(x)"]) throws -> ExploreState {
        let resolved = try functions.map { ResolvedFunction(program: try Program(parsing: $0), label: $0) }
        return ExploreState(
            functions: resolved, variable: "x", values: [:], x: x, y: y, columns: 50, rows: 14, mode: .braille)
    }

    /// Runs `input` through the loop, a frame drawn for every change, then quits.
    static func run(_ state: ExploreState, _ input: [String]) -> ExploreState {
        let terminal = ScriptedTerminal(input + ["q"])
        return ExploreSession.run(state, on: terminal) { _ in .success("") }
    }

    static let rightArrow = "\u{1B}[C", leftArrow = "\u{1B}[D"

    /// The reproductions of the fuzz campaign: each trapped (SIGILL) before.
    @Test(arguments: [
        (Interval(-1e308, 1e308), ["t", rightArrow, rightArrow, leftArrow]),
        (Interval(-9e307, 9e307), ["t", rightArrow, leftArrow]),
        (Interval(1e300, 1.5e300), ["t"] + Array(repeating: "+", count: 56) + [leftArrow, rightArrow]),
        (Interval(-10, 10), ["\u{1B}[<0;9223372036854775807;5M", "\u{1B}[<0;9223372036854775807;5m"]),
        (Interval(-10, 10), ["\u{1B}[<0;5;9223372036854775807M\u{1B}[<32;1;1M\u{1B}[<0;1;1m"]),
        (Interval(-10, 10), ["\u{1B}[<64;9223372036854775807;9223372036854775807M", "t", leftArrow]),
    ])
    func extremeViewsAndPointersDoNotTrap(x: Interval, input: [String]) throws {
        let final = Self.run(try Self.state(x: x), input)
        #expect(final.x.lower.isFinite && final.x.upper.isFinite && final.x.lower < final.x.upper)
        if let traced = final.traceX { #expect(traced.isFinite, "the trace cursor at \(traced)") }
    }

    @Test func theTraceCursorWalksAViewAsWideAsTheDoubles() throws {
        var state = try Self.state(x: Interval(-8e307, 8e307))
        if let drawn = ExploreFrame(state).drawn { _ = state.handle(.drawn(drawn)) }
        let width = try #require(state.drawn).viewport.width
        _ = state.handle(.key(.character("t")))
        #expect(state.traceColumn == width / 2)
        _ = state.handle(.key(.right))
        #expect(state.traceColumn == width / 2 + 1)
        #expect(state.message == nil, "a view the command line accepted is not refused on the first key")
        _ = state.handle(.key(.left))
        _ = state.handle(.key(.left))
        #expect(state.traceColumn == width / 2 - 1)
    }

    @Test func aHugePointerIsTheTerminalsEdge() {
        var input = ExploreInput()
        let events = input.events(from: Array("\u{1B}[<0;9223372036854775807;99999999M".utf8), time: 0)
        #expect(
            events == [
                .mouse(
                    .press, column: ExploreInput.largestCoordinate, row: ExploreInput.largestCoordinate, time: 0)
            ])
    }

    /// `plot` refuses these views (status 2); explore does too, before the screen changes.
    @Test(arguments: [
        (
            Interval(0, .leastNonzeroMagnitude),
            "x range 0:4.94066e-324 is too narrow to tell its pixels apart in explore"
        ),
        (Interval(1, 1.0000000000000002), "x range 1:1 is too narrow to tell its pixels apart in explore"),
        (Interval(-1e308, 1e308), "x range -1e+308:1e+308 is wider than a double can hold"),
    ])
    func aViewThatCannotBeDrawnIsRefused(x: Interval, message: String) {
        #expect(ExploreState.problem(x: x, y: nil, columns: 80, rows: 24) == message)
        #expect(ExploreState.problem(x: Interval(-8e307, 8e307), y: nil, columns: 80, rows: 24) == nil)
    }

    /// At the command line: status 2, as plot's refusal of the same view.
    @Test(arguments: ["0:5e-324", "-1e308:1e308"])
    func exploreRefusesTheViewsPlotRefuses(range: String) {
        let run = CommandRun(["explore", "x", "--x", range])
        let plot = CommandRun(["plot", "x", "--x", range])
        #expect(run.status == 2 && plot.status == 2)
        #expect(run.error.hasPrefix("error: x range "), "\(run.error)")
    }

    @Test(
        arguments: [
            (Double.nan, nil), (Double.infinity, 10), (-Double.infinity, -1), (9.3e18, 10), (-0.0, 0), (3.7, 3),
            (-3.2, -1),
        ] as [(Double, Int?)])
    func clampedConversion(value: Double, expected: Int?) {
        #expect(Int.clamped(value, to: -1...10) == expected)
    }

    /// The proved points marked on views at the edges of the doubles.
    @Test(arguments: [Interval(-8e307, 8e307), Interval(1e300, 1.5e300)])
    func pointsOnExtremeViews(x: Interval) throws {
        let final = Self.run(try Self.state(x: x, functions: ["x", "1/x"]), ["p", "t", Self.rightArrow, "-", "+"])
        #expect(final.marksPoints && final.traceX?.isFinite == true)
    }

    /// Random keys, arrows, mouse reports (huge coordinates among them) and resizes over
    /// views at the edges of the doubles: thousands of steps, each drawn, none trapping.
    @Test(arguments: [1, 2, 3])
    func randomInputOverExtremeViewsNeverTraps(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let views = [
            Interval(-1e308, 1e308), Interval(-9e307, 9e307), Interval(1e300, 1.5e300),
            Interval(-1e-300, 1e-300), Interval(1, 1 + 1e-12), Interval(-10, 10),
        ]
        // Every key but q (which would end the run) and p (the proved points, an analysis
        // each frame: covered on its own below, too slow for thousands of debug frames).
        let keys = Array("tlhjk+-<>{}0oagdm?\t x").map(String.init)
        let arrows = ["\u{1B}[A", "\u{1B}[B", Self.rightArrow, Self.leftArrow]
        let coordinates = ["0", "1", "7", "40", "65535", "65536", "9223372036854775807", "99999999999999999999"]
        for view in views {
            var input: [String] = []
            for _ in 0..<400 {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0...3: input.append(keys.randomElement(using: &generator) ?? "t")
                case 4...6: input.append(arrows.randomElement(using: &generator) ?? Self.rightArrow)
                default:
                    let button = ["0", "32", "64", "65"].randomElement(using: &generator) ?? "0"
                    let column = coordinates.randomElement(using: &generator) ?? "1"
                    let row = coordinates.randomElement(using: &generator) ?? "1"
                    let end = Bool.random(using: &generator) ? "M" : "m"
                    input.append("\u{1B}[<\(button);\(column);\(row)\(end)")
                }
            }
            let resizes = (0..<input.count).map { _ in Int.random(in: 0..<20, using: &generator) == 0 }
            let terminal = ScriptedTerminal(input + ["q"], resizes: resizes)
            terminal.size = (Int.random(in: 1...120, using: &generator), Int.random(in: 1...40, using: &generator))
            let final = ExploreSession.run(try Self.state(x: view), on: terminal) { _ in .success("") }
            #expect(terminal.inputs.isEmpty, "the loop ended before the last key")
            #expect(final.x.lower.isFinite && final.x.upper.isFinite && final.x.lower < final.x.upper)
        }
    }
}
