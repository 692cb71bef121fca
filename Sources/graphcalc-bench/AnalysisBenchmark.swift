import CalculatorBrain
import Foundation
import Graphing

/// One analysis problem: what `scripts/scipy_peer.py` solves under the same name, and how
/// graphcalc solves it, with its answer in words.
///
/// The clock covers what scipy's does: the solve, from a parsed program as scipy's from a
/// Python function. Everything the method builds is inside it (the derivatives, the
/// compiled programs and series); parsing the text and writing the answer are outside.
struct AnalysisBenchmark: Sendable {
    /// Z for zeros, I for integrals, M for a global minimum.
    let name: String
    /// What is asked: `zeros of sin(x) on [-10, 10]`.
    let question: String
    /// The function, as it is typed.
    let infix: String
    /// Solves it, and gives what says the answer, for after the clock stops.
    let solve: @Sendable (Program) throws -> @Sendable () -> String

    private static func zeros(_ name: String, _ infix: String, _ a: Double, _ b: Double) -> AnalysisBenchmark {
        AnalysisBenchmark(name: name, question: "zeros of \(infix) on [\(a), \(b)]", infix: infix) { program in
            // As `graphcalc zeros` builds it: the function and its slope.
            let zeros = try AnalysedFunction(program, order: 1).zeros(in: Interval(a, b))
            return {
                let proved = zeros.filter { $0.status == .proved }.count
                return "\(proved) proved, \(zeros.count - proved) possible"
            }
        }
    }

    private static func integral(_ name: String, _ infix: String, _ a: Double, _ b: Double) -> AnalysisBenchmark {
        let question = "∫ \(infix) on [\(String(format: "%.6g", a)), \(b)]"
        return AnalysisBenchmark(name: name, question: question, infix: infix) { program in
            // As `graphcalc integrate` builds it: derivatives only where the Taylor rule
            // lacks an operation's recurrence.
            let integral = try AnalysedFunction(integrating: program).integral(over: Interval(a, b))
            return {
                let width =
                    integral.enclosure.map { String(format: " ±%.1e, %d pieces", $0.width / 2, integral.pieces) }
                    ?? " (not enclosed)"
                return String(format: "%.17g", integral.estimate) + width
            }
        }
    }

    private static func minimum(_ name: String, _ infix: String, _ a: Double, _ b: Double) -> AnalysisBenchmark {
        AnalysisBenchmark(name: name, question: "global min of \(infix) on [\(a), \(b)]", infix: infix) { program in
            // As `graphcalc extrema` builds it: the function, its slope and its bending.
            let f = try AnalysedFunction(program, order: 2)
            let finder = ExtremumFinder(function: f.function, derivative: f.slope, secondDerivative: f.bending)
            let least = finder.globalExtremum(in: Interval(a, b), maximum: false)
            return {
                guard let least else { return "none" }
                return String(format: "min %.17g at %.6g ±%.1e", least.value.upper, least.x, least.value.width)
            }
        }
    }

    /// Prints each problem's time and answer beside scipy's from the same run
    /// (`scripts/scipy_peer.py`), with the ratio.
    static func run(runs: Int, scripts: URL, only names: [String] = []) {
        print("")
        print("analysis, ms per solve (median of \(runs)); scipy's figures from scripts/scipy_peer.py in the same run:")
        let scipy = PeerFigures.run(
            script: scripts.appendingPathComponent("scipy_peer.py"),
            installHint: "scipy could not be run (pip install numpy scipy)")
        if let problem = scipy.problem { print("  (\(problem))") }
        print(
            "    " + "problem".padding(toLength: 44, withPad: " ", startingAt: 0) + "graphcalc ms".leftPadded(13)
                + "  " + "answer".padding(toLength: 34, withPad: " ", startingAt: 0) + "scipy ms".leftPadded(9)
                + "ratio".leftPadded(9) + "  answer")
        for problem in all where names.isEmpty || names.contains(problem.name) {
            var describe: (@Sendable () -> String)?
            let program = try? Program(parsing: problem.infix)
            let seconds = Clock.median(runs: runs) { describe = program.flatMap { try? problem.solve($0) } }
            let answer = describe?() ?? "error"
            let peer = scipy.figures[problem.name]
            let ratio = peer.map { format(seconds * 1000 / $0.value, 2) + "×" } ?? "–"
            print(
                problem.name + "  " + problem.question.padding(toLength: 44, withPad: " ", startingAt: 0)
                    + format(seconds * 1000, 3).leftPadded(13) + "  "
                    + answer.padding(toLength: 34, withPad: " ", startingAt: 0)
                    + (peer.map { format($0.value, 3) } ?? "–").leftPadded(9) + ratio.leftPadded(9) + "  "
                    + (peer?.answer ?? ""))
        }
    }

    /// The problems, named as the scipy peer names them.
    static let all: [AnalysisBenchmark] = [
        zeros("Z1", "sin(x)", -10, 10),
        zeros("Z2", "x^3-2x+1", -2, 2),
        zeros("Z3", "tan(x)-x", 0, 20),
        zeros("Z4", "(x-1)*(x-1.000001)", 0, 2),
        zeros("Z5", "sin(1/x)", 0.01, 1),
        integral("I1", "sin(x)", 0, Double.pi),
        integral("I2", "exp(-x^2)", -5, 5),
        integral("I3", "sqrt(x)", 0, 1),
        integral("I4", "exp(-((x-0.3)*1e4)^2)", 0, 1),
        minimum("M1", "cos(3x)+x/4", -4, 4),
    ]
}

/// A peer's figures, from a script that prints `name<TAB>ms<TAB>answer<TAB>…` lines: run
/// in the same process tree, so in the same run as ours.
struct PeerFigures {
    /// The figure (milliseconds, or ns per point) and the answer, by problem name.
    let figures: [String: (value: Double, answer: String)]
    /// Why there are none, when there are none (`scipy is not installed: pip install scipy`).
    let problem: String?

    /// Runs `python3 script`; without OPENBLAS_CORETYPE and OPENBLAS_L2_SIZE, which slow
    /// numpy on this machine when set.
    static func run(script: URL, arguments: [String] = [], installHint: String) -> PeerFigures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["OPENBLAS_CORETYPE"] = nil
        environment["OPENBLAS_L2_SIZE"] = nil
        process.environment = environment
        // Standard error is not read (a chatty script would fill the pipe and stall).
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return PeerFigures(figures: [:], problem: "python3 could not be run: \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 { return PeerFigures(figures: [:], problem: "python3 not found") }
        guard process.terminationStatus == 0 else {
            return PeerFigures(figures: [:], problem: installHint)
        }
        var figures: [String: (Double, String)] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 3, let milliseconds = Double(fields[1]) else { continue }
            figures[fields[0]] = (milliseconds, fields[2])
        }
        return PeerFigures(figures: figures, problem: nil)
    }
}
