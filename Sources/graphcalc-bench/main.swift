import CalculatorBrain
import ChartData
import Foundation
import GraphCalcCLI
import GraphCalcSupport
import Graphing
import Plotting

// graphcalc-bench: evaluation speed of the compiled evaluator against a hand-written Swift
// closure and the textbook recursive evaluator, on the grid numpy_peer.py uses
// (x_i = -10 + i*20/(N-1), N = 10^7, blocks of 16,384), and the time to sample a
// 1000-column viewport with enclosures tight to 600 pixel rows, rendering and explore
// frames, the analysis verbs' work beside scipy's (scripts/scipy_peer.py, run here
// when Python has scipy), word counts beside Python's (scripts/words_peer.py) and the
// compilation of a million-op program. Release builds only:
//   swift run -c release graphcalc-bench [N]

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--interval-memory" {
    reportIntervalMemory()
    exit(0)
}
if arguments.first == "--long-program" {
    // The million-op program's plot and svg alone.
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts")
    LongProgramBenchmark.run(scripts: scripts)
    exit(0)
}
if arguments.first == "--data-memory", let path = arguments.dropFirst().first {
    // In a process of its own, so that the peak is the reading's alone.
    let rows = DataBenchmark.read(path)?.rowCount ?? 0
    print("\(rows)\t\(DataBenchmark.peakMegabytes())")
    exit(0)
}
if arguments.first == "--data" {
    // The data rows alone, at 10^7 rows (or N).
    let rows = arguments.dropFirst().first.flatMap { Int($0) } ?? 10_000_000
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts")
    DataBenchmark.run(rows: max(2, rows), runs: 3, scripts: scripts)
    exit(0)
}
if arguments.first == "--analysis" {
    // The analysis rows alone, beside scipy's.
    let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("scripts")
    AnalysisBenchmark.run(runs: 5, scripts: scripts, only: Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--solve", let name = arguments.dropFirst().first,
    let problem = AnalysisBenchmark.all.first(where: { $0.name == name })
{
    // One problem solved again and again, without scipy: for a profiler.
    let times = arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000
    let program = try Program(parsing: problem.infix)
    var describe: (@Sendable () -> String)?
    let seconds = Clock.median(runs: 1) {
        for _ in 0..<max(1, times) { describe = try? problem.solve(program) }
    }
    print("\(name): \(format(seconds * 1e3 / Double(max(1, times)), 4)) ms per solve; \(describe?() ?? "error")")
    exit(0)
}
if arguments.contains("-h") || arguments.contains("--help") {
    print(
        """
        usage: swift run -c release graphcalc-bench [N]   (N points per expression, default 10000000)
               graphcalc-bench --interval-memory          (the memory of a million-op program, alone)
               graphcalc-bench --long-program             (the million-op program's plot and svg, and a 48,000-op program's svg, alone)
               graphcalc-bench --data [ROWS]              (the data rows alone, 10000000 rows by default)
               graphcalc-bench --analysis [NAME...]       (the analysis rows alone, or those named, beside scipy)
               graphcalc-bench --solve NAME [TIMES]       (one analysis problem solved TIMES times, for a profiler)
        """)
    exit(0)
}
guard let count = arguments.first.map({ Int($0) }) ?? 10_000_000, count >= 2 else {
    FileHandle.standardError.write(Data("error: N must be a whole number of at least 2\n".utf8))
    exit(2)
}
let block = 16_384
let step = 20.0 / Double(count - 1)
let runs = 3
let indexes = (0..<block).map(Double.init)

/// ns per point of evaluating `evaluate` over the grid in blocks, and the sum of the values.
func measure(points: Int = count, _ evaluate: ([Double]) -> [Double]) -> (nanoseconds: Double, sum: Double) {
    var sum = 0.0
    let seconds = Clock.median(runs: runs) {
        sum = 0
        var xs = [Double](repeating: 0, count: block)
        var start = 0
        while start < points {
            let size = min(block, points - start)
            if xs.count != size { xs = [Double](repeating: 0, count: size) }
            // As numpy's peer computes its x: from an array of indexes, so the loop is
            // vectorised (Double(start + index) would convert one integer at a time).
            xs.withUnsafeMutableBufferPointer { xs in
                indexes.withUnsafeBufferPointer { indexes in
                    let offset = Double(start)
                    for index in xs.indices { xs[index] = (indexes[index] + offset) * step - 10 }
                }
            }
            sum += finiteSum(evaluate(xs))
            start += size
        }
    }
    return (seconds / Double(points) * 1e9, sum)
}

/// The sum of the finite values, eight lanes at a time: consuming the results costs
/// little beside evaluating them, as np.sum does for numpy's peer (one running total
/// would be a chain of dependent additions, a nanosecond a point).
func finiteSum(_ values: [Double]) -> Double {
    values.withUnsafeBufferPointer { buffer in
        var lanes = SIMD8<Double>()
        var index = 0
        if let base = buffer.baseAddress {
            while index + 8 <= buffer.count {
                let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD8<Double>.self)
                // x − x is 0 exactly when x is finite.
                lanes += chunk.replacing(with: 0, where: .!(chunk - chunk .== 0))
                index += 8
            }
        }
        var sum = lanes.sum()
        while index < buffer.count {
            if buffer[index].isFinite { sum += buffer[index] }
            index += 1
        }
        return sum
    }
}

func format(_ value: Double, _ digits: Int = 2) -> String {
    String(format: "%.\(digits)f", value)
}

print("graphcalc-bench: N = \(count) points on [-10, 10], median of \(runs) runs, one thread")
let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("scripts")
// numpy on the same grid, in the same run (scripts/numpy_peer.py), when Python has it.
let numpy = PeerFigures.run(
    script: scripts.appendingPathComponent("numpy_peer.py"), arguments: ["\(count)"],
    installHint: "numpy could not be run (pip install numpy)")
if let problem = numpy.problem { print("  (\(problem))") }
print("")
print(
    "expr  compiled ns/pt  closure ns/pt  numpy ns/pt  textbook ns/pt  compiled÷closure  compiled÷numpy  textbook÷closure  sample 1000×600 ms"
)
for benchmark in Benchmark.all {
    let program = try Program(parsing: benchmark.infix)
    let function = try ProgramFunction(program: program)
    let compiled = measure { function.values(at: $0) }
    let closure = measure { xs in xs.map(benchmark.closure) }
    // The textbook evaluator is thousands of times slower: a slice of the grid is enough.
    let textbookPoints = max(1, min(count, 20_000_000 / max(program.ops.count * program.ops.count, 1)))
    let opArray = Array(program.ops)
    let textbook = measure(points: textbookPoints) { xs in
        xs.map { TextbookEvaluator.evaluate(opArray, x: $0) ?? .nan }
    }
    let yRange = AutomaticRange.yRange(for: function, x: Interval(-10, 10), columns: 1000)
    let viewport = try Viewport(width: 1000, height: 600, x: Interval(-10, 10), y: yRange)
    var pieces = 0
    let sampling = Clock.median(runs: runs) {
        pieces = ColumnSampler(function: function, viewport: viewport).sample().count
    }
    precondition(pieces == 1000)
    let peer = numpy.figures[benchmark.name]?.value
    print(
        benchmark.name.padding(toLength: 6, withPad: " ", startingAt: 0)
            + format(compiled.nanoseconds).leftPadded(14) + format(closure.nanoseconds).leftPadded(15)
            + (peer.map { format($0) } ?? "–").leftPadded(13)
            + format(textbook.nanoseconds, 0).leftPadded(16)
            + (format(compiled.nanoseconds / closure.nanoseconds) + "×").leftPadded(18)
            + (peer.map { format(compiled.nanoseconds / $0) + "×" } ?? "–").leftPadded(16)
            + (format(textbook.nanoseconds / closure.nanoseconds, 0) + "×").leftPadded(18)
            + format(sampling * 1000, 1).leftPadded(20))
    let numpySum = numpy.figures[benchmark.name].map { ", numpy (adding pairwise) \($0.answer)" } ?? ""
    print("      sums: compiled \(compiled.sum), closure \(closure.sum)\(numpySum)")
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}

// The in-process render of a 200×60 terminal plot, braille and ASCII, one function.
print("")
print("render 200×60 in-process (ms, median of \(runs)):")
for infix in ["sin(x)", "tan(x)+1/(x-1)"] {
    let program = try Program(parsing: infix)
    let figure = Figure(
        functions: [FunctionLayer(try ProgramFunction(program: program), label: program.description)],
        x: Interval(-10, 10))
    var line = "  " + infix.padding(toLength: 16, withPad: " ", startingAt: 0)
    for mode in TerminalPlot.Mode.allCases {
        let plot = TerminalPlot(mode: mode, isColored: true, width: 200, height: 60)
        var lines = 0
        let seconds = Clock.median(runs: runs) { lines = (try? plot.render(figure).count) ?? 0 }
        precondition(lines == 60)
        line += "  \(mode.rawValue) " + format(seconds * 1000)
    }
    print(line)
}

// The same as a whole process: plot and svg beside a process's bare start.
print("")
ProcessBenchmark.run(rounds: 21)

// explore: a 200×60 frame after a key (pan, zoom, trace), state change and screen update
// included, as key repeat asks for them one after another.
print("")
print("explore 200×60, ms per key (median of \(runs)):")
for infix in ["sin(x)", "tan(x)+1/(x-1)"] {
    var line = "  " + infix.padding(toLength: 16, withPad: " ", startingAt: 0)
    for mode in TerminalPlot.Mode.allCases {
        let keys = "llll++--ttt"
        var frames = 0
        let seconds = Clock.median(runs: runs) {
            frames = (try? Explore.frames(of: [infix], columns: 200, rows: 60, mode: mode, keys: keys).count) ?? 0
        }
        precondition(frames == keys.count + 1)
        line += "  \(mode.rawValue) " + format(seconds * 1000 / Double(frames))
    }
    print(line)
}

// Relations proved cell by cell: a 200×60 braille frame (400×240 dots) over [-10, 10]²,
// rendered in-process and in explore after a key (pan, zoom).
print("")
print("relations 200×60 braille (400×240 dots), ms (median of \(runs)):")
for infix in ["x^2+y^2=1", "sin(x)=cos(y)", "y<sin(x)"] {
    let program = try Program(parsing: infix)
    let figure = Figure(
        layers: [RelationLayer(try Relation(program: program), label: program.description)], x: Interval(-10, 10),
        y: Interval(-10, 10))
    let plot = TerminalPlot(mode: .braille, isColored: true, width: 200, height: 60)
    var lines = 0
    let render = Clock.median(runs: runs) { lines = (try? plot.render(figure).count) ?? 0 }
    precondition(lines == 60)
    let keys = "ll+-"
    var frames = 0
    let explore = Clock.median(runs: runs) {
        frames = (try? Explore.frames(of: [infix], columns: 200, rows: 60, mode: .braille, keys: keys).count) ?? 0
    }
    precondition(frames == keys.count + 1)
    print(
        "  " + infix.padding(toLength: 16, withPad: " ", startingAt: 0) + "  render " + format(render * 1000)
            + "  explore per key " + format(explore * 1000 / Double(frames)))
}

// Parametric and polar curves drawn true (every cell the curve passes through, by
// t-interval enclosures): a 200×60 braille frame, and a slider step in explore (a key
// that moves a variable and redraws) for the README's examples.
print("")
print("curves 200×60 braille (400×240 dots), ms (median of \(runs)):")
for infix in ["(sin(3t), sin(4t))", "r = 1+cos(θ)", "r = cos(4θ)", "(t, tan(t))"] {
    let program = try Program(parsing: infix)
    let layer = CurveLayer(try Curve(program: program), t: Curve.oneTurn(in: .radians), label: program.description)
    let extent = layer.extent() ?? (Interval(-1, 1), Interval(-1, 1))
    let figure = Figure(layers: [layer], x: extent.x, y: extent.y)
    let plot = TerminalPlot(mode: .braille, isColored: true, width: 200, height: 60)
    var lines = 0
    let render = Clock.median(runs: runs) { lines = (try? plot.render(figure).count) ?? 0 }
    precondition(lines == 60)
    print("  " + infix.padding(toLength: 20, withPad: " ", startingAt: 0) + "  render " + format(render * 1000))
}
for (infix, names) in [("a*sin(b*x)", ["a", "b"]), ("(sin(a*t), sin(4t))", ["a"])] {
    let sliders = names.map { Slider(name: $0, range: Interval(1, 5), step: 0.1) }
    let keys = "]]]]2]]]]"
    var frames = 0
    let explore = Clock.median(runs: runs) {
        frames =
            (try? Explore.frames(
                of: [infix], columns: 200, rows: 60, mode: .braille, keys: keys, x: Interval(-1.2, 1.2),
                sliders: sliders
            ).count) ?? 0
    }
    precondition(frames == keys.count + 1)
    print(
        "  slider step " + infix.padding(toLength: 20, withPad: " ", startingAt: 0) + "  per key "
            + format(explore * 1000 / Double(frames)))
}

// Five solves a round, as scripts/scipy_peer.py times its own.
AnalysisBenchmark.run(runs: 5, scripts: scripts)

// Word counts: `graphcalc words`' work on a generated 20 MB text, beside Python's
// re.findall and Counter on the same file (scripts/words_peer.py), in the same run.
print("")
let wordsFile = FileManager.default.temporaryDirectory.appendingPathComponent("graphcalc-bench-\(getpid()).txt")
try Data(WordsBenchmark.text(megabytes: 20).utf8).write(to: wordsFile)
let ourWords = WordsBenchmark.measure(path: wordsFile.path, runs: runs)
let pythonWords = PeerFigures.run(
    script: scripts.appendingPathComponent("words_peer.py"), arguments: [wordsFile.path],
    installHint: "the Python words peer could not be run")
try? FileManager.default.removeItem(at: wordsFile)
print("words of a 20 MB text, ms (median of \(runs)), reading the file included:")
if let problem = pythonWords.problem { print("  (\(problem))") }
print("  graphcalc words              " + format(ourWords.milliseconds, 1).leftPadded(8) + "  " + ourWords.answer)
if let peer = pythonWords.figures["W1"] {
    print("  Python re.findall + Counter  " + format(peer.value, 1).leftPadded(8) + "  " + peer.answer)
    print("  graphcalc ÷ Python " + format(ourWords.milliseconds / peer.value) + "×")
}

// Data: a CSV of x,y rows read as `plot` reads it, its statistics, fits and a frame,
// beside pandas, numpy and scipy on the same file, in the same run.
print("")
DataBenchmark.run(rows: min(count, 10_000_000), runs: runs, scripts: scripts)

// Compiling a long program: a right-nested sum of 200,000 sines (a million ops), the
// shape that once made register allocation quadratic and needed a register a level.
print("")
let terms = 200_000
let nested = nestedSum(terms: terms)
var compiledNested: CompiledProgram?
let compileSeconds = Clock.median(runs: runs) { compiledNested = try? CompiledProgram(program: nested) }
if let compiled = compiledNested {
    print(
        "compile \(nested.ops.count) ops (right-nested sum of \(terms) sines): "
            + "\(format(compileSeconds * 1000, 1)) ms, \(compiled.registerCount) registers")
}
/// Runs a fresh bench process with `argument` and prints what it prints.
func relayFreshBench(_ argument: String) {
    let child = Process()
    child.executableURL = MeasuredProcess.bench
    child.arguments = [argument]
    let output = Pipe()
    child.standardOutput = output
    guard (try? child.run()) != nil else { return }
    let report = output.fileHandleForReading.readDataToEndOfFile()
    child.waitUntilExit()
    print(String(decoding: report, as: UTF8.self), terminator: "")
}
// Its memory, in a process of its own (this one's heap holds what earlier parts freed):
// graphcalc-bench --interval-memory prints the resident size at each stage.
relayFreshBench("--interval-memory")
// The long program's verbs are started by a fresh bench process too: a process forked
// from this one, grown by everything above, would count its pages at the start.
relayFreshBench("--long-program")
