import Foundation
import TestSupport
import Testing

@testable import GraphCalcCLI

/// Issue 26: the dependency problem beaten. Functions whose variable appears more than
/// once draw the cells their simplified forms draw, except in the one column holding the
/// singular point, and their sampled columns are exact there, a pixel row taller than
/// their values at most (one row where the function is constant).
@Suite struct DependencyProblemTests {
    /// A function, its simplified form, the y range, and the singular x (if any).
    struct Case: Sendable, CustomStringConvertible {
        let function: String
        let simplified: String
        let y: String
        let singular: Double?
        var description: String { function }
    }

    static let cases: [Case] = [
        Case(function: "x/x", simplified: "1", y: "-2:3", singular: 0),
        Case(function: "abs(x)/x", simplified: "sign(x)", y: "-2:2", singular: 0),
        Case(function: "x/abs(x)", simplified: "sign(x)", y: "-2:2", singular: 0),
        Case(function: "sin(x)/x", simplified: "sin(x)/x", y: "-0.5:1.5", singular: 0),
        Case(function: "(x^2-4)/(x-2)", simplified: "x+2", y: "-10:14", singular: 2),
        // (Values exactly on an edge between rows belong to both closed cells, and the
        // rounding of (x+1)^2-x^2-2x's evaluation reaches both; 1 and 0 lie inside a row
        // in these views, as they do in most.)
        Case(function: "(x+1)^2-x^2-2*x", simplified: "1", y: "-1.1:3", singular: nil),
        Case(function: "log(x)-ln(x)/ln(10)", simplified: "0*ln(x)", y: "-1:1.1", singular: 0),
    ]

    private static func plot(_ expression: String, y: String, mode: String) -> [String] {
        let run = CommandRun(["plot", expression, "--x", "-10:10", "--y", y, "--size", "60x16", "--mode", mode])
        // The legend names the function; the rest is the picture.
        return Array(run.output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init))
    }

    @Test(arguments: cases)
    func drawsTheCellsOfTheSimplifiedForm(_ example: Case) {
        for mode in ["braille", "ascii"] {
            let drawn = Self.plot(example.function, y: example.y, mode: mode)
            let simple = Self.plot(example.simplified, y: example.y, mode: mode)
            #expect(drawn.count == simple.count)
            var columns = Set<Int>()
            for (left, right) in zip(drawn, simple) where left != right {
                for (index, (a, b)) in zip(left, right).enumerated() where a != b { columns.insert(index) }
            }
            // At most the singular point's column differs.
            #expect(
                columns.count <= (example.singular == nil ? 0 : 1),
                "\(example.function) in \(mode) differs in columns \(columns.sorted()):\n\(drawn.joined(separator: "\n"))"
            )
        }
    }

    @Test(arguments: cases)
    func sampledColumnsAreOneRowTall(_ example: Case) throws {
        let run = CommandRun([
            "sample", example.function, "--x", "-10:10", "--y", example.y, "--width", "80", "--height", "24",
        ])
        let bounds = example.y.split(separator: ":").compactMap { Double($0) }
        let row = (bounds[1] - bounds[0]) / 24
        for line in run.output.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 8, let x0 = Double(fields[1]), let x1 = Double(fields[2]),
                let low = Double(fields[3]), let high = Double(fields[4]), let seenLow = Double(fields[6]),
                let seenHigh = Double(fields[7])
            else { continue }
            if let singular = example.singular, x0 <= singular && singular <= x1 { continue }
            // Exact: beyond the values seen by at most a row at each end, and within one
            // row where the function is constant.
            #expect(fields[5] == "1" && low >= seenLow - row && high <= seenHigh + row, "\(example.function): \(line)")
            if seenLow == seenHigh { #expect(high - low <= row, "\(example.function): \(line)") }
        }
    }
}
