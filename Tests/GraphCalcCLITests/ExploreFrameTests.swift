import CalculatorBrain
import Foundation
import GraphCalcSupport
import Graphing
import Plotting
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Frames of the live view, a pure function of the state, against golden files.
@Suite struct ExploreFrameTests {
    static let snapshots = GoldenFile.snapshots(besides: #filePath)

    static func check(_ frame: ExploreFrame, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        GoldenFile.expectMatch(
            frame.lines.joined(separator: "\n") + "\n", name: name, directory: snapshots, sourceLocation: sourceLocation
        )
    }

    static func state(_ keys: [ExploreEvent.Key], columns: Int = 60, rows: Int = 16) throws -> ExploreState {
        let functions = try ["sin(x)", "1/x"].map { ResolvedFunction(program: try Program(parsing: $0), label: $0) }
        var state = ExploreState(
            functions: functions, variable: "x", values: [:], x: Interval(-4, 4),
            y: Interval(-2, 2),
            columns: columns, rows: rows, mode: .ascii)
        for key in keys {
            if let drawn = ExploreFrame(state).drawn { _ = state.handle(.drawn(drawn)) }
            _ = state.handle(.key(key))
        }
        return state
    }

    @Test func theStartingView() throws {
        Self.check(ExploreFrame(try Self.state([])), "explore-start.txt")
    }

    @Test func tracingTheSecondFunctionAtItsPole() throws {
        // The cursor starts in the middle column, x just right of 0; Tab goes to 1/x.
        Self.check(ExploreFrame(try Self.state([.character("t"), .tab, .left])), "explore-trace.txt")
    }

    @Test func theKeysOverTheGraph() throws {
        Self.check(ExploreFrame(try Self.state([.character("?")])), "explore-help.txt")
    }

    /// `p` marks the proved zeros and extrema in view (sin's at −π, 0, π and ±π/2) and
    /// where sin(x) meets 1/x (four times).
    @Test func pointsOfInterestFollowTheView() throws {
        let plain = ExploreFrame(try Self.state([])).lines.joined(separator: "\n")
        #expect(!plain.contains("@"))
        let state = try Self.state([.character("p")])
        let marked = ExploreFrame(state).lines.joined(separator: "\n")
        #expect(marked.components(separatedBy: "@").count - 1 == 9, "\(marked)")
        let points = ExploreFrame.pointsOfInterest(state)
        #expect(Set(points.map(\.kind)) == [.zero, .minimum, .maximum, .intersection])
        #expect(points.filter { $0.kind == .intersection }.count == 4)
        #expect(points.filter { $0.kind == .zero }.map(\.point.x).sorted().count == 3)
        Self.check(ExploreFrame(state), "explore-points.txt")
    }

    @Test func zoomedWithAGridInBraille() throws {
        Self.check(
            ExploreFrame(try Self.state([.character("+"), .character("g"), .character("m")])),
            "explore-zoomed-braille.txt")
    }

    @Test func everyFrameFillsTheScreenExactly() throws {
        for (columns, rows) in [(40, 10), (100, 30), (20, 6), (5, 2), (3, 1)] {
            let frame = ExploreFrame(try Self.state([], columns: columns, rows: rows))
            #expect(frame.lines.count == rows)
            #expect(frame.lines.allSatisfy { $0.count == columns }, "\(columns)x\(rows)")
        }
    }

    @Test(arguments: [
        ("x = 1  面積 = 2", 20, "x = 1  面積 = 2     "),
        ("x = 1  面積 = 2", 10, "x = 1  面>"),
        ("x = 1  面積 = 2", 9, "x = 1  > "),
        ("é = 1", 6, "é = 1 "),
        ("🙂🙂🙂", 4, "🙂> "),
        ("abc", 0, ""),
    ])
    func theStatusLineIsMeasuredInDisplayCells(text: String, width: Int, fitted: String) {
        #expect(ExploreFrame.fitted(text, width: width) == fitted)
        #expect(TerminalText.width(of: ExploreFrame.fitted(text, width: width)) == width)
    }

    @Test func theStatusLineSaysWhyThereIsNoValueAndGivesNoSlopeThere() throws {
        var state = try Self.state([.character("t"), .tab])
        state.trace?.x = 0
        let status = ExploreFrame.status(state)
        #expect(status == "x = 0  ▸1/x: no value, division by zero in ÷  sin(x) = 0", "\(status)")
        state.trace?.x = 0.5
        #expect(ExploreFrame.status(state) == "x = 0.5  ▸1/x = 2  slope -4  sin(x) = 0.479426")
    }

    @Test func deepZoomShowsEnoughDigitsToTellTheEndsApart() {
        #expect(ExploreFrame.distinct(0.999999999997, 1.000000000003) == ("0.999999999997", "1"))
        #expect(ExploreFrame.distinct(1.0000000000001, 1.0000000000003) == ("1.0000000000001", "1.0000000000003"))
        #expect(ExploreFrame.distinct(-10, 10) == ("-10", "10"))
    }
}

/// Only what changed is written, in one string.
@Suite struct ScreenUpdateTests {
    @Test func onlyChangedLinesAreRewritten() {
        #expect(
            ScreenUpdate.text(from: nil, to: ["ab", "cd"])
                == "\u{1B}[H\u{1B}[2J\u{1B}[1;1Hab\u{1B}[0m\u{1B}[2;1Hcd\u{1B}[0m")
        #expect(ScreenUpdate.text(from: ["ab", "cd"], to: ["ab", "ce"]) == "\u{1B}[2;1Hce\u{1B}[0m")
        #expect(ScreenUpdate.text(from: ["ab", "cd"], to: ["ab", "cd"]) == "")
    }
}

/// The loop around the state, on a scripted terminal.
@Suite struct ExploreSessionTests {
    final class ScriptedTerminal: ExploreTerminal {
        var inputs: [[UInt8]]
        var written: [String] = []
        var size = (columns: 50, rows: 14)
        var resizes: [Bool]
        var now = 0.0
        var isTerminated = false

        init(_ inputs: [String], resizes: [Bool] = []) {
            self.inputs = inputs.map { Array($0.utf8) }
            self.resizes = resizes
        }

        func read(timeout: Double) -> [UInt8] {
            now += 0.5
            guard !inputs.isEmpty else {
                isTerminated = true
                return []
            }
            return inputs.removeFirst()
        }

        func write(_ text: String) { written.append(text) }

        func takeResize() -> Bool { resizes.isEmpty ? false : resizes.removeFirst() }
    }

    @Test func keysChangeTheViewAndQuitEndsIt() throws {
        let terminal = ScriptedTerminal(["++", "l", "s", "q", "never read"])
        var saves = 0
        let state = ExploreSession.run(try ExploreFrameTests.state([], columns: 50, rows: 14), on: terminal) { _ in
            saves += 1
            return .success("graphcalc-explore-1.svg")
        }
        #expect(state.x.width == 2)
        #expect(saves == 1 && terminal.written.contains { $0.contains("saved graphcalc-explore-1.svg") })
        #expect(terminal.inputs == [Array("never read".utf8)])
        // A frame per change, the first a whole screen, the rest only what changed.
        #expect(terminal.written.count == 4)
        #expect(terminal.written[0].hasPrefix("\u{1B}[H\u{1B}[2J"))
        #expect(!terminal.written[1].contains("\u{1B}[2J"))
    }

    @Test func aResizeRedrawsTheWholeScreenAtTheNewSize() throws {
        let terminal = ScriptedTerminal(["x", "q"], resizes: [false, true])
        terminal.size = (70, 20)
        let state = ExploreSession.run(try ExploreFrameTests.state([], columns: 50, rows: 14), on: terminal) { _ in
            .success("")
        }
        #expect(state.columns == 70 && state.rows == 20)
        #expect(terminal.written.last?.hasPrefix("\u{1B}[H\u{1B}[2J") == true)
        #expect(terminal.written.last?.contains("\u{1B}[20;1H") == true)
    }

    @Test func aSignalEndsIt() throws {
        let terminal = ScriptedTerminal([])
        terminal.isTerminated = true
        let state = ExploreSession.run(try ExploreFrameTests.state([]), on: terminal) { _ in .success("") }
        #expect(state.x.width == 8 && terminal.written.isEmpty)
    }

    @Test func framesWithoutATerminal() throws {
        let frames = try Explore.frames(of: ["sin(x)"], columns: 60, rows: 12, mode: .ascii, keys: "+l")
        #expect(
            frames.map { $0.lines.last?.trimmingCharacters(in: .whitespaces) } == [
                "x -10:10  y auto  ? keys  q quit", "x -5:5  y auto  ? keys  q quit", "x -4:6  y auto  ? keys  q quit",
            ])
        #expect(frames[0].update.hasPrefix("\u{1B}[H\u{1B}[2J") && !frames[1].update.contains("\u{1B}[2J"))
    }

    /// Data is a layer of the view: its points drawn in their cells, the legend naming it,
    /// and a zoom redrawing it (the trace keeps to the functions).
    @Test func dataIsDrawnBesideTheFunctions() throws {
        let series = DataSeries(x: [-3, -1, 1, 3], y: [1.5, -1.5, 1.5, -1.5])
        var state = try ExploreFrameTests.state([])
        state.data = [DataLayer(series, style: .points, label: "samples")]
        let frame = ExploreFrame(state)
        #expect(frame.lines.first?.contains("samples") == true, "\(frame.lines)")
        ExploreFrameTests.check(frame, "explore-data.txt")
        let command = try ExploreCommand.make(
            [GraphCalcProcess.packageRoot.appendingPathComponent("examples/data/heights.csv").path, "0.9x-80"],
            session: Session(), atPrompt: false)
        #expect(command.data.count == 1 && command.functions.count == 1 && command.graph.x.lower > 100)
    }

    @Test func exploreRefusesWithoutATerminal() throws {
        let command = try ExploreCommand.make(["sin(x)"], session: Session(), atPrompt: false)
        #expect(
            throws: GraphCalcError.usage(
                "explore needs a terminal: standard output must be one, and standard input or /dev/tty for keys (plot draws anywhere)"
            )
        ) {
            try command.run(console: CapturingConsole())
        }
        let run = CommandRun(["explore", "sin(x)"])
        #expect(run.status == 2 && run.error.hasPrefix("error: explore needs a terminal"))
    }
}
