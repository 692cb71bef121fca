import Foundation
import GraphCalcCLI
import GraphCalcSupport

/// The million-op program drawn as a user draws it: `scripts/deep_program.py` writes the
/// right-nested sum of 200,000 sines as a binary property list, and each verb runs in a
/// process of its own (`graphcalc-bench --long-program-run VERB…`), which reports its
/// time and its peak memory (VmHWM), reading the file included.
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
        print(
            "million-op program (scripts/deep_program.py, a binary plist), each verb in a fresh bench process, "
                + "its peak VmHWM (graphcalc alone peaks about 4 MB lower; target < 50 MB):")
        for (name, terms, arguments, target) in cases {
            guard let plist = plists[terms] else { continue }
            let verb =
                [arguments[0], "--file", plist.path]
                + arguments.dropFirst().map { $0 == "OUT" ? directory.appendingPathComponent("deep.svg").path : $0 }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--long-program-run"] + verb
            let output = Pipe()
            child.standardOutput = output
            guard (try? child.run()) != nil else { continue }
            let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            child.waitUntilExit()
            let fields = report.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard fields.count == 4, let seconds = Double(fields[0]) else { continue }
            let status = fields[2] == "0" ? "" : ", exit status \(fields[2])"
            print(
                "  \(name): \(String(format: "%.2f", seconds)) s, peak \(fields[1]) MB "
                    + "(\(fields[3]) MB at start)\(status)" + (target.isEmpty ? "" : "; target \(target)"))
        }
    }

    /// In the child: runs the verb, then prints its seconds, peak megabytes and status.
    static func runOne(_ arguments: [String]) {
        let console = CapturingConsole()
        let start = residentMegabytes()
        var status: Int32 = 0
        let seconds = Clock.seconds { status = GraphCalc.run(arguments: arguments, console: console) }
        print("\(seconds)\t\(peakResidentMegabytes())\t\(status)\t\(start)")
    }
}
