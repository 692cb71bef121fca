import Foundation

/// `graphcalc` as a user's shell runs it, each run a process of its own: the start of a
/// process that does nothing (`--version`) beside `plot` and `svg` of small functions,
/// in interleaved rounds so the machine's slow phases fall on all three. A plot at the
/// floor costs little more than the start.
enum ProcessBenchmark {
    /// Medians of `rounds` runs of each case, in ms, and each one's ratio to the start.
    static func run(rounds: Int) {
        let graphcalc = MeasuredProcess.graphcalc
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("graphcalc-bench-\(getpid()).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let cases: [(name: String, arguments: [String])] = [
            ("graphcalc --version (the start)", ["--version"]),
            ("plot 'sin(x)' --size 80x24", ["plot", "sin(x)", "--size", "80x24"]),
            ("svg sin(x) cos(x) x^3/100 -o F", ["svg", "sin(x)", "cos(x)", "x^3/100", "-o", svg.path]),
        ]
        var seconds = Array(repeating: [Double](), count: cases.count)
        for _ in 0..<rounds {
            for (index, (_, arguments)) in cases.enumerated() {
                guard let run = MeasuredProcess.run(graphcalc, arguments), run.status == 0 else {
                    print("graphcalc as a process: (\(graphcalc) \(arguments.joined(separator: " ")) failed)")
                    return
                }
                seconds[index].append(run.seconds)
            }
        }
        let medians = seconds.map { Clock.median(of: $0) * 1000 }
        print("graphcalc as a process, start to exit, ms (median of \(rounds), interleaved):")
        for (index, name) in cases.map(\.name).enumerated() {
            let ratio = index == 0 ? "" : "  " + format(medians[index] / medians[0]) + "× the start"
            print(
                "  " + name.padding(toLength: 34, withPad: " ", startingAt: 0) + format(medians[index]).leftPadded(7)
                    + ratio)
        }
    }
}
