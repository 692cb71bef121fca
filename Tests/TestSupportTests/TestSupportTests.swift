import Foundation
import TestSupport
import Testing

/// The helpers other tests trust: they must be able to fail.
@Suite(.serialized) struct TestSupportTests {
    static let distances: [(Double, Double, UInt64)] = [
        (0.0, -0.0, 0), (1.0, 1.0.nextUp, 1), (-1.0, -1.0.nextUp, 1), (0.0, Double.leastNonzeroMagnitude, 1),
        (-Double.leastNonzeroMagnitude, Double.leastNonzeroMagnitude, 2),
        (Double.infinity, .greatestFiniteMagnitude, 1),
        (Double.nan, .nan, 0), (Double.nan, 1, .max), (Double.infinity, -.infinity, 0xFFE0_0000_0000_0000),
    ]

    @Test(arguments: distances)
    func ulpsCountTheDoublesBetween(a: Double, b: Double, ulps: UInt64) {
        #expect(Tolerance.ulps(a, b) == ulps)
        #expect(Tolerance.ulps(b, a) == ulps)
    }

    @Test func relativeClosenessHandlesZeroInfinityAndNaN() {
        #expect(Tolerance.isClose(1e-12, 0, relative: 1e-9))
        #expect(!Tolerance.isClose(1e6, 1e6 + 1, relative: 1e-9))
        #expect(Tolerance.isClose(1e6, 1e6 + 1e-4, relative: 1e-9))
        #expect(Tolerance.isClose(.infinity, .infinity, relative: 0))
        #expect(!Tolerance.isClose(.infinity, .greatestFiniteMagnitude, relative: 1))
        #expect(!Tolerance.isClose(.nan, 0, relative: 1))
    }

    @Test func aGoldenFileMismatchShowsTheLinesThatDiffer() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("a\nb\nc\n".utf8).write(to: directory.appendingPathComponent("g.txt"))
        #expect(GoldenFile.mismatch("a\nb\nc\n", name: "g.txt", directory: directory) == nil)
        #expect(
            GoldenFile.mismatch("a\nB\nc\n", name: "g.txt", directory: directory)
                == "g.txt differs from its golden file (- golden, + now):\n2 - b\n2 + B")
        let missing = GoldenFile.mismatch("a", name: "none.txt", directory: directory)
        #expect(missing?.hasPrefix("no golden file") == true)
    }

    @Test func recordingWritesTheFileAndStillFails() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        setenv("GRAPHCALC_RECORD", "1", 1)
        let recorded = GoldenFile.mismatch("new\n", name: "r.txt", directory: directory)
        unsetenv("GRAPHCALC_RECORD")
        #expect(recorded?.hasPrefix("recorded ") == true)
        #expect(try String(contentsOf: directory.appendingPathComponent("r.txt"), encoding: .utf8) == "new\n")
        #expect(GoldenFile.mismatch("new\n", name: "r.txt", directory: directory) == nil)
    }
}
