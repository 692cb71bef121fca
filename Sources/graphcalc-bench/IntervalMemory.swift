import CalculatorBrain
import Foundation
import GraphCalcSupport
import Graphing

/// A right-nested sum of `terms` sines of x + k: 5 ops a term, the deepest shape.
func nestedSum(terms: Int) -> Program {
    var program = Program()
    program.ops.reserveCapacity(terms * 5)
    for k in 0..<terms {
        program.ops.append(contentsOf: [.variable("x"), .operand(Double(k)), .binary(.addition), .unary(.sine)])
    }
    program.ops.append(contentsOf: repeatElement(.binary(.addition), count: terms - 1))
    return program
}

/// `graphcalc-bench --interval-memory`: the resident size of a fresh process as it
/// builds the million-op program, compiles it and evaluates it on 100 intervals, and its
/// peak, so that each stage's memory shows (the compiled form shares the program's
/// storage; interval evaluation needs registers for its live values only).
func reportIntervalMemory() {
    let start = residentMegabytes()
    let program = nestedSum(terms: 200_000)
    let built = residentMegabytes()
    guard let compiled = try? CompiledProgram(program: program) else { return }
    let compiledSize = residentMegabytes()
    let intervals = (0..<100).map { Interval(Double($0) / 100, Double($0 + 1) / 100) }
    var enclosures: [Enclosure] = []
    let seconds = Clock.seconds { enclosures = compiled.enclosures(over: intervals) }
    // Measured while the program and its compiled form are still held (ARC would free
    // them after their last use).
    let evaluated = withExtendedLifetime((program, compiled)) { residentMegabytes() }
    print(
        "  memory of a fresh process: \(start) MB at start, the program +\(built - start) MB, "
            + "compiled +\(compiledSize - built) MB, 100 interval evaluations "
            + "(\(String(format: "%.0f", seconds * 1000)) ms, \(enclosures.count) enclosures) "
            + "+\(evaluated - compiledSize) MB; peak \(peakResidentMegabytes()) MB")
}

/// The process's peak resident memory in megabytes: `VmHWM` of /proc/self/status, which
/// starts again at exec (`getrusage`'s maximum does not: a child started by a large
/// parent would report the parent's size).
func peakResidentMegabytes() -> Int {
    guard let bytes = try? FileSystem.read("/proc/self/status") else { return 0 }
    let line = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    guard let kilobytes = line?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else { return 0 }
    return kilobytes >> 10
}

/// The process's resident memory in megabytes, from /proc/self/statm.
func residentMegabytes() -> Int {
    guard let bytes = try? FileSystem.read("/proc/self/statm") else { return 0 }
    let fields = String(decoding: bytes, as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return (pages * Int(sysconf(Int32(_SC_PAGESIZE)))) >> 20
}
