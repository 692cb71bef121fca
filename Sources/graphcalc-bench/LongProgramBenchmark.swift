import Foundation

/// The million-op program drawn as a user draws it: `scripts/deep_program.py` writes the
/// right-nested sum of 200,000 sines as a binary property list, and `graphcalc` itself
/// (built beside the bench, a dependency of it) runs each verb in a process of its own,
/// timed from its start to its exit, its peak memory its own.
enum LongProgramBenchmark {
    /// What is timed: the program's terms (sines), the verb's arguments after
    /// `--file PATH`, and the issue's target. The million-op program's `svg` refines only
    /// the first level; a program of 48,000 ops is refined, its evaluations batched.
    private static let cases: [(name: String, terms: Int, arguments: [String], target: String)] = [
        ("plot, braille 80×24", 200_000, ["plot", "--mode", "braille", "--size", "80x24"], "under 5 s"),
        ("plot, ASCII 80×24", 200_000, ["plot", "--mode", "ascii", "--size", "80x24"], ""),
        ("svg 800×500", 200_000, ["svg", "-o", "OUT"], "under 10 s"),
        ("svg 800×500, 12,000 sines (48,000 ops)", 12_000, ["svg", "-o", "OUT"], ""),
    ]

    /// Writes the program to a temporary directory and times each case in a child process.
    static func run(scripts: URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "graphcalc-bench-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var plists: [Int: URL] = [:]
        for terms in Set(cases.map(\.terms)) {
            let plist = directory.appendingPathComponent("deep-\(terms).plist")
            let written = PeerFigures.run(
                script: scripts.appendingPathComponent("deep_program.py"), arguments: [plist.path, String(terms)],
                installHint: "scripts/deep_program.py could not write the program")
            if let problem = written.problem {
                print("  million-op program: (\(problem))")
                return
            }
            plists[terms] = plist
        }
        let graphcalc = MeasuredProcess.graphcalc
        guard let started = MeasuredProcess.run(graphcalc, ["--version"]), started.status == 0 else {
            print("  million-op program: (\(graphcalc) could not be run; build it with swift build -c release)")
            return
        }
        // A forked child counts this process's private pages until it starts graphcalc,
        // so its peak is at least theirs: this process should be a fresh one (a bare
        // start's peak shows the floor).
        print(
            "million-op program (scripts/deep_program.py, a binary plist), each verb a graphcalc process, "
                + "start to exit, its own peak memory (target < 50 MB; a bare start, --version, "
                + "\(started.peakMegabytes) MB):")
        for (name, terms, arguments, target) in cases {
            guard let plist = plists[terms] else { continue }
            let verb =
                [arguments[0], "--file", plist.path]
                + arguments.dropFirst().map { $0 == "OUT" ? directory.appendingPathComponent("deep.svg").path : $0 }
            guard let run = MeasuredProcess.run(graphcalc, verb) else { continue }
            let status = run.status == 0 ? "" : ", exit status \(run.status)"
            print(
                "  \(name): \(String(format: "%.2f", run.seconds)) s, peak \(run.peakMegabytes) MB\(status)"
                    + (target.isEmpty ? "" : "; target \(target)"))
        }
    }
}
