import Graphing
import TestSupport
import Testing

@testable import GraphCalcCLI

/// The one viewport: ranges and scale-with-origin set the same state.
@Suite struct SessionViewTests {
    private static func close(_ a: Double, _ b: Double) -> Bool { Tolerance.isClose(a, b, relative: 1e-9) }

    @Test func rangesAndScaleAreTwoWaysOfSettingOneViewport() throws {
        var view = SessionView()
        try view.setRanges(x: Interval(-1, 1), y: Interval(0, 2))
        #expect(view.fit == .ranges && !view.isYAutomatic)
        try view.setScale(10)
        // The middle (0, 1) stays; 72 × 19 cells at 10 columns and 5 rows per unit.
        #expect(Self.close(view.x.lower, -3.6) && Self.close(view.x.upper, 3.6))
        #expect(view.y.map { Self.close($0.lower, 1 - 1.9) && Self.close($0.upper, 1 + 1.9) } == true)
        try view.setOrigin(x: 0, y: 0)
        #expect(view.fit == .scaleAboutOrigin)
        #expect(Self.close(view.viewport.origin.x, 0) && Self.close(view.viewport.origin.y, 0))
        try view.setRanges(x: Interval(0, 4), y: nil)
        #expect(view.fit == .ranges && view.isYAutomatic && view.columnsPerUnit == nil)
    }

    /// A quarter of ranges typed with one decimal would not survive lower + width × step.
    @Test(arguments: [(0.1, 0.7), (-3.3, 9.9), (0.3, 2.9)])
    func rangesReadBackExactly(lower: Double, upper: Double) throws {
        var view = SessionView()
        try view.setRanges(x: Interval(lower, upper), y: Interval(lower, upper))
        #expect(view.x == Interval(lower, upper))
        #expect(view.y == Interval(lower, upper))
    }

    @Test func zoomWithAnAutomaticYZoomsXOnly() throws {
        var view = SessionView()
        try view.zoom(by: 4)
        #expect(Self.close(view.x.lower, -2.5) && Self.close(view.x.upper, 2.5))
        #expect(view.isYAutomatic && view.y == nil)
        try view.zoom(by: 0.5, about: Point(x: 2.5, y: 0))
        #expect(Self.close(view.x.lower, -7.5) && Self.close(view.x.upper, 2.5))
    }

    @Test func panningInYFixesTheAutomaticRange() throws {
        var view = SessionView()
        try view.pan(dx: 1, dy: 0)
        #expect(view.isYAutomatic && Self.close(view.x.lower, -9))
        try view.pan(dx: 0, dy: 1)
        #expect(!view.isYAutomatic && view.y.map { Self.close($0.lower, 0) && Self.close($0.upper, 2) } == true)
    }

    @Test func badChangesAreErrorsAndLeaveNoTrace() {
        var view = SessionView()
        #expect(throws: GraphingError.invalidZoom(0)) { try view.zoom(by: 0) }
        #expect(throws: GraphingError.invalidScale(-1)) { try view.setScale(-1) }
        #expect(throws: GraphingError.self) { try view.pan(dx: .greatestFiniteMagnitude, dy: 0) }
        #expect(view == SessionView())
    }
}
