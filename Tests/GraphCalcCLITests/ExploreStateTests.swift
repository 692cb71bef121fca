import CalculatorBrain
import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The live view's state machine: every key and mouse event, as a pure function.
@Suite struct ExploreStateTests {

    /// sin(x) and x/4 on x -10…10 and y -2…2 in an 80 × 25 terminal, drawn once.
    static func state(y: Interval? = Interval(-2, 2)) throws -> ExploreState {
        let functions = try ["sin(x)", "x/4"].map { ResolvedFunction(program: try Program(parsing: $0), label: $0) }
        var state = ExploreState(
            functions: functions, variable: "x", values: [:], x: Interval(-10, 10), y: y, columns: 80,
            rows: 25, mode: .ascii)
        let frame = ExploreFrame(state)
        if let drawn = frame.drawn { _ = state.handle(.drawn(drawn)) }
        return state
    }

    static func close(_ a: Interval?, _ b: Interval) -> Bool {
        guard let a else { return false }
        return Tolerance.isClose(a.lower, b.lower, relative: 1e-9)
            && Tolerance.isClose(a.upper, b.upper, relative: 1e-9)
    }

    @Test(arguments: [
        (ExploreEvent.Key.left, Interval(-12, 8), Interval(-2, 2)),
        (.character("h"), Interval(-12, 8), Interval(-2, 2)),
        (.right, Interval(-8, 12), Interval(-2, 2)),
        (.character("l"), Interval(-8, 12), Interval(-2, 2)),
        (.up, Interval(-10, 10), Interval(-1.6, 2.4)),
        (.character("k"), Interval(-10, 10), Interval(-1.6, 2.4)),
        (.down, Interval(-10, 10), Interval(-2.4, 1.6)),
        (.character("j"), Interval(-10, 10), Interval(-2.4, 1.6)),
        (.character("+"), Interval(-5, 5), Interval(-1, 1)),
        (.character("="), Interval(-5, 5), Interval(-1, 1)),
        (.character("-"), Interval(-20, 20), Interval(-4, 4)),
        (.character(">"), Interval(-5, 5), Interval(-2, 2)),
        (.character("<"), Interval(-20, 20), Interval(-2, 2)),
        (.character("}"), Interval(-10, 10), Interval(-1, 1)),
        (.character("{"), Interval(-10, 10), Interval(-4, 4)),
    ])
    func keysPanAndZoom(key: ExploreEvent.Key, x: Interval, y: Interval) throws {
        var state = try Self.state()
        #expect(state.handle(.key(key)) == [])
        #expect(Self.close(state.x, x), "x \(state.x)")
        #expect(Self.close(state.y, y), "y \(String(describing: state.y))")
    }

    @Test func startOriginAndAutomaticY() throws {
        var state = try Self.state()
        _ = state.handle(.key(.right))
        _ = state.handle(.key(.character("+")))
        _ = state.handle(.key(.character("o")))
        #expect(Self.close(state.x, Interval(-5, 5)) && Self.close(state.y, Interval(-1, 1)))
        _ = state.handle(.key(.character("a")))
        #expect(state.y == nil)
        _ = state.handle(.key(.character("0")))
        #expect(state.x == Interval(-10, 10) && state.y == Interval(-2, 2))
    }

    @Test func zoomWithAnAutomaticYZoomsXAndPanningInYFixesY() throws {
        var state = try Self.state(y: nil)
        _ = state.handle(.key(.character("+")))
        #expect(Self.close(state.x, Interval(-5, 5)) && state.y == nil)
        _ = state.handle(.key(.up))
        #expect(state.y != nil)
    }

    @Test func traceCursor() throws {
        var state = try Self.state()
        let width = try #require(state.drawn).viewport.width
        _ = state.handle(.key(.character("t")))
        #expect(state.traceColumn == width / 2 && state.trace?.function == 0)
        _ = state.handle(.key(.right))
        _ = state.handle(.key(.right))
        _ = state.handle(.key(.left))
        #expect(state.traceColumn == width / 2 + 1)
        #expect(state.x == Interval(-10, 10), "arrows move the cursor, not the view, while tracing")
        _ = state.handle(.key(.tab))
        #expect(state.trace?.function == 1)
        _ = state.handle(.key(.tab))
        #expect(state.trace?.function == 0)
        for _ in 0..<(2 * width) { _ = state.handle(.key(.right)) }
        #expect(state.traceColumn == width - 1)
        _ = state.handle(.key(.character("t")))
        #expect(state.trace == nil)
    }

    /// The cursor stands at a model x: zooms, pans and resizes leave it there.
    @Test func theTraceKeepsItsXThroughZoomsAndResizes() throws {
        var state = try Self.state()
        _ = state.handle(.key(.character("t")))
        let x = try #require(state.traceX)
        _ = state.handle(.key(.character("+")))
        _ = state.handle(.resize(columns: 40, rows: 12))
        if let drawn = ExploreFrame(state).drawn { _ = state.handle(.drawn(drawn)) }
        _ = state.handle(.resize(columns: 100, rows: 30))
        if let drawn = ExploreFrame(state).drawn { _ = state.handle(.drawn(drawn)) }
        #expect(state.traceX == x)
        // Off screen after a pan, the first arrow brings it back to the edge.
        for _ in 0..<20 { _ = state.handle(.key(.character("l"))) }
        #expect(state.traceColumn == nil)
        _ = state.handle(.key(.right))
        #expect(state.traceColumn == 0)
    }

    @Test func ctrlCIsAnInterruption() throws {
        var state = try Self.state()
        #expect(state.handle(.key(.interrupt)) == [.quit])
        #expect(state.wasInterrupted)
        var other = try Self.state()
        _ = other.handle(.key(.character("q")))
        #expect(!other.wasInterrupted)
    }

    @Test func zoomStopsAtTheLastViewThatCanBeDrawn() throws {
        var state = try Self.state()
        for _ in 0..<1200 { _ = state.handle(.key(.character("+"))) }
        #expect(state.message == "cannot zoom or pan further")
        #expect(ExploreFrame(state).drawn != nil, "the last view kept can still be drawn")
        var far = try Self.state()
        for _ in 0..<2000 { _ = far.handle(.key(.character("-"))) }
        for _ in 0..<100 { _ = far.handle(.key(.character("l"))) }
        #expect(far.x.width.isFinite && ExploreFrame(far).drawn != nil)
    }

    @Test func toggles() throws {
        var state = try Self.state()
        _ = state.handle(.key(.character("g")))
        _ = state.handle(.key(.character("m")))
        _ = state.handle(.key(.character("?")))
        #expect(state.showsGrid && state.mode == .braille && state.showsHelp)
        // Esc closes the help before it quits.
        #expect(state.handle(.key(.escape)) == [])
        #expect(!state.showsHelp)
        #expect(state.handle(.key(.character("s"))) == [.save])
        _ = state.handle(.saved(.success("graphcalc-explore-1.svg")))
        #expect(state.message == "saved graphcalc-explore-1.svg")
        _ = state.handle(.key(.character("x")))
        #expect(state.message == nil)
    }

    @Test(arguments: [ExploreEvent.Key.character("q"), .escape, .interrupt])
    func quitKeys(key: ExploreEvent.Key) throws {
        var state = try Self.state()
        #expect(state.handle(.key(key)) == [.quit])
    }

    /// The screen cell over model point (x, y) in the drawn plot area (cells from 1).
    static func cell(_ state: ExploreState, x: Double, y: Double) throws -> (column: Int, row: Int) {
        let area = try #require(state.drawn)
        return (
            Int(area.viewport.pixelX(for: x)) + area.column + 1, Int(area.viewport.pixelY(for: y)) + area.row + 1
        )
    }

    @Test func theWheelZoomsAboutThePointer() throws {
        var state = try Self.state()
        let (column, row) = try Self.cell(state, x: 5, y: 1)
        let area = try #require(state.drawn)
        let under = (
            area.viewport.x(atPixel: Double(column - 1 - area.column) + 0.5),
            area.viewport.y(atPixel: Double(row - 1 - area.row) + 0.5)
        )
        _ = state.handle(.mouse(.wheelUp, column: column, row: row, time: 0))
        #expect(Tolerance.isClose(state.x.width, 16, relative: 1e-9))
        // The point under the pointer stays where it was on the screen.
        let fraction = (under.0 - state.x.lower) / state.x.width
        #expect(Tolerance.isClose(fraction, (under.0 + 10) / 20, relative: 1e-9))
        _ = state.handle(.mouse(.wheelDown, column: column, row: row, time: 0))
        #expect(Self.close(state.x, Interval(-10, 10)))
    }

    @Test func aDragPans() throws {
        var state = try Self.state()
        let area = try #require(state.drawn).viewport
        let cellWidth = 20 / Double(area.width), cellHeight = 4 / Double(area.height)
        _ = state.handle(.mouse(.press, column: 20, row: 10, time: 0))
        _ = state.handle(.mouse(.drag, column: 24, row: 12, time: 0.1))
        _ = state.handle(.mouse(.release, column: 24, row: 12, time: 0.2))
        #expect(Self.close(state.x, Interval(-10 - 4 * cellWidth, 10 - 4 * cellWidth)))
        #expect(Self.close(state.y, Interval(-2 + 2 * cellHeight, 2 + 2 * cellHeight)))
        #expect(state.trace == nil, "a drag is not a click")
    }

    @Test func aClickTracesAndADoubleClickMovesTheOrigin() throws {
        var state = try Self.state()
        let (column, row) = try Self.cell(state, x: 5, y: 1)
        _ = state.handle(.mouse(.press, column: column, row: row, time: 1))
        _ = state.handle(.mouse(.release, column: column, row: row, time: 1.05))
        let area = try #require(state.drawn)
        #expect(state.traceColumn == column - 1 - area.column)
        #expect(abs((state.traceX ?? 0) - 5) < 20 / Double(area.viewport.width))
        // A click on the legend (row 1) traces nothing.
        var legend = try Self.state()
        _ = legend.handle(.mouse(.press, column: column, row: 1, time: 1))
        _ = legend.handle(.mouse(.release, column: column, row: 1, time: 1))
        #expect(legend.trace == nil)
        _ = state.handle(.mouse(.press, column: column, row: row, time: 1.2))
        _ = state.handle(.mouse(.release, column: column, row: row, time: 1.25))
        // (0, 0) is now under the pointer: the view moved by about (5, 1).
        #expect(abs(state.x.lower - -15) < 0.2 && abs(state.x.upper - 5) < 0.2)
        #expect(abs((state.y?.lower ?? 0) - -3) < 0.2 && abs((state.y?.upper ?? 0) - 1) < 0.2)
        // Two clicks too far apart in time are two clicks.
        var slow = try Self.state()
        for time in [1.0, 2.0] {
            _ = slow.handle(.mouse(.press, column: column, row: row, time: time))
            _ = slow.handle(.mouse(.release, column: column, row: row, time: time))
        }
        #expect(slow.x == Interval(-10, 10))
    }

    @Test func aResizeKeepsTheView() throws {
        var state = try Self.state()
        _ = state.handle(.resize(columns: 120, rows: 40))
        #expect(state.columns == 120 && state.rows == 40 && state.x == Interval(-10, 10))
        let frame = ExploreFrame(state)
        #expect(frame.lines.count == 40 && frame.lines.allSatisfy { $0.count == 120 })
    }

}
