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

    /// Prints each problem's time and answer beside scipy's (`scripts/scipy_peer.py`),
    /// with the ratio. The two sides alternate: in each of `rounds` rounds every problem
    /// is timed by scipy and by graphcalc in turn (which goes first alternates too), each
    /// the median of `runs` solves; each side's figure is the median over the rounds, and
    /// the ratio the median of the rounds' ratios, so a slow phase of the machine (a few
    /// seconds, up to twice as slow) falls on both sides of a ratio.
    static func run(runs: Int, rounds: Int = 5, scripts: URL, only names: [String] = []) {
        print("")
        print(
            "analysis, ms per solve (median of \(rounds) rounds, each the median of \(runs) solves); "
                + "scipy's figures from scripts/scipy_peer.py, its rounds alternating with ours:")
        let problems = all.filter { names.isEmpty || names.contains($0.name) }
        let scipy = PeerProcess(script: scripts.appendingPathComponent("scipy_peer.py"))
        var ours: [String: [Double]] = [:], theirs: [String: [Double]] = [:], ratios: [String: [Double]] = [:]
        var answers: [String: String] = [:], theirAnswers: [String: String] = [:]
        for round in 0..<max(1, rounds) {
            for problem in problems {
                let program = try? Program(parsing: problem.infix)
                var describe: (@Sendable () -> String)?
                var seconds = 0.0
                var peer: (milliseconds: Double, answer: String)?
                let timeOurs = {
                    seconds = Clock.median(runs: runs) { describe = program.flatMap { try? problem.solve($0) } }
                }
                if round.isMultiple(of: 2) {
                    peer = scipy?.figure(problem.name)
                    timeOurs()
                } else {
                    timeOurs()
                    peer = scipy?.figure(problem.name)
                }
                ours[problem.name, default: []].append(seconds * 1000)
                answers[problem.name] = describe?() ?? "error"
                if let peer {
                    theirs[problem.name, default: []].append(peer.milliseconds)
                    ratios[problem.name, default: []].append(seconds * 1000 / peer.milliseconds)
                    theirAnswers[problem.name] = peer.answer
                }
            }
        }
        if theirs.isEmpty { print("  (scipy could not be run: pip install numpy scipy)") }
        print(
            "    " + "problem".padding(toLength: 44, withPad: " ", startingAt: 0) + "graphcalc ms".leftPadded(13)
                + "  " + "answer".padding(toLength: 34, withPad: " ", startingAt: 0) + "scipy ms".leftPadded(9)
                + "ratio".leftPadded(9) + "  answer")
        for problem in problems {
            let milliseconds = Clock.median(of: ours[problem.name] ?? [])
            let peer = theirs[problem.name].map(Clock.median(of:))
            let ratio = ratios[problem.name].map { format(Clock.median(of: $0), 2) + "×" } ?? "–"
            print(
                problem.name + "  " + problem.question.padding(toLength: 44, withPad: " ", startingAt: 0)
                    + format(milliseconds, 3).leftPadded(13) + "  "
                    + (answers[problem.name] ?? "error").padding(toLength: 34, withPad: " ", startingAt: 0)
                    + (peer.map { format($0, 3) } ?? "–").leftPadded(9) + ratio.leftPadded(9) + "  "
                    + (theirAnswers[problem.name] ?? ""))
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

    /// The environment a peer runs in: this process's, without OPENBLAS_CORETYPE and
    /// OPENBLAS_L2_SIZE, which slow numpy on this machine when set.
    static var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["OPENBLAS_CORETYPE"] = nil
        environment["OPENBLAS_L2_SIZE"] = nil
        return environment
    }

    /// Runs `python3 script` in the peers' ``environment``.
    static func run(script: URL, arguments: [String] = [], installHint: String) -> PeerFigures {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path] + arguments
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
